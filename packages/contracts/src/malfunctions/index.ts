import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';

export * from './reliability.js';

/** The menu of 设备故障记录 (docs/decisions/0056-malfunctions.md). */
export const MALFUNCTION_MENU = 'router-equipmentMalfunctionRecord';

/** How a malfunction was opened: the equipment's fault signal, a warning rule marked as a fault, or by hand. */
export const MALFUNCTION_ORIGINS = ['signal', 'warning', 'manual'] as const;
export type MalfunctionOrigin = (typeof MALFUNCTION_ORIGINS)[number];
export const MalfunctionOriginNames: Record<MalfunctionOrigin, string> = {
  signal: '故障信号',
  warning: '预警规则',
  manual: '人工上报',
};

export const MALFUNCTION_STATES = ['open', 'closed'] as const;
export type MalfunctionState = (typeof MALFUNCTION_STATES)[number];
export const MalfunctionStateNames: Record<MalfunctionState, string> = { open: '故障中', closed: '已结束' };

export const MalfunctionMessages = {
  NOT_FOUND: '故障记录不存在',
  EQUIPMENT_NOT_FOUND: '设备不存在或不属于本项目',
  EQUIPMENT_REQUIRED: '请选择设备',
  DESCRIPTION_REQUIRED: '请填写故障描述',
  ALREADY_CLOSED: '该故障已结束',
  STARTED_IN_FUTURE: '发生时间不能晚于当前时间',
  PHOTO_FORMAT: '照片只能是图片（png、jpg、gif、webp），且不超过 10MB',
  PHOTO_ADDRESS: '照片地址无效',
  HAS_ORDER: '该故障已生成工单',
  DELETE_HAS_ORDER: '该故障已生成工单，不能删除',
  DELETE_NOT_MANUAL: '只能删除人工上报的故障',
  DELETE_FORBIDDEN: '只有上报人或有删除权限的用户可以删除',
  NO_ORDER_PERMISSION: '没有新建工单的权限',
  RANGE_ORDER: '结束时间必须晚于开始时间',
  RANGE_TOO_LONG: '统计范围最长366天',
} as const;

/** Most photos one report carries. */
export const MAX_PHOTOS = 9;
/** Largest photo upload (bytes). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** What the photo upload answers: a stored image of the malfunctions folder. */
export const PHOTO_URL = /^\/iot\/files\/malfunctions\/[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp)$/;

const time = z.coerce.number().int().nonnegative();

/** 上报故障: by hand, with photos uploaded first (POST …/malfunctions/photos). */
export const reportBody = z.object({
  equipmentId: z.number({ error: MalfunctionMessages.EQUIPMENT_REQUIRED }).int().positive(),
  description: z
    .string({ error: MalfunctionMessages.DESCRIPTION_REQUIRED })
    .trim()
    .min(1, MalfunctionMessages.DESCRIPTION_REQUIRED)
    .max(500, '最多输入500个字符'),
  photos: z
    .array(z.string().regex(PHOTO_URL, MalfunctionMessages.PHOTO_ADDRESS))
    .max(MAX_PHOTOS, `最多${MAX_PHOTOS}张照片`)
    .default([]),
  /** When it began; now by default. */
  startedAt: time.optional(),
});
export type ReportBody = z.output<typeof reportBody>;
export type ReportInput = z.input<typeof reportBody>;

/** 结束: closed by hand, with what was done. */
export const closeBody = z.object({
  note: z.string().trim().max(500, '最多输入500个字符').default(''),
});

export const malfunctionListQuery = pageQuery.extend({
  equipmentId: z.coerce.number().int().positive().optional(),
  /** An area or site: malfunctions of equipment there or below. */
  siteId: z.coerce.number().int().positive().optional(),
  origin: z.enum(MALFUNCTION_ORIGINS).optional(),
  state: z.enum(MALFUNCTION_STATES).optional(),
  /** Started at or after … before (ms). */
  startTime: time.optional(),
  stopTime: time.optional(),
});
export type MalfunctionListQuery = z.infer<typeof malfunctionListQuery>;

const person = z.object({ id: z.number().int(), realname: z.string() });

export const malfunction = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  equipmentId: z.number().int(),
  equipmentName: z.string(),
  equipmentCode: z.string(),
  /** Where the equipment stands. */
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  origin: z.enum(MALFUNCTION_ORIGINS),
  originName: z.string(),
  /** The fault signal or the warning's indicator (signal and warning origins). */
  gatewayIndicatorId: z.number().int().nullable(),
  warningId: z.number().int().nullable(),
  description: z.string(),
  photos: z.array(z.string()),
  reportedBy: person.nullable(),
  startedAt: z.number().int(),
  /** null while it lasts (the screens count the duration up). */
  endedAt: z.number().int().nullable(),
  /** endedAt − startedAt; null while it lasts. */
  durationMs: z.number().int().nullable(),
  closedBy: person.nullable(),
  closeNote: z.string(),
  /** The work order made from it (转工单), if any. */
  workOrder: z.object({ id: z.number().int(), code: z.string(), status: z.number().int() }).nullable(),
  createdAt: z.number().int(),
});
export type Malfunction = z.infer<typeof malfunction>;

/** MTBF / MTTR: a range (at most a year) and optionally one site or one piece of equipment. */
export const reliabilityQuery = z
  .object({
    startTime: time,
    stopTime: time,
    siteId: z.coerce.number().int().positive().optional(),
    equipmentId: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => q.stopTime > q.startTime, { message: MalfunctionMessages.RANGE_ORDER, path: ['stopTime'] })
  .refine((q) => q.stopTime - q.startTime <= 366 * 86_400_000, {
    message: MalfunctionMessages.RANGE_TOO_LONG,
    path: ['stopTime'],
  });
export type ReliabilityQuery = z.infer<typeof reliabilityQuery>;

export const equipmentReliability = z.object({
  equipmentId: z.number().int(),
  equipmentName: z.string(),
  equipmentCode: z.string(),
  groupName: z.string().nullable(),
  failures: z.number().int(),
  repaired: z.number().int(),
  downtimeMs: z.number(),
  observedMs: z.number(),
  mtbfMs: z.number().nullable(),
  mttrMs: z.number().nullable(),
  availability: z.number().nullable(),
});
export type EquipmentReliability = z.infer<typeof equipmentReliability>;

export const reliabilityReport = z.object({
  /** Every piece of equipment in scope, the most failures first. */
  items: z.array(equipmentReliability),
  /** The figures of the whole scope (all intervals together). */
  total: equipmentReliability.omit({
    equipmentId: true,
    equipmentName: true,
    equipmentCode: true,
    groupName: true,
  }),
  now: z.number().int(),
});
export type ReliabilityReport = z.infer<typeof reliabilityReport>;

/** The equipment picker of 上报故障 (read on the malfunction menu, not the ledger's). */
export const malfunctionEquipmentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
});
export type MalfunctionEquipmentOption = z.infer<typeof malfunctionEquipmentOption>;

/** What the project's live topic `/topic/projects/{id}/malfunctions` carries. */
export const malfunctionEvent = z.object({
  type: z.enum(['opened', 'closed']),
  malfunction,
});
export type MalfunctionEvent = z.infer<typeof malfunctionEvent>;
