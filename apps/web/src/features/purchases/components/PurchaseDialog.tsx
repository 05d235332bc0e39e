import type { ResourceUsage } from '@iot/contracts/projects';
import {
  type OrderType,
  PACKAGE_KIND_OF,
  PURCHASE_TYPE_LABELS,
  PurchaseMessages,
  purchaseQuantity,
  type ResourcePackage,
} from '@iot/contracts/purchases';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  InputNumber,
  Modal,
  Radio,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError, http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';
import { ORDERS_KEY, placeOrder, usePackages } from '../api';
import { closePurchase, type PurchaseRequest } from '../purchaseStore';

const TYPES = Object.keys(PURCHASE_TYPE_LABELS) as OrderType[];
const yuan = (n: number) =>
  `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface FormValues {
  key?: string;
  number: number | null;
}

/**
 * The purchase dialog (feature-areas §2, §5, §7): 升级监测项配置, 监测项续费, 购买短信资源, 购买语音资源.
 * Ordering asks getOrderId, then getPayLink, and opens the link in a new window (the same site's
 * session goes with it; an online provider's page needs none). A refused order is a notification
 * with the server's message (feature-areas §8).
 */
export function PurchaseDialog({ request }: { request: PurchaseRequest }) {
  const { groupId } = request;
  const [type, setType] = useState<OrderType>(request.orderType);
  const [form] = Form.useForm<FormValues>();
  const { notification, message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const packages = usePackages(groupId);
  const usage = useQuery({
    queryKey: ['resourceUsage', groupId],
    queryFn: () => http.get<ResourceUsage>(`/iot/groups/${groupId}/getResourceUsage`, { quiet: true }),
  });
  useEffect(() => setType(request.orderType), [request]);

  const kind = PACKAGE_KIND_OF[type];
  const max = usage.data?.indicators.max ?? 0;
  const offered = (packages.data ?? []).filter((p) => p.kind === kind);
  const choices =
    type === 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION' ? offered.filter((p) => p.quantity > max) : offered;
  const current = offered.find((p) => p.quantity === max);
  const key = Form.useWatch('key', form);
  const number = Form.useWatch('number', form);
  const chosen = type === 'GATEWAY_INDICATOR_RENEW' ? current : choices.find((p) => p.key === key);
  const total =
    chosen && purchaseQuantity.safeParse(number).success ? chosen.annualCharge * (number ?? 0) : null;

  const firstKey = choices[0]?.key;
  useEffect(() => {
    // Each type starts from its first choice.
    form.setFieldsValue({ key: firstKey });
  }, [form, firstKey]);

  const submit = async (values: FormValues) => {
    // Opened now, in the click, so no pop-up blocker stops it; pointed at the pay link once known.
    const payWindow = window.open('', '_blank');
    setBusy(true);
    try {
      const body = {
        orderType: type,
        number: values.number ?? 0,
        ...(type === 'GATEWAY_INDICATOR_RENEW'
          ? {}
          : kind === 'setMeal'
            ? { setMealType: values.key }
            : { packageKey: values.key }),
      };
      const { orderId, link } = await placeOrder(groupId, body);
      if (payWindow) payWindow.location.href = link;
      else window.open(link, '_blank');
      message.success(`订单 ${orderId} 已创建，请在新窗口中完成支付`);
      void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
      closePurchase();
    } catch (error) {
      payWindow?.close();
      notification.error({
        title: '下单失败',
        description: error instanceof ApiError || error instanceof Error ? error.message : '下单失败',
        className: 'order-failure',
      });
    } finally {
      setBusy(false);
    }
  };

  const loading = packages.isLoading || usage.isLoading;
  const failed = packages.isError ? packages : usage.isError ? usage : null;
  return (
    <Modal
      open
      title="购买资源"
      width={640}
      onCancel={closePurchase}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={closePurchase}>
          取消
        </Button>,
        <Button
          key="buy"
          type="primary"
          loading={busy}
          disabled={loading || !!failed}
          onClick={() => form.submit()}
        >
          立即购买
        </Button>,
      ]}
      data-testid="purchase-dialog"
    >
      <Radio.Group
        value={type}
        onChange={(e) => setType(e.target.value as OrderType)}
        optionType="button"
        buttonStyle="solid"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}
        options={TYPES.map((t) => ({ value: t, label: PURCHASE_TYPE_LABELS[t] }))}
      />
      {loading ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : failed ? (
        <LoadError inline what="可购买的资源" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <Form<FormValues>
          form={form}
          initialValues={{ number: 1 }}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          requiredMark={false}
        >
          {usage.data && <CurrentTerms usage={usage.data} type={type} />}
          {type === 'GATEWAY_INDICATOR_RENEW' ? (
            <RenewTable packages={offered} current={current} />
          ) : choices.length === 0 ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={
                max === -1 && kind === 'setMeal' ? PurchaseMessages.INDICATORS_UNLIMITED : '暂无可购买的套餐'
              }
            />
          ) : (
            <Form.Item
              name="key"
              label={kind === 'setMeal' ? '监测项配置' : '资源包'}
              rules={[{ required: true, message: '请选择套餐' }]}
            >
              <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                {choices.map((p) => (
                  <Radio key={p.key} value={p.key}>
                    {p.name}
                    <Typography.Text type="secondary">
                      {' '}
                      · {yuan(p.annualCharge)}
                      {kind === 'setMeal' ? '/年' : '/份'}
                    </Typography.Text>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          )}
          <Form.Item
            name="number"
            label="购买数量"
            rules={[
              { required: true, message: PurchaseMessages.QUANTITY_NOT_POSITIVE },
              schemaRule(purchaseQuantity),
            ]}
          >
            <InputNumber
              style={{ width: 200 }}
              addonAfter={kind === 'setMeal' ? '年' : '份'}
              data-testid="purchase-number"
            />
          </Form.Item>
          <Typography.Text>
            应付金额：
            <Typography.Text strong data-testid="purchase-total">
              {total === null ? '—' : yuan(total)}
            </Typography.Text>
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}

function CurrentTerms({ usage, type }: { usage: ResourceUsage; type: OrderType }) {
  const { indicators, sms, voice, setMealEndAt } = usage;
  const text =
    type === 'MESSAGE'
      ? `短信剩余 ${sms.left === -1 ? '不限' : `${sms.left} 条`}`
      : type === 'VOICE'
        ? `语音剩余 ${voice.left === -1 ? '不限' : `${voice.left} 次`}`
        : `当前配置 ${indicators.max === -1 ? '不限' : `${indicators.max} 个监测项`}，已接入 ${indicators.used} 个；套餐${
            setMealEndAt === null ? '未设置到期日' : `到期 ${dayjs(setMealEndAt).format('YYYY-MM-DD')}`
          }`;
  return <Alert type="info" style={{ marginBottom: 16 }} message={text} data-testid="purchase-current" />;
}

/** 监测项续费: the set meals by quantity and yearly fee; a renewal keeps the current one. */
function RenewTable({
  packages,
  current,
}: {
  packages: ResourcePackage[];
  current: ResourcePackage | undefined;
}) {
  return (
    <>
      <Table<ResourcePackage>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={packages}
        style={{ marginBottom: 12 }}
        columns={[
          {
            title: '监测项数量',
            dataIndex: 'quantity',
            render: (q: number, p) => (
              <Space size={4}>
                {q} 个{p.key === current?.key && <Tag color="blue">当前</Tag>}
              </Space>
            ),
          },
          { title: '年费', dataIndex: 'annualCharge', render: (c: number) => `${yuan(c)}/年` },
        ]}
      />
      {!current && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={PurchaseMessages.RENEW_NO_SET_MEAL}
        />
      )}
    </>
  );
}
