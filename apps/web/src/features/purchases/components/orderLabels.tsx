import { ORDER_STATUS_LABELS, type OrderStatus } from '@iot/contracts/purchases';
import { Tag } from 'antd';

const COLORS: Record<OrderStatus, string> = { unpaid: 'gold', paid: 'success', cancelled: 'default' };

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}

export const yuanText = (n: number) =>
  `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
