import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';
import { CLOCK_STATUSES, GATEWAY_MODELS, GATEWAY_TYPES, ONLINE_STATUSES } from './enums.js';

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

/** A gateway as lists and detail pages see it. Its secret and bind code are never part of it. */
export const gateway = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  alias: z.string(),
  type: gatewayType,
  model: gatewayModel,
  iccid: z.string(),
  batchOrContract: z.string(),
  /** The gateway firm that made it; null for a gateway created directly in a project. */
  firmId: z.number().int().nullable(),
  /** The project it is bound to; null while unbound. */
  projectId: z.number().int().nullable(),
  /** The group of its project it sits in: an area, a site, or the project's own id at its root. */
  groupId: z.number().int().nullable(),
  onlineStatus,
  clockStatus: clockStatus.nullable(),
  lastSeenAt: z.number().int().nullable(),
  /** Payload keys that matched no indicator, and values that failed their indicator's type. */
  unknownKeyCount: z.number().int(),
  rejectedValueCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Gateway = z.infer<typeof gateway>;

/**
 * A row of a gateway list: the gateway and the name of the area or site it sits in (a project's
 * list only; null at the project's root, and always in a firm's list, which sees no project groups).
 */
export const gatewayListItem = gateway.extend({
  groupName: z.string().nullable(),
  /** Shared into this project by another project's code: read-only here (decision 0069). */
  shared: z.boolean(),
  /** The owner project's name, for a shared gateway; null otherwise. */
  sharedFrom: z.string().nullable(),
});
export type GatewayListItem = z.infer<typeof gatewayListItem>;

/** A project's view of one gateway: the gateway plus names and its number of gateway indicators. */
export const gatewayDetail = gateway.extend({
  groupName: z.string().nullable(),
  /** Shared into this project (read-only here; decision 0069). */
  shared: z.boolean(),
  sharedFrom: z.string().nullable(),
  firmName: z.string().nullable(),
  indicatorCount: z.number().int(),
});
export type GatewayDetail = z.infer<typeof gatewayDetail>;

/**
 * Answered once, when a gateway is created: the device secret (MQTT password / access token) and
 * the bind code printed on its label. Only the secret's SHA-256 is kept.
 */
export const gatewayWithCredentials = gateway.extend({ secret: z.string(), bindCode: z.string() });
export type GatewayWithCredentials = z.infer<typeof gatewayWithCredentials>;

/** Answered once, when the secret is rotated; the old secret stops working at once. */
export const gatewayWithSecret = gateway.extend({ secret: z.string() });
export type GatewayWithSecret = z.infer<typeof gatewayWithSecret>;

/** Bind codes: 8 characters of uppercase letters and digits without look-alikes (no I, O, 0, 1). */
export const BIND_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BIND_CODE_LENGTH = 8;

export const ICCID_MESSAGE = 'ICCID 应为19～20位数字或字母';

export const gatewayFields = {
  alias: requiredText(64),
  type: gatewayType.default('ordinary'),
  model: gatewayModel.default('direct'),
  /** The SIM card's ICCID (19 or 20 digits, letters in some carriers' numbers), or empty. */
  iccid: z
    .string()
    .trim()
    .regex(/^([0-9A-Za-z]{19,20})?$/, ICCID_MESSAGE)
    .default(''),
  batchOrContract: z.string().trim().max(64).default(''),
};

const groupIdField = z.number().int().positive().nullable().default(null);

/** The 网关类型 a new gateway follows (decision 0042): its type, model, indicators and Modbus points. */
const typeIdField = z.number().int().positive().nullable().optional();

/** A firm creates or edits a gateway (editing only while it is unbound). */
export const firmGatewayBody = z.object({ serialNumber, ...gatewayFields, typeId: typeIdField });
/** A project creates a gateway of its own, optionally in one of its areas or sites. */
export const projectGatewayBody = z.object({
  serialNumber,
  ...gatewayFields,
  groupId: groupIdField,
  typeId: typeIdField,
});
/** What a project may change on its gateway; the serial number is the device's identity. */
export const updateGatewayBody = z.object(gatewayFields);

