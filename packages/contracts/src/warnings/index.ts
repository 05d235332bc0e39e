import { z } from 'zod';
import { pageSizeOf } from '../common/envelope.js';
import { decimal, integerBetween, positiveInteger } from '../common/validation.js';

/** Warning rule kinds (docs/decisions/0018-warning-engine.md). */
export const RULE_KINDS = ['above', 'below', 'outside', 'inside', 'equals', 'rate', 'offline'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RuleKindLabels: Record<RuleKind, string> = {
  above: '高于上限',
  below: '低于下限',
  outside: '超出范围',
  inside: '处于范围内',
  equals: '等于',
  rate: '变化率超限',
  offline: '离线超时',
};

/** A rule's condition as people read it, in the settings and on each warning: "> 50", "< 6 或 > 9", "离线 ≥ 10 分钟". */
export function thresholdText(rule: {
  kind: RuleKind;
  low: number | null;
  high: number | null;
  value: string | null;
  ratePerMinute: number | null;
  offlineMinutes: number | null;
}): string {
  switch (rule.kind) {
    case 'above':
      return `> ${rule.high}`;
    case 'below':
      return `< ${rule.low}`;
    case 'outside':
      return `< ${rule.low} 或 > ${rule.high}`;
    case 'inside':
      return `${rule.low} ～ ${rule.high}`;
    case 'equals':
      return `= ${rule.value}`;
    case 'rate':
      return `每分钟变化 > ${rule.ratePerMinute}`;
    case 'offline':
      return `离线 ≥ ${rule.offlineMinutes ?? 0} 分钟`;
  }
}

/**
 * The limits a threshold text of `thresholdText` names, read back for drawing them (a warning keeps
 * the text of the rule it was raised by, whatever the rule became since): `> 50` → high 50,
 * `< 6 或 > 9` and `6 ～ 9` → low 6, high 9. Kinds without a value limit (equals, rate, offline)
 * and texts it did not write answer nulls.
 */
export function thresholdLimits(
  kind: RuleKind,
  threshold: string,
): { low: number | null; high: number | null } {
  const none = { low: null, high: null };
  const number = (text: string | undefined) => {
    const value = text === undefined ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value : null;
  };
  const match = (pattern: RegExp) => pattern.exec(threshold.trim());
  switch (kind) {
    case 'above': {
      const m = match(/^> (\S+)$/);
      return { low: null, high: number(m?.[1]) };
    }
    case 'below': {
      const m = match(/^< (\S+)$/);
      return { low: number(m?.[1]), high: null };
    }
    case 'outside': {
      const m = match(/^< (\S+) 或 > (\S+)$/);
      return { low: number(m?.[1]), high: number(m?.[2]) };
    }
    case 'inside': {
      const m = match(/^(\S+) ～ (\S+)$/);
      return { low: number(m?.[1]), high: number(m?.[2]) };
    }
    default:
      return none;
  }
}

/** Warning levels: 1 is the most severe. */
export const WARNING_LEVELS = [1, 2, 3] as const;
export const WarningLevelLabels: Record<number, string> = {
  1: '一级（严重）',
  2: '二级（重要）',
  3: '三级（一般）',
};

/** Handle statuses of spec core §3: unhandled, handled, in progress. */
export const HANDLE_STATUSES = ['unhandled', 'handling', 'handled'] as const;
export type HandleStatus = (typeof HANDLE_STATUSES)[number];
export const HandleStatusLabels: Record<HandleStatus, string> = {
  unhandled: '未处理',
  handling: '处理中',
  handled: '已处理',
};

export const WarningMessages = {
  RULE_NOT_FOUND: '预警规则不存在',
  WARNING_NOT_FOUND: '预警不存在',
  INDICATOR_NOT_IN_PROJECT: '网关指标不存在或不属于本项目',
  MODE_NOT_IN_PROJECT: '所选模式不属于本项目',
  GATEWAY_NOT_IN_PROJECT: '网关不存在或不属于本项目',
  CAMERA_NOT_IN_PROJECT: '摄像头不存在或不属于本项目',
  LIMIT_REQUIRED: '请填写阈值',
  LOW_ABOVE_HIGH: '下限不能大于上限',
  VALUE_REQUIRED: '请填写比较值',
  RATE_REQUIRED: '请填写每分钟变化量',
  OFFLINE_MINUTES_REQUIRED: '请填写离线分钟数',
  NOTE_REQUIRED: '请填写处理说明',
  RATE_POSITIVE: '每分钟变化量须大于0',
  HYSTERESIS_NEGATIVE: '解除回差不能小于0',
} as const;

/** An offline rule waits at most 30 days. */
export const MAX_OFFLINE_MINUTES = 60 * 24 * 30;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式为 HH:mm');

/** When a rule may raise warnings (local time of the project, Asia/Shanghai); null = always. */
export const ruleSchedule = z
  .object({
    /** ISO weekdays 1 (Monday) … 7 (Sunday). */
    days: z.array(z.number().int().min(1).max(7)).min(1, '请选择生效日').max(7),
    from: hhmm,
    to: hhmm,
  })
  .nullable();
export type RuleSchedule = z.infer<typeof ruleSchedule>;

/** The fields every rule has; forms check a field with the same schema (schemaRule). */
export const ruleFields = {
  name: z.string().trim().max(64).default(''),
  kind: z.enum(RULE_KINDS, { error: '请选择规则类型' }),
  level: z.coerce.number().int().min(1).max(3).default(2),
  /** Thresholds: numbers held to the decimal rule of measured values (spec core §5). */
  low: decimal().nullable().default(null),
  high: decimal().nullable().default(null),
  /** For `equals`: the value compared with (booleans as 0/1, enums by their value). */
  value: z.string().max(64).nullable().default(null),
  /** For `rate`: the largest allowed change per minute. */
  ratePerMinute: decimal()
    .refine((value) => value > 0, WarningMessages.RATE_POSITIVE)
    .nullable()
    .default(null),
  /** For `offline`: minutes without traffic. */
  offlineMinutes: positiveInteger(MAX_OFFLINE_MINUTES).nullable().default(null),
  /** The condition must hold this long (by the data's timestamps) … */
  delaySeconds: integerBetween(0, 86_400).default(0),
  /** … and for this many consecutive values before the warning is raised. */
  delayCount: integerBetween(0, 1000).default(0),
  /** Release only once the value is back this far inside the limit. */
  hysteresis: decimal()
    .refine((value) => value >= 0, WarningMessages.HYSTERESIS_NEGATIVE)
    .default(0),
  schedule: ruleSchedule.default(null),
  /** The site modes the rule is evaluated in (模式管理); empty: every mode. */
  modeIds: z.array(z.number().int().positive()).max(20).default([]),
  /** 设备故障: its warnings open a malfunction of the equipment the indicator is bound to (decision 0056). */
  equipmentFault: z.boolean().default(false),
  /** Cameras of the project shown with the rule's warnings (message headers cameraIds; decision 0064). */
  cameraIds: z.array(z.number().int().positive()).max(16).default([]),
  /** 自动抓拍: each of those cameras is snapshotted (flag 'W') when the rule fires. */
  autoCapture: z.boolean().default(false),
  enabled: z.boolean().default(true),
};

type RuleInput = {
  kind: RuleKind;
  low: number | null;
  high: number | null;
  value: string | null;
  ratePerMinute: number | null;
  offlineMinutes: number | null;
};

/** What each kind needs, with the Chinese message of what is missing. */
export function checkRuleFields(rule: RuleInput): { path: string; message: string } | null {
  const { kind, low, high } = rule;
  if (kind === 'above' && high === null) return { path: 'high', message: WarningMessages.LIMIT_REQUIRED };
  if (kind === 'below' && low === null) return { path: 'low', message: WarningMessages.LIMIT_REQUIRED };
  if (kind === 'outside' || kind === 'inside') {
    if (low === null || high === null) return { path: 'low', message: WarningMessages.LIMIT_REQUIRED };
    if (low > high) return { path: 'low', message: WarningMessages.LOW_ABOVE_HIGH };
  }
  if (kind === 'equals' && (rule.value === null || rule.value === ''))
    return { path: 'value', message: WarningMessages.VALUE_REQUIRED };
  if (kind === 'rate' && rule.ratePerMinute === null)
    return { path: 'ratePerMinute', message: WarningMessages.RATE_REQUIRED };
  if (kind === 'offline' && rule.offlineMinutes === null)
    return { path: 'offlineMinutes', message: WarningMessages.OFFLINE_MINUTES_REQUIRED };
  return null;
}

const refineRule = <T extends RuleInput>(rule: T, ctx: z.RefinementCtx) => {
  const problem = checkRuleFields(rule);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

/** A rule on one gateway indicator, or (kind offline) on one gateway. */
export const ruleBody = z
  .object({
    gatewayIndicatorId: z.number().int().positive().nullable().default(null),
    gatewayId: z.number().int().positive().nullable().default(null),
    ...ruleFields,
  })
  .superRefine(refineRule)
  .superRefine((rule, ctx) => {
    if (rule.kind === 'offline' ? rule.gatewayId === null : rule.gatewayIndicatorId === null)
      ctx.addIssue({
        code: 'custom',
        path: [rule.kind === 'offline' ? 'gatewayId' : 'gatewayIndicatorId'],
        message: rule.kind === 'offline' ? '请选择网关' : '请选择网关指标',
      });
  });
export type RuleBody = z.output<typeof ruleBody>;

/** The same rule applied to many gateway indicators (or gateways, for offline) at once. */
export const bulkRuleBody = z
  .object({
    gatewayIndicatorIds: z.array(z.number().int().positive()).max(500).default([]),
    gatewayIds: z.array(z.number().int().positive()).max(500).default([]),
    ...ruleFields,
  })
  .superRefine(refineRule)
  .refine((b) => b.gatewayIndicatorIds.length + b.gatewayIds.length > 0, {
    message: '请选择网关指标',
    path: ['gatewayIndicatorIds'],
  });
export type BulkRuleBody = z.output<typeof bulkRuleBody>;

export const warningRule = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  gatewayIndicatorId: z.number().int().nullable(),
  metric: z.string().nullable(),
  indicatorName: z.string().nullable(),
  /** The indicator's unit ('' without one; null for offline rules). */
  unit: z.string().nullable(),
  name: z.string(),
  kind: z.enum(RULE_KINDS),
  level: z.number().int(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  value: z.string().nullable(),
  ratePerMinute: z.number().nullable(),
  offlineMinutes: z.number().nullable(),
  delaySeconds: z.number().int(),
  delayCount: z.number().int(),
  hysteresis: z.number(),
  schedule: ruleSchedule,
  /** The site modes the rule is evaluated in; empty: every mode. */
  modeIds: z.array(z.number().int()),
  /** 设备故障: its warnings open and close malfunctions (decision 0056). */
  equipmentFault: z.boolean(),
  /** Cameras of the rule's warnings (ids may name cameras deleted since). */
  cameraIds: z.array(z.number().int()),
  autoCapture: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type WarningRule = z.infer<typeof warningRule>;

export const ruleListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(10),
  gatewayId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(64).optional(),
});

export const warning = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  gatewayIndicatorId: z.number().int().nullable(),
  metric: z.string().nullable(),
  indicatorName: z.string().nullable(),
  /** The indicator's unit, for the value and the threshold ('' without one; null for offline warnings). */
  unit: z.string().nullable(),
  ruleId: z.number().int().nullable(),
  kind: z.enum(RULE_KINDS),
  level: z.number().int(),
  /** The value that raised it (text: numbers in their JSON form). */
  value: z.string(),
  /** The threshold as people read it, e.g. "> 50" or "< 6 或 > 9". */
  threshold: z.string(),
  startedAt: z.number(),
  releasedAt: z.number().nullable(),
  releaseValue: z.string().nullable(),
  handleStatus: z.enum(HANDLE_STATUSES),
  handledBy: z.string().nullable(),
  handledAt: z.number().nullable(),
  /** The rule's cameras when it fired (kept with the warning; a camera may be deleted since). */
  cameraIds: z.array(z.number().int()),
  /** Whether snapshots were taken (flag 'W' at startedAt) when it fired. */
  autoCapture: z.boolean(),
});
export type Warning = z.infer<typeof warning>;

