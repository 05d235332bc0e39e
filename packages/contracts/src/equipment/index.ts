import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';

export * from './status.js';

import { BINDING_ROLES, EQUIPMENT_STATUSES, MANUAL_STATUSES } from './status.js';

/** The menu of 设备台账 (docs/decisions/0051-equipment-ledger.md). */
export const EQUIPMENT_MENU = 'router-equipment';
/** The menu of 工艺设备监控. */
export const EQUIPMENT_MONITOR_MENU = 'router-equipmentMonitor';

export const EquipmentMessages = {
  NOT_FOUND: '设备不存在',
  CODE_TAKEN: '设备编码已存在',
  GROUP_NOT_IN_PROJECT: '所选站点或区域不属于本项目',
  LABEL_NOT_IN_PROJECT: '所选标签不属于本项目',
  INDICATOR_NOT_IN_PROJECT: '所绑定的网关指标不存在或不属于本项目的网关',
  ROLE_REPEATED: '每种信号只能绑定一个网关指标',
  DATE_FORMAT: '日期格式应为 YYYY-MM-DD',
  WARRANTY_BEFORE_INSTALL: '质保截止日期不能早于安装日期',
  ATTACHMENT_ADDRESS: '附件地址无效',
  /** A monitoring point stands for one piece of equipment at most. */
  pointTaken: (name: string) => `该监测点已对应设备「${name}」`,
} as const;

/** A calendar day, YYYY-MM-DD (install date, warranty end); empty or null for none. */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, EquipmentMessages.DATE_FORMAT)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), EquipmentMessages.DATE_FORMAT);
const optionalDay = z
  .union([z.literal(''), day])
  .nullable()
  .default(null)
  .transform((v) => (v === '' ? null : v));
const optionalText = (max: number) => z.string().trim().max(max, `最多输入${max}个字符`).default('');

/** A stored file's address (what the attachment upload answers) with the name it was uploaded as. */
// The attachment uploader's twelve types; gif and webp stay readable for attachments stored before them.
export const ATTACHMENT_URL =
  /^\/iot\/files\/equipment\/[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp|pdf|txt|docx?|xlsx?|pptx?|zip|rar)$/;
export const attachment = z.object({
  name: requiredText(128),
  url: z.string().regex(ATTACHMENT_URL, EquipmentMessages.ATTACHMENT_ADDRESS),
});
export type Attachment = z.infer<typeof attachment>;
/** Most attachments one piece of equipment carries. */
export const MAX_ATTACHMENTS = 20;

export const bindingInput = z.object({
  role: z.enum(BINDING_ROLES),
  gatewayIndicatorId: z.number().int().positive(),
});
export type BindingInput = z.infer<typeof bindingInput>;

export const equipmentBody = z
  .object({
    name: requiredText(64),
    /** Unique in the project. */
    code: requiredText(32),
    category: optionalText(32),
    model: optionalText(64),
    manufacturer: optionalText(64),
    serialNumber: optionalText(64),
    /** The site or area (or monitoring point) it stands in; null: the project as a whole. */
    groupId: z.number().int().positive().nullable().default(null),
    installDate: optionalDay,
    warrantyEnd: optionalDay,
    ratedCapacity: z.number().nonnegative().max(1e9).nullable().default(null),
    ratedUnit: optionalText(16),
    labelIds: z.array(z.number().int().positive()).max(20, '最多20个标签').default([]),
    attachments: z.array(attachment).max(MAX_ATTACHMENTS, `最多${MAX_ATTACHMENTS}个附件`).default([]),
    /** Set by hand: under maintenance or scrapped override what the signals say. */
    manualStatus: z.enum(MANUAL_STATUSES).default('normal'),
    bindings: z.array(bindingInput).max(BINDING_ROLES.length).default([]),
    remark: optionalText(500),
  })
  .refine((b) => new Set(b.bindings.map((x) => x.role)).size === b.bindings.length, {
    message: EquipmentMessages.ROLE_REPEATED,
    path: ['bindings'],
  })
  .refine((b) => !b.installDate || !b.warrantyEnd || b.warrantyEnd >= b.installDate, {
    message: EquipmentMessages.WARRANTY_BEFORE_INSTALL,
    path: ['warrantyEnd'],
  });
export type EquipmentBody = z.output<typeof equipmentBody>;
export type EquipmentInput = z.input<typeof equipmentBody>;

