import { z } from 'zod';

/** Spec core §4/§9: the data socket pings every 15 s and waits 10 s for the pong. */
export const LIVE_PING_INTERVAL_MS = 15_000;
export const LIVE_PONG_WAIT_MS = 10_000;

export const liveSocketQuery = z.object({
  token: z.string().optional(),
  isAnonymous: z.enum(['true', 'false', '1', '0']).optional(),
  isCleanData: z.enum(['true', 'false', '1', '0']).optional(),
  isCalibration: z.enum(['true', 'false', '1', '0']).optional(),
});

const gatewayIds = z.array(z.union([z.string(), z.number()]).transform(String)).max(1000);

/** Commands a client sends on /data-server/ws, each with its id (spec core §7). */
export const liveCommand = z.discriminatedUnion('type', [
  z.object({ id: z.union([z.string(), z.number()]), type: z.literal('ping') }),
  z.object({
    id: z.union([z.string(), z.number()]),
    type: z.literal('subscribe'),
    gateways: gatewayIds,
    getLastData: z.boolean().optional(),
  }),
  z.object({ id: z.union([z.string(), z.number()]), type: z.literal('unsubscribe'), gateways: gatewayIds }),
]);
export type LiveCommand = z.infer<typeof liveCommand>;

/** Messages the server sends: pong, notify with a gateway's new values, and error. */
export type LiveMessage =
  | { type: 'pong'; id: string | number }
  | { type: 'subscribed'; id: string | number; gateways: string[]; refused: string[] }
  | { type: 'unsubscribed'; id: string | number; gateways: string[] }
  | { type: 'notify'; data: { gateway: string; params: Record<string, number | string>; ts: number } }
  | { type: 'error'; id?: string | number; message: string };

/** GET /data-server/api/v2/gateways/public: the gateways a page without sign-in names (1–50 ids, comma separated). */
export const publicGatewaysQuery = z.object({
  gatewayIds: z
    .string()
    .trim()
    .regex(/^\d+(,\d+){0,49}$/, '网关编号格式不正确')
    .transform((ids) => [...new Set(ids.split(',').map(Number))]),
});

/**
 * What /viewLastData may show of a gateway without sign-in (demo projects' gateways only, as the
 * anonymous socket): its alias, the site it sits in (null at the project's root) and its project.
 */
export const publicGateway = z.object({
  id: z.number().int(),
  alias: z.string(),
  siteName: z.string().nullable(),
  projectName: z.string(),
});
export type PublicGateway = z.infer<typeof publicGateway>;