/** What the project's STOMP topic `/topic/projects/{projectId}/warnings` carries: a warning raised or released. */
export const warningEvent = z.object({
  type: z.enum(['raised', 'released']),
  warning,
});
export type WarningEvent = z.infer<typeof warningEvent>;

export const warningHandle = z.object({
  id: z.number().int(),
  status: z.enum(HANDLE_STATUSES),
  note: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The handler's real name, for people to read (null once the user is gone). */
  realname: z.string().nullable(),
  createdAt: z.number(),
});
export type WarningHandle = z.infer<typeof warningHandle>;

export const warningDetail = warning.extend({ handles: z.array(warningHandle) });
export type WarningDetail = z.infer<typeof warningDetail>;

const time = z.coerce.number().int().nonnegative();

export const warningListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(10),
  gatewayId: z.coerce.number().int().positive().optional(),
  /** An area or site of the project: only warnings of gateways placed there or below (站点首页). */
  groupId: z.coerce.number().int().positive().optional(),
  level: z.coerce.number().int().min(1).max(3).optional(),
  kind: z.enum(RULE_KINDS).optional(),
  handleStatus: z.enum(HANDLE_STATUSES).optional(),
  /** Part of the gateway's alias, the indicator's name or its data identification. */
  keyword: z.string().trim().max(64).optional(),
  /** active: not released yet; released: released. */
  state: z.enum(['active', 'released']).optional(),
  startTime: time.optional(),
  stopTime: time.optional(),
});
export type WarningListQuery = z.infer<typeof warningListQuery>;

