import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ASSIGNEE_KINDS,
  AssigneeKindNames,
  MEDICINES,
  type Medicine,
  type Plan,
  type PlanInput,
  PlanMessages,
  planBody,
  preview,
  type ScheduleRule,
  TaskPriorityNames,
  TaskTypeNames,
} from '@iot/contracts/maintenance';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ListFormModal, uniqueRule } from '../../../components/PagedListCard';
import { schemaRule } from '../../../components/schemaRule';
import { planKeys, plansApi, usePlanOptions } from '../plansApi';

export type PlanFormState = { mode: 'create' } | { mode: 'edit'; plan: Plan } | null;

/** What the form holds: the plan body with dates as Dayjs and the type mask as a list. */
interface PlanFormValues {
  name: string;
  types: number[];
  priority: number;
  description: string;
  groupIds: number[];
  equipmentIds: string[];
  unit: ScheduleRule['unit'];
  every: number;
  weekdays: number[];
  monthDays: number[];
  time: Dayjs;
  basis: ScheduleRule['basis'];
  skipWeekends: boolean;
  startAt: Dayjs;
  endAt: Dayjs | null;
  leadHours: number;
  allowedHours: number;
  assigneeKind: (typeof ASSIGNEE_KINDS)[number];
  userIds: number[];
  roleId: number | null;
  checklist: {
    text: string;
    expected?: string;
    min?: number | null;
    max?: number | null;
    unit?: string;
    photoRequired?: boolean;
  }[];
  dosing: { medicine: string; quantity: number; unit?: string }[];
  needsAudit: boolean;
  enabled: boolean;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((w) => ({ value: w, label: `周${'一二三四五六日'[w - 1]}` }));
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `${i + 1}日` }));
const TYPES = ([1, 2, 4, 8] as const).map((t) => ({ value: t, label: TaskTypeNames[t] }));
const UNITS = [
  { value: 'day', label: '按天' },
  { value: 'week', label: '按周' },
  { value: 'month', label: '按月' },
  { value: 'runHours', label: '按运行小时' },
];

function toBody(v: PlanFormValues): PlanInput {
  return {
    name: v.name,
    types: (v.types ?? []).reduce((mask, t) => mask | t, 0),
    priority: v.priority,
    description: v.description ?? '',
    groupIds: v.groupIds ?? [],
    equipmentIds: (v.equipmentIds ?? []).map((e) => Number.parseInt(String(e), 10)).filter((n) => n > 0),
    schedule: {
      unit: v.unit,
      every: v.every,
      weekdays: v.weekdays ?? [],
      monthDays: v.monthDays ?? [],
      time: (v.time ?? dayjs('08:00', 'HH:mm')).format('HH:mm'),
      basis: v.unit === 'runHours' ? 'schedule' : v.basis,
      skipWeekends: v.skipWeekends ?? false,
    },
    startAt: (v.startAt ?? dayjs()).startOf('day').valueOf(),
    endAt: v.endAt ? v.endAt.startOf('day').valueOf() : null,
    leadHours: v.leadHours ?? 0,
    allowedHours: v.allowedHours ?? 24,
    assignees: { kind: v.assigneeKind, userIds: v.userIds ?? [], roleId: v.roleId ?? null },
    checklist: (v.checklist ?? []).map((c) => ({
      text: c.text,
      expected: c.expected ?? '',
      min: c.min ?? null,
      max: c.max ?? null,
      unit: c.unit ?? '',
      photoRequired: c.photoRequired ?? false,
    })),
    dosing: (v.types ?? []).includes(4)
      ? (v.dosing ?? []).map((d) => ({
          medicine: d.medicine as Medicine,
          quantity: d.quantity,
          unit: d.unit || 'kg',
        }))
      : [],
    needsAudit: v.needsAudit ?? false,
    enabled: v.enabled ?? true,
  };
}

function fromPlan(plan: Plan): Partial<PlanFormValues> {
  return {
    name: plan.name,
    types: [1, 2, 4, 8].filter((t) => (plan.types & t) !== 0),
    priority: plan.priority,
    description: plan.description,
    groupIds: plan.groups.map((g) => g.id),
    equipmentIds: plan.equipmentIds.map(String),
    unit: plan.schedule.unit,
    every: plan.schedule.every,
    weekdays: plan.schedule.weekdays,
    monthDays: plan.schedule.monthDays,
    time: dayjs(plan.schedule.time, 'HH:mm'),
    basis: plan.schedule.basis,
    skipWeekends: plan.schedule.skipWeekends,
    startAt: dayjs(plan.startAt),
    endAt: plan.endAt === null ? null : dayjs(plan.endAt),
    leadHours: plan.leadHours,
    allowedHours: plan.allowedHours,
    assigneeKind: plan.assignees.kind,
    userIds: plan.assignees.userIds,
    roleId: plan.assignees.roleId,
    checklist: plan.checklist,
    dosing: plan.dosing,
    needsAudit: plan.needsAudit,
    enabled: plan.enabled,
  };
}

