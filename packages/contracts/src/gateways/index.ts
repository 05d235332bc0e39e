import { z } from 'zod';
import { requiredText } from '../common/validation.js';
import {
  CLOCK_STATUSES,
  type ClockStatus,
  GATEWAY_MODELS,
  GATEWAY_TYPES,
  type GatewayModel,
  type GatewayType,
  ONLINE_STATUSES,
  type OnlineStatus,
} from './enums.js';

export * from './enums.js';

const keys = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const gatewayType = z.enum(keys(GATEWAY_TYPES));
export const gatewayModel = z.enum(keys(GATEWAY_MODELS));
export const onlineStatus = z.enum(keys(ONLINE_STATUSES));
export const clockStatus = z.enum(keys(CLOCK_STATUSES));

/** Serial numbers: letters, digits, - and _, 4 to 64 characters. */
export const serialNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,64}$/, '序列号只能包含字母、数字、- 和 _，4～64位');

/** A gateway as lists and detail pages see it. Its secret is never part of it. */
export interface Gateway {
  id: number;
  serialNumber: string;
  alias: string;
  type: GatewayType;
  model: GatewayModel;
  iccid: string;
  batchOrContract: string;
  firmId: number | null;
  projectId: number | null;
  groupId: number | null;
  onlineStatus: OnlineStatus;
  clockStatus: ClockStatus | null;
  lastSeenAt: number | null;
  /** Payload keys that matched no indicator, and values that failed their indicator's type. */
  unknownKeyCount: number;
  rejectedValueCount: number;
  createdAt: number;
}

export const gatewayFields = {
  alias: requiredText(64),
  type: gatewayType.default('ordinary'),
  model: gatewayModel.default('direct'),
  iccid: z.string().trim().max(32).default(''),
  batchOrContract: z.string().trim().max(64).default(''),
};
