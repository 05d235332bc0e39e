import { z } from 'zod';
import { optionalMobile, requiredText, strongPassword } from '../common/validation.js';
import { username } from '../users/index.js';

/** A user's place in a scope (system, gateway firm, corporation or project) with one role there. */
export const member = z.object({
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  mobile: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  createdAt: z.number().int(),
});
export type Member = z.infer<typeof member>;

/** Add an existing user (by username or mobile) or create one with a password. */
export const addMemberBody = z.union([
  z.object({ account: z.string().trim().min(1, '请输入账号或手机号'), roleId: z.number().int().positive() }),
  z.object({
    username,
    realname: requiredText(32),
    mobile: optionalMobile.optional().transform((value) => value || undefined),
    password: strongPassword,
    roleId: z.number().int().positive(),
  }),
]);
export const updateMemberBody = z.object({ roleId: z.number().int().positive() });

export const MemberMessages = {
  ALREADY_MEMBER: '该用户已是成员',
  NOT_MEMBER: '该用户不是成员',
  ACCOUNT_NOT_FOUND: '账号不存在',
  LAST_ADMIN: '至少保留一名管理员',
  /** The only administrator removing themself or giving up the role (issue 11). */
  LAST_ADMIN_SELF: '您是唯一的管理员，不能移除自己或取消自己的管理员角色，请先将管理员角色授予其他成员',
  ADMIN_ROLE_RESERVED: '只有管理员才能授予或收回管理员角色',
} as const;
