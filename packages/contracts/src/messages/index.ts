import { z } from 'zod';
import { flag, pageSizeOf } from '../common/envelope.js';
import { address } from '../common/validation.js';

/**
 * Message types (spec feature-areas §3): a stable code on the wire and in the database, and the
 * spec's Chinese name beside it. See docs/decisions/0020-messages.md.
 */
export const MESSAGE_TYPES = [
  'warning',
  'warningRelease',
  'malfunction',
  'malfunctionRelease',
  'maintenance',
  'maintenanceRelease',
  'other',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const messageType = z.enum(MESSAGE_TYPES, { error: '消息类型不正确' });

export const MessageTypeNames: Record<MessageType, string> = {
  warning: '监测预警通知',
  warningRelease: '监测预警解除通知',
  malfunction: '设备故障通知',
  malfunctionRelease: '设备故障解除通知',
  maintenance: '设备保养提醒',
  maintenanceRelease: '设备保养提醒解除',
  other: '其它',
};

/** The kind a type belongs to: it picks the user's notice duration and voice switch (spec core §3). */
export type MessageKind = 'warning' | 'malfunction' | 'maintenance' | 'other';
export const MessageTypeKinds: Record<MessageType, MessageKind> = {
  warning: 'warning',
  warningRelease: 'warning',
  malfunction: 'malfunction',
  malfunctionRelease: 'malfunction',
  maintenance: 'maintenance',
  maintenanceRelease: 'maintenance',
  other: 'other',
};

export const MessageMessages = {
  NOT_FOUND: '消息不存在',
  RECIPIENT_NOT_FOUND: '接收人设置不存在',
  WEBHOOK_NOT_FOUND: 'Webhook 不存在',
  ROLE_NOT_IN_PROJECT: '角色不存在或不属于本项目',
  USER_NOT_IN_PROJECT: '用户不是本项目成员',
  RECIPIENT_REQUIRED: '请选择接收角色、接收人或值班人员',
  SMS_QUOTA_SPENT: '短信额度已用完',
  VOICE_QUOTA_SPENT: '语音额度已用完',
} as const;

/** Optional headers of a message (spec feature-areas §3). */
export const messageHeaders = z.object({
  /** Comma-separated camera ids to show beside the message. */
  cameraIds: z.string().optional(),
  /** Take a snapshot of those cameras when the message arrives. */
  autoCapture: z.boolean().optional(),
  /** Epoch ms of the warning (start for a raise, release time for a release). */
  warningAt: z.number().optional(),
});
export type MessageHeaders = z.infer<typeof messageHeaders>;

/**
 * The live message on `/user/{userId}/topic/messageCenter` (STOMP, JSON body): what the web
 * shows as a notification. `type` is the code, `typeName` the spec's Chinese name.
 */
export const messagePush = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: messageType,
  typeName: z.string(),
  createdAt: z.number(),
  /** The project the message is about; null for system-wide messages. */
  projectId: z.number().int().nullable(),
  /** The warning (or later malfunction, maintenance task) the message is about. */
  relationId: z.number().int().nullable(),
  headers: messageHeaders.optional(),
});
export type MessagePush = z.infer<typeof messagePush>;

