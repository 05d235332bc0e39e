import type { BulkRuleBody } from '@iot/contracts/warnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { GatewayIndicatorPicker } from '../../../monitoring/index';
import { rulesApi, settingsKeys } from '../../settings-api';
import { clearIssuesOnChange, showServerIssues } from './formFeedback';
import { RULE_FIELD_NAMES, RuleFields } from './RuleFields';
import { NEW_RULE, type RuleValues, ruleFieldsOf } from './ruleForm';

type Values = RuleValues & { targets?: number[] };

const FIELD_NAMES = { ...RULE_FIELD_NAMES, gatewayIndicatorIds: 'targets', gatewayIds: 'targets' };

/** The picker as a form control (Form.Item hands value and onChange). */
function Targets({
  groupId,
  offline,
  value,
  onChange,
}: {
  groupId: number;
  offline: boolean;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  return (
    <GatewayIndicatorPicker
      groupId={groupId}
      mode={offline ? 'gateways' : 'indicators'}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      max={500}
      style={{ width: '100%' }}
    />
  );
}

/** 批量应用: one rule created on each chosen gateway indicator (or gateway, for offline rules). */
export function BatchApplyModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const offline = Form.useWatch('kind', form) === 'offline';
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...NEW_RULE, targets: [] });
  }, [open, form]);

  const apply = useMutation({
    mutationFn: (body: BulkRuleBody) => rulesApi.batch(groupId, body),
    onSuccess: ({ created }) => {
      message.success(`已创建 ${created} 条预警规则`);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.rules(groupId) });
      onClose();
    },
    onError: (error) => showServerIssues(error, form, message.error, FIELD_NAMES),
  });

  const submit = async () => {
    // The form checks what it can say itself (a threshold that is not a number); the server the rest.
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const values = form.getFieldsValue(true) as Values;
    const targets = values.targets ?? [];
    apply.mutate({
      gatewayIndicatorIds: offline ? [] : targets,
      gatewayIds: offline ? targets : [],
      ...ruleFieldsOf(values),
    });
  };

  return (
    <Modal
      open={open}
      title="批量应用预警规则"
      okText="应用"
      confirmLoading={apply.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="batchRule"
        preserve={false}
        onValuesChange={(changed: Partial<Values>) => {
          clearIssuesOnChange(form)(changed);
          // Indicators and gateways are different things: switching to or from offline clears the pick.
          if (changed.kind !== undefined && (changed.kind === 'offline') !== offline)
            form.setFieldValue('targets', []);
        }}
      >
        <Form.Item
          name="targets"
          label={offline ? '网关' : '网关指标'}
          required
          extra="同一条规则会分别建到每个所选对象上，之后可单独修改"
        >
          <Targets groupId={groupId} offline={offline} />
        </Form.Item>
        <Form.Item name="name" label="规则名称">
          <Input maxLength={64} placeholder="可不填" />
        </Form.Item>
        <RuleFields />
      </Form>
    </Modal>
  );
}
