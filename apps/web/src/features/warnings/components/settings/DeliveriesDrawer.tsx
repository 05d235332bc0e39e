import type { Webhook, WebhookDelivery } from '@iot/contracts/messages';
import { Drawer, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { tableEmpty } from '../../../../components/LoadState';
import { useDeliveries } from '../../settings-api';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: '待投递', color: 'processing' },
  delivered: { label: '已送达', color: 'success' },
  failed: { label: '失败', color: 'error' },
};
const fmt = (ts: number | null) => (ts ? dayjs(ts).format('YYYY-MM-DD HH:mm:ss') : '—');

/** 投递记录 of one webhook, newest first, refreshed while an attempt is still due. */
export function DeliveriesDrawer({
  groupId,
  webhook,
  onClose,
}: {
  groupId: number;
  webhook: Webhook | null;
  onClose: () => void;
}) {
  // The page belongs to the webhook it was turned for; another webhook starts at its first page.
  const [paged, setPaged] = useState({ webhookId: 0, page: 0 });
  const page = paged.webhookId === webhook?.id ? paged.page : 0;
  const setPage = (next: number) => setPaged({ webhookId: webhook?.id ?? 0, page: next });
  const deliveries = useDeliveries(groupId, webhook?.id ?? null, page);

  const columns: TableColumnsType<WebhookDelivery> = [
    { title: '时间', dataIndex: 'createdAt', width: 170, render: fmt },
    {
      title: '事件',
      dataIndex: 'event',
      width: 70,
      render: (event: string) => (event === 'test' ? '测试' : '消息'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: WebhookDelivery['status']) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 80 },
    { title: '应答', dataIndex: 'lastStatus', width: 70, render: (s: number | null) => s ?? '—' },
    {
      title: '最后错误',
      dataIndex: 'lastError',
      ellipsis: true,
      render: (e: string | null) =>
        e ? (
          <Typography.Text type="danger" title={e}>
            {e}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: '送达 / 下次重试',
      key: 'when',
      width: 170,
      render: (_, d) => (d.status === 'delivered' ? fmt(d.deliveredAt) : fmt(d.nextAttemptAt)),
    },
  ];

  return (
    <Drawer
      open={webhook !== null}
      onClose={onClose}
      title={`投递记录 · ${webhook?.name || webhook?.url || ''}`}
      size={820}
      destroyOnHidden
    >
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={deliveries.data?.list ?? []}
        loading={deliveries.isLoading}
        pagination={{
          current: page + 1,
          pageSize: 10,
          total: deliveries.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setPage(p - 1),
        }}
        locale={{
          emptyText: tableEmpty(
            deliveries,
            '投递记录',
            <Empty description="还没有投递记录，点“测试”发一条试试" />,
          ),
        }}
      />
    </Drawer>
  );
}
