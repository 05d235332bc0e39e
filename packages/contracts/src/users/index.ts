import { z } from 'zod';
import { mobileCodeType } from '../auth/index.js';
import { pageSize } from '../common/envelope.js';
import { NOTICE_SECONDS } from '../common/limits.js';
import { SCOPE_TYPES } from '../common/permissions.js';
import {
  imageAddress,
  mobile,
  newPassword,
  optionalMobile,
  requiredText,
  strongPassword,
} from '../common/validation.js';

export const THEMES = ['light', 'dark', 'tech', 'gang', 'huaqing'] as const;
export const theme = z.enum(THEMES);
export type Theme = z.infer<typeof theme>;
/** The default theme of spec core §1. */
export const DEFAULT_THEME: Theme = 'tech';

export const USER_STATUSES = ['enabled', 'disabled'] as const;
export const userStatus = z.enum(USER_STATUSES);

/**
 * How a notice of a kind closes (feature-areas §3, "operation mode … 0 means auto-close"):
 * AUTO_CLOSE after NOTICE_SECONDS, STAY until the user closes it (duration 0). Decision 0044.
 */
export const NoticeOperate = { AUTO_CLOSE: 0, STAY: 1 } as const;
export type NoticeOperate = (typeof NoticeOperate)[keyof typeof NoticeOperate];
export const noticeOperate = z.union([z.literal(0), z.literal(1)], {
  error: '通知关闭方式只能是 0（自动关闭）或 1（手动关闭）',
});

/** The duration (seconds, antd's) of a notice shown under this operation mode: 0 keeps it open. */
export function noticeDuration(operate: number): number {
  return operate === NoticeOperate.AUTO_CLOSE ? NOTICE_SECONDS : 0;
}

/**
 * Message settings of spec core §3. Each `…MessageOperate` is how that kind's notices close
 * (NoticeOperate); the other kind's also governs the project notices (payStatus B, an ended set
 * meal). Voice switches are effective only while isShowMessage is on.
 */
export const messageSetting = z.object({
  isShowMessage: z.boolean(),
  isMuteMessageSound: z.boolean(),
  warningMessageOperate: noticeOperate,
  malfunctionMessageOperate: noticeOperate,
  maintenanceMessageOperate: noticeOperate,
  otherMessageOperate: noticeOperate,
  isWarningVoice: z.boolean(),
  isMalfunctionVoice: z.boolean(),
  isMaintenanceVoice: z.boolean(),
  isOtherVoice: z.boolean(),
});
export type MessageSetting = z.infer<typeof messageSetting>;

export const DEFAULT_MESSAGE_SETTING: MessageSetting = {
  isShowMessage: true,
  isMuteMessageSound: false,
  warningMessageOperate: NoticeOperate.AUTO_CLOSE,
  malfunctionMessageOperate: NoticeOperate.AUTO_CLOSE,
  maintenanceMessageOperate: NoticeOperate.AUTO_CLOSE,
  otherMessageOperate: NoticeOperate.AUTO_CLOSE,
  isWarningVoice: false,
  isMalfunctionVoice: false,
  isMaintenanceVoice: false,
  isOtherVoice: false,
};

/**
 * Settings as stored (JSON text or its value), key by key: a key saved before it existed, or in an
 * older form, reads as its default without losing the others; unreadable text reads as the defaults.
 */
export function readMessageSetting(stored: unknown): MessageSetting {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      value = {};
    }
  }
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const setting: Record<string, unknown> = { ...DEFAULT_MESSAGE_SETTING };
  for (const [key, schema] of Object.entries(messageSetting.shape)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success) setting[key] = parsed.data;
  }
  return setting as MessageSetting;
}

const VOICE_SWITCHES = [
  'isWarningVoice',
  'isMalfunctionVoice',
  'isMaintenanceVoice',
  'isOtherVoice',
] as const;

/** The settings as they take effect: with messages hidden, no voice switch is on. */
export function effectiveMessageSetting(setting: MessageSetting): MessageSetting {
  if (setting.isShowMessage) return setting;
  const effective = { ...setting };
  for (const key of VOICE_SWITCHES) effective[key] = false;
  return effective;
}

