import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';
import { SCHEDULE_BASES, SCHEDULE_UNITS } from './schedule.js';
import { TASK_TYPE_MASK, TaskType } from './transitions.js';

/**
 * 保养计划 (docs/decisions/0052-maintenance-plans.md): what a plan says, and what every work order it
 * generates inherits (type, checklist, dosing, assignees, audit, due time).
 */

/** Medicine types of core §3, by their names (what the field staff read and write). */
export const MEDICINES = ['PAC', '反冲洗次氯酸钠', '消毒次氯酸钠', '葡萄糖', '柠檬酸'] as const;
export type Medicine = (typeof MEDICINES)[number];

/**
 * Who gets the generated orders: named users, every member holding a role, whoever is on duty at
 * the occurrence (duty scheduling resolves it; until then nobody, so the order goes to the pool),
 * or the pool (待领取) for anyone to claim.
 */
export const ASSIGNEE_KINDS = ['users', 'role', 'onDuty', 'pool'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];
export const AssigneeKindNames: Record<AssigneeKind, string> = {
  users: '指定人员',
  role: '指定角色',
  onDuty: '值班人员',
  pool: '待领取（任何人可领取）',
};

export const PlanMessages = {
  NOT_FOUND: '保养计划不存在',
  NAME_TAKEN: '计划名称已存在',
  TYPE_REQUIRED: '请选择任务类型',
  EVERY_INVALID: '周期须为1～366的整数',
  WEEKDAYS_REQUIRED: '请选择每周的哪几天',
  MONTH_DAYS_REQUIRED: '请选择每月的哪几天',
  TIME_INVALID: '时间格式为 HH:mm',
  START_REQUIRED: '请选择开始日期',
  END_BEFORE_START: '结束日期不能早于开始日期',
  USERS_REQUIRED: '请选择执行人',
  ROLE_REQUIRED: '请选择角色',
  ROLE_NOT_IN_PROJECT: '所选角色不属于本项目',
  GROUP_NOT_IN_PROJECT: '所选站点不属于本项目',
  EQUIPMENT_NOT_IN_PROJECT: '所选设备不属于本项目',
  ASSIGNEE_NOT_MEMBER: '执行人必须是本项目的成员',
  DOSING_REQUIRED: '加药任务请填写药剂及用量',
  RANGE_INVALID: '下限不能大于上限',
  RUN_HOURS_NEED_EQUIPMENT: '按运行小时的计划请选择设备',
  RUN_HOURS_COMPLETION: '按运行小时的计划不能自上次完成起算',
  DISABLED: '计划已停用，请先启用',
} as const;

export const checklistItem = z
  .object({
    text: requiredText(100),
    /** Expected reading in words (正常、无异响); empty when a range or nothing is expected. */
    expected: z.string().trim().max(64, '最多输入64个字符').default(''),
    /** Expected numeric range; either end may be open. */
    min: z.number().nullable().default(null),
    max: z.number().nullable().default(null),
    unit: z.string().trim().max(16, '最多输入16个字符').default(''),
    photoRequired: z.boolean().default(false),
  })
  .refine((i) => i.min === null || i.max === null || i.min <= i.max, {
    message: PlanMessages.RANGE_INVALID,
    path: ['max'],
  });
export type ChecklistItem = z.output<typeof checklistItem>;

export const plannedDosing = z.object({
  medicine: z.enum(MEDICINES, { error: '请选择药剂' }),
  quantity: z.number({ error: '请填写用量' }).positive('用量须大于0').max(1_000_000),
  unit: z.string().trim().max(16).default('kg'),
});
export type PlannedDosing = z.output<typeof plannedDosing>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, PlanMessages.TIME_INVALID);

