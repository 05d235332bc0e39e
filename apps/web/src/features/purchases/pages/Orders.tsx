import { Permission } from '@iot/contracts';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  PAYMENT_PROVIDER_LABELS,
  PURCHASE_TYPE_LABELS,
  PurchaseMessages,
} from '@iot/contracts/purchases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { http } from '../../../api/http';
import { PagedListCard } from '../../../components/PagedListCard';
import { usePermission } from '../../../platform/routes/currentRoute';
import { ORDERS_KEY } from '../api';
import { OrderStatusTag, yuanText } from '../components/orderLabels';
import { PackagesPanel } from '../components/PackagesPanel';
import { PurchaseSettingsPanel } from '../components/PurchaseSettingsPanel';

const FILTERS = { status: '' };
const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

/**
 * 订单管理 (router-system-orders, system management › 租户管理; decision 0068): every project's
 * orders, where a system administrator confirms a bank transfer's receipt (the order is paid and
 * the resources arrive, once) or cancels an unpaid order; the packages on sale and their prices;
 * the pay-state days and the transfer instructions.
 */
export function Orders() {
  const canUpdate = usePermission(Permission.UPDATE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: ({ order, action }: { order: Order; action: 'confirm' | 'cancel' }) =>
      http.post<Order>(`/iot/orders/${order.orderId}/${action}`),
    onSuccess: (_, { order, action }) => {
      message.success(action === 'confirm' ? PurchaseMessages.CONFIRMED : `订单 ${order.orderId} 已取消`);
      void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
    },
  });

  const columns: TableColumnsType<Order> = [
    {
      title: '订单号',
      dataIndex: 'orderId',
      width: 220,
      render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
    },
    { title: '项目', dataIndex: 'projectName', width: 160 },
    {
      title: '类型 / 套餐',
      dataIndex: 'orderType',
      width: 200,
      render: (_: unknown, o) => (
        <Space direction="vertical" size={0}>
          <span>{PURCHASE_TYPE_LABELS[o.orderType]}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.packageName} × {o.number}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '金额', dataIndex: 'amount', width: 110, render: yuanText },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Order['status']) => <OrderStatusTag status={s} />,
    },
    {
      title: '支付方式',
      dataIndex: 'provider',
      width: 100,
      render: (p: Order['provider']) => PAYMENT_PROVIDER_LABELS[p],
    },
    { title: '下单人', dataIndex: 'createdBy', width: 110 },
    {
      title: '下单 / 支付时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (at: number, o) => (
        <Space direction="vertical" size={0}>
          <span>{dayjs(at).format('YYYY-MM-DD HH:mm')}</span>
          {o.paidAt !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(o.paidAt).format('YYYY-MM-DD HH:mm')} · {o.paidReference}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    ...(canUpdate
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, o: Order) =>
              o.status === 'unpaid' && (
                <Space size={0}>
                  <Popconfirm
                    title={`确认已收到订单 ${o.orderId} 的转账 ${yuanText(o.amount)}？`}
                    description="确认后订单置为已支付，资源立即发放到项目，不可撤销。"
                    okText="确认收款"
                    onConfirm={() => act.mutateAsync({ order: o, action: 'confirm' })}
                  >
                    <Button type="link" size="small">
                      确认收款
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={`确定取消订单 ${o.orderId} 吗？`}
                    okText="取消订单"
                    cancelText="返回"
                    onConfirm={() => act.mutateAsync({ order: o, action: 'cancel' })}
                  >
                    <Button type="link" size="small" danger>
                      取消
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <Tabs
      items={[
        {
          key: 'orders',
          label: '订单',
          children: (
            <PagedListCard<Order, typeof FILTERS>
              title="订单管理"
              what="订单列表"
              queryKey={ORDERS_KEY}
              url="/iot/orders"
              rowKey="orderId"
              filters={{
                defaults: FILTERS,
                render: (values, set) => (
                  <Select
                    aria-label="订单状态"
                    style={{ width: 120 }}
                    value={values.status}
                    options={STATUS_OPTIONS}
                    onChange={(status: string) => set({ status })}
                  />
                ),
              }}
              columns={columns}
              searchPlaceholder="订单号或项目名称"
              searchWidth={220}
              empty="还没有订单"
              counted="个订单"
              noun="订单"
              scrollX={1310}
            />
          ),
        },
        { key: 'packages', label: '套餐与资源包', children: <PackagesPanel canUpdate={canUpdate} /> },
        { key: 'settings', label: '付费设置', children: <PurchaseSettingsPanel canUpdate={canUpdate} /> },
      ]}
    />
  );
}
