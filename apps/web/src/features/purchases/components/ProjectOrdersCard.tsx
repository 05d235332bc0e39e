import { ShoppingCartOutlined } from '@ant-design/icons';
import { type Order, PURCHASE_TYPE_LABELS } from '@iot/contracts/purchases';
import { Button, Card, Empty, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { LoadError } from '../../../components/LoadState';
import { useProjectOrders } from '../api';
import { openPurchase } from '../purchaseStore';
import { OrderStatusTag, yuanText } from './orderLabels';

/** 资源概览's orders: the latest five with their state, and the way to buy (update bit). */
export function ProjectOrdersCard({ groupId, canBuy }: { groupId: number; canBuy: boolean }) {
  const orders = useProjectOrders(groupId);
  return (
    <Card
      title="订单"
      size="small"
      data-testid="overview-orders"
      extra={
        canBuy && (
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            onClick={() => openPurchase({ groupId, orderType: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION' })}
          >
            购买资源
          </Button>
        )
      }
    >
      {orders.isError && !orders.data ? (
        <LoadError compact what="订单" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <List<Order>
          loading={orders.isLoading}
          dataSource={orders.data?.list ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有订单" /> }}
          renderItem={(o) => (
            <List.Item
              actions={
                o.status === 'unpaid'
                  ? [
                      <Typography.Link key="pay" href={`/payOrder/${groupId}/${o.orderId}`} target="_blank">
                        去支付
                      </Typography.Link>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space size={8} wrap>
                    {PURCHASE_TYPE_LABELS[o.orderType]}
                    <OrderStatusTag status={o.status} />
                  </Space>
                }
                description={
                  <Space size={12} wrap>
                    <span>
                      {o.packageName} × {o.number}
                    </span>
                    <span>{yuanText(o.amount)}</span>
                    <span>{dayjs(o.createdAt).format('YYYY-MM-DD HH:mm')}</span>
                    <Typography.Text type="secondary" copyable={{ text: o.orderId }}>
                      {o.orderId}
                    </Typography.Text>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