export const scheduleRule = z
  .object({
    unit: z.enum(SCHEDULE_UNITS),
    every: z.coerce
      .number({ error: PlanMessages.EVERY_INVALID })
      .int(PlanMessages.EVERY_INVALID)
      .min(1, PlanMessages.EVERY_INVALID)
      .max(100_000, PlanMessages.EVERY_INVALID),
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    monthDays: z.array(z.number().int().min(1).max(31)).max(31).default([]),
    time: hhmm.default('08:00'),
    basis: z.enum(SCHEDULE_BASES).default('schedule'),
    skipWeekends: z.boolean().default(false),
  })
  .superRefine((rule, ctx) => {
    // Run hours count to tens of thousands; calendar periods stop at a year's worth of days.
    if (rule.unit !== 'runHours' && rule.every > 366)
      ctx.addIssue({ code: 'custom', message: PlanMessages.EVERY_INVALID, path: ['every'] });
    if (rule.basis !== 'schedule') {
      if (rule.unit === 'runHours')
        ctx.addIssue({ code: 'custom', message: PlanMessages.RUN_HOURS_COMPLETION, path: ['basis'] });
      return;
    }
    if (rule.unit === 'week' && rule.weekdays.length === 0)
      ctx.addIssue({ code: 'custom', message: PlanMessages.WEEKDAYS_REQUIRED, path: ['weekdays'] });
    if (rule.unit === 'month' && rule.monthDays.length === 0)
      ctx.addIssue({ code: 'custom', message: PlanMessages.MONTH_DAYS_REQUIRED, path: ['monthDays'] });
  });
export type ScheduleRuleBody = z.output<typeof scheduleRule>;

