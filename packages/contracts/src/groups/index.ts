import { z } from 'zod';
import { requiredText } from '../common/validation.js';

/** Group types of spec core §1; a project is the root group of its tree. */
export const GROUP_TYPES = ['project', 'area', 'site'] as const;
export const groupType = z.enum(GROUP_TYPES);
export type GroupType = z.infer<typeof groupType>;
/** Site types of spec core §3. */
export const SITE_TYPES = ['M-A', 'container'] as const;

export interface GroupNode {
  id: number;
  name: string;
  parentId: number | null;
  parentName: string | null;
  groupType: GroupType;
  siteType: string | null;
  sort: number;
  children: GroupNode[];
}

export const groupNode: z.ZodType<GroupNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    parentName: z.string().nullable(),
    groupType,
    siteType: z.string().nullable(),
    sort: z.number().int(),
    children: z.array(groupNode),
  }),
);

export const createGroupBody = z.object({
  name: requiredText(64),
  groupType: z.enum(['area', 'site']),
  siteType: z.enum(SITE_TYPES).nullable().default(null),
  sort: z.number().int().min(0).default(0),
});
export const updateGroupBody = z.object({
  name: requiredText(64).optional(),
  siteType: z.enum(SITE_TYPES).nullable().optional(),
  sort: z.number().int().min(0).optional(),
});

/** One level of the breadcrumb: the group on the path and its siblings to switch to. */
export const navLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  groupType,
  siblings: z.array(z.object({ id: z.number().int(), name: z.string(), groupType })),
});
export const projectNav = z.object({
  projectGroupId: z.number().int(),
  groupDisplayName: z.string(),
  path: z.array(navLevel),
});

export const GroupMessages = {
  NOT_FOUND: '分组不存在',
  NAME_TAKEN: '同级分组名称已存在',
  HAS_CHILDREN: '该分组下还有子分组，不能删除',
  PROJECT_ROOT: '项目根分组不能在此修改或删除',
  SITE_NO_CHILDREN: '站点下不能再建分组',
} as const;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** A list of ids as `1,2,3` (or a repeated parameter); empty means no filter. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v.join(',') : (v ?? '')).split(',').filter((p) => p.trim() !== '');
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'id 列表格式错误' });
      return z.NEVER;
    }
    return ids.length > 0 ? ids : undefined;
  });

/** The group tree call of spec core §7. */
export const groupTreeQuery = z.object({
  parentId: z.coerce.number().int().positive().optional(),
  generateDefault: flag,
  includeSelf: flag,
  gatewayIds: idList,
  indicatorCategoryIds: idList,
  gatewayIndicatorIds: idList,
});

/** Levels of the tree as named in the group tree call. */
export const GROUP_LEVEL_NAMES: Record<GroupType, string> = { project: '项目', area: '区域', site: '站点' };

export interface GroupTreeIndicator {
  id: number;
  gatewayId: number;
  gatewayAlias: string;
  alias: string;
  dataIdentification: string;
}

/** A node of the group tree call (spec core §3). */
export interface GroupTreeNode {
  id: number;
  name: string;
  parentName: string | null;
  equipmentId: number | null;
  equipmentName: string | null;
  groupLevelName: string;
  isMonitor: boolean;
  children: GroupTreeNode[];
  gatewayIndicators: GroupTreeIndicator[];
}

export const groupTreeNode: z.ZodType<GroupTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentName: z.string().nullable(),
    equipmentId: z.number().int().nullable(),
    equipmentName: z.string().nullable(),
    groupLevelName: z.string(),
    isMonitor: z.boolean(),
    children: z.array(groupTreeNode),
    gatewayIndicators: z.array(
      z.object({
        id: z.number().int(),
        gatewayId: z.number().int(),
        gatewayAlias: z.string(),
        alias: z.string(),
        dataIdentification: z.string(),
      }),
    ),
  }),
);
