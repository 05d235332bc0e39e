import { z } from 'zod';

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

/** Spec core §9: custom field decimal places 6. */
export const MAX_DECIMAL_PLACES = 6;
export const decimalPlaces = z.number().int().min(0).max(MAX_DECIMAL_PLACES);

/** A point's value as stored: numbers (float, integer, boolean 0/1, enum) or text. */
export type PointValue = number | string;