/** Binding proves possession: the serial number with the bind code from the device's label. */
export const bindGatewayBody = z.object({
  serialNumber: requiredText(64),
  // Any text: a malformed code gets the same answer as a wrong one.
  bindCode: requiredText(16).transform((code) => code.toUpperCase()),
  alias: requiredText(64),
  groupId: groupIdField,
});
export const changeBindBody = z.object({ groupId: z.number().int().positive() });
export const transferGatewayBody = z.object({ targetGroupId: z.number().int().positive() });

/** Online status filter; `offline` matches both kinds of offline. */
export const onlineStatusFilter = z.enum([...keys(ONLINE_STATUSES), 'offline']);

export const firmGatewayListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  onlineStatus: onlineStatusFilter.optional(),
});
export const projectGatewayListQuery = firmGatewayListQuery.extend({
  /** Only gateways in this area or site, or below it. */
  groupId: z.coerce.number().int().positive().optional(),
  /** Only gateways carrying this label (标签管理, docs/decisions/0040-units-labels-modes.md). */
  labelId: z.coerce.number().int().positive().optional(),
});

export const serialNumberCheckQuery = z.object({
  serialNumber: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});
export const aliasCheckQuery = z.object({
  alias: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

/** What happened to a gateway, recorded in its entry records. */
export const ENTRY_ACTIONS = {
  created: '创建',
  bound: '绑定',
  unbound: '解绑',
  changeBind: '更换分组',
  transfer: '转移',
  secretRotated: '重置密钥',
} as const;
export type EntryAction = keyof typeof ENTRY_ACTIONS;
export const entryAction = z.enum(keys(ENTRY_ACTIONS));

export const gatewayEntryRecord = z.object({
  id: z.number().int(),
  gatewayId: z.number().int(),
  action: entryAction,
  /** The project the action happened in (for a transfer, the one it left). */
  projectId: z.number().int().nullable(),
  /** For a transfer, the project it went to. */
  targetProjectId: z.number().int().nullable(),
  /** The group it sat in after the action. */
  groupId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  realname: z.string().nullable(),
  createdAt: z.number().int(),
});
export type GatewayEntryRecord = z.infer<typeof gatewayEntryRecord>;

export const GatewayMessages = {
  NOT_FOUND: '网关不存在',
  GROUP_NOT_FOUND: '分组不存在',
  SERIAL_TAKEN: '序列号已存在',
  ALIAS_TAKEN: '网关别名已存在',
  BIND_FAILED: '序列号或绑定码错误',
  ALREADY_BOUND: '该网关已绑定项目',
  BOUND_READ_ONLY: '网关已绑定项目，不能修改或删除',
  FIRM_GATEWAY_NO_DELETE: '该网关属于网关厂商，只能解绑，不能删除',
  UNBIND_DISABLED: '本项目不允许解绑网关',
  CHANGE_BIND_DISABLED: '本项目不允许更换网关的绑定分组',
  TRANSFER_SAME_PROJECT: '网关已在目标项目中',
  TARGET_ALIAS_TAKEN: '目标项目中已有同名网关',
} as const;

/**
 * A payload (or part of one) the server rejected: an unknown key, a value its indicator's type
 * refuses, an unparseable payload or an invalid timestamp. The most recent 100 per gateway are
 * kept; a flood is sampled, and a row then says how many were not kept.
 */
export const gatewayRejection = z.object({
  id: z.number().int(),
  receivedAt: z.number().int(),
  /** The MQTT topic it came on, or `http` / `modbus` for the other transports. */
  topic: z.string(),
  /** Why, in Chinese, naming the keys concerned. */
  reason: z.string(),
  /** The payload as received, cut to 1 KiB (empty on a row counting what was not kept). */
  payload: z.string(),
});
export type GatewayRejection = z.infer<typeof gatewayRejection>;

/** How many rejections are kept per gateway, and how a flood is sampled. */
export const REJECTION_LIMITS = {
  keptPerGateway: 100,
  perWindow: 20,
  windowMs: 10_000,
  payloadBytes: 1024,
} as const;
