import { requiredText } from '@iot/contracts';
import { type GroupNode, SITE_TYPE_LABELS, SITE_TYPES } from '@iot/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { groupsApi, useRefreshGroups } from '../api';

type SiteType = (typeof SITE_TYPES)[number];

interface GroupForm {
  name: string;
  groupType: 'area' | 'site';
  siteType: SiteType | null;
  isMonitor: boolean;
}

/** New area or site under a parent, or editing one; null when closed. */
export type GroupFormState =
  | { mode: 'create'; parent: GroupNode; groupType: 'area' | 'site' }
  | { mode: 'edit'; group: GroupNode }
  | null;

const nameSchema = requiredText(64);
const nameRules = [
  { required: true, whitespace: true, message: '请输入名称' },
  {
    validator: async (_: unknown, value: string | undefined) => {
      const result = nameSchema.safeParse(value ?? '');
      if (value && !result.success) throw new Error(result.error.issues[0]?.message);
    },
  },
];

/** 新建区域 / 新建站点 / 编辑: name, type (on creation), site type, monitoring point. */
export function GroupFormModal(props: {
  state: GroupFormState;
  onClose(): void;
  onSaved(group: GroupNode): void;
}) {
  // A fresh form per opening, so its initial values are those of this group.
  return props.state ? <GroupFormDialog {...props} state={props.state} /> : null;
}

function GroupFormDialog({
  state,
  onClose,
  onSaved,
}: {
  state: NonNullable<GroupFormState>;
  onClose(): void;
  onSaved(group: GroupNode): void;
}) {
  const [form] = Form.useForm<GroupForm>();
  const { message } = App.useApp();
  const refresh = useRefreshGroups();
  const editing = state.mode === 'edit' ? state.group : null;
  const [groupType, setGroupType] = useState(
    editing ? editing.groupType : state.mode === 'create' ? state.groupType : 'area',
  );

  const save = useMutation({
    mutationFn: (values: GroupForm) => {
      const name = values.name.trim();
      const siteType =
        values.groupType === 'site' || editing?.groupType === 'site' ? (values.siteType ?? null) : null;
      if (editing) return groupsApi.update(editing.id, { name, siteType, isMonitor: values.isMonitor });
      if (state.mode !== 'create') throw new Error('not creating');
      // New groups go after their siblings.
      const sort = state.parent.children.reduce((max, child) => Math.max(max, child.sort + 1), 0);
      return groupsApi.create(state.parent.id, {
        name,
        sort,
        groupType: values.groupType,
        siteType,
        isMonitor: values.isMonitor,
      });
    },
    onSuccess: (group) => {
      message.success(editing ? `「${group.name}」已保存` : `「${group.name}」已创建`);
      void refresh();
      onSaved(group);
      onClose();
    },
  });

  const title = editing
    ? `编辑「${editing.name}」`
    : state.mode === 'create'
      ? `在「${state.parent.name}」下新建`
      : '';
  const initialValues: Partial<GroupForm> = editing
    ? {
        name: editing.name,
        groupType: editing.groupType === 'site' ? 'site' : 'area',
        siteType: (editing.siteType as SiteType | null) ?? null,
        isMonitor: editing.isMonitor,
      }
    : { groupType: state.mode === 'create' ? state.groupType : 'area', siteType: null, isMonitor: false };
  const canBeMonitor = !editing || editing.isMonitor || editing.children.length === 0;

  return (
    <Modal
      open
      title={title}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Form<GroupForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="name" label="名称" rules={nameRules}>
          <Input maxLength={64} placeholder="如：进水区、格栅间" autoFocus />
        </Form.Item>
        <Form.Item name="groupType" label="类型">
          <Radio.Group disabled={editing !== null} onChange={(event) => setGroupType(event.target.value)}>
            <Radio value="area">区域</Radio>
            <Radio value="site">站点</Radio>
          </Radio.Group>
        </Form.Item>
        {groupType === 'site' && (
          <Form.Item name="siteType" label="站点类型">
            <Select<SiteType | null>
              allowClear
              placeholder="请选择站点类型"
              options={SITE_TYPES.map((key) => ({ value: key, label: SITE_TYPE_LABELS[key] }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="isMonitor"
          label="监测点"
          valuePropName="checked"
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {canBeMonitor
                ? '监测点下不能再建分组，可关联本项目网关的指标；取消后已关联的指标会被清除。'
                : '该分组下还有子分组，不能设为监测点。'}
            </Typography.Text>
          }
        >
          <Switch disabled={!canBeMonitor} aria-label="监测点" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
