import { z } from 'zod';
import { indicatorQuota } from '../indicators/index.js';
import { resourceWarning } from '../messages/index.js';
import { payStatus } from './pay-status.js';

/** SMS or voice calls: what was sent and what is left (`left` -1: unlimited). */
const sendQuota = z.object({
  /** Sent since the project began (each one taken from `left`; a send the provider refused is given back). */
  sent: z.number().int(),
  /** sendMessagesTotalNum / sendVoicesTotalNum: what is left to send, -1 unlimited. */
  left: z.number().int(),
  /** Whether an enabled recipient setting sends on this channel at all (without one nothing is sent). */
  receiving: z.boolean(),
});

/**
 * 资源概览 (GET /iot/groups/{groupId}/getResourceUsage, docs/decisions/0045): the project's terms
 * and what it uses of them, and the resources it holds.
 */
export const resourceUsage = z.object({
  projectId: z.number().int(),
  name: z.string(),
  payStatus,
  /** End of the set meal (ms); null: none set. Before today the indicator resource is expired (core §4). */
  setMealEndAt: z.number().int().nullable(),
  /** Gateway indicators against accessGatewayIndicatorMaxNum (max -1: unlimited; left negative: over). */
  indicators: indicatorQuota,
  sms: sendQuota,
  voice: sendQuota,
  /**
   * Assistant questions against chatMessagesLimit (-1 unlimited): used counts every question asked
   * since the project began, deleted chats included (docs/decisions/0060); null is kept for old clients.
   */
  chat: z.object({ limit: z.number().int(), used: z.number().int().nullable() }),
  gateways: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int() }),
  groups: z.object({
    areas: z.number().int(),
    sites: z.number().int(),
    monitoringPoints: z.number().int(),
  }),
  /** Members of the project (people holding a role in it). */
  members: z.number().int(),
  /** The resource warnings the terms call for now (the same as the sign-in notices, decision 0020). */
  warnings: z.array(resourceWarning),
});
export type ResourceUsage = z.infer<typeof resourceUsage>;
