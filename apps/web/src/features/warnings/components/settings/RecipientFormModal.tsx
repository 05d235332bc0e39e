import {
  MESSAGE_TYPES,
  MessageTypeNames,
  type RecipientBody,
  type RecipientSetting,
} from '@iot/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { recipientsApi, settingsKeys, useProjectPeople } from '../../settings-api';
import { clearIssuesOnChange, showServerIssues } from './formFeedback';
import { LEVEL_OPTIONS } from './RuleFields';

export type RecipientFormState = { mode: 'create' } | { mode: 'edit'; setting: RecipientSetting } | null;

export const TYPE_OPTIONS = MESSAGE_TYPES.map((type) => ({ value: type, label: MessageTypeNames[type] }));

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  types: 'types',
  levels: 'levels',
  roleIds: 'roleIds',
  userIds: 'userIds',
  onDuty: 'onDuty',
};

const NEW_SETTING: RecipientBody = {
  name: '',
  types: ['warning', 'warningRelease'],
  levels: [],
  roleIds: [],
  userIds: [],
  onDuty: false,
  sms: false,
  voice: false,
  enabled: true,
};

/** A setting as the body that saves it (also used to switch it on and off). */
export const bodyOfSetting = (s: RecipientSetting): RecipientBody => ({
  name: s.name,
  types: s.types,
  levels: s.levels,
  roleIds: s.roleIds,
  userIds: s.userIds,
  onDuty: s.onDuty,
  sms: s.sms,
  voice: s.voice,
  enabled: s.enabled,
});

/** Options from what could be read, plus any chosen id that could not (shown by its number). */
function withChosen(options: { value: number; label: string }[], chosen: number[], what: string) {
  const known = new Set(options.map((o) => o.value));
  return [
    ...options,
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `${what} #${id}` })),
  ];
}

/** 新建 / 编辑 a recipient setting: which types and levels reach which roles and people, by which channels. */
export function RecipientFormModal({
  groupId,
  state,
  onClose,
}: {
  groupId: number;
  state: RecipientFormState;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RecipientBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { roles, members } = useProjectPeople(groupId);
  const editing = state?.mode === 'edit' ? state.setting : null;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(state.mode === 'edit' ? bodyOfSetting(state.setting) : NEW_SETTING);
  }, [state, form]);

  const save = useMutation({
    mutationFn: (body: RecipientBody) =>
      editing ? recipientsApi.update(groupId, editing.id, body) : recipientsApi.create(groupId, body),
    onSuccess: () => {
      message.success('通知对象已保存');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.recipients(groupId) });
      onClose();
    },
    onError: (error) => showServerIssues(error, form, message.error, FIELD_NAMES),
  });

  const roleOptions = withChosen(
    (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
    editing?.roleIds ?? [],
    '角色',
  );
  const userOptions = withChosen(
    (members.data ?? []).map((m) => ({
      value: m.userId,
      label: `${m.realname || m.username}（${m.username}${m.mobile ? `，${m.mobile}` : ''}）`,
    })),
    editing?.userIds ?? [],
    '用户',
  );
  const unreadable = roles.isError || members.isError;

  return (
    <Modal
      open={state !== null}
      title={editing ? '编辑通知对象' : '新建通知对象'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => save.mutate({ ...NEW_SETTING, ...(form.getFieldsValue(true) as RecipientBody) })}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {unreadable && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="没有查看项目角色或成员的权限，只能保留已选的接收角色和接收人"
        />
      )}
      <Form<RecipientBody>
        form={form}
        layout="vertical"
        name="recipient"
        onValuesChange={clearIssuesOnChange(form)}
        preserve={false}
      >
        <Form.Item name="name" label="名称">
          <Input maxLength={64} placeholder="可不填，如：值班人员" />
        </Form.Item>
        <Form.Item name="types" label="消息类型" required>
          <Checkbox.Group options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="levels" label="预警等级" extra="只对预警类消息起作用；不选即全部等级">
          <Checkbox.Group options={LEVEL_OPTIONS} />
        </Form.Item>
        <Form.Item name="roleIds" label="接收角色" extra="拥有这些角色的项目成员都会收到">
          <Select
            mode="multiple"
            aria-label="接收角色"
            placeholder="选择角色"
            options={roleOptions}
            loading={roles.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="userIds" label="接收人">
          <Select
            mode="multiple"
            aria-label="接收人"
            placeholder="选择项目成员"
            options={userOptions}
            loading={members.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          name="onDuty"
          label="值班人员"
          valuePropName="checked"
          extra="消息发出时正在值班的人员（见“排班管理”）也会收到，例如预警发生时的当班人员"
        >
          <Checkbox>通知当时的值班人员</Checkbox>
        </Form.Item>
        <Space size={32} wrap>
          <Form.Item label="站内消息">
            <Checkbox checked disabled>
              始终发送
            </Checkbox>
          </Form.Item>
          <Form.Item name="sms" label="短信" valuePropName="checked">
            <Checkbox>发送短信</Checkbox>
          </Form.Item>
          <Form.Item name="voice" label="语音" valuePropName="checked">
            <Checkbox>拨打语音电话</Checkbox>
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch aria-label="启用" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