const NEW_PLAN: Partial<PlanFormValues> = {
  types: [8],
  priority: 3,
  unit: 'week',
  every: 1,
  weekdays: [1],
  monthDays: [1],
  basis: 'schedule',
  skipWeekends: false,
  leadHours: 0,
  allowedHours: 24,
  assigneeKind: 'pool',
  checklist: [],
  dosing: [],
  needsAudit: false,
  enabled: true,
};

/** The next five occurrences of what the form says now (the same arithmetic as the server). */
function SchedulePreview() {
  const form = Form.useFormInstance<PlanFormValues>();
  const values = Form.useWatch([], form) as Partial<PlanFormValues> | undefined;
  if (!values?.unit) return null;
  if (values.unit === 'runHours')
    return (
      <Alert
        type="info"
        showIcon
        data-testid="plan-preview"
        message={`所选设备自开始日期起每累计运行满${values.every || 'N'}小时，各生成一张工单`}
        description="运行时长来自设备台账的运行信号，未绑定运行信号的设备不会生成；两次检查之间跨过多个周期的（如服务停机），只生成一张。"
      />
    );
  const body = toBody({ ...NEW_PLAN, ...values } as PlanFormValues);
  const parsed = planBody.shape.schedule.safeParse(body.schedule);
  const times = parsed.success
    ? preview(parsed.data, { startAt: body.startAt, endAt: body.endAt ?? null }, Date.now(), 5)
    : [];
  return (
    <div data-testid="plan-preview">
      <Typography.Text strong>接下来5次</Typography.Text>
      {values.basis === 'completion' && (
        <Typography.Text type="secondary">（按每次在计划日期完成推算）</Typography.Text>
      )}
      {times.length === 0 ? (
        <div>
          <Typography.Text type="secondary">
            {parsed.success ? '计划期内没有更多日期' : (parsed.error.issues[0]?.message ?? '请完善周期设置')}
          </Typography.Text>
        </div>
      ) : (
        <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {times.map((t) => (
            <li key={t}>
              {dayjs(t).format('YYYY-MM-DD HH:mm')} 周{'日一二三四五六'[dayjs(t).day()]}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

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
  const unit = Form.useWatch('unit', form);
  const basis = Form.useWatch('basis', form);
  const kind = Form.useWatch('assigneeKind', form);
  const types = Form.useWatch('types', form) ?? [];
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
          <Form.Item name="equipmentIds" label="设备编号" extra="设备台账上线后改为选择设备">
            <Select
              mode="tags"
              aria-label="设备编号"
              tokenSeparators={[',', '，', ' ']}
              placeholder="输入设备编号"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        周期
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item name="unit" label="周期类型">
            <Radio.Group options={UNITS} optionType="button" />
          </Form.Item>
          <Space align="start" wrap>
            <Form.Item
              name="every"
              label={
                unit === 'runHours'
                  ? '每运行（小时）'
                  : `每隔（${unit === 'day' ? '天' : unit === 'week' ? '周' : '个月'}）`
              }
              rules={[{ required: true, message: PlanMessages.EVERY_INVALID }]}
            >
              <InputNumber
                min={1}
                max={unit === 'runHours' ? 100000 : 366}
                precision={0}
                style={{ width: 120 }}
              />
            </Form.Item>
            {unit !== 'runHours' && (
              <Form.Item name="time" label="时间">
                <TimePicker format="HH:mm" allowClear={false} minuteStep={5} />
              </Form.Item>
            )}
          </Space>
          {unit !== 'runHours' && (
            <Form.Item name="basis" label="下次日期">
              <Radio.Group
                options={[
                  { value: 'schedule', label: '按计划日期' },
                  { value: 'completion', label: '自上次完成起算' },
                ]}
              />
            </Form.Item>
          )}
          {unit === 'week' && basis !== 'completion' && (
            <Form.Item
              name="weekdays"
              label="每周的"
              rules={[{ required: true, type: 'array', min: 1, message: PlanMessages.WEEKDAYS_REQUIRED }]}
            >
              <Checkbox.Group options={WEEKDAYS} />
            </Form.Item>
          )}
          {unit === 'month' && basis !== 'completion' && (
            <Form.Item
              name="monthDays"
              label="每月的"
              extra="31日在小月取当月最后一天"
              rules={[{ required: true, type: 'array', min: 1, message: PlanMessages.MONTH_DAYS_REQUIRED }]}
            >
              <Select mode="multiple" aria-label="每月的" options={MONTH_DAYS} />
            </Form.Item>
          )}
          {unit !== 'runHours' && (
            <Form.Item
              name="skipWeekends"
              label="跳过周末"
              valuePropName="checked"
              extra="落在周六、周日的顺延到周一"
            >
              <Switch />
            </Form.Item>
          )}
          <Space align="start" wrap>
            <Form.Item
              name="startAt"
              label="开始日期"
              rules={[{ required: true, message: PlanMessages.START_REQUIRED }]}
            >
              <DatePicker allowClear={false} />
            </Form.Item>
            <Form.Item name="endAt" label="结束日期">
              <DatePicker placeholder="不结束" />
            </Form.Item>
          </Space>
        </Col>
        <Col xs={24} md={10}>
          <SchedulePreview />
        </Col>
      </Row>
      <Space align="start" wrap>
        {/* Run hours have no date to generate ahead of: the order is made when the hours pass. */}
        {unit !== 'runHours' && (
          <Form.Item name="leadHours" label="提前生成（小时）">
            <InputNumber min={0} max={720} precision={0} style={{ width: 140 }} />
          </Form.Item>
        )}
        <Form.Item
          name="allowedHours"
          label="完成时限（小时）"
          extra={unit === 'runHours' ? '截止时间 = 生成时间 + 完成时限' : '截止时间 = 计划时间 + 完成时限'}
        >
          <InputNumber min={1} max={8760} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>

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

      <div>
        <Typography.Text strong>检查项</Typography.Text>
      </div>
      <Form.List name="checklist">
        {(fields, { add, remove }) => (
          <div style={{ marginTop: 8 }}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'text']}
                  rules={[{ required: true, whitespace: true, message: '请填写检查内容' }]}
                >
                  <Input placeholder="检查内容" maxLength={100} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'expected']}>
                  <Input placeholder="期望（如 正常）" maxLength={64} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'min']}>
                  <InputNumber placeholder="下限" style={{ width: 80 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'max']}
                  dependencies={[['checklist', field.name, 'min']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_, max: number | null | undefined) => {
                        const min = getFieldValue(['checklist', field.name, 'min']);
                        if (typeof min === 'number' && typeof max === 'number' && min > max)
                          throw new Error(PlanMessages.RANGE_INVALID);
                      },
                    }),
                  ]}
                >
                  <InputNumber placeholder="上限" style={{ width: 80 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'unit']}>
                  <Input placeholder="单位" maxLength={16} style={{ width: 64 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'photoRequired']} valuePropName="checked">
                  <Checkbox>需拍照</Checkbox>
                </Form.Item>
                <MinusCircleOutlined aria-label="删除检查项" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ photoRequired: false })} icon={<PlusOutlined />}>
              添加检查项
            </Button>
          </div>
        )}
      </Form.List>

      {types.includes(4) && (
        <>
          <Divider titlePlacement="start" plain>
            加药
          </Divider>
          <Form.List
            name="dosing"
            rules={[
              {
                validator: async (_, list: unknown[] | undefined) => {
                  if (!list || list.length === 0) throw new Error(PlanMessages.DOSING_REQUIRED);
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <div>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                    <Form.Item
                      name={[field.name, 'medicine']}
                      rules={[{ required: true, message: '请选择药剂' }]}
                    >
                      <Select
                        aria-label="药剂"
                        placeholder="药剂"
                        style={{ width: 170 }}
                        options={MEDICINES.map((m) => ({ value: m, label: m }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      rules={[{ required: true, message: '请填写用量' }]}
                    >
                      <InputNumber placeholder="用量" min={0.001} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'unit']}>
                      <Input placeholder="kg" maxLength={16} style={{ width: 64 }} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除药剂" onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ unit: 'kg' })} icon={<PlusOutlined />}>
                  添加药剂
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        </>
      )}
      <Form.Item name="description" label="说明" style={{ marginTop: 16 }}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </ListFormModal>
  );
}
