import { z } from 'zod';
import { EXPORT_PAGE_SIZE } from '../common/limits.js';
import { requiredText } from '../common/validation.js';

/** Project pay states of spec core §4. D, E and F send users to the arrears page. */
export const PAY_STATUSES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const payStatus = z.enum(PAY_STATUSES);
export type PayStatus = z.infer<typeof payStatus>;
export const SUSPENDED_PAY_STATUSES: readonly PayStatus[] = ['D', 'E', 'F'];

/** -1 means unlimited (spec core §3). */
export const UNLIMITED = -1;

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
  setMealEndAt: z.number().int().nullable(),
  accessGatewayIndicatorMaxNum: z.number().int(),
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

const quota = z.number().int().min(-1);
/** Days kept, 0 for good; at most a century. */
const retentionDays = z.number().int().min(0).max(36_500);

/** Fields a system administrator sets when creating a project (commercial terms included). */
export const createProjectBody = z.object({
  name: requiredText(64),
  corporationId: z.number().int().positive().nullable().default(null),
  projectTypeId: z.number().int().positive().nullable().default(null),
  groupDisplayName: z.string().trim().max(16).default('分组'),
  logoUrl: z.string().max(512).default(''),
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

/** Fields the project's own administrators may change. */
export const updateProjectBody = z.object({
  name: requiredText(64).optional(),
  groupDisplayName: z.string().trim().min(1).max(16).optional(),
  logoUrl: z.string().max(512).optional(),
  canEntryData: z.boolean().optional(),
  canManageGatewayData: z.boolean().optional(),
  enableMonitor: z.boolean().optional(),
  gatewayIndicatorSelectStyle: z.number().int().min(0).max(9).optional(),
  gatewayStyle: z.number().int().min(0).max(9).optional(),
  canUnbindGateway: z.boolean().optional(),
  canChangeBindGateway: z.boolean().optional(),
  axisRule: z.string().max(64).optional(),
  menuName: z.string().max(32).optional(),
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

export const projectListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(EXPORT_PAGE_SIZE).default(10),
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
} as const;