export const planAssignees = z
  .object({
    kind: z.enum(ASSIGNEE_KINDS),
    userIds: z.array(z.number().int().positive()).max(20, '最多20个执行人').default([]),
    roleId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((a, ctx) => {
    if (a.kind === 'users' && a.userIds.length === 0)
      ctx.addIssue({ code: 'custom', message: PlanMessages.USERS_REQUIRED, path: ['userIds'] });
    if (a.kind === 'role' && a.roleId === null)
      ctx.addIssue({ code: 'custom', message: PlanMessages.ROLE_REQUIRED, path: ['roleId'] });
  });
export type PlanAssignees = z.output<typeof planAssignees>;

const day = z.number({ error: PlanMessages.START_REQUIRED }).int().nonnegative();

export const planBody = z
  .object({
    name: requiredText(64),
    /** Bitmask of TaskType (inspection 1, repair 2, dosing 4, upkeep 8). */
    types: z.coerce
      .number({ error: PlanMessages.TYPE_REQUIRED })
      .int()
      .min(1, PlanMessages.TYPE_REQUIRED)
      .max(TASK_TYPE_MASK, PlanMessages.TYPE_REQUIRED),
    priority: z.coerce.number().int().min(1).max(3).default(3),
    description: z.string().trim().max(500, '最多输入500个字符').default(''),
    /** Sites or areas of the project; one order per target and occurrence. */
    groupIds: z.array(z.number().int().positive()).max(200, '最多200个站点').default([]),
    /** Equipment of the project's ledger (no foreign key until the ledger lands). */
    equipmentIds: z.array(z.number().int().positive()).max(500, '最多500台设备').default([]),
    schedule: scheduleRule,
    /** First day (any moment of that China day). */
    startAt: day,
    /** Last day, or none. */
    endAt: z.number().int().nonnegative().nullable().default(null),
    /** Orders are generated this many hours before the occurrence. */
    leadHours: z.coerce.number().int('须为整数').min(0, '不能小于0').max(720, '最多提前720小时').default(0),
    /** Due = occurrence + this many hours. */
    allowedHours: z.coerce
      .number()
      .int('须为整数')
      .min(1, '至少1小时')
      .max(8_760, '最多8760小时')
      .default(24),
    assignees: planAssignees,
    checklist: z.array(checklistItem).max(100, '最多100项检查内容').default([]),
    dosing: z.array(plannedDosing).max(10, '最多10种药剂').default([]),
    needsAudit: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((plan, ctx) => {
    if (plan.endAt !== null && plan.endAt < plan.startAt)
      ctx.addIssue({ code: 'custom', message: PlanMessages.END_BEFORE_START, path: ['endAt'] });
    if ((plan.types & TaskType.DOSING) !== 0 && plan.dosing.length === 0)
      ctx.addIssue({ code: 'custom', message: PlanMessages.DOSING_REQUIRED, path: ['dosing'] });
    if (plan.schedule.unit === 'runHours' && plan.equipmentIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: PlanMessages.RUN_HOURS_NEED_EQUIPMENT,
        path: ['equipmentIds'],
      });
  });
export type PlanBody = z.output<typeof planBody>;
export type PlanInput = z.input<typeof planBody>;

export const planListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  /** Plans whose type mask shares a bit with this one. */
  type: z.coerce.number().int().min(1).max(TASK_TYPE_MASK).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});
export type PlanListQuery = z.infer<typeof planListQuery>;

export const planNameCheckQuery = z.object({
  name: z.string().trim().min(1).max(64),
  excludeId: z.coerce.number().int().positive().optional(),
});

export const enabledBody = z.object({ enabled: z.boolean() });

const named = z.object({ id: z.number().int(), name: z.string() });

export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  types: z.number().int(),
  priority: z.number().int(),
  description: z.string(),
  groups: z.array(named),
  equipmentIds: z.array(z.number().int()),
  schedule: z.object({
    unit: z.enum(SCHEDULE_UNITS),
    every: z.number().int(),
    weekdays: z.array(z.number().int()),
    monthDays: z.array(z.number().int()),
    time: z.string(),
    basis: z.enum(SCHEDULE_BASES),
    skipWeekends: z.boolean(),
  }),
  /** The rule in words. */
  scheduleText: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int().nullable(),
  leadHours: z.number().int(),
  allowedHours: z.number().int(),
  assignees: z.object({
    kind: z.enum(ASSIGNEE_KINDS),
    userIds: z.array(z.number().int()),
    roleId: z.number().int().nullable(),
  }),
  /** Names of the assignees as they read now (users, or the role). */
  assigneeText: z.string(),
  checklist: z.array(
    z.object({
      text: z.string(),
      expected: z.string(),
      min: z.number().nullable(),
      max: z.number().nullable(),
      unit: z.string(),
      photoRequired: z.boolean(),
    }),
  ),
  dosing: z.array(z.object({ medicine: z.enum(MEDICINES), quantity: z.number(), unit: z.string() })),
  needsAudit: z.boolean(),
  enabled: z.boolean(),
  /** The next occurrence not yet generated (null: none left, disabled, or run-hour triggered). */
  nextAt: z.number().int().nullable(),
  /** Work orders generated so far. */
  orderCount: z.number().int(),
  lastGeneratedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

/** A work order a plan generated (the plan's own list of them). */
export const planOrder = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  /** The occurrence's time (run-hour plans: when it was generated). */
  occursAt: z.number().int(),
  /** Run-hour plans: the run hours (since the plan's start day) whose passing made it; otherwise null. */
  runHours: z.number().nullable(),
  dueAt: z.number().int().nullable(),
  /** The site's name, or 设备 #id for equipment. */
  target: z.string(),
  createdAt: z.number().int(),
});
export type PlanOrder = z.infer<typeof planOrder>;

/** What the plan form picks from: the project's members, roles and sites/areas. */
export const planOptions = z.object({
  users: z.array(z.object({ id: z.number().int(), realname: z.string(), username: z.string() })),
  roles: z.array(named),
  groups: z.array(named.extend({ groupType: z.string(), parentId: z.number().int().nullable() })),
  /** The project's equipment ledger (decision 0051), the plan's equipment targets. */
  equipment: z.array(named.extend({ code: z.string() })),
});
export type PlanOptions = z.infer<typeof planOptions>;

export const generateResult = z.object({ created: z.number().int() });
