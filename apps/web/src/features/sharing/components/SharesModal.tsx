import { MAX_SHARE_CAMERAS, MAX_SHARE_GATEWAYS, type Share, ShareMessages } from '@iot/contracts/sharing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { shareKeys, sharingApi } from '../api';

function stateOf(share: Share): { label: string; color: string } {
  if (share.revokedAt !== null) return { label: '已撤销', color: 'default' };
  if (share.expiresAt !== null && share.expiresAt <= Date.now()) return { label: '已过期', color: 'orange' };
  return { label: '有效', color: 'green' };
}

interface CreateValues {
  gatewayIds?: number[];
  cameraIds?: number[];
  expiresAt: Dayjs | null;
  remark: string;
}

/**
 * 新建分享: the project's own gateways and cameras (at least one device) and an optional expiry;
 * answers the new code to copy. Cameras are offered when the user may list 视频监控.
 */
function CreateShare({ groupId, onCreated }: { groupId: number; onCreated(share: Share): void }) {
  const [form] = Form.useForm<CreateValues>();
  const queryClient = useQueryClient();
  const gateways = useQuery({
    queryKey: ['shares', groupId, 'own'],
    queryFn: () => sharingApi.ownGateways(groupId),
  });
  const cameras = useQuery({
    queryKey: ['shares', groupId, 'ownCameras'],
    queryFn: () => sharingApi.ownCameras(groupId),
    retry: false,
  });
  const atLeastOne = {
    validator: () =>
      (form.getFieldValue('gatewayIds')?.length ?? 0) + (form.getFieldValue('cameraIds')?.length ?? 0) > 0
        ? Promise.resolve()
        : Promise.reject(new Error(ShareMessages.DEVICES_REQUIRED)),
  };
  const create = useMutation({
    mutationFn: (values: CreateValues) =>
      sharingApi.create(groupId, {
        gatewayIds: values.gatewayIds ?? [],
        cameraIds: values.cameraIds ?? [],
        expiresAt: values.expiresAt ? values.expiresAt.valueOf() : null,
        remark: values.remark ?? '',
      }),
    onSuccess: (share) => {
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: shareKeys.list(groupId) });
      onCreated(share);
    },
  });
  return (
    <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)}>
      <Form.Item name="gatewayIds" label="分享的网关" dependencies={['cameraIds']} rules={[atLeastOne]}>
        <Select
          mode="multiple"
          placeholder="选择本项目的网关"
          data-testid="share-gateways"
          loading={gateways.isLoading}
          maxCount={MAX_SHARE_GATEWAYS}
          optionFilterProp="label"
          options={(gateways.data ?? []).map((g) => ({
            value: g.id,
            label: `${g.alias}（${g.serialNumber}）`,
          }))}
          notFoundContent={gateways.isError ? '网关列表加载失败' : '本项目还没有网关'}
        />
      </Form.Item>
      {cameras.isSuccess && cameras.data.length > 0 && (
        <Form.Item name="cameraIds" label="分享的摄像头（只读：对方可看实时画面和回放）">
          <Select
            mode="multiple"
            placeholder="选择本项目的摄像头"
            data-testid="share-cameras"
            maxCount={MAX_SHARE_CAMERAS}
            optionFilterProp="label"
            onChange={() => void form.validateFields(['gatewayIds']).catch(() => undefined)}
            options={cameras.data.map((c) => ({ value: c.id, label: `${c.name}（${c.groupName}）` }))}
          />
        </Form.Item>
      )}
      <Space wrap align="start">
        <Form.Item name="expiresAt" label="有效期至（不填为长期有效）">
          <DatePicker
            showTime
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            data-testid="share-expiry"
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={100} placeholder="例如：给某泵站" style={{ width: 220 }} />
        </Form.Item>
      </Space>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="share-create">
          生成分享码
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * 设备分享 of a project (decision 0069): the project admin shares gateways by code, copies the code,
 * sees which projects use it, and revokes it (after confirming) — those projects lose the gateways at once.
 */
export function SharesModal({ groupId, open, onClose }: { groupId: number; open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<Share | null>(null);
  const shares = useQuery({
    queryKey: shareKeys.list(groupId),
    queryFn: () => sharingApi.list(groupId),
    enabled: open,
  });
  const revoke = useMutation({
    mutationFn: (share: Share) => sharingApi.revoke(groupId, share.id),
    onSuccess: () => {
      message.success('分享已撤销');
      void queryClient.invalidateQueries({ queryKey: shareKeys.list(groupId) });
    },
  });
  const columns: TableColumnsType<Share> = [
    {
      title: '分享码',
      dataIndex: 'code',
      width: 200,
      render: (code: string) => (
        <Typography.Text
          copyable={{ text: code, tooltips: ['复制', '已复制'] }}
          ellipsis
          style={{ maxWidth: 180 }}
        >
          {code}
        </Typography.Text>
      ),
    },
    {
      title: '设备',
      key: 'items',
      width: 180,
      // On a phone: the code, its state and 撤销; the rest from tablet width up.
      responsive: ['md'],
      render: (_, share) =>
        share.items.map((i) => (i.kind === 'camera' ? `${i.name}（摄像头）` : i.name)).join('、') || '—',
    },
    {
      title: '有效期至',
      dataIndex: 'expiresAt',
      width: 130,
      responsive: ['md'],
      render: (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '长期有效'),
    },
    {
      title: '状态',
      key: 'state',
      width: 80,
      render: (_, share) => {
        const state = stateOf(share);
        return <Tag color={state.color}>{state.label}</Tag>;
      },
    },
    {
      title: '使用的项目',
      key: 'uses',
      width: 160,
      responsive: ['md'],
      render: (_, share) => share.uses.map((u) => u.name).join('、') || '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, share) =>
        share.revokedAt === null && (
          <Popconfirm
            title="确定撤销这个分享吗？"
            description={`使用它的${share.uses.length}个项目将立即失去这些设备。`}
            okText="撤销"
            okButtonProps={{ danger: true }}
            onConfirm={() => revoke.mutateAsync(share).catch(() => undefined)}
          >
            <Button type="link" size="small" danger data-testid={`share-revoke-${share.id}`}>
              撤销
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <Modal open={open} title="设备分享" onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <CreateShare groupId={groupId} onCreated={setCreated} />
      {created && (
        <div style={{ margin: '12px 0' }} data-testid="share-created">
          新的分享码：
          <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }} strong>
            {created.code}
          </Typography.Text>
        </div>
      )}
      <Table<Share>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={shares.data ?? []}
        loading={shares.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tableEmpty(shares, '分享列表', '还没有分享') }}
      />
    </Modal>
  );
}
