import { type GatewayIndicator, indicatorValueRule } from '@iot/contracts/indicators';
import type { ManualEntryInput } from '@iot/contracts/manual-entry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { http } from '../../../api/http';
import { decimalRule } from '../../../components/valueRules';

interface Values {
  value: number | string;
  ts: Dayjs;
}

/**
 * 手动录入 (project flag canEntryData, decision 0043): one value for an indicator of a gateway no
 * device reports for, at a time not later than now. The server checks it against the type.
 */
export function ManualEntryModal({
  groupId,
  gatewayId,
  target,
  onClose,
}: {
  groupId: number;
  gatewayId: number;
  target: GatewayIndicator | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ManualEntryInput) =>
      http.post(`/iot/groups/${groupId}/gateways/${gatewayId}/manualEntries`, body),
    onSuccess: () => {
      message.success(`已录入「${target?.alias}」`);
      void queryClient.invalidateQueries({ queryKey: ['gateways', 'lastMetrics', gatewayId] });
      onClose();
    },
  });
  const type = target?.indicator.type;
  // A number is held to the decimal rule with the indicator's decimals, as the server holds it.
  const numeric = type === 'float' || type === 'integer';
  const decimals = target ? (target.decimalPlaces ?? target.indicator.decimalPlaces) : 0;
  const submit = (values: Values) =>
    save.mutate({ gatewayIndicatorId: target!.id, value: values.value, ts: values.ts.valueOf() });
  return (
    <Modal
      title={`手动录入：${target?.alias ?? ''}`}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="录入"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ ts: dayjs() }}
        onFinish={submit}
      >
        <Form.Item
          name="value"
          label={`数值${target?.indicator.unit ? `（${target.indicator.unit}）` : ''}`}
          rules={[
            { required: true, message: '不能为空' },
            ...(numeric && type ? [decimalRule(indicatorValueRule(type, decimals))] : []),
          ]}
        >
          {type === 'boolean' ? (
            <Select
              options={[
                { value: 1, label: '开 / 是（1）' },
                { value: 0, label: '关 / 否（0）' },
              ]}
            />
          ) : type === 'enum' ? (
            <Select
              options={(target?.indicator.indicatorEnums ?? []).map((e) => ({
                value: e.value,
                label: e.label,
              }))}
            />
          ) : type === 'text' ? (
            <Input maxLength={255} />
          ) : (
            <InputNumber style={{ width: '100%' }} />
          )}
        </Form.Item>
        <Form.Item name="ts" label="数据时间" rules={[{ required: true, message: '不能为空' }]}>
          <DatePicker
            showTime
            format="YYYY-MM-DD HH:mm:ss"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
