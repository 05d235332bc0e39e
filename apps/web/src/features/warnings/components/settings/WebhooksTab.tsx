import { EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { MessageTypeNames, type Webhook } from '@iot/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { LoadError, tableEmpty } from '../../../../components/LoadState';
import { usePermission } from '../../../../platform/routes/currentRoute';
import { settingsKeys, useWebhooks, webhooksApi } from '../../settings-api';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import { LevelsText } from './LevelsText';
import { WebhookFormModal, type WebhookFormState } from './WebhookFormModal';

/** The signing secret: hidden until asked for, copyable (those who may read the settings may see it). */
function SecretText({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Space size={4}>
      <Typography.Text code copyable={{ text: secret, tooltips: ['复制密钥', '已复制'] }}>
        {shown ? secret : `${'•'.repeat(8)}${secret.slice(-4)}`}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        aria-label={shown ? '隐藏密钥' : '显示密钥'}
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown(!shown)}
      />
    </Space>
  );
}

/** Webhook: the project's webhooks; create, edit, switch, delete, send a test, see deliveries. */
export function WebhooksTab({ groupId }: { groupId: number }) {
  const [form, setForm] = useState<WebhookFormState>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const webhooks = useWebhooks(groupId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks(groupId) });
  const toggle = useMutation({
    // Without the secret: the server keeps it.
    mutationFn: ({ id, name, url, types, levels, enabled }: Webhook) =>
      webhooksApi.update(groupId, id, { name, url, types, levels, enabled: !enabled }, false),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (w: Webhook) => webhooksApi.remove(groupId, w.id),
    onSuccess: () => {
      message.success('Webhook 已删除');
      void refresh();
    },
  });
  const test = useMutation({
    mutationFn: (w: Webhook) => webhooksApi.test(groupId, w.id),
    onSuccess: (_, w) => {
      message.success('测试消息已发出');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.deliveries(groupId, w.id) });
      setDeliveriesOf(w);
    },
  });

  const columns: TableColumnsType<Webhook> = [
    {
      title: '名称 / 地址',
      key: 'url',
      width: 260,
      ellipsis: true,
      render: (_, w) => (
        <>
          <div>{w.name || '—'}</div>
          <Typography.Text type="secondary" title={w.url}>
            {w.url}
          </Typography.Text>
        </>
      ),
    },
    { title: '签名密钥', dataIndex: 'secret', width: 200, render: (s: string) => <SecretText secret={s} /> },
    {
      title: '消息类型',
      dataIndex: 'types',
      width: 230,
      render: (types: Webhook['types']) => (
        <Space size={[0, 4]} wrap>
          {types.map((t) => (
            <Tag key={t}>{MessageTypeNames[t]}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '预警等级',
      dataIndex: 'levels',
      width: 130,
      render: (l: number[]) => <LevelsText levels={l} />,
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 60,
      render: (enabled: boolean, w) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canUpdate}
          loading={toggle.isPending && toggle.variables?.id === w.id}
          aria-label={`启用 Webhook ${w.id}`}
          onChange={() => toggle.mutate(w)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, w) => (
        <Space size={0}>
          {canUpdate && (
            <Button
              type="link"
              size="small"
              loading={test.isPending && test.variables?.id === w.id}
              onClick={() => test.mutate(w)}
            >
              测试
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setDeliveriesOf(w)}>
            投递记录
          </Button>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', webhook: w })}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title="确定删除这个 Webhook 吗？"
              description="它的投递记录一并删除"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(w).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Alert
          type="info"
          showIcon
          message="所选类型的消息以 JSON POST 推送到地址，请求头带 X-IoT-Event、X-IoT-Delivery、X-IoT-Timestamp 和签名 X-IoT-Signature。"
        />
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
            新建 Webhook
          </Button>
        )}
      </Space>
      {webhooks.isError ? (
        <LoadError what="Webhook " error={webhooks.error} onRetry={webhooks.refetch} />
      ) : (
        <Table<Webhook>
          rowKey="id"
          columns={columns}
          dataSource={webhooks.data ?? []}
          loading={webhooks.isFetching}
          scroll={{ x: 1100 }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
          locale={{
            emptyText: tableEmpty(webhooks, 'Webhook', <Empty description="还没有 Webhook" />),
          }}
        />
      )}
      <WebhookFormModal groupId={groupId} state={form} onClose={() => setForm(null)} />
      <DeliveriesDrawer groupId={groupId} webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </>
  );
}