export const handleBody = z.object({
  status: z.enum(['handling', 'handled'], { error: '请选择处理状态' }),
  note: z.string().trim().min(1, WarningMessages.NOTE_REQUIRED).max(500),
});

export const batchHandleBody = handleBody.extend({
  ids: z.array(z.number().int().positive()).min(1, '请选择预警').max(500),
});

export const analysisQuery = z
  .object({ startTime: time, stopTime: time })
  .refine((q) => q.stopTime > q.startTime, { message: '结束时间必须晚于开始时间', path: ['stopTime'] });

export const warningAnalysis = z.object({
  total: z.number().int(),
  byLevel: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  byHandleStatus: z.array(z.object({ handleStatus: z.enum(HANDLE_STATUSES), count: z.number().int() })),
  byKind: z.array(z.object({ kind: z.enum(RULE_KINDS), count: z.number().int() })),
  /** Mean time from a warning's start to its being marked 已处理, over those handled; null if none. */
  meanHandleMs: z.number().nullable(),
  byGateway: z.array(
    z.object({ gatewayId: z.number().int(), gatewayAlias: z.string(), count: z.number().int() }),
  ),
  byIndicator: z.array(
    z.object({ gatewayIndicatorId: z.number().int(), name: z.string(), count: z.number().int() }),
  ),
  /** Local days (Asia/Shanghai) as YYYY-MM-DD. */
  byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type WarningAnalysis = z.infer<typeof warningAnalysis>;

/**
 * Ready-made thresholds for treated waste water (GB 18918-2002, class 1 A), by the spec's keys.
 * The keys atcc (粪大肠菌群数) and hsb (色度) are our reading of the spec's abbreviations.
 */
export const WATER_QUALITY_TEMPLATES: {
  key: string;
  name: string;
  unit: string;
  kind: 'above' | 'outside';
  low: number | null;
  high: number;
}[] = [
  { key: 'cod', name: '化学需氧量（COD）', unit: 'mg/L', kind: 'above', low: null, high: 50 },
  { key: 'bod5', name: '五日生化需氧量（BOD5）', unit: 'mg/L', kind: 'above', low: null, high: 10 },
  { key: 'ss', name: '悬浮物（SS）', unit: 'mg/L', kind: 'above', low: null, high: 10 },
  { key: 'aavOil', name: '动植物油', unit: 'mg/L', kind: 'above', low: null, high: 1 },
  { key: 'oil', name: '石油类', unit: 'mg/L', kind: 'above', low: null, high: 1 },
  { key: 'las', name: '阴离子表面活性剂（LAS）', unit: 'mg/L', kind: 'above', low: null, high: 0.5 },
  { key: 'tn', name: '总氮（以N计）', unit: 'mg/L', kind: 'above', low: null, high: 15 },
  { key: 'nh3n', name: '氨氮（以N计）', unit: 'mg/L', kind: 'above', low: null, high: 5 },
  { key: 'tp', name: '总磷（以P计）', unit: 'mg/L', kind: 'above', low: null, high: 0.5 },
  { key: 'hsb', name: '色度（稀释倍数）', unit: '倍', kind: 'above', low: null, high: 30 },
  { key: 'ph', name: 'pH', unit: '', kind: 'outside', low: 6, high: 9 },
  { key: 'atcc', name: '粪大肠菌群数', unit: '个/L', kind: 'above', low: null, high: 1000 },
];

/** Applies the chosen limits of the water-quality template to the matching indicators of the chosen gateways. */
export const waterQualityApplyBody = z.object({
  /** The gateways it covers (of the project); their indicators are matched by data identification. */
  gatewayIds: z.array(z.number().int().positive()).min(1, '请选择网关').max(500),
  /** Template keys (cod, ph, …). */
  keys: z
    .array(
      z.string().refine((key) => WATER_QUALITY_TEMPLATES.some((t) => t.key === key), '不是水质模板的项目'),
    )
    .min(1, '请选择要应用的限值')
    .max(WATER_QUALITY_TEMPLATES.length),
  level: z.coerce.number().int().min(1).max(3).default(2),
});
export type WaterQualityApplyBody = z.output<typeof waterQualityApplyBody>;
