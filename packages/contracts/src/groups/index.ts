import { z } from 'zod';
import { requiredText, SPREADSHEET_UNREADABLE_MESSAGE } from '../common/validation.js';

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
  /** A monitoring point: a leaf showing the gateway indicators linked to it (docs/decisions/0015). */
  isMonitor: boolean;
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
    isMonitor: z.boolean(),
    children: z.array(groupNode),
  }),
);

export const createGroupBody = z.object({
  name: requiredText(64),
  groupType: z.enum(['area', 'site']),
  siteType: z.enum(SITE_TYPES).nullable().default(null),
  /** Without it the new group goes after its last sibling. */
  sort: z.number().int().min(0).optional(),
  /** Create it as a monitoring point (a leaf that gateway indicators are linked to). */
  isMonitor: z.boolean().default(false),
});
export const updateGroupBody = z.object({
  name: requiredText(64).optional(),
  siteType: z.enum(SITE_TYPES).nullable().optional(),
  sort: z.number().int().min(0).optional(),
  /** Mark or unmark as a monitoring point; unmarking drops its linked gateway indicators. */
  isMonitor: z.boolean().optional(),
});

/** Most gateway indicators one monitoring point links. */
export const MONITOR_MAX_INDICATORS = 500;
/** The gateway indicators a monitoring point shows, as a whole set (attach and detach in one call). */
export const monitorIndicatorsBody = z.object({
  gatewayIndicatorIds: z
    .array(z.number().int().positive())
    .max(MONITOR_MAX_INDICATORS, `一个监测点最多关联 ${MONITOR_MAX_INDICATORS} 个网关指标`),
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
  MONITOR_NO_CHILDREN: '监测点下不能再建分组',
  MONITOR_HAS_CHILDREN: '该分组下还有子分组，不能设为监测点',
  NOT_MONITOR: '该分组不是监测点，不能关联网关指标',
  INDICATOR_NOT_IN_PROJECT: '网关指标不存在或不属于本项目的网关',
  ORDER_NOT_CHILDREN: '只能排序该分组的直接子分组',
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

/** A gateway indicator as the group tree and a monitoring point show it. */
export const groupTreeIndicator: z.ZodType<GroupTreeIndicator> = z.object({
  id: z.number().int(),
  gatewayId: z.number().int(),
  gatewayAlias: z.string(),
  alias: z.string(),
  dataIdentification: z.string(),
});

/**
 * A node of the group tree call (spec core §3). A monitoring point (isMonitor) carries the
 * indicators linked to it besides those of gateways bound to it; other nodes those of their gateways.
 */
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
    gatewayIndicators: z.array(groupTreeIndicator),
  }),
);

/** Site type labels (spec core §3: M-A type, container). */
export const SITE_TYPE_LABELS: Record<(typeof SITE_TYPES)[number], string> = {
  'M-A': 'M-A型',
  container: '集装箱型',
};

/** Most children one order call arranges. */
export const GROUP_ORDER_MAX = 1000;
/**
 * Drag to reorder: the direct children of a group in their new order. Listed children get sort
 * 0, 1, 2…; children not listed keep their relative order after them.
 */
export const groupOrderBody = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, '请给出子分组的顺序')
    .max(GROUP_ORDER_MAX, `一次最多排序 ${GROUP_ORDER_MAX} 个分组`),
});

/** Import rules a group sheet takes: a same-named sibling is kept as is, or updated from the row. */
export const GROUP_IMPORT_RULES = { skip: '保留已有，跳过重复', overwrite: '保留已有，覆盖重复' } as const;
export type GroupImportRule = keyof typeof GROUP_IMPORT_RULES;
/** Headers of a group sheet (after removing * and 必填); 上级 is a path like 进水区/一期, empty for the root. */
export const GROUP_IMPORT_COLUMNS = ['名称', '上级', '类型', '站点类型', '监测点'] as const;
/** Most rows one group sheet may hold. */
export const GROUP_IMPORT_MAX_ROWS = 2000;

export const groupImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type GroupImportReport = z.infer<typeof groupImportReport>;

export const GroupImportMessages = {
  NAME_REQUIRED: '名称不能为空',
  NAME_TOO_LONG: '名称最多 64 个字符',
  TYPE_UNKNOWN: '类型只能是“区域”或“站点”',
  SITE_TYPE_UNKNOWN: '站点类型只能是“M-A型”或“集装箱型”',
  PARENT_NOT_FOUND: '上级分组不存在',
  TYPE_DIFFERS: '已有同名分组，但类型不同',
  TOO_MANY_ROWS: `一次最多导入 ${GROUP_IMPORT_MAX_ROWS} 行`,
  UNREADABLE: SPREADSHEET_UNREADABLE_MESSAGE,
} as const;
