import { z } from 'zod';
import { requiredText } from '../common/validation.js';

/** An integration registered by a system administrator; it signs in by client credentials as its user. */
export const integrationClient = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  userId: z.number().int(),
  username: z.string(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
});
export type IntegrationClient = z.infer<typeof integrationClient>;

export const createClientBody = z.object({
  name: requiredText(64),
  clientId: z.string().regex(/^[a-zA-Z0-9_-]{3,64}$/, 'clientId 只能包含字母、数字、下划线和连字符，3～64位'),
  userId: z.number().int().positive(),
});
export const updateClientBody = z.object({
  name: requiredText(64).optional(),
  enabled: z.boolean().optional(),
});

/** Answered once, at creation or rotation: the secret is stored only as a hash. */
export const clientWithSecret = integrationClient.extend({ clientSecret: z.string() });
export type ClientWithSecret = z.infer<typeof clientWithSecret>;

export const clientIdCheckQuery = z.object({ clientId: z.string().trim().min(1) });

export const ClientMessages = {
  NOT_FOUND: '客户端不存在',
  CLIENT_ID_TAKEN: 'clientId 已存在',
  USER_NOT_FOUND: '用户不存在',
} as const;

/** The built-in client of the web app. */
export const WEB_CLIENT_ID = 'iot-web';
