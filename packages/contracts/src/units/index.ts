import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';

/** A unit of the catalogue: a built-in one (every project) or one the project added. */
export const unit = z.object({
  id: z.number().int(),
  /** The symbol shown after values and stored on indicators, e.g. mg/L. */
  name: z.string(),
  /** What the symbol means, e.g. 毫克每升. */
  description: z.string(),
  /** A grouping for the picker, e.g. 浓度, 流量. */
  category: z.string(),
  /** Built-in units are offered everywhere and changed by no one. */
  builtin: z.boolean(),
  /** The project's indicators with this unit. */
  usedBy: z.number().int(),
  createdAt: z.number().int(),
});
export type Unit = z.infer<typeof unit>;

export const unitBody = z.object({
  /** As long as an indicator's unit may be. */
  name: requiredText(16),
  description: z.string().trim().max(64, '最多输入64个字符').default(''),
  category: z.string().trim().max(32, '最多输入32个字符').default(''),
});
export type UnitBody = z.output<typeof unitBody>;

export const unitListQuery = pageQuery.extend({
  /** Part of the symbol, the meaning or the category. */
  keyword: z.string().trim().max(64).optional(),
  /** builtin: only the built-in set; project: only the project's own. */
  source: z.enum(['builtin', 'project']).optional(),
});
export type UnitListQuery = z.output<typeof unitListQuery>;

/** What the indicator form's picker offers: every unit the project may use, built-in first. */
export const unitOption = unit.pick({
  id: true,
  name: true,
  description: true,
  category: true,
  builtin: true,
});
export type UnitOption = z.infer<typeof unitOption>;

export const unitNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

export const UnitMessages = {
  NAME_TAKEN: '单位名称已存在',
  NOT_FOUND: '单位不存在',
  BUILTIN_READONLY: '内置单位不能修改或删除',
  inUse: (count: number) => `该单位正被 ${count} 个指标使用，不能删除；请先修改这些指标的单位`,
} as const;
