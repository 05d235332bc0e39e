import { z } from 'zod';
import { auditStatus } from '../audits/index.js';
import { pageSizeOf } from '../common/envelope.js';
import { decimalProblem, MEASURED_VALUE } from '../common/validation.js';

/** At most this many points in one repair (explicit points, or points a rule touches). */
export const MAX_REPAIR_POINTS = 10_000;
/** The longest range one repair may cover. */
export const MAX_REPAIR_RANGE_MS = 31 * 24 * 3_600_000;
export const MAX_REPAIR_DESCRIPTION = 200;

/**
 * Rules a repair may apply over its range (docs/decisions/0019-data-repair-and-audits.md):
 * constant — every stored point in the range takes the value;
 * interpolate — every stored point in the range takes the straight line between the last point
 *   before the range and the first point after it (numbers only);
 * scale — every point is multiplied by the value; offset — the value is added (numbers only);
 * delete — the points of the range are removed.
 */
export const REPAIR_RULES = {
  constant: '设为常量',
  interpolate: '线性插值',
  scale: '按系数缩放',
  offset: '加减偏移',
  delete: '删除数据',
} as const;
export type RepairRuleKind = keyof typeof REPAIR_RULES;
export const repairRuleKind = z.enum(['constant', 'interpolate', 'scale', 'offset', 'delete'], {
  error: '请选择修复规则',
});
/** Rules that only make sense on numbers. */
export const NUMERIC_RULES: RepairRuleKind[] = ['interpolate', 'scale', 'offset'];
/** Rules that need a value. */
export const VALUED_RULES: RepairRuleKind[] = ['constant', 'scale', 'offset'];

export const REPAIR_MODES = { points: '逐点修正', rule: '按规则修正' } as const;
export type RepairMode = keyof typeof REPAIR_MODES;

export const RepairMessages = {
  INDICATOR_REQUIRED: '请选择网关指标',
  RANGE_ORDER: '结束时间必须晚于开始时间',
  RANGE_TOO_LONG: '修复时间段不能超过31天',
  POINTS_REQUIRED: '请至少修正一个点',
  TOO_MANY_POINTS: `修正点不能超过${MAX_REPAIR_POINTS}个`,
  POINT_OUT_OF_RANGE: '修正点的时间必须在修复时间段内',
  POINT_DUPLICATE: '修正点的时间不能重复',
  RULE_REQUIRED: '请选择修复规则',
  RULE_VALUE_REQUIRED: '请输入规则的数值',
  DESCRIPTION_REQUIRED: '请填写修复说明',
  DESCRIPTION_TOO_LONG: `修复说明不能超过${MAX_REPAIR_DESCRIPTION}个字符`,
  NUMERIC_RULE_ONLY: '只有浮点或整数指标可以线性插值、缩放或偏移',
  NO_ANCHORS: '修复时间段前后都需要有数据才能线性插值',
  RANGE_TOO_MANY_POINTS: `修复时间段内的数据点超过${MAX_REPAIR_POINTS}个，请缩小时间段`,
  NOTHING_TO_CHANGE: '修复时间段内没有需要修改的数据',
  OVERLAP: '该指标在此时间段内已有待审批的数据修复',
  INDICATOR_NOT_FOUND: '网关指标不存在',
  NOT_FOUND: '数据修复记录不存在',
  WITHDRAW_NOT_PENDING: '只能撤回待审批的数据修复',
  WITHDRAW_NOT_OWN: '只能撤回自己提交的数据修复',
} as const;

const time = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: '时间格式错误' });
    return z.NEVER;
  }
  return Math.trunc(ms);
});

/** A stored or proposed value; numbers for numeric indicators, text for text ones. */
export const pointValue = z.union([z.number(), z.string()]);
export type RepairValue = z.infer<typeof pointValue>;

