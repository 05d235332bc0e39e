import {
  ASSIGNEE_KINDS,
  AssigneeKindNames,
  type Plan,
  PlanMessages,
  planBody,
  TaskPriorityNames,
  TaskTypeNames,
} from '@iot/contracts/maintenance';
import { Alert, Checkbox, Col, Divider, Form, Input, Radio, Row, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { planKeys, plansApi, usePlanOptions } from '../plansApi';
import { PlanChecklistFields } from './PlanChecklistFields';
import { PlanScheduleFields } from './PlanScheduleFields';
import { fromPlan, NEW_PLAN, type PlanFormValues, toBody } from './planForm';

export type PlanFormState = { mode: 'create' } | { mode: 'edit'; plan: Plan } | null;

const TYPES = ([1, 2, 4, 8] as const).map((t) => ({ value: t, label: TaskTypeNames[t] }));

/** 新建 / 编辑 a maintenance plan: what, where, when (with a preview), who, and what to check. */
export function PlanFormModal({
  projectId,
  state,
  onClose,
}: {
  projectId: number;
  state: PlanFormState;
  onClose(): void;
}) {
  const [form] = Form.useForm<PlanFormValues>();
  const editing = state?.mode === 'edit' ? state.plan : null;
  const options = usePlanOptions(projectId, state !== null);
  const kind = Form.useWatch('assigneeKind', form);
  const groups = options.data?.groups ?? [];
  const nameOf = new Map(groups.map((g) => [g.id, g.name]));

  return (
    <ListFormModal<PlanFormValues, Plan>
      open={state !== null}
      title={editing ? '编辑保养计划' : '新建保养计划'}
      width={760}
      form={form}
      initialValues={
        editing ? fromPlan(editing) : { ...NEW_PLAN, startAt: dayjs(), time: dayjs('08:00', 'HH:mm') }
      }
      save={(values) => {
        const body = toBody(values);
        return editing ? plansApi.update(projectId, editing.id, body) : plansApi.create(projectId, body);
      }}
      saved={(plan) => (editing ? `保养计划「${plan.name}」已保存` : `保养计划「${plan.name}」已新建`)}
      invalidate={planKeys.all(projectId)}
      onClose={onClose}
      reportError
    >
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            name="name"
            label="计划名称"
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              { required: true, whitespace: true, message: '计划名称不能为空' },
              schemaRule(planBody.shape.name),
              uniqueRule(
                (name) => plansApi.checkName(projectId, name, editing?.id),
                PlanMessages.NAME_TAKEN,
                64,
              ),
            ]}
          >
            <Input maxLength={64} placeholder="例如 提升泵月度保养" />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="priority" label="优先级">
            <Select
              aria-label="优先级"
              options={[1, 2, 3].map((p) => ({ value: p, label: TaskPriorityNames[p] }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="types"
        label="任务类型"
        rules={[{ required: true, type: 'array', min: 1, message: PlanMessages.TYPE_REQUIRED }]}
      >
        <Checkbox.Group options={TYPES} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            name="groupIds"
            label="区域 / 站点"
            extra="每个站点、每台设备每次各生成一张工单；都不选则整个项目一张。"
          >
            <Select
              mode="multiple"
              aria-label="区域 / 站点"
              allowClear
              loading={options.isLoading}
              placeholder="选择区域或站点"
              optionFilterProp="label"
              options={groups.map((g) => ({
                value: g.id,
                label:
                  g.parentId !== null && nameOf.has(g.parentId)
                    ? `${nameOf.get(g.parentId)} / ${g.name}`
                    : g.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="equipmentIds" label="设备">
            <Select
              mode="multiple"
              aria-label="设备"
              optionFilterProp="label"
              placeholder="选择设备台账中的设备"
              loading={options.isLoading}
              options={(options.data?.equipment ?? []).map((e) => ({
                value: e.id,
                label: `${e.name}（${e.code}）`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <PlanScheduleFields />

      <Divider titlePlacement="start" plain>
        执行
      </Divider>
      <Form.Item name="assigneeKind" label="执行人">
        <Radio.Group options={ASSIGNEE_KINDS.map((k) => ({ value: k, label: AssigneeKindNames[k] }))} />
      </Form.Item>
      {kind === 'users' && (
        <Form.Item
          name="userIds"
          label="人员"
          rules={[{ required: true, type: 'array', min: 1, message: PlanMessages.USERS_REQUIRED }]}
        >
          <Select
            mode="multiple"
            aria-label="人员"
            optionFilterProp="label"
            loading={options.isLoading}
            options={(options.data?.users ?? []).map((u) => ({
              value: u.id,
              label: u.realname || u.username,
            }))}
          />
        </Form.Item>
      )}
      {kind === 'role' && (
        <Form.Item
          name="roleId"
          label="角色"
          rules={[{ required: true, message: PlanMessages.ROLE_REQUIRED }]}
        >
          <Select
            aria-label="角色"
            loading={options.isLoading}
            options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      )}
      {kind === 'onDuty' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="排班上线前无人值班，工单进入待领取。"
        />
      )}
      <Space wrap size="large">
        <Form.Item name="needsAudit" label="工单需审核" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>

      <PlanChecklistFields />

      <Form.Item name="description" label="说明" style={{ marginTop: 16 }}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </ListFormModal>
  );
}
