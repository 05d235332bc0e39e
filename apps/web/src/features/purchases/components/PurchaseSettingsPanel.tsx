import { type PurchaseSettings, purchaseSettings } from '@iot/contracts/purchases';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Spin } from 'antd';
import { http } from '../../../api/http';
import { LoadError } from '../../../components/LoadState';
import { schemaRule } from '../../../components/schemaRule';

const KEY = ['purchaseSettings'];

/** A required whole number of days (at least `min`, at most 365), checked by the contracts' rule. */
function DaysItem({
  name,
  label,
  extra,
  min,
}: {
  name: 'payStatusWarnDays' | 'payStatusGraceDays';
  label: string;
  extra: string;
  min: number;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[{ required: true, message: '请输入天数' }, schemaRule(purchaseSettings.shape[name])]}
    >
      <InputNumber min={min} max={365} precision={0} addonAfter="天" />
    </Form.Item>
  );
}

/** The pay-state days (B before the end, D after the grace) and the bank-transfer instructions. */
export function PurchaseSettingsPanel({ canUpdate }: { canUpdate: boolean }) {
  const settings = useQuery({
    queryKey: KEY,
    queryFn: () => http.get<PurchaseSettings>('/iot/purchaseSettings', { quiet: true }),
  });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: PurchaseSettings) => http.put<PurchaseSettings>('/iot/purchaseSettings', body),
    onSuccess: () => {
      message.success('付费设置已保存');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  if (settings.isLoading) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  if (!settings.data)
    return <LoadError what="付费设置" error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Card title="付费设置" data-testid="purchase-settings">
      <Form<PurchaseSettings>
        layout="vertical"
        initialValues={settings.data}
        disabled={!canUpdate}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 560 }}
      >
        <DaysItem
          name="payStatusWarnDays"
          label="即将逾期提前天数（B）"
          extra="套餐到期前这些天内，项目为 B 即将逾期"
          min={1}
        />
        <DaysItem
          name="payStatusGraceDays"
          label="欠费停用宽限天数（D）"
          extra="到期后为 C 已逾期；超过这些天仍未续费，项目为 D 欠费停用（数据保留，不再新增监测项）"
          min={0}
        />
        <Form.Item
          name="bankTransferNote"
          label="银行转账说明"
          extra="显示在支付页：收款单位、开户行、账号等"
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        )}
      </Form>
    </Card>
  );
}