/** A user as administrators and members lists see it. */
export const user = z.object({
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string().nullable(),
  avatar: z.string(),
  status: userStatus,
  locked: z.boolean(),
  expireAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type User = z.infer<typeof user>;

export const username = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_.@-]{3,32}$/, '账号只能包含字母、数字和 _ . @ -，3～32位');

export const createUserBody = z.object({
  username,
  realname: requiredText(32),
  /** Optional (spec core §5): empty or left out means none. */
  mobile: optionalMobile.optional().transform((value) => value || undefined),
  password: strongPassword,
  status: userStatus.default('enabled'),
  expireAt: z.number().int().nullable().default(null),
});
export const updateUserBody = z.object({
  realname: requiredText(32).optional(),
  /** Empty or null removes the mobile. */
  mobile: optionalMobile
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  status: userStatus.optional(),
  expireAt: z.number().int().nullable().optional(),
});
export const resetUserPasswordBody = z.object({ password: strongPassword });
/** What 用户管理's 状态 filter picks: enabled or disabled accounts, locked ones, expired ones. */
export const USER_STATES = ['enabled', 'disabled', 'locked', 'expired'] as const;
export type UserState = (typeof USER_STATES)[number];

export const userListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSize,
  keyword: z.string().trim().max(64).optional(),
  /** Only accounts in this state (an expired account's expireAt has passed). */
  state: z.enum(USER_STATES).optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const BINDING_PLATFORMS = ['weixin', 'dingding'] as const;
export const bindingsBody = z.object({
  weixin: z.string().trim().min(1).max(128).nullable().optional(),
  dingding: z.string().trim().min(1).max(128).nullable().optional(),
});

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, '请输入原密码'),
  newPassword,
});
export const resetPasswordByCodeBody = z.object({
  mobile,
  mobileCode: z.string().min(1, '请输入手机验证码'),
  newPassword,
});
export const PasswordMessages = {
  OLD_WRONG: '原密码错误',
  SAME_AS_OLD: '新密码不能与原密码相同',
} as const;

export const themeBody = z.object({ theme });
export const profileBody = z.object({
  realname: requiredText(32).optional(),
  avatar: imageAddress.optional(),
});

/** One of the user's roles: the scope it is held in (its name as the title dropdown shows it) and the role. */
export const loginRole = z.object({
  scopeType: z.enum(SCOPE_TYPES),
  /** 0 for the system; a firm's, corporation's or project's (its group's) id. */
  scopeId: z.number().int(),
  scopeName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
});
export type LoginRole = z.infer<typeof loginRole>;

/**
 * The login-info answer (spec core §3 menu and message settings, feature-areas §3 user): who I am,
 * my roles and what I may open.
 */
export const loginInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  /** The avatar as stored (the profile's value). */
  avatar: z.string(),
  /** Where the browser loads the avatar from; '' when there is none to show. */
  avatarPath: z.string(),
  /** Every scope the user is a member of, with the role held there: system, corporations, firms, projects. */
  roles: z.array(loginRole),
  mobile: z.string().nullable(),
  theme,
  isReadGuide: z.number().int(),
  isSystemAdmin: z.boolean(),
  frontMenus: z.record(z.string(), z.array(z.unknown())),
  messageSetting,
});
export type LoginInfo = z.infer<typeof loginInfo>;

export const usernameCheckQuery = z.object({
  username: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});
export const mobileCheckQuery = z.object({ mobile, excludeId: z.coerce.number().int().optional() });

export { mobileCodeType };

export const UserMessages = {
  USERNAME_TAKEN: '账号已存在',
  MOBILE_TAKEN: '手机号已被使用',
  NOT_FOUND: '用户不存在',
  CANNOT_DELETE_SELF: '不能删除当前登录的账号',
  SYSTEM_ADMIN_RESERVED: '只有系统管理员才能修改系统管理员的账号',
  CANNOT_DELETE_ADMIN: '不能删除系统管理员 admin',
} as const;
