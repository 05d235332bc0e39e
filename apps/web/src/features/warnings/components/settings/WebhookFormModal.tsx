import { ADDRESS_REQUIRED } from '@iot/contracts';
import { type Webhook, webhookBody } from '@iot/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { schemaRule } from '../../../../components/schemaRule';
import { settingsKeys, type WebhookInput, webhooksApi } from '../../settings-api';
import { clearIssuesOnChange, showServerIssues } from './formFeedback';
import { TYPE_OPTIONS } from './RecipientFormModal';
import { LEVEL_OPTIONS } from './RuleFields';

export type WebhookFormState = { mode: 'create' } | { mode: 'edit'; webhook: Webhook } | null;

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  url: 'url',
  secret: 'secret',
  types: 'types',
  levels: 'levels',
};

const NEW_WEBHOOK: WebhookInput = {
  name: '',
  url: '',
  secret: '',
  types: ['warning', 'warningRelease'],
  levels: [],
  enabled: true,
};

/** A webhook as the body that saves it; an empty secret is left out (generated, or the old one kept). */
export function bodyOfWebhook(values: WebhookInput): WebhookInput {
  const { secret, ...rest } = values;
  return secret ? { ...rest, secret } : rest;
}

/** 新建 / 编辑 a webhook: address, signing secret, message types and levels, switch. */
export function WebhookFormModal({
  groupId,
  state,
  onClose,
}: {
  groupId: number;
  state: WebhookFormState;
  onClose: () => void;
}) {
  const [form] = Form.useForm<WebhookInput>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editing = state?.mode === 'edit' ? state.webhook : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    if (state.mode === 'edit') {
      const { name, url, types, levels, enabled } = state.webhook;
      form.setFieldsValue({ name, url, types, levels, enabled, secret: '' });
    } else form.setFieldsValue(NEW_WEBHOOK);
  }, [state, form]);

  const save = useMutation({
    mutationFn: (body: WebhookInput) =>
      editing ? webhooksApi.update(groupId, editing.id, body) : webhooksApi.create(groupId, body),
    onSuccess: () => {
      message.success('Webhook 已保存');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks(groupId) });
      onClose();
    },
    onError: (error) => showServerIssues(error, form, message.error, FIELD_NAMES),
  });

  return (
    <Modal
      open={state !== null}
      title={editing ? '编辑 Webhook' : '新建 Webhook'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() =>
        form.validateFields().then(
          () =>
            save.mutate(bodyOfWebhook({ ...NEW_WEBHOOK, ...(form.getFieldsValue(true) as WebhookInput) })),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
      width={620}
    >
      <Form<WebhookInput>
        form={form}
        layout="vertical"
        name="webhook"
        onValuesChange={clearIssuesOnChange(form)}
        preserve={false}
      >
        <Form.Item name="name" label="名称">
          <Input maxLength={64} placeholder="可不填，如：运维平台" />
        </Form.Item>
        <Form.Item
          name="url"
          label="地址"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: ADDRESS_REQUIRED },
            schemaRule(webhookBody.shape.url),
          ]}
          extra="收到 2xx 应答即为送达，否则按 10 秒、1 分钟、5 分钟、30 分钟、2 小时重试"
        >
          <Input maxLength={512} placeholder="https://example.com/iot/webhook" />
        </Form.Item>
        <Form.Item
          name="secret"
          label="签名密钥"
          extra={
            editing
              ? '留空则保留原密钥；请求头 X-IoT-Signature 为 sha256=HMAC-SHA256("{X-IoT-Timestamp}.{请求体}", 密钥)'
              : '留空则自动生成（至少 16 个字符）；请求头 X-IoT-Signature 为 sha256=HMAC-SHA256("{X-IoT-Timestamp}.{请求体}", 密钥)'
          }
        >
          <Input.Password
            maxLength={128}
            autoComplete="new-password"
            placeholder={editing ? '不修改' : '自动生成'}
          />
        </Form.Item>
        <Form.Item name="types" label="消息类型" required>
          <Checkbox.Group options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="levels" label="预警等级" extra="只对预警类消息起作用；不选即全部等级">
          <Checkbox.Group options={LEVEL_OPTIONS} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
