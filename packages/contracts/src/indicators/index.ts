import { z } from 'zod';
import { pageSizeOf } from '../common/envelope.js';
import { GATEWAY_INDICATOR_PAGE_SIZE, MAX_DECIMAL_PLACES } from '../common/limits.js';
import { type DecimalRule, integerBetween, MEASURED_VALUE, requiredText } from '../common/validation.js';
import { IO_TYPES } from '../gateways/enums.js';

/** Indicator value types (spec core §3). */
export const INDICATOR_TYPES = {
  float: '浮点数',
  integer: '整数',
  boolean: '布尔',
  text: '文本',
  enum: '枚举',
} as const;
export type IndicatorType = keyof typeof INDICATOR_TYPES;
export const indicatorType = z.enum(['float', 'integer', 'boolean', 'text', 'enum']);

/** One value of an enum indicator and its label. */
export const indicatorEnum = z.object({ value: z.number().int(), label: z.string().trim().min(1).max(32) });
export type IndicatorEnum = z.infer<typeof indicatorEnum>;

export { GATEWAY_INDICATOR_PAGE_SIZE, MAX_DECIMAL_PLACES };
export const decimalPlaces = integerBetween(0, MAX_DECIMAL_PLACES);

/** A point's value as stored: numbers (float, integer, boolean 0/1, enum) or text. */
export type PointValue = number | string;

/**
 * The decimal rule (spec core §5) for a value a person types for an indicator (手动录入, 数据修复):
 * the integer digits of measured values, and no more decimals than the indicator shows — none for
 * an integer indicator — so a typed value is never rounded silently.
 */
export function indicatorValueRule(type: IndicatorType, decimalPlaces: number): DecimalRule {
  return { ...MEASURED_VALUE, maxDecimals: type === 'integer' ? 0 : decimalPlaces };
}

export const IndicatorMessages = {
  NOT_FOUND: '指标不存在',
  NAME_TAKEN: '指标名称已存在',
  IN_USE: '该指标正在被网关指标使用，不能删除',
  TYPE_IN_USE: '该指标正在被网关指标使用，不能修改类型',
  ENUMS_REQUIRED: '枚举类型的指标至少需要一个枚举值',
  ENUMS_UNIQUE: '枚举值不能重复',
  ENUMS_ONLY_FOR_ENUM: '只有枚举类型的指标才能设置枚举值',
  GATEWAY_INDICATOR_NOT_FOUND: '网关指标不存在',
  DATA_IDENTIFICATION_TAKEN: '该网关已有相同的数据标识',
  DATA_IDENTIFICATION_FORMAT: '数据标识只能包含字母、数字和 _ . : -，1～64位',
  /** Spec core §8: the web shows this for code 40000 with data starting 411:. */
  QUOTA_EXCEEDED: '指标数量超过限制',
  /** A project suspended by its pay state (D, E, F; decision 0068) adds no monitoring items. */
  PROJECT_SUSPENDED: '项目已停用（欠费或合同终止），无法新增监测项',
  /** Spec core §5, exactly. */
  THING_MODEL_FILE: '上传的文件格式不正确,请选择.json类型的物模型文件',
  TYPE_CONFLICT: '目标项目中已有同名但类型不同的指标',
} as const;

/** The enum rule of spec core §3: enum indicators need values, unique ones; other types none. */
function checkEnums(
  value: { type: IndicatorType; indicatorEnums: IndicatorEnum[] },
  context: z.RefinementCtx,
): void {
  const path = ['indicatorEnums'];
  if (value.type !== 'enum') {
    if (value.indicatorEnums.length > 0)
      context.addIssue({ code: 'custom', path, message: IndicatorMessages.ENUMS_ONLY_FOR_ENUM });
    return;
  }
  if (value.indicatorEnums.length === 0)
    context.addIssue({ code: 'custom', path, message: IndicatorMessages.ENUMS_REQUIRED });
  const values = value.indicatorEnums.map((e) => e.value);
  if (new Set(values).size !== values.length)
    context.addIssue({ code: 'custom', path, message: IndicatorMessages.ENUMS_UNIQUE });
}

/** A project's indicator: what is measured, its type, unit and display precision. */
export const indicator = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  type: indicatorType,
  unit: z.string(),
  decimalPlaces: z.number().int(),
  indicatorEnums: z.array(indicatorEnum),
  /** How many gateway indicators use it (it cannot be deleted while any does). */
  usedCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Indicator = z.infer<typeof indicator>;

export const indicatorBody = z
  .object({
    name: requiredText(64),
    type: indicatorType,
    unit: z.string().trim().max(16).default(''),
    decimalPlaces: decimalPlaces.default(2),
    indicatorEnums: z.array(indicatorEnum).max(256).default([]),
  })
  .superRefine(checkEnums);

