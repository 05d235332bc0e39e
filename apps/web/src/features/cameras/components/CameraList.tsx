import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import type { CameraGroupOption } from '@iot/contracts/cameras';
import {
  type AggType,
  AggTypeNames,
  type Camera,
  type CameraBody,
  CameraLimits,
} from '@iot/contracts/cameras';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { usePermission } from '../../../platform/routes/currentRoute';
import { SharedTag } from '../../sharing';
import { cameraKeys, camerasApi } from '../api';
import { CameraForm } from './CameraForm';
import { CameraModal } from './CameraModal';
import { CameraPlayer } from './CameraPlayer';
import { groupOptions } from './groupOptions';

/**
 * 摄像头: the cameras of a group (and the groups below it), 新建 / 编辑 / 删除, and the chosen one
 * playing — it starts 1 s after it is chosen and the previous one stops (feature-areas §4).
 */
export function CameraList({
  projectId,
  tree,
}: {
  projectId: number;
  tree: CameraGroupOption[] | undefined;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const [groupId, setGroupId] = useState(projectId);
  const [selected, setSelected] = useState<number | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const [editing, setEditing] = useState<Camera | 'new' | null>(null);
  const [modalIndex, setModalIndex] = useState<number | null>(null);
  const list = useQuery({
    queryKey: cameraKeys.list(projectId, groupId),
    queryFn: () => camerasApi.list(groupId),
  });
  const accounts = useQuery({
    queryKey: cameraKeys.accounts(projectId),
    queryFn: () => camerasApi.accounts(projectId),
    enabled: editing !== null,
  });
  const cameras = list.data ?? [];
  const current = cameras.find((c) => c.id === selected) ?? null;

  useEffect(() => {
    if (selected === null && cameras.length > 0) setSelected(cameras[0]!.id);
  }, [cameras, selected]);
  // The previous camera stops at once; the chosen one starts after the spec's delay.
  useEffect(() => {
    setPlaying(null);
    if (selected === null) return;
    const timer = setTimeout(() => setPlaying(selected), CameraLimits.PLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [selected]);

  const refresh = () => client.invalidateQueries({ queryKey: cameraKeys.all(projectId) });
  const remove = useMutation({
    mutationFn: (id: number) => camerasApi.remove(projectId, id),
    onSuccess: async (_, id) => {
      message.success('删除成功');
      if (selected === id) setSelected(null);
      await refresh();
    },
  });
  const save = async (body: CameraBody) => {
    const saved =
      editing === 'new' || editing === null
        ? await camerasApi.create(projectId, body)
        : await camerasApi.update(projectId, editing.id, body);
    message.success('保存成功');
    setEditing(null);
    await refresh();
    setSelected(saved.id);
  };

  return (
    <div className="camera-layout">
      <Card
        size="small"
        title={
          <UnfoldedTreeSelect
            aria-label="分组"
            value={groupId}
            onChange={(v: number) => {
              setGroupId(v);
              setSelected(null);
            }}
            treeData={groupOptions(tree)}
            style={{ width: '100%', maxWidth: 260 }}
          />
        }
        extra={
          canCreate && (
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新建
            </Button>
          )
        }
      >
        {list.isError ? (
          <LoadError what="摄像头列表" error={list.error} onRetry={() => list.refetch()} compact />
        ) : (
          <List<Camera>
            loading={list.isLoading}
            dataSource={cameras}
            locale={{ emptyText: <Empty description="该分组还没有摄像头" /> }}
            renderItem={(camera) => (
              <List.Item
                data-testid={`camera-item-${camera.id}`}
                onClick={() => setSelected(camera.id)}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background:
                    camera.id === selected ? 'var(--ant-color-primary-bg, rgba(22,119,255,0.08))' : undefined,
                }}
                actions={[
                  <Button
                    key="modal"
                    type="link"
                    size="small"
                    onClick={(e) => {
                      e.stopPropagation();
                      setModalIndex(cameras.indexOf(camera));
                    }}
                  >
                    弹窗
                  </Button>,
                  // A camera shared into the project is the owner's to change (decision 0069).
                  canUpdate && camera.shareOwnerId === null && (
                    <Button key="edit" type="link" size="small" onClick={() => setEditing(camera)}>
                      编辑
                    </Button>
                  ),
                  // A shared camera the owner deleted may be removed here.
                  canDelete && (camera.shareOwnerId === null || camera.shareGone) && (
                    <Popconfirm
                      key="delete"
                      title={`确定删除摄像头“${camera.name}”吗？`}
                      onConfirm={() => remove.mutateAsync(camera.id).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger onClick={(e) => e.stopPropagation()}>
                        删除
                      </Button>
                    </Popconfirm>
                  ),
                ].filter(Boolean)}
              >
                <List.Item.Meta
                  title={<Typography.Text ellipsis>{camera.name}</Typography.Text>}
                  description={
                    <Space size={4} wrap>
                      {camera.shareOwnerId !== null && <SharedTag from={camera.sharedFrom} kind="摄像头" />}
                      {camera.shareGone && <Tag color="red">已删除</Tag>}
                      <Tag>{AggTypeNames[camera.aggType as AggType] ?? camera.aggType}</Tag>
                      <Tag color={camera.isOnline ? 'green' : 'default'}>
                        {camera.isOnline ? '在线' : '离线'}
                      </Tag>
                      <Typography.Text type="secondary">{camera.groupName}</Typography.Text>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card size="small" title={current ? current.name : '视频'}>
        {current ? (
          <CameraPlayer
            key={current.id}
            projectId={projectId}
            camera={current}
            autoPlay={playing === current.id}
          />
        ) : (
          <Empty description="请选择摄像头" />
        )}
      </Card>
      <CameraModal
        projectId={projectId}
        cameras={cameras}
        initialIndex={modalIndex ?? 0}
        open={modalIndex !== null}
        onClose={() => setModalIndex(null)}
      />
      <CameraForm
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        tree={tree}
        accounts={accounts.data ?? []}
        defaultGroupId={groupId}
        onCancel={() => setEditing(null)}
        onSubmit={save}
      />
    </div>
  );
}
