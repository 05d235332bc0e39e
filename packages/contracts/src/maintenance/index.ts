import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, AttachmentMessages } from '../common/attachments.js';
import { flag, pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';
import { checklistItem, plannedDosing } from './plans.js';
import {
  FINAL_STATUSES,
  TASK_STATUSES,
  TASK_TYPE_MASK,
  type TaskAction,
  TaskActionNames,
  TaskStatusNames,
} from './transitions.js';

export * from './plans.js';
export * from './records.js';
export * from './schedule.js';
export * from './transitions.js';

/** Where a work order came from; sourceId points at the warning (later: plan, malfunction). */
export const TASK_SOURCES = ['manual', 'warning', 'plan', 'malfunction'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];
export const TaskSourceNames: Record<TaskSource, string> = {
  manual: '手动创建',
  warning: '预警转工单',
  plan: '保养计划',
  malfunction: '设备故障',
};

/** Medicine types (core §3), for the dosing of an execution report. */
export const MEDICINES = ['PAC', '反冲洗次氯酸钠', '消毒次氯酸钠', '葡萄糖', '柠檬酸'] as const;

/** 1 urgent … 3 normal, as warning levels read (1 severe … 3 general). */
export const TASK_PRIORITIES = [1, 2, 3] as const;
export const TaskPriorityNames: Record<number, string> = { 1: '紧急', 2: '重要', 3: '一般' };

export const MaintenanceMessages = {
  NOT_FOUND: '工单不存在',
  TYPE_INVALID: '请选择工单类型',
  GROUP_NOT_IN_PROJECT: '所选站点不属于本项目',
  EQUIPMENT_NOT_IN_PROJECT: '所选设备不属于本项目',
  ASSIGNEE_NOT_MEMBER: '执行人必须是本项目的成员',
  ASSIGNEES_REQUIRED: '请选择执行人',
  WARNING_NOT_FOUND: '预警不存在',
  WARNING_HAS_ORDER: '该预警已生成工单',
  MALFUNCTION_HAS_ORDER: '该故障已生成工单',
  NOT_ASSIGNEE: '只有工单执行人可以执行此操作',
  NOT_ALLOWED: '没有执行此操作的权限',
  /** The acceptance check of one's own work. */
  OWN_WORK: '不能验收自己执行的工单',
  DUE_IN_PAST: '截止时间必须晚于当前时间',
  RESULT_REQUIRED: '请填写处理结果',
  refused: (status: number, action: TaskAction) =>
    `工单状态为「${TaskStatusNames[status as keyof typeof TaskStatusNames] ?? status}」，不能${TaskActionNames[action]}`,
  /** The order moved under the caller (someone else acted first). */
  CHANGED: '工单状态已变化，请刷新后重试',
} as const;

/** Work-order photos and documents (decision 0054): the attachment uploader's types and phone photos. */
export const WORK_ORDER_FILE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'txt',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'pdf',
  'zip',
  'rar',
] as const;
/** One file under this size: the attachment uploader's 200 MB (feature-areas §5). */
export const WORK_ORDER_FILE_MAX_BYTES = ATTACHMENT_MAX_BYTES;
export const MAX_ATTACHMENTS = 9;
export const WorkOrderFileMessages = {
  FORMAT: `上传的文件格式不正确,请选择${WORK_ORDER_FILE_EXTENSIONS.map((e) => `.${e}`).join(' ')}类型的文件`,
  SIZE: AttachmentMessages.SIZE,
  EMPTY: '请选择要上传的文件',
  ADDRESS: '附件地址不正确',
} as const;
/** A stored file's address as the upload answers it (platform/files.ts). */
export const STORED_FILE = /^\/iot\/files\/[a-z-]{1,32}\/[A-Za-z0-9_-]{1,64}\.[a-z]{3,4}$/;
/** The upload's answer: the address to put into `attachments`. */
export const uploadedFile = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
export const uploadQuery = z.object({ name: z.string().trim().max(200).default('') });

const time = z.coerce.number().int().nonnegative();
const note = z.string().trim().max(500, '最多输入500个字符').default('');
/** Addresses of stored files (photos, documents) answered by the upload route. */
const attachments = z
  .array(z.string().trim().regex(STORED_FILE, WorkOrderFileMessages.ADDRESS))
  .max(MAX_ATTACHMENTS, '最多9个附件')
  .default([]);
const userIds = z.array(z.number().int().positive()).max(20, '最多20个执行人');

const taskType = z.coerce
  .number({ error: MaintenanceMessages.TYPE_INVALID })
  .int()
  .min(1, MaintenanceMessages.TYPE_INVALID)
  .max(TASK_TYPE_MASK, MaintenanceMessages.TYPE_INVALID);

export const workOrderBody = z.object({
  title: requiredText(64),
  /** Bitmask of TaskType. */
  type: taskType,
  priority: z.coerce.number().int().min(1).max(3).default(3),
  /** The site or area it is about (null: the project as a whole). */
  groupId: z.number().int().positive().nullable().default(null),
  equipmentId: z.number().int().positive().nullable().default(null),
  description: z.string().trim().max(2000, '最多输入2000个字符').default(''),
  dueAt: time.nullable().default(null),
  /** Given at creation: the order starts 待执行 (6); none: 待分配 (2). */
  assigneeIds: userIds.default([]),
  /** The order waits for an audit (待审核, 1) before anyone works on it. */
  needsAudit: z.boolean().default(false),
  /** Photos and documents of the report (on the timeline's first entry). */
  attachments,
});
export type WorkOrderBody = z.output<typeof workOrderBody>;

