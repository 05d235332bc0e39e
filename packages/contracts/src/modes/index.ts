import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { integerBetween, requiredText } from '../common/validation.js';

/** A named operating mode of the project's sites, e.g. 自动, 手动, 检修. */
export const mode = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  sort: z.number().int(),
  /** Sites currently in this mode. */
  siteCount: z.number().int(),
  /** Warning rules limited to this mode (among others). */
  ruleCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Mode = z.infer<typeof mode>;

export const modeBody = z.object({
  name: requiredText(32),
  color: z.string().trim().max(16).default('blue'),
  description: z.string().trim().max(200, '最多输入200个字符').default(''),
  sort: integerBetween(0, 9999).default(0),
});
export type ModeBody = z.output<typeof modeBody>;

export const modeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

export const modeOption = mode.pick({ id: true, name: true, color: true });
export type ModeOption = z.infer<typeof modeOption>;

export const modeNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

/** A site (group of type site) of the project and the mode it is in. */
export const siteMode = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  /** The area it sits in ('' directly under the project). */
  parentName: z.string(),
  modeId: z.number().int().nullable(),
  modeName: z.string().nullable(),
  changedAt: z.number().int().nullable(),
});
export type SiteMode = z.infer<typeof siteMode>;

export const siteModeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

/** Switching a site's mode; null clears it. */
export const siteModeBody = z.object({
  modeId: z.number().int().positive().nullable(),
});

export const ModeMessages = {
  NAME_TAKEN: '模式名称已存在',
  NOT_FOUND: '模式不存在',
  SITE_NOT_FOUND: '站点不存在',
  NOT_IN_PROJECT: '所选模式不属于本项目',
  inUse: (sites: number, rules: number) =>
    `该模式正被使用（${sites} 个站点处于该模式，${rules} 条预警规则限定于该模式），不能删除`,
} as const;
