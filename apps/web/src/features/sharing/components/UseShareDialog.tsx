import { type Page, PROJECT_SELECT_PAGE_SIZE } from '@iot/contracts';
import {
  capacityShortText,
  SHARE_CODE_MAX,
  type ShareByCode,
  type ShareCapacity,
  ShareMessages,
} from '@iot/contracts/sharing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, List, Modal, Select, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, http } from '../../../api/http';
import { sharingApi } from '../api';
import { ShareCameraPlacement } from './ShareCameraPlacement';

interface Values {
  code: string;
  groupId: number | undefined;
  /** Per camera of the share (its id as the key), the target group it goes to. */
  cameraGroups?: Record<string, number | undefined>;
}

/** The user's projects, ten at a time, searched by name (spec core §9: project selection page size 10). */
function useMyProjects(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['byCurUser', 'projects', 'share', keyword],
    enabled,
    queryFn: () =>
      http.get<Page<{ id: number; name: string }>>('/iot/projects/byCurUser', {
        params: { page: 0, size: PROJECT_SELECT_PAGE_SIZE, keyword },
      }),
  });
}

/**
 * 使用分享码 (feature-areas §2, §4, §5): a full-screen dialog. The code is looked up when the field
 * loses focus; then the target project is picked, its capacity checked, and the links created.
 * When the project has too few monitoring items left, a dialog says how many more the share needs,
 * with a link to the project's 资源概览 where they are bought.
 */
export function UseShareDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [share, setShare] = useState<ShareByCode | null>(null);
  const [lookup, setLookup] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const [keyword, setKeyword] = useState('');
  const [short, setShort] = useState<{ capacity: ShareCapacity; groupId: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const projects = useMyProjects(keyword, open);
  const groupId = Form.useWatch('groupId', form);

  const close = () => {
    form.resetFields();
    setShare(null);
    setLookup({ loading: false, error: null });
    setShort(null);
    onClose();
  };

  const look = async () => {
    const code = String(form.getFieldValue('code') ?? '').trim();
    if (!code || code.length > SHARE_CODE_MAX) {
      setShare(null);
      return;
    }
    if (share?.code === code) return;
    setLookup({ loading: true, error: null });
    try {
      setShare(await sharingApi.getByCode(code));
      setLookup({ loading: false, error: null });
    } catch (error) {
      setShare(null);
      setLookup({ loading: false, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (!share) {
      await look();
      return;
    }
    const groupId = values.groupId!;
    if (share.sourceGroupId === groupId) {
      form.setFields([{ name: 'groupId', errors: [ShareMessages.SAME_PROJECT] }]);
      return;
    }
    setSubmitting(true);
    try {
      const capacity = await sharingApi.canShare(share.id, groupId);
      if (!capacity.enough) {
        setShort({ capacity, groupId });
        return;
      }
      const cameras = share.cameras.map((c) => ({
        cameraId: c.id,
        groupId: Number(values.cameraGroups?.[String(c.id)]),
      }));
      const answer = await sharingApi.applyShare(share.id, groupId, cameras);
      notification.success({ message: answer.created, description: answer.message });
      void queryClient.invalidateQueries();
      close();
    } catch (error) {
      if (error instanceof ApiError && error.message === ShareMessages.CAPACITY_SHORT && error.data) {
        setShort({ capacity: error.data as ShareCapacity, groupId });
      } else {
        notification.error({ message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title="使用分享码"
      onCancel={close}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { minHeight: 'calc(100vh - 140px)' } }}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            loading={submitting}
            onClick={() => void submit()}
            data-testid="use-share-submit"
          >
            创建
          </Button>
        </Space>
      }
    >
      <div style={{ maxWidth: 720, margin: '0 auto' }}>
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="code"
            label="分享码"
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              { required: true, whitespace: true, message: ShareMessages.CODE_REQUIRED },
              { max: SHARE_CODE_MAX, message: ShareMessages.CODE_TOO_LONG },
            ]}
            {...(lookup.error ? { validateStatus: 'error' as const, help: lookup.error } : {})}
          >
            <Input
              placeholder="请输入分享码"
              allowClear
              data-testid="share-code"
              onBlur={() => void look()}
              onChange={() => lookup.error && setLookup({ loading: false, error: null })}
            />
          </Form.Item>
          {lookup.loading && <Spin style={{ display: 'block', marginBottom: 16 }} />}
          {share && (
            <Alert
              type="info"
              style={{ marginBottom: 16 }}
              message={`来自项目“${share.sourceGroupName}”（分享者：${share.ownerName}）`}
              description={
                <div data-testid="share-preview">
                  <Descriptions size="small" column={1}>
                    <Descriptions.Item label="有效期至">
                      {share.expiresAt ? new Date(share.expiresAt).toLocaleString('zh-CN') : '长期有效'}
                    </Descriptions.Item>
                    {/* Cameras bring no monitoring items: a share of cameras only needs none. */}
                    {share.gateways.length > 0 || share.cameras.length === 0 ? (
                      <Descriptions.Item label="需要监测项">{share.indicatorCount} 个</Descriptions.Item>
                    ) : null}
                  </Descriptions>
                  {(share.gateways.length > 0 || share.cameras.length === 0) && (
                    <List
                      size="small"
                      header={`网关（${share.gateways.length}）`}
                      dataSource={share.gateways}
                      renderItem={(g) => (
                        <List.Item>
                          {g.name} <Tag>{g.indicatorCount} 个监测项</Tag>
                        </List.Item>
                      )}
                    />
                  )}
                  {share.cameras.length > 0 && (
                    <List
                      size="small"
                      header={`摄像头（${share.cameras.length}，只读：可看实时画面和回放）`}
                      dataSource={share.cameras}
                      renderItem={(c) => <List.Item>{c.name}</List.Item>}
                    />
                  )}
                </div>
              }
            />
          )}
          <Form.Item
            name="groupId"
            label="目标项目"
            rules={[{ required: true, message: ShareMessages.PROJECT_REQUIRED }]}
          >
            <Select
              showSearch
              allowClear
              placeholder="请选择项目"
              data-testid="share-project"
              filterOption={false}
              onSearch={setKeyword}
              // Another project has other groups: the cameras' choices start again.
              onChange={() => form.setFieldValue('cameraGroups', {})}
              loading={projects.isFetching}
              options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
              notFoundContent={projects.isError ? '项目列表加载失败' : '暂无项目'}
            />
          </Form.Item>
          {share && <ShareCameraPlacement shareId={share.id} cameras={share.cameras} groupId={groupId} />}
        </Form>
      </div>
      <Modal
        open={short !== null}
        title="监测项不足"
        onCancel={() => setShort(null)}
        footer={<Button onClick={() => setShort(null)}>知道了</Button>}
      >
        {short && (
          <div data-testid="capacity-short">
            <p>{capacityShortText(short.capacity.shortBy)}</p>
            <p>
              需要 {short.capacity.needed} 个，项目剩余 {short.capacity.left} 个。
              <Link to={`/projects/groups/${short.groupId}/overview`} onClick={close}>
                前往资源概览购买
              </Link>
            </p>
          </div>
        )}
      </Modal>
    </Modal>
  );
}
