import { ORDER_STATUS_LABELS, PAYMENT_PROVIDER_LABELS, PURCHASE_TYPE_LABELS } from '@iot/contracts/purchases';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { fetchPayPage } from '../api';
import { OrderStatusTag, yuanText } from '../components/orderLabels';

/** While unpaid, the page asks again this often: a system administrator's confirmation shows by itself. */
const POLL_MS = 5_000;

/**
 * The built-in provider's pay page (/payOrder/{groupId}/{orderId}, decision 0068), opened in a new
 * window by getPayLink: the order, the bank-transfer instructions and the order's state, which
 * turns to 已支付 once a system administrator has confirmed the receipt. Also where Alipay returns.
 */
export function PayOrderPage() {
  const params = useParams();
  const groupId = Number(params.groupId);
  const orderId = params.orderId ?? '';
  const page = useQuery({
    queryKey: ['payPage', groupId, orderId],
    queryFn: () => fetchPayPage(groupId, orderId),
    refetchInterval: (query) => (query.state.data?.order.status === 'unpaid' ? POLL_MS : false),
  });
  useDocumentTitle(`订单支付 ${orderId}`);

  if (page.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (!page.data) return <LoadError what="订单" error={page.error} onRetry={() => void page.refetch()} />;
  const { order, bankTransferNote } = page.data;
  return (
    <div style={{ minHeight: '100vh', padding: '24px 12px' }} data-testid="pay-order">
      <Card title="订单支付" style={{ maxWidth: 720, margin: '0 auto' }}>
        {order.status === 'paid' ? (
          <Result status="success" title="支付成功，资源已到账" subTitle={`订单号 ${order.orderId}`} />
        ) : order.status === 'cancelled' ? (
          <Result status="warning" title="订单已取消" subTitle="如已付款，请联系系统管理员" />
        ) : (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="请通过银行转账付款"
            description={
              <>
                <Typography.Paragraph
                  style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}
                  data-testid="bank-note"
                >
                  {bankTransferNote || '收款账户请联系系统管理员获取。'}
                </Typography.Paragraph>
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  转账时请在附言中填写订单号{' '}
                  <Typography.Text copyable strong>
                    {order.orderId}
                  </Typography.Text>
                  ，系统管理员确认收款后资源自动到账，本页会自动刷新。
                </Typography.Paragraph>
              </>
            }
          />
        )}
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label="订单号">{order.orderId}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <OrderStatusTag status={order.status} />
          </Descriptions.Item>
          <Descriptions.Item label="项目">{order.projectName}</Descriptions.Item>
          <Descriptions.Item label="类型">{PURCHASE_TYPE_LABELS[order.orderType]}</Descriptions.Item>
          <Descriptions.Item label="套餐">
            {order.packageName} × {order.number}
            {order.orderType.startsWith('GATEWAY') ? ' 年' : ' 份'}
          </Descriptions.Item>
          <Descriptions.Item label="金额">
            <Typography.Text strong>{yuanText(order.amount)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="支付方式">{PAYMENT_PROVIDER_LABELS[order.provider]}</Descriptions.Item>
          <Descriptions.Item label="下单时间">
            {dayjs(order.createdAt).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          {order.paidAt !== null && (
            <Descriptions.Item label="支付时间">
              {dayjs(order.paidAt).format('YYYY-MM-DD HH:mm:ss')}
            </Descriptions.Item>
          )}
        </Descriptions>
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Button loading={page.isFetching} onClick={() => void page.refetch()}>
            刷新状态（{ORDER_STATUS_LABELS[order.status]}）
          </Button>
        </div>
      </Card>
    </div>
  );
}
