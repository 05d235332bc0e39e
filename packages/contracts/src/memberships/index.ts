import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
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
  /** The role is the scope's built-in administrator role. */
  admin: z.boolean(),
  /**
   * The scope's only administrator: they can be neither removed nor given another role (the server
   * refuses; the screen says why before the click).
   */
  lastAdmin: z.boolean(),
  createdAt: z.number().int(),
});
export type Member = z.infer<typeof member>;

/** 成员管理's conditions: server-paged in the order members joined. */
export const memberListQuery = pageQuery.extend({
  /** Part of the username, the real name or the mobile number. */
  keyword: z.string().trim().max(64).optional(),
  /** Only members holding this role of the scope. */
  roleId: z.coerce.number().int().positive().optional(),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

/**
 * What a person picker offers (预警设置's recipients, where the mobile number tells who SMS and
 * voice can reach): every member of the scope, unpaged.
 */
export const memberOption = member.pick({
  userId: true,
  username: true,
  realname: true,
  mobile: true,
  roleId: true,
});
export type MemberOption = z.infer<typeof memberOption>;

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
