import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';

/** What a label can be attached to (equipment joins when it exists). */
export const LABEL_TARGETS = ['gateway', 'group'] as const;
export type LabelTarget = (typeof LABEL_TARGETS)[number];

/** Tag colours the screens offer (Ant Design preset names). */
export const LABEL_COLORS = [
  'blue',
  'green',
  'orange',
  'red',
  'purple',
  'cyan',
  'gold',
  'magenta',
  'geekblue',
  'volcano',
] as const;

export const label = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  /** Gateways of the project carrying the label. */
  gatewayCount: z.number().int(),
  /** Groups (areas, sites) of the project carrying the label. */
  groupCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Label = z.infer<typeof label>;

export const labelBody = z.object({
  name: requiredText(32),
  color: z.enum(LABEL_COLORS).default('blue'),
  description: z.string().trim().max(200, '最多输入200个字符').default(''),
});
export type LabelBody = z.output<typeof labelBody>;

export const labelListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
});

/** The short form for pickers and filters. */
export const labelOption = label.pick({ id: true, name: true, color: true });
export type LabelOption = z.infer<typeof labelOption>;

/** What a label is attached to: the whole set replaces the one before. */
export const labelTargets = z.object({
  gatewayIds: z.array(z.number().int().positive()).max(5000).default([]),
  groupIds: z.array(z.number().int().positive()).max(5000).default([]),
});
export type LabelTargets = z.output<typeof labelTargets>;

/** What a label can be attached to in the project: its gateways and its areas and sites. */
export const labelTargetOptions = z.object({
  gateways: z.array(z.object({ id: z.number().int(), alias: z.string(), serialNumber: z.string() })),
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Null directly under the project. */
      parentId: z.number().int().nullable(),
      groupType: z.string(),
    }),
  ),
});
export type LabelTargetOptions = z.infer<typeof labelTargetOptions>;

export const labelNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

export const LabelMessages = {
  NAME_TAKEN: '标签名称已存在',
  NOT_FOUND: '标签不存在',
  TARGET_NOT_IN_PROJECT: '所选网关或分组不属于本项目',
  inUse: (gateways: number, groups: number) =>
    `该标签已关联 ${gateways} 个网关、${groups} 个分组，不能删除；请先取消关联`,
} as const;
