import { z } from 'zod';
import { imageAddress, mobile, requiredText } from '../common/validation.js';

export const corporation = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  ownerMobile: z.string(),
  logoUrl: z.string(),
  axisRule: z.string(),
  createdAt: z.number().int(),
});
export type Corporation = z.infer<typeof corporation>;

/** What any member of a corporation may read of it: the shell's title, 我的公司's cards. */
export const corporationInfo = corporation.pick({
  id: true,
  name: true,
  owner: true,
  logoUrl: true,
  createdAt: true,
});
export type CorporationInfo = z.infer<typeof corporationInfo>;

/**
 * A row of 我的公司 (GET /iot/corporations/byCurUser): a corporation the caller belongs to, with
 * their role there and what the corporation holds. The owner's mobile is left to 公司设置.
 */
export const myCorporation = corporationInfo.extend({
  /** The caller's role in the corporation; null for a system administrator who holds none there. */
  roleName: z.string().nullable(),
  projects: z.number().int(),
  onlineGateways: z.number().int(),
  offlineGateways: z.number().int(),
});
export type MyCorporation = z.infer<typeof myCorporation>;

export const createCorporationBody = z.object({
  name: requiredText(64),
  owner: requiredText(32),
  ownerMobile: mobile,
  logoUrl: imageAddress.default(''),
  axisRule: z.string().max(64).default(''),
});
export const updateCorporationBody = createCorporationBody.partial();
/**
 * What the corporation's own administrators may change (企业设置): name, owner, ownerMobile (the
 * phone rule), logo and axis rule; every field optional, a name checked for uniqueness.
 */
export const corporationSettingBody = updateCorporationBody;

export const CorporationMessages = {
  NOT_FOUND: '公司不存在',
  NAME_TAKEN: '公司名称已存在',
  HAS_PROJECTS: '公司下还有项目，不能删除',
} as const;