export const indicatorListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(10),
  keyword: z.string().trim().max(64).optional(),
  type: indicatorType.optional(),
});

/** The payload key a device sends for a gateway indicator. */
export const DATA_IDENTIFICATION_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
export const dataIdentification = z
  .string()
  .trim()
  .regex(DATA_IDENTIFICATION_PATTERN, IndicatorMessages.DATA_IDENTIFICATION_FORMAT);

export const ioType = z.enum(Object.keys(IO_TYPES) as ['r', 'w', 'rw']);

/** The indicator a gateway indicator measures, as the gateway indicator carries it. */
export const indicatorSummary = indicator.pick({
  id: true,
  name: true,
  type: true,
  unit: true,
  decimalPlaces: true,
  indicatorEnums: true,
});

/** One point of a gateway: an indicator of the project read (or written) under a payload key. */
export const gatewayIndicator = z.object({
  id: z.number().int(),
  gatewayId: z.number().int(),
  indicatorId: z.number().int(),
  indicator: indicatorSummary,
  alias: z.string(),
  dataIdentification: z.string(),
  ioType,
  /** Overrides the indicator's decimal places; null uses the indicator's. */
  decimalPlaces: z.number().int().nullable(),
  isAutoReposition: z.boolean(),
  /** Seconds before an automatic reposition. */
  repositionDelay: z.number().int(),
  createdAt: z.number().int(),
});
export type GatewayIndicator = z.infer<typeof gatewayIndicator>;

export const gatewayIndicatorBody = z.object({
  indicatorId: z.number().int().positive(),
  alias: requiredText(64),
  dataIdentification,
  ioType: ioType.default('r'),
  decimalPlaces: decimalPlaces.nullable().default(null),
  isAutoReposition: z.boolean().default(false),
  repositionDelay: integerBetween(0, 86_400).default(0),
});

export const gatewayIndicatorListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(GATEWAY_INDICATOR_PAGE_SIZE),
  keyword: z.string().trim().max(64).optional(),
});

/** A project's gateway indicator quota; `left` is -1 when unlimited and negative when over. */
export const indicatorQuota = z.object({
  max: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
});
export type IndicatorQuota = z.infer<typeof indicatorQuota>;

/** `data` of a quota refusal starts with this code (spec core §8): `411:{max}:{used}:{needed}`. */
export const QUOTA_REFUSAL_CODE = 411;
/**
 * With `projectId` when the project short of room is not the caller's (a project a gateway is shared
 * into, decision 0069): `411:{max}:{used}:{needed}:{projectId}`.
 */
export function quotaRefusalData(max: number, used: number, needed: number, projectId?: number): string {
  const base = `${QUOTA_REFUSAL_CODE}:${max}:${used}:${needed}`;
  return projectId === undefined ? base : `${base}:${projectId}`;
}
export function isQuotaRefusal(data: unknown): boolean {
  return typeof data === 'string' && data.startsWith(`${QUOTA_REFUSAL_CODE}:`);
}

/** Thing-model JSON (spec core §3): property types as device makers write them. */
export const THING_MODEL_TYPES = ['float', 'double', 'int', 'bool', 'text', 'enum'] as const;
const numberLike = z.union([z.number(), z.string().trim()]);

export const thingModelProperty = z.object({
  name: requiredText(64),
  identifier: dataIdentification,
  desc: z.string().optional(),
  accessMode: ioType.default('r'),
  dataType: z.object({
    type: z.enum(THING_MODEL_TYPES),
    specs: z
      .object({
        step: numberLike.optional(),
        unit: z.string().trim().max(16).optional(),
        min: numberLike.optional(),
        max: numberLike.optional(),
        /** `{"0": "关", "1": "开"}` as device makers write it, or `[{value, label}]`. */
        enum: z
          .union([
            z.record(z.string().regex(/^-?\d+$/), z.string().trim().min(1).max(32)),
            z.array(indicatorEnum),
          ])
          .optional(),
      })
      .default({}),
  }),
});
export type ThingModelProperty = z.infer<typeof thingModelProperty>;

export const thingModel = z.object({ properties: z.array(thingModelProperty).max(2000) });

export function isThingModelFileName(fileName: string): boolean {
  return /\.json$/i.test(fileName.trim());
}

export const thingModelImportBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  model: thingModel,
});

export const thingModelImportResult = z.object({
  /** Gateway indicators created, and properties skipped because the gateway already had the key. */
  created: z.number().int(),
  skipped: z.number().int(),
  /** Project indicators created because no indicator of that name existed. */
  indicatorsCreated: z.number().int(),
});
export type ThingModelImportResult = z.infer<typeof thingModelImportResult>;