/** One click from a warning: the rest is read from the warning. */
export const fromWarningBody = workOrderBody
  .omit({ title: true })
  .extend({ title: z.string().trim().max(64).optional(), type: taskType.default(2) });
export type FromWarningBody = z.output<typeof fromWarningBody>;

export const transitionBody = z.object({ note, attachments });
export const assignBody = transitionBody.extend({
  assigneeIds: userIds.min(1, MaintenanceMessages.ASSIGNEES_REQUIRED),
});

export const checklistResult = z.object({
  item: requiredText(100),
  ok: z.boolean(),
  value: z.string().trim().max(100).default(''),
});
export const measuredValue = z.object({
  name: requiredText(64),
  value: z.number(),
  unit: z.string().trim().max(16).default(''),
});
export const dosing = z.object({
  medicine: requiredText(32),
  quantity: z.number().nonnegative(),
  unit: z.string().trim().max(16).default('kg'),
});
/** What the assignee reports; spare parts used is a seam for the inventory that comes later. */
export const executionBody = transitionBody.extend({
  checklist: z.array(checklistResult).max(200).default([]),
  measurements: z.array(measuredValue).max(200).default([]),
  dosing: z.array(dosing).max(50).default([]),
  result: z.string().trim().min(1, MaintenanceMessages.RESULT_REQUIRED).max(2000),
});
export type ExecutionBody = z.output<typeof executionBody>;

export const workOrderListQuery = pageQuery.extend({
  status: z.coerce.number().int().min(1).max(13).optional(),
  /** Orders still open (OPEN_STATUSES): the project home's 未完成工单. */
  open: flag.optional(),
  /** Orders whose type mask shares a bit with this one. */
  type: z.coerce.number().int().min(1).max(TASK_TYPE_MASK).optional(),
  assigneeId: z.coerce.number().int().positive().optional(),
  /** An area or site: orders there or below. */
  siteId: z.coerce.number().int().positive().optional(),
  /** One piece of equipment's orders (the equipment detail's 工单 tab). */
  equipmentId: z.coerce.number().int().positive().optional(),
  source: z.enum(TASK_SOURCES).optional(),
  /** Part of the title, description or code. */
  keyword: z.string().trim().max(64).optional(),
  /** Creation time range. */
  startTime: time.optional(),
  stopTime: time.optional(),
  /** Orders assigned to the caller only (我的工单). */
  mine: flag.optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

const person = z.object({ id: z.number().int(), realname: z.string() });

/** Whom an order may be given to: every member of the project, unpaged (the assignee picker). */
export const assigneeOption = z.object({ id: z.number().int(), username: z.string(), realname: z.string() });
export type AssigneeOption = z.infer<typeof assigneeOption>;

/** The project's areas and sites an order may be about (flat; parentId builds the tree). */
export const siteOption = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  groupType: z.string(),
});
export type SiteOption = z.infer<typeof siteOption>;

/** The project's equipment (工单管理's 设备 filter), by code; read on the work-order menu. */
export const workOrderEquipmentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  groupName: z.string().nullable(),
});
export type WorkOrderEquipmentOption = z.infer<typeof workOrderEquipmentOption>;

/** Which warnings already have a work order (the warning list's 转工单 / 查看工单). */
export const warningOrdersQuery = z.object({
  warningIds: z
    .string()
    .regex(/^\d+(,\d+){0,99}$/, '预警编号不正确')
    .transform((text) => text.split(',').map(Number)),
});
export const warningOrder = z.object({
  warningId: z.number().int(),
  id: z.number().int(),
  code: z.string(),
  status: z.number().int(),
  statusName: z.string(),
});
export type WarningOrder = z.infer<typeof warningOrder>;

/** Statuses in which an order still waits for someone (the project home's 未完成工单). */
export const OPEN_STATUSES = TASK_STATUSES.filter((s) => !FINAL_STATUSES.includes(s));

export const warningLink = z.object({
  warningId: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  gatewayIndicatorId: z.number().int().nullable(),
  indicatorName: z.string().nullable(),
  value: z.string(),
  threshold: z.string(),
  level: z.number().int(),
  startedAt: z.number().int(),
  /** When the warning was released; null while it lasts. */
  releasedAt: z.number().int().nullable(),
});
export type WarningLink = z.infer<typeof warningLink>;

export const workOrder = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  type: z.number().int(),
  priority: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  /** A result is submitted and waits for the acceptance check. */
  submitted: z.boolean(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  equipmentId: z.number().int().nullable(),
  source: z.enum(TASK_SOURCES),
  sourceId: z.number().int().nullable(),
  description: z.string(),
  dueAt: z.number().int().nullable(),
  assignees: z.array(person),
  createdBy: person.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  overdueAt: z.number().int().nullable(),
  closedAt: z.number().int().nullable(),
});
export type WorkOrder = z.infer<typeof workOrder>;

export const timelineEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actionName: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  user: person.nullable(),
  note: z.string(),
  attachments: z.array(z.string()),
  createdAt: z.number().int(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const execution = executionBody.extend({
  submittedAt: z.number().int(),
  submittedBy: person.nullable(),
});

export const workOrderDetail = workOrder.extend({
  warning: warningLink.nullable(),
  /** What to check, inherited from the plan (empty for other orders); the execution form fills it. */
  checklist: z.array(checklistItem),
  /** Medicine and quantity the plan asks for (dosing orders). */
  plannedDosing: z.array(plannedDosing),
  execution: execution.nullable(),
  timeline: z.array(timelineEntry),
  /** The actions the caller may take now (buttons to show). */
  actions: z.array(z.string()),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;
