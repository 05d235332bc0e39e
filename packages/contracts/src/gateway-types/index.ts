import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';
import { GATEWAY_MODELS, GATEWAY_TYPES } from '../gateways/enums.js';
import {
  dataIdentification,
  decimalPlaces,
  IndicatorMessages,
  indicatorEnum,
  indicatorType,
  ioType,
} from '../indicators/index.js';
import { modbusPoint, modbusSettings } from '../modbus/index.js';

/**
 * 网关类型: a template for gateways of a firm or a project (decision 0042) — the gateway type and
 * model of spec core §3, an indicator template (the thing model) and a Modbus template. A gateway
 * created or imported with a type gets its indicators (and Modbus points).
 */

const keys = <T extends Record<string, string>>(labels: T) => Object.keys(labels) as [keyof T & string];

export const GatewayTypeMessages = {
  NOT_FOUND: '网关类型不存在',
  NAME_TAKEN: '网关类型名称已存在',
  KEY_REPEATED: (key: string) => `指标模板中的数据标识「${key}」重复`,
  NAME_REPEATED: (name: string) => `指标模板中的指标名称「${name}」重复`,
  IN_USE: (count: number) => `该网关类型已被 ${count} 个网关使用，不能删除`,
} as const;

/** One indicator of the template: the project indicator (by name) and the gateway indicator. */
const templateIndicatorFields = z.object({
  /** The indicator's name; the gateway indicator's alias too. */
  name: requiredText(64),
  /** The payload key (dataIdentification). */
  identifier: dataIdentification,
  type: indicatorType,
  unit: z.string().trim().max(16).default(''),
  decimalPlaces: decimalPlaces.default(2),
  indicatorEnums: z.array(indicatorEnum).max(256).default([]),
  ioType: ioType.default('r'),
  /** Where a DTU Modbus gateway reads the value; absent: not polled. */
  modbus: modbusPoint.nullable().default(null),
});

export const templateIndicator = templateIndicatorFields.superRefine((value, context) => {
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
});
export type TemplateIndicator = z.output<typeof templateIndicator>;
export type TemplateIndicatorInput = z.input<typeof templateIndicator>;

export const gatewayTypeBody = z
  .object({
    name: requiredText(64),
    type: z.enum(keys(GATEWAY_TYPES)).default('ordinary'),
    model: z.enum(keys(GATEWAY_MODELS)).default('direct'),
    description: z.string().trim().max(200, '最多输入200个字符').default(''),
    indicators: z.array(templateIndicator).max(1000).default([]),
    /** Serial line and polling settings given to DTU Modbus gateways; null: the defaults. */
    modbusSettings: modbusSettings.nullable().default(null),
  })
  .superRefine((value, context) => {
    const keysSeen = new Set<string>();
    const namesSeen = new Set<string>();
    value.indicators.forEach((indicator, index) => {
      if (keysSeen.has(indicator.identifier))
        context.addIssue({
          code: 'custom',
          path: ['indicators', index, 'identifier'],
          message: GatewayTypeMessages.KEY_REPEATED(indicator.identifier),
        });
      if (namesSeen.has(indicator.name))
        context.addIssue({
          code: 'custom',
          path: ['indicators', index, 'name'],
          message: GatewayTypeMessages.NAME_REPEATED(indicator.name),
        });
      keysSeen.add(indicator.identifier);
      namesSeen.add(indicator.name);
    });
  });
export type GatewayTypeBody = z.output<typeof gatewayTypeBody>;
export type GatewayTypeBodyInput = z.input<typeof gatewayTypeBody>;

export const gatewayTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(keys(GATEWAY_TYPES)),
  model: z.enum(keys(GATEWAY_MODELS)),
  description: z.string(),
  /** Indicators in the template, and how many of them have a Modbus point. */
  indicatorCount: z.number().int(),
  modbusPointCount: z.number().int(),
  /** Gateways created or imported with this type. */
  gatewayCount: z.number().int(),
  createdAt: z.number().int(),
});
export type GatewayTypeSummary = z.infer<typeof gatewayTypeSummary>;

export const gatewayTypeDetail = gatewayTypeSummary.extend({
  indicators: z.array(templateIndicatorFields.extend({ modbus: modbusPoint.nullable() })),
  modbusSettings: modbusSettings.nullable(),
});
export type GatewayTypeDetail = z.infer<typeof gatewayTypeDetail>;

export const gatewayTypeOption = gatewayTypeSummary.pick({
  id: true,
  name: true,
  type: true,
  model: true,
  indicatorCount: true,
});
export type GatewayTypeOption = z.infer<typeof gatewayTypeOption>;

export const gatewayTypeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

export const gatewayTypeNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

/** The optional type of a gateway being created or imported. */
export const gatewayTypeIdField = z.number().int().positive().nullable().optional();
