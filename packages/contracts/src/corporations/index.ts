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