export const equipmentListQuery = pageQuery.extend({
  /** Part of the name, code, model, manufacturer or serial number. */
  keyword: z.string().trim().max(64).optional(),
  category: z.string().trim().max(32).optional(),
  /** An area or site: equipment there or below. */
  groupId: z.coerce.number().int().positive().optional(),
  manualStatus: z.enum(MANUAL_STATUSES).optional(),
  labelId: z.coerce.number().int().positive().optional(),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuery>;

export const codeCheckQuery = z.object({
  code: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

/** A bound gateway indicator as the screens show it. */
export const equipmentBinding = z.object({
  role: z.enum(BINDING_ROLES),
  gatewayIndicatorId: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  /** The gateway is online now (as the list was read): an offline run signal makes the piece 无信号. */
  gatewayOnline: z.boolean(),
  /** The gateway indicator's alias and key (the live socket's metric). */
  alias: z.string(),
  dataIdentification: z.string(),
  unit: z.string(),
});
export type EquipmentBinding = z.infer<typeof equipmentBinding>;

/** The latest value of a bound indicator (null: none stored yet). */
export const latestValue = z.object({ value: z.union([z.number(), z.string()]), ts: z.number().int() });
export type LatestValue = z.infer<typeof latestValue>;

/** Run hours and starts counted from the run signal's stored points (decision 0051). */
export const runCounters = z.object({
  /** Running time over every accounted point, ms. */
  totalMs: z.number(),
  starts: z.number().int(),
  /** Today's (Asia/Shanghai) share. */
  todayMs: z.number(),
  todayStarts: z.number().int(),
  /** The last accounted point: its time and whether the signal was on. Time after it is not yet counted. */
  accountedTo: z.number().int().nullable(),
  lastOn: z.boolean().nullable(),
});
export type RunCounters = z.infer<typeof runCounters>;

export const equipment = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  category: z.string(),
  model: z.string(),
  manufacturer: z.string(),
  serialNumber: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  /** From the project root, names joined by / (进水区/格栅间): the sheet's 位置. */
  groupPath: z.string().nullable(),
  installDate: z.string().nullable(),
  warrantyEnd: z.string().nullable(),
  ratedCapacity: z.number().nullable(),
  ratedUnit: z.string(),
  labels: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  attachments: z.array(attachment),
  manualStatus: z.enum(MANUAL_STATUSES),
  remark: z.string(),
  bindings: z.array(equipmentBinding),
  /** Derived live from the bound signals' latest values and the manual status. */
  status: z.enum(EQUIPMENT_STATUSES),
  /** The latest value of each bound role. */
  values: z.record(z.string(), latestValue),
  /** Null without a run signal. */
  run: runCounters.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Equipment = z.infer<typeof equipment>;

/** The short form for pickers (work orders, malfunctions, plans). */
export const equipmentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  groupId: z.number().int().nullable(),
});
export type EquipmentOption = z.infer<typeof equipmentOption>;

export const boardQuery = z.object({
  /** An area or site: the equipment there or below; none: the whole project. */
  siteId: z.coerce.number().int().positive().optional(),
});

/** 工艺设备监控: every piece of equipment of a site with its live status and counters. */
export const equipmentBoard = z.object({
  /** The groups that hold equipment (the site picker), by tree order. */
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), groupType: z.string() })),
  items: z.array(equipment),
  /** Server time of the answer: the open run interval is counted up to here. */
  now: z.number().int(),
});
export type EquipmentBoard = z.infer<typeof equipmentBoard>;

export const runDaysQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const runDay = z.object({ day: z.string(), runMs: z.number(), starts: z.number().int() });
export type RunDay = z.infer<typeof runDay>;

/** Spec core §3 import rules, as the gateway import words them. */
export const EQUIPMENT_IMPORT_RULES = {
  overwrite: '保留已有，覆盖重复',
  skip: '保留已有，跳过重复',
  replace: '删除已有后导入',
} as const;
export type EquipmentImportRule = keyof typeof EQUIPMENT_IMPORT_RULES;
/** Headers of the ledger sheet (import and export), 名称 and 编码 required; 位置 is a path like 进水区/格栅间. */
export const EQUIPMENT_COLUMNS = [
  '名称',
  '编码',
  '类别',
  '型号',
  '生产厂家',
  '出厂编号',
  '位置',
  '安装日期',
  '质保截止',
  '额定容量',
  '容量单位',
  '标签',
  '状态',
  '备注',
] as const;
export const EQUIPMENT_IMPORT_MAX_ROWS = 2000;
export const equipmentImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  deleted: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type EquipmentImportReport = z.infer<typeof equipmentImportReport>;
export const EquipmentImportMessages = {
  TOO_MANY_ROWS: `一次最多导入 ${EQUIPMENT_IMPORT_MAX_ROWS} 行`,
  GROUP_NOT_FOUND: '位置不存在（请写从项目起的路径，如 进水区/格栅间）',
  LABEL_NOT_FOUND: (name: string) => `标签「${name}」不存在`,
  STATUS_UNKNOWN: '状态只能是“正常”“检修中”或“已报废”',
  CAPACITY_NUMBER: '额定容量请输入数字！',
  CODE_REPEATED: '编码与表中前面的行重复',
  NEEDS_UPDATE: '覆盖重复需要修改权限',
  NEEDS_DELETE: '删除已有后导入需要删除权限',
} as const;
