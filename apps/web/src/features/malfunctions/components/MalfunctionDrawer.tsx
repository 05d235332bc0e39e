import { DeleteOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { type TaskStatus, TaskStatusNames } from '@iot/contracts/maintenance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Image, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useProjectScreens } from '../../../platform/routes/projectScreens';
import { useSession } from '../../../platform/session';
import { malfunctionKeys, malfunctionsApi } from '../api';
import { Duration, useNow } from './Duration';

const when = (at: number | null) => (at === null ? '—' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

/**
 * 故障详情: times and duration, origin, what was reported with its photos, who closed it and how, the
 * work order made from it and the piece in 工艺设备监控 (links shown to readers of those screens).
 * 删除 for a manual report without a work order, to its reporter or a holder of the delete bit
 * (decision 0059), after a confirmation.
 */
export function MalfunctionDrawer({
  projectId,
  id,
  onClose,
}: {
  projectId: number;
  id: number | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const canDelete = usePermission(Permission.DELETE);
  const screens = useProjectScreens(projectId);
  const orders = screens.readable('router-maintenanceTaskList');
  const monitor = screens.readable('router-equipmentMonitor');
  const detail = useQuery({
    queryKey: [...malfunctionKeys.all(projectId), 'detail', id],
    queryFn: () => malfunctionsApi.detail(projectId, id!),
    enabled: id !== null,
    retry: false,
  });
  const m = detail.data;
  const now = useNow(m !== undefined && m.endedAt === null);
  const remove = useMutation({
    mutationFn: () => malfunctionsApi.remove(projectId, id!),
    onSuccess: () => {
      message.success('已删除');
      void queryClient.invalidateQueries({ queryKey: malfunctionKeys.all(projectId) });
      onClose();
    },
  });
  const deletable =
    m !== undefined &&
    m.origin === 'manual' &&
    m.workOrder === null &&
    (canDelete || m.reportedBy?.id === session?.userId);
  return (
    <Drawer
      title="故障详情"
      size="min(560px, 100vw)"
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        deletable && (
          <Popconfirm
            title="删除这条故障记录？"
            description="删除后不可恢复，已发出的通知保留"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync().catch(() => undefined)}
          >
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
              删除
            </Button>
          </Popconfirm>
        )
      }
    >
      {detail.isError ? (
        <LoadError what="故障详情" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !m ? null : (
        <Descriptions column={1} size="small" bordered data-testid="malfunction-detail">
          <Descriptions.Item label="设备">
            {monitor ? (
              <Link to={`${monitor.path}?equipmentId=${m.equipmentId}`}>{m.equipmentName}</Link>
            ) : (
              m.equipmentName
            )}
            <Typography.Text type="secondary">
              {' '}
              {m.equipmentCode}
              {m.groupName ? ` · ${m.groupName}` : ''}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="来源">{m.originName}</Descriptions.Item>
          <Descriptions.Item label="发生时间">{when(m.startedAt)}</Descriptions.Item>
          <Descriptions.Item label="结束时间">{when(m.endedAt)}</Descriptions.Item>
          <Descriptions.Item label="持续时长">
            <Duration startedAt={m.startedAt} endedAt={m.endedAt} now={now} />
          </Descriptions.Item>
          <Descriptions.Item label="故障描述">{m.description || '—'}</Descriptions.Item>
          <Descriptions.Item label="照片">
            {m.photos.length === 0 ? (
              '—'
            ) : (
              <Image.PreviewGroup>
                <Space size={8} wrap>
                  {m.photos.map((url) => (
                    <Image
                      key={url}
                      src={url}
                      width={96}
                      height={96}
                      style={{ objectFit: 'cover' }}
                      alt="故障照片"
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="上报人">{m.reportedBy?.realname ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="结束处理">
            {m.closedBy || m.closeNote ? [m.closedBy?.realname, m.closeNote].filter(Boolean).join('：') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="关联工单">
            {!m.workOrder ? (
              '—'
            ) : (
              <Space size={8}>
                {orders ? (
                  <Link to={`${orders.path}?orderId=${m.workOrder.id}`}>{m.workOrder.code}</Link>
                ) : (
                  m.workOrder.code
                )}
                <Tag>{TaskStatusNames[m.workOrder.status as TaskStatus] ?? m.workOrder.status}</Tag>
              </Space>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
