import { z } from 'zod';
import { pageQuery } from '../common/envelope.js';
import { requiredText } from '../common/validation.js';

export const roleFunction = z.object({
  /** Menu code, e.g. router-projectGateway. */
  code: z.string().min(1),
  /** Bitmask: read 1, update 2, delete 4, create 8, lock 16. */
  permission: z.number().int().min(0).max(31),
});
export type RoleFunction = z.infer<typeof roleFunction>;

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** 'admin' for the scope's built-in administrator role, which holds every entry and cannot change. */
  builtin: z.string().nullable(),
  functions: z.array(roleFunction),
  /** Members of the scope holding the role (a role in use cannot be deleted). */
  memberCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Role = z.infer<typeof role>;

/** 角色管理's conditions: server-paged, newest last (the built-in role first). */
export const roleListQuery = pageQuery.extend({
  /** Part of the name or the description. */
  keyword: z.string().trim().max(64).optional(),
  /** builtin: only the built-in administrator role; custom: only roles made in the scope. */
  source: z.enum(['builtin', 'custom']).optional(),
});
export type RoleListQuery = z.output<typeof roleListQuery>;

/** What a role picker offers (成员管理, 预警设置's recipients): every role of the scope, unpaged. */
export const roleOption = role.pick({ id: true, name: true, builtin: true });
export type RoleOption = z.infer<typeof roleOption>;

export const roleBody = z.object({
  name: requiredText(32),
  description: z.string().trim().max(200).default(''),
  functions: z.array(roleFunction).max(500),
});
export const roleNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

export const RoleMessages = {
  NAME_TAKEN: '角色名称已存在',
  NOT_FOUND: '角色不存在',
  BUILTIN_READONLY: '内置角色不能修改或删除',
  IN_USE: '角色已分配给成员，不能删除',
  UNKNOWN_MENU: '菜单不存在!',
  MENU_OUT_OF_SCOPE: '该菜单不属于当前范围',
  BITS_NOT_ALLOWED: '该菜单不支持所选权限',
} as const;

/** Names of the built-in roles created with each scope. */
export const BUILTIN_ROLE_NAMES = {
  system: '超级管理员',
  firm: '厂商管理员',
  corporation: '公司管理员',
  project: '项目管理员',
} as const;
