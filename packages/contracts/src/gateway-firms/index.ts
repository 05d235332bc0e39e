import { z } from 'zod';
import { requiredText } from '../common/validation.js';

export const gatewayFirm = z.object({
  id: z.number().int(),
  name: z.string(),
  identificationCode: z.string(),
  createdAt: z.number().int(),
});
export type GatewayFirm = z.infer<typeof gatewayFirm>;

/**
 * A row of 我的网关厂商 (GET /iot/gatewayFirms/byCurUser): a firm the caller belongs to, with their
 * role there and the firm's gateways — all of them, those bound to a project, those online.
 */
export const myGatewayFirm = gatewayFirm.extend({
  /** The caller's role in the firm; null for a system administrator who holds none there. */
  roleName: z.string().nullable(),
  gateways: z.number().int(),
  boundGateways: z.number().int(),
  onlineGateways: z.number().int(),
});
export type MyGatewayFirm = z.infer<typeof myGatewayFirm>;

export const gatewayFirmBody = z.object({
  name: requiredText(64),
  /** Prefix of the firm's gateway serial numbers. */
  identificationCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,16}$/, '识别码只能包含字母和数字，2～16位')
    // One spelling per code: serial numbers start with it and must not collide by case.
    .transform((code) => code.toUpperCase()),
});
export const gatewayFirmNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

export const GatewayFirmMessages = {
  NOT_FOUND: '网关厂商不存在',
  NAME_TAKEN: '网关厂商名称已存在',
  CODE_TAKEN: '识别码已存在',
} as const;
