import { z } from 'zod';
import { pageSizeOf } from '../common/envelope.js';
import { imageAddress, integerBetween, requiredText } from '../common/validation.js';
import { payStatus } from './pay-status.js';

export * from './pay-status.js';

/** Project settings loaded on entering a project: spec core §3, field for field. */
export const projectSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  projectGroupId: z.number().int(),
  projectTypeId: z.number().int().nullable(),
  groupDisplayName: z.string(),
  logoUrl: z.string(),
  payStatus,
  canEntryData: z.boolean(),
  canManageGatewayData: z.boolean(),
  enableMonitor: z.boolean(),
  gatewayIndicatorSelectStyle: z.number().int(),
  gatewayStyle: z.number().int(),
  canUnbindGateway: z.boolean(),
  canChangeBindGateway: z.boolean(),
  axisRule: z.string(),
  hasBackCorporationMenu: z.boolean(),
  menuName: z.string(),
  corporationId: z.number().int().nullable(),
  /** The corporation's name, for 项目配置's 返回公司 section (null without a corporation). */
  corporationName: z.string().nullable(),
  setMealEndAt: z.number().int().nullable(),
  accessGatewayIndicatorMaxNum: z.number().int(),
  /** SMS left to send (decremented per message sent; -1 unlimited). */
  sendMessagesTotalNum: z.number().int(),
  sendVoicesTotalNum: z.number().int(),
  chatMessagesLimit: z.number().int(),
  isTemplate: z.boolean(),
  isDemo: z.boolean(),
  createdAt: z.number().int(),
  /** Days raw points are kept; 0 keeps them for good (designed here, decision 0029). */
  rawRetentionDays: z.number().int(),
  /** Days hourly rollups are kept (charts over older ranges read them); 0 keeps them for good. */
  rollupRetentionDays: z.number().int(),
});
export type ProjectSettings = z.infer<typeof projectSettings>;

/** A quota: -1 unlimited, else a count (spec core §3). */
const quota = integerBetween(-1, 2_147_483_647, '须为 -1（不限）或不小于 0 的整数');
/** Days kept, 0 for good; at most a century. */
const retentionDays = integerBetween(0, 36_500, '保留天数须为 0～36500 的整数');

/** Fields a system administrator sets when creating a project (commercial terms included). */
export const createProjectBody = z.object({
  name: requiredText(64),
  corporationId: z.number().int().positive().nullable().default(null),
  projectTypeId: z.number().int().positive().nullable().default(null),
  groupDisplayName: z.string().trim().max(16).default('分组'),
  logoUrl: imageAddress.default(''),
  payStatus: payStatus.default('A'),
  setMealEndAt: z.number().int().nullable().default(null),
  accessGatewayIndicatorMaxNum: quota.default(256),
  sendMessagesTotalNum: quota.default(0),
  sendVoicesTotalNum: quota.default(0),
  chatMessagesLimit: quota.default(100),
  isTemplate: z.boolean().default(false),
  isDemo: z.boolean().default(false),
  /**
   * A template project (isTemplate) to start from: its tree of areas and sites, its own roles and
   * its settings are copied; gateways, data and members are not (docs/decisions/0039).
   */
  templateId: z.number().int().positive().nullable().default(null),
});

/** Commercial terms and flags only a system administrator may change. */
export const projectTermsBody = z.object({
  corporationId: z.number().int().positive().nullable().optional(),
  payStatus: payStatus.optional(),
  setMealEndAt: z.number().int().nullable().optional(),
  accessGatewayIndicatorMaxNum: quota.optional(),
  sendMessagesTotalNum: quota.optional(),
  sendVoicesTotalNum: quota.optional(),
  chatMessagesLimit: quota.optional(),
  isTemplate: z.boolean().optional(),
  isDemo: z.boolean().optional(),
  rawRetentionDays: retentionDays.optional(),
  rollupRetentionDays: retentionDays.optional(),
});

/**
 * 项目配置: the fields the project's own administrators may change (the update bit on
 * router-projectSetting). The project's name is unique; the flags govern behaviour (decision 0043).
 */
export const projectSettingBody = z.object({
  name: requiredText(64).optional(),
  /** What the project calls its groups (the group tree's default node, the assistant's group category). */
  groupDisplayName: z.string().trim().min(1, '不能为空').max(16, '最多输入16个字符').optional(),
  logoUrl: imageAddress.optional(),
  canEntryData: z.boolean().optional(),
  canManageGatewayData: z.boolean().optional(),
  enableMonitor: z.boolean().optional(),
  gatewayIndicatorSelectStyle: integerBetween(0, 9).optional(),
  gatewayStyle: integerBetween(0, 9).optional(),
  canUnbindGateway: z.boolean().optional(),
  canChangeBindGateway: z.boolean().optional(),
  axisRule: z.string().trim().max(64, '最多输入64个字符').optional(),
  /** The label of the 返回公司 entry inside the project; empty: 返回公司. */
  menuName: z.string().trim().max(32, '最多输入32个字符').optional(),
});

/** Keys of the system administrator's terms (projectTermsBody): 项目配置 refuses them by name. */
const SYSTEM_TERMS: readonly string[] = Object.keys(projectTermsBody.shape);

/**
 * PUT /iot/projects/{groupId}: the project's own settings. A term only a system administrator sets
 * (payStatus, quotas, set meal, isTemplate…) is refused with its name rather than silently dropped,
 * so a caller never believes they changed it.
 */
export const updateProjectBody = z.preprocess((input, ctx) => {
  if (input !== null && typeof input === 'object')
    for (const key of Object.keys(input))
      if (SYSTEM_TERMS.includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: ProjectMessages.SYSTEM_TERM, input });
  return input;
}, projectSettingBody);

export const projectListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(10),
  keyword: z.string().trim().max(64).optional(),
});

/** A row of the project selection lists (title dropdown, my projects). */
export const projectSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  corporationId: z.number().int().nullable(),
  payStatus,
  logoUrl: z.string(),
  isTemplate: z.boolean(),
  isDemo: z.boolean(),
  /** The system list's columns. */
  corporationName: z.string().nullable(),
  setMealEndAt: z.number().int().nullable(),
  accessGatewayIndicatorMaxNum: z.number().int(),
  createdAt: z.number().int(),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

/** 企业项目: the corporation's projects with their gateways online/offline and today's warnings. */
export const corporationProjectQuery = projectListQuery.extend({
  /** Start of the caller's today (ms); warnings started since are counted. Default: the server's midnight. */
  since: z.coerce.number().int().nonnegative().optional(),
});
export const corporationProject = projectSummary.extend({
  onlineGateways: z.number().int(),
  offlineGateways: z.number().int(),
  todayWarnings: z.number().int(),
});
export type CorporationProject = z.infer<typeof corporationProject>;

export const getByGroupIdQuery = z.object({ groupId: z.coerce.number().int().positive() });

export const ProjectMessages = {
  NOT_FOUND: '项目不存在',
  NAME_TAKEN: '项目名称已存在',
  ROLLUPS_SHORTER: '汇总数据的保留天数不能少于原始数据',
  TEMPLATE_NOT_FOUND: '模板项目不存在',
  SYSTEM_TERM: '由系统管理员在项目管理中设置，项目配置不能修改',
} as const;

export * from './resources.js';
