import type { RuleBody, WarningRule } from '@iot/contracts/warnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Input, Modal, Row } from 'antd';
import { useEffect } from 'react';
import { rulesApi, settingsKeys } from '../../settings-api';
import { clearIssuesOnChange, showServerIssues } from './formFeedback';
import { RULE_FIELD_NAMES, RuleFields } from './RuleFields';
import { NEW_RULE, type RuleValues, ruleBodyOf, valuesOfRule } from './ruleForm';
import { TargetSelect } from './TargetSelect';

export type RuleFormState = { mode: 'create' } | { mode: 'edit'; rule: WarningRule } | null;

const FIELD_NAMES = { ...RULE_FIELD_NAMES, gatewayIndicatorId: 'gatewayIndicatorId', gatewayId: 'gatewayId' };

/** 新建 / 编辑 one rule: its gateway indicator (or gateway, for offline), name and the kind's fields. */
export function RuleFormModal({
  groupId,
  state,
  onClose,
}: {
  groupId: number;
  state: RuleFormState;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RuleValues>();
  const kind = Form.useWatch('kind', form);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editing = state?.mode === 'edit' ? state.rule : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(state.mode === 'edit' ? valuesOfRule(state.rule) : NEW_RULE);
  }, [state, form]);

  const save = useMutation({
    mutationFn: (body: RuleBody) =>
      editing ? rulesApi.update(groupId, editing.id, body) : rulesApi.create(groupId, body),
    onSuccess: () => {
      message.success(editing ? '预警规则已保存' : '预警规则已创建');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.rules(groupId) });
      onClose();
    },
    onError: (error) => showServerIssues(error, form, message.error, FIELD_NAMES),
  });

  // The form checks what it can say itself (a threshold that is not a number); the server the rest.
  const submit = () =>
    form.validateFields().then(
      () => save.mutate(ruleBodyOf(form.getFieldsValue(true) as RuleValues)),
      () => undefined,
    );

  return (
    <Modal
      open={state !== null}
      title={editing ? '编辑预警规则' : '新建预警规则'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<RuleValues>
        form={form}
        layout="vertical"
        name="warningRule"
        onValuesChange={clearIssuesOnChange(form)}
        preserve={false}
      >
        <Row gutter={16}>
          <Col span={14}>
            {kind === 'offline' ? (
              <Form.Item name="gatewayId" label="网关" required>
                <TargetSelect groupId={groupId} mode="gateways" />
              </Form.Item>
            ) : (
              <Form.Item name="gatewayIndicatorId" label="网关指标" required>
                <TargetSelect groupId={groupId} mode="indicators" />
              </Form.Item>
            )}
          </Col>
          <Col span={10}>
            <Form.Item name="name" label="规则名称">
              <Input maxLength={64} placeholder="可不填，如：出水COD超标" />
            </Form.Item>
          </Col>
        </Row>
        <RuleFields />
      </Form>
    </Modal>
  );
}