/** A message of the message center: the live message plus its read state and its project's name. */
export const message = messagePush.extend({
  isRead: z.boolean(),
  readAt: z.number().nullable(),
  /** The project's name now (null for system-wide messages or a project since deleted). */
  projectName: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

/**
 * The message list: page from 0, size 8 in the drawer (spec feature-areas §7); up to the export
 * page of 1000 (spec core §9) for the center's 导出.
 */
export const messageListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(8),
  isRead: flag.optional(),
  type: messageType.optional(),
  projectId: z.coerce.number().int().positive().optional(),
  /** Part of the title or the content. */
  keyword: z.string().trim().max(64).optional(),
  /** Sent at or after (ms). */
  startTime: z.coerce.number().int().min(0).optional(),
  /** Sent at or before (ms). */
  endTime: z.coerce.number().int().min(0).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuery>;

/** 删除已读: the caller's read messages, of one type or all. */
export const deleteReadQuery = z.object({ type: messageType.optional() });

/** A project the caller has messages from, for the center's project filter. */
export const messageProject = z.object({ id: z.number().int(), name: z.string() });
export type MessageProject = z.infer<typeof messageProject>;

export const unreadCount = z.object({
  total: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
});
export type UnreadCount = z.infer<typeof unreadCount>;

export const readAllBody = z.object({ type: messageType.optional() }).default({});

/** Placeholders a template may use: `{name}` is replaced, unknown names stay as written. */
export const TEMPLATE_PLACEHOLDERS: Record<string, string> = {
  projectName: '项目名称',
  gatewayAlias: '网关名称',
  indicatorName: '指标名称',
  value: '当前值（解除时为解除值）',
  threshold: '阈值',
  level: '预警等级',
  ruleName: '规则名称',
  kind: '规则类型',
  time: '时间（北京时间）',
  equipmentName: '设备名称',
  detail: '详情',
};

export const DEFAULT_TEMPLATES: Record<MessageType, { title: string; content: string }> = {
  warning: {
    // No bracket inside another: {level} reads 二级（重要） (docs/decisions/0033).
    title: '{level}预警：{gatewayAlias} {indicatorName}',
    content:
      '{time}，{projectName} {gatewayAlias} 的 {indicatorName} 当前值 {value}，{kind}（阈值 {threshold}），{level}预警，请及时处理。',
  },
  warningRelease: {
    title: '{gatewayAlias} {indicatorName}预警解除',
    content:
      '{time}，{projectName} {gatewayAlias} 的 {indicatorName} 已恢复（当前值 {value}，阈值 {threshold}），预警解除。',
  },
  malfunction: {
    title: '{equipmentName}故障',
    content: '{time}，{projectName} {equipmentName} 发生故障：{detail}，请及时处理。',
  },
  malfunctionRelease: {
    title: '{equipmentName}故障解除',
    content: '{time}，{projectName} {equipmentName} 的故障已解除。',
  },
  maintenance: {
    title: '{equipmentName}保养提醒',
    content: '{projectName} {equipmentName} 应于 {time} 保养：{detail}。',
  },
  maintenanceRelease: {
    title: '{equipmentName}保养提醒解除',
    content: '{time}，{projectName} {equipmentName} 的保养已完成。',
  },
  other: { title: '{title}', content: '{detail}' },
};

/** One type's template: the project's own or the default. */
export const messageTemplate = z.object({
  type: messageType,
  typeName: z.string(),
  title: z.string(),
  content: z.string(),
  /** True while the project uses the built-in template. */
  isDefault: z.boolean(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

export const templateBody = z.object({
  title: z.string().trim().min(1, '请输入标题模板').max(128),
  content: z.string().trim().min(1, '请输入内容模板').max(1000),
});

/** The built-in templates and placeholders (GET /iot/messages/templates). */
export const templateCatalogue = z.object({
  types: z.array(
    z.object({
      type: messageType,
      typeName: z.string(),
      kind: z.enum(['warning', 'malfunction', 'maintenance', 'other']),
      title: z.string(),
      content: z.string(),
    }),
  ),
  placeholders: z.array(z.object({ name: z.string(), label: z.string() })),
});

const ids = z.array(z.number().int().positive()).max(500).default([]);

/**
 * Who receives which messages of a project: matching types (and, for warnings, levels; none
 * listed = every level), people by role or by name; in-app always, SMS and voice when ticked.
 */
export const recipientBody = z
  .object({
    name: z.string().trim().max(64).default(''),
    types: z.array(messageType).min(1, '请选择消息类型').max(MESSAGE_TYPES.length),
    levels: z.array(z.number().int().min(1).max(3)).max(3).default([]),
    roleIds: ids,
    userIds: ids,
    /** Also whoever is on duty when the message goes out (排班管理, decision 0053). */
    onDuty: z.boolean().default(false),
    sms: z.boolean().default(false),
    voice: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .refine((b) => b.onDuty || b.roleIds.length + b.userIds.length > 0, {
    message: MessageMessages.RECIPIENT_REQUIRED,
    path: ['roleIds'],
  });
export type RecipientBody = z.output<typeof recipientBody>;

export const recipientSetting = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  types: z.array(messageType),
  levels: z.array(z.number().int()),
  roleIds: z.array(z.number().int()),
  userIds: z.array(z.number().int()),
  onDuty: z.boolean(),
  sms: z.boolean(),
  voice: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type RecipientSetting = z.infer<typeof recipientSetting>;

/** A project's webhook: a signed JSON POST per message event of the chosen types and levels. */
export const webhookBody = z.object({
  name: z.string().trim().max(64).default(''),
  /** The address rule of spec core §5, with the protocol required (a webhook is HTTP). */
  url: address
    .max(512, '最多输入512个字符')
    .refine((u) => /^https?:\/\//i.test(u), '地址须以 http:// 或 https:// 开头'),
  /** HMAC-SHA256 key; generated when left out. */
  secret: z.string().min(16, '密钥至少16个字符').max(128).optional(),
  types: z.array(messageType).min(1, '请选择消息类型').max(MESSAGE_TYPES.length),
  levels: z.array(z.number().int().min(1).max(3)).max(3).default([]),
  enabled: z.boolean().default(true),
});

export const webhook = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  url: z.string(),
  secret: z.string(),
  types: z.array(messageType),
  levels: z.array(z.number().int()),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type Webhook = z.infer<typeof webhook>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDelivery = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  nextAttemptAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/**
 * The JSON body of a webhook POST. Headers: `X-IoT-Event`, `X-IoT-Delivery` (this id),
 * `X-IoT-Timestamp` (epoch ms) and `X-IoT-Signature: sha256=<hex HMAC-SHA256 of
 * "{timestamp}.{raw body}" with the webhook's secret>`.
 */
export const webhookPayload = z.object({
  id: z.number().int(),
  event: z.enum(['message', 'test']),
  projectId: z.number().int(),
  type: messageType,
  typeName: z.string(),
  level: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  createdAt: z.number(),
  relationId: z.number().int().nullable(),
  headers: messageHeaders.optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

/**
 * When a project's resources warrant a notice (GET /iot/messages/resourceWarnings, docs/decisions/
 * 0020-messages.md): a set meal ending within 7 days or ended, fewer than 10 % of the indicator
 * quota left (-1 = unlimited never warns), 10 or fewer SMS or voice calls left (-1 never warns).
 */
export const RESOURCE_WARNING_THRESHOLDS = {
  setMealDays: 7,
  indicatorRemainingRatio: 0.1,
  smsRemaining: 10,
  voiceRemaining: 10,
} as const;

export const RESOURCE_WARNING_KINDS = ['setMeal', 'indicatorQuota', 'smsQuota', 'voiceQuota'] as const;

/** One resource warning of one of the caller's projects, with its Chinese title and text. */
export const resourceWarning = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  kind: z.enum(RESOURCE_WARNING_KINDS),
  title: z.string(),
  content: z.string(),
});
export type ResourceWarning = z.infer<typeof resourceWarning>;