/** One explicit correction: the value at ts (replacing a stored point or adding one); null deletes it. */
export const repairPoint = z.object({
  ts: z.number().int(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
});
export type RepairPoint = z.infer<typeof repairPoint>;

export const repairRule = z.object({
  kind: repairRuleKind,
  /** The constant, the factor or the offset. */
  value: z.union([z.number(), z.string(), z.boolean()]).optional(),
});
export type RepairRule = z.infer<typeof repairRule>;

const proposalShape = {
  gatewayIndicatorId: z.coerce
    .number({ error: RepairMessages.INDICATOR_REQUIRED })
    .int()
    .positive(RepairMessages.INDICATOR_REQUIRED),
  startTime: time,
  stopTime: time,
  mode: z.enum(['points', 'rule'], { error: '请选择修正方式' }),
  points: z.array(repairPoint).optional(),
  rule: repairRule.optional(),
};

type ProposalInput = {
  startTime: number;
  stopTime: number;
  mode: RepairMode;
  points?: RepairPoint[] | undefined;
  rule?: RepairRule | undefined;
};

/** The checks a proposal passes before the server looks at the indicator's type. */
function checkProposal(p: ProposalInput, ctx: z.RefinementCtx): void {
  if (p.stopTime <= p.startTime) {
    ctx.addIssue({ code: 'custom', message: RepairMessages.RANGE_ORDER, path: ['stopTime'] });
    return;
  }
  if (p.stopTime - p.startTime > MAX_REPAIR_RANGE_MS)
    ctx.addIssue({ code: 'custom', message: RepairMessages.RANGE_TOO_LONG, path: ['stopTime'] });
  if (p.mode === 'points') {
    const points = p.points ?? [];
    if (points.length === 0)
      ctx.addIssue({ code: 'custom', message: RepairMessages.POINTS_REQUIRED, path: ['points'] });
    if (points.length > MAX_REPAIR_POINTS)
      ctx.addIssue({ code: 'custom', message: RepairMessages.TOO_MANY_POINTS, path: ['points'] });
    const seen = new Set<number>();
    points.forEach((point, index) => {
      if (point.ts < p.startTime || point.ts >= p.stopTime)
        ctx.addIssue({ code: 'custom', message: RepairMessages.POINT_OUT_OF_RANGE, path: ['points', index] });
      if (seen.has(point.ts))
        ctx.addIssue({ code: 'custom', message: RepairMessages.POINT_DUPLICATE, path: ['points', index] });
      seen.add(point.ts);
    });
    return;
  }
  if (!p.rule) {
    ctx.addIssue({ code: 'custom', message: RepairMessages.RULE_REQUIRED, path: ['rule'] });
    return;
  }
  const { kind, value } = p.rule;
  if (VALUED_RULES.includes(kind) && (value === undefined || value === ''))
    ctx.addIssue({ code: 'custom', message: RepairMessages.RULE_VALUE_REQUIRED, path: ['rule', 'value'] });
  else if (kind === 'scale' || kind === 'offset') {
    // A factor or an offset: the decimal rule of measured values (spec core §5).
    const problem = decimalProblem(value, MEASURED_VALUE);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['rule', 'value'] });
  }
}

/** POST /iot/dataRepair/preview?groupId= — what a proposal would change, without submitting it. */
export const repairProposal = z.object(proposalShape).superRefine(checkProposal);
export type RepairProposal = z.infer<typeof repairProposal>;

/** POST /iot/dataRepair?groupId= — submit a repair for audit. */
export const repairSubmission = z
  .object({
    ...proposalShape,
    description: z
      .string({ error: RepairMessages.DESCRIPTION_REQUIRED })
      .trim()
      .min(1, RepairMessages.DESCRIPTION_REQUIRED)
      .max(MAX_REPAIR_DESCRIPTION, RepairMessages.DESCRIPTION_TOO_LONG),
  })
  .superRefine(checkProposal);
export type RepairSubmission = z.infer<typeof repairSubmission>;

