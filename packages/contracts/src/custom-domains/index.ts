import { z } from 'zod';
import { imageAddress, requiredText } from '../common/validation.js';

/** A customer's own domain: the sign-in page there carries their system name and logo. */
export const customDomainConfig = z.object({
  id: z.number().int(),
  domainName: z.string(),
  loginSystemName: z.string(),
  logoUrl: z.string(),
  createdAt: z.number().int(),
});
export type CustomDomainConfig = z.infer<typeof customDomainConfig>;

export const DOMAIN_NAME_MESSAGE = '输入的域名格式错误';
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, DOMAIN_NAME_MESSAGE);

export const customDomainBody = z.object({
  domainName,
  loginSystemName: requiredText(32),
  logoUrl: imageAddress.default(''),
});
export const domainNameCheckQuery = z.object({
  domainName: z.string().trim().toLowerCase().min(1),
  excludeId: z.coerce.number().int().optional(),
});

export const CustomDomainMessages = {
  NOT_FOUND: '自定义域名配置不存在',
  DOMAIN_TAKEN: '域名已存在',
} as const;
