import type { SiteOption, WorkOrderDetail } from '@iot/contracts/maintenance';
import { TaskTypeNames } from '@iot/contracts/maintenance';
import { Alert, App, Checkbox, DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { UnfoldedTreeSelect } from '../../../components/UnfoldedTreeSelect';
import { useAssigneeOptions, useCreateWorkOrder, useSiteOptions } from '../api';
import { AttachmentUpload } from './Attachments';
import { PRIORITY_OPTIONS, TASK_TYPES } from './tags';

interface Values {
  title: string;
  types: number[];
  priority: number;
  groupId?: number;
  description: string;
  due?: Dayjs | null;
  assigneeIds: number[];
  needsAudit: boolean;
  attachments: string[];
}

interface SiteNode {
  value: number;
  title: string;
  children: SiteNode[];
}

/** The flat site options as a tree for TreeSelect. */
export function siteTree(options: SiteOption[]): SiteNode[] {
  const nodes = new Map(
    options.map((o) => [o.id, { value: o.id, title: o.name, children: [] as SiteNode[] }]),
  );
  const roots: SiteNode[] = [];
  for (const o of options) {
    const parent = o.parentId === null ? undefined : nodes.get(o.parentId);
    (parent ? parent.children : roots).push(nodes.get(o.id)!);
  }
  return roots;
}

export function useSiteTree(groupId: number) {
  const sites = useSiteOptions(groupId);
  return { sites, tree: useMemo(() => siteTree(sites.data ?? []), [sites.data]) };
}

const INITIAL: Values = {
  title: '',
  types: [2],
  priority: 3,
  description: '',
  due: null,
  assigneeIds: [],
  needsAudit: false,
  attachments: [],
};

/**
 * 新建工单: title, type (checkboxes by bit: 巡检 1, 维修 2, 加药 4, 保养 8), priority, site,
 * description, due time, assignees (with them it starts 待执行, without 待分配) and whether it
 * waits for an audit first.
 */
export function WorkOrderFormModal({
  groupId,
  open,
  onClose,
  onCreated,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (order: WorkOrderDetail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateWorkOrder(groupId);
  const people = useAssigneeOptions(groupId, open);
  const { sites, tree } = useSiteTree(open ? groupId : 0);
  const { reset } = create;
  useEffect(() => {
    if (!open) return;
    reset();
    form.resetFields();
  }, [open, form, reset]);
  const save = (v: Values) =>
    create.mutate(
      {
        title: v.title.trim(),
        type: v.types.reduce((mask, t) => mask | t, 0),
        priority: v.priority,
        groupId: v.groupId ?? null,
        description: v.description?.trim() ?? '',
        dueAt: v.due ? v.due.valueOf() : null,
        assigneeIds: v.assigneeIds ?? [],
        needsAudit: v.needsAudit,
        attachments: v.attachments ?? [],
      },
      {
        onSuccess: (order) => {
          message.success(`工单 ${order.code} 已创建`);
          onCreated(order);
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title="新建工单"
      okText="创建"
      width="min(640px, calc(100vw - 16px))"
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {create.error && (
        <Alert type="error" showIcon message={create.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form<Values> form={form} layout="vertical" initialValues={INITIAL} onFinish={save}>
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 64, message: '最多输入64个字符' },
          ]}
        >
          <Input placeholder="如 1号提升泵异响检查" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="类型"
          name="types"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择工单类型' }]}
        >
          <Checkbox.Group options={TASK_TYPES.map((t) => ({ value: t, label: TaskTypeNames[t] }))} />
        </Form.Item>
        <Form.Item label="优先级" name="priority">
          <Select options={PRIORITY_OPTIONS} aria-label="优先级" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="站点"
          name="groupId"
          extra={sites.isError ? `站点加载失败：${sites.error.message}` : '不选则为整个项目'}
        >
          <UnfoldedTreeSelect
            allowClear
            aria-label="站点"
            placeholder="选择区域或站点"
            loading={sites.isLoading}
            treeData={tree}
          />
        </Form.Item>
        <Form.Item
          label="截止时间"
          name="due"
          rules={[
            {
              validator: async (_, value: Dayjs | null | undefined) => {
                if (value && value.valueOf() <= Date.now()) throw new Error('截止时间必须晚于当前时间');
              },
            },
          ]}
        >
          <DatePicker
            showTime
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item
          label="执行人"
          name="assigneeIds"
          extra={
            people.isError ? `执行人加载失败：${people.error.message}` : '选了执行人即为待执行，不选则待分配'
          }
        >
          <Select
            mode="multiple"
            allowClear
            aria-label="执行人"
            placeholder="选择本项目成员"
            loading={people.isLoading}
            optionFilterProp="label"
            options={(people.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.realname}（${p.username}）`,
            }))}
          />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item label="附件" name="attachments" extra="图片或文档，最多 9 个，每个不超过 10MB">
          <AttachmentUpload groupId={groupId} orderId={null} />
        </Form.Item>
        <Form.Item
          label="需要审核"
          name="needsAudit"
          valuePropName="checked"
          extra="需审核的工单在我的审批中审核通过后才能分配"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