export const groupQuery = z.object({ groupId: z.coerce.number().int().positive() });

/** GET /iot/dataRepair?groupId= */
export const repairListQuery = groupQuery.extend({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(10, 100),
  auditStatus: z.coerce.number().pipe(auditStatus).optional(),
  gatewayIndicatorId: z.coerce.number().int().positive().optional(),
});
export type RepairListQuery = z.infer<typeof repairListQuery>;

/** GET /iot/dataRepair/points?groupId=&gatewayIndicatorId=&startTime=&stopTime= */
export const repairPointsQuery = groupQuery
  .extend({
    gatewayIndicatorId: z.coerce.number().int().positive(),
    startTime: z.coerce.number().int(),
    stopTime: z.coerce.number().int(),
  })
  .refine((q) => q.stopTime > q.startTime, { message: RepairMessages.RANGE_ORDER, path: ['stopTime'] })
  .refine((q) => q.stopTime - q.startTime <= MAX_REPAIR_RANGE_MS, {
    message: RepairMessages.RANGE_TOO_LONG,
    path: ['stopTime'],
  });

export const storedPoint = z.object({ ts: z.number(), value: pointValue });
export type StoredPoint = z.infer<typeof storedPoint>;

/** The stored points of a range, and the nearest points outside it (the anchors of interpolation). */
export const rangePoints = z.object({
  points: z.array(storedPoint),
  before: storedPoint.nullable(),
  after: storedPoint.nullable(),
  /** More than MAX_REPAIR_POINTS points: only the first are listed and the range cannot be repaired. */
  truncated: z.boolean(),
});
export type RangePoints = z.infer<typeof rangePoints>;

/** One change of a repair: before null = no point there (added); after null = the point is deleted. */
export const repairChange = z.object({
  ts: z.number(),
  before: pointValue.nullable(),
  after: pointValue.nullable(),
});
export type RepairChange = z.infer<typeof repairChange>;

/** A gateway indicator the repair screen can pick. */
export const repairableIndicator = z.object({
  gatewayIndicatorId: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  serialNumber: z.string(),
  alias: z.string(),
  dataIdentification: z.string(),
  type: z.string(),
  unit: z.string(),
  decimalPlaces: z.number().int(),
});
export type RepairableIndicator = z.infer<typeof repairableIndicator>;

/** Spec platform-core §3: auditStatus, gatewayIndicatorId and the time range, with the proposal. */
export const dataRepair = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  gatewayIndicatorId: z.number().int(),
  indicatorAlias: z.string(),
  dataIdentification: z.string(),
  indicatorType: z.string(),
  unit: z.string(),
  startTime: z.number(),
  stopTime: z.number(),
  mode: z.enum(['points', 'rule']),
  rule: repairRule.nullable(),
  /** Explicit points proposed (mode points). */
  points: z.array(repairPoint),
  description: z.string(),
  auditStatus,
  auditRecordId: z.number().int().nullable(),
  submittedBy: z.number().int().nullable(),
  submitterName: z.string(),
  submittedAt: z.number(),
  auditedBy: z.number().int().nullable(),
  auditorName: z.string(),
  auditedAt: z.number().nullable(),
  reason: z.string(),
  /** Points written or deleted when approved; null before. */
  appliedCount: z.number().int().nullable(),
});
export type DataRepair = z.infer<typeof dataRepair>;

/**
 * A repair with its changes: for an approved repair the originals kept at approval and the values
 * written; otherwise what it would change in the data as stored now.
 */
export const dataRepairDetail = dataRepair.extend({
  changes: z.array(repairChange),
  /** True when the changes are the applied ones (kept originals), false for a preview. */
  applied: z.boolean(),
});
export type DataRepairDetail = z.infer<typeof dataRepairDetail>;

export const repairPreview = z.object({ changes: z.array(repairChange) });
export type RepairPreview = z.infer<typeof repairPreview>;
