import { availability, id, Permission, page as pageOf } from '@iot/contracts';
import {
  bindingsBody,
  createUserBody,
  mobileCheckQuery,
  resetUserPasswordBody,
  updateUserBody,
  user,
  userListQuery,
  usernameCheckQuery,
} from '@iot/contracts/users';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { presentUser } from './users.presenter.js';
import type { UsersService } from './users.service.js';

const MENU = 'router-system-users';
const tags = ['用户管理'];
const params = z.object({ id });

/** System administration of accounts (system scope, the users screen's bits). */
export function registerUserRoutes(router: Router, users: UsersService): void {
  router.route({
    method: 'GET',
    url: '/iot/users',
    summary:
      '用户列表（分页，按账号、姓名、手机号搜索；state 为 enabled、disabled、locked 或 expired 时只看该状态的账号）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: userListQuery,
    response: pageOf(user),
    handler: ({ query }) => users.list(query),
  });
  router.route({
    method: 'POST',
    url: '/iot/users',
    summary: '新建用户',
    tags,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'system' },
    body: createUserBody,
    response: user,
    handler: async ({ body }) => presentUser(await users.create(body)),
  });
  router.route({
    method: 'GET',
    url: '/iot/users/checkUsername',
    summary: '账号唯一性校验（data 为 true 表示可用）',
    tags,
    access: 'authenticated',
    query: usernameCheckQuery,
    response: availability,
    handler: ({ query }) => users.isUsernameAvailable(query.username, query.excludeId),
  });
  router.route({
    method: 'GET',
    url: '/iot/users/checkMobile',
    summary: '手机号唯一性校验（data 为 true 表示可用）',
    tags,
    access: 'authenticated',
    query: mobileCheckQuery,
    response: availability,
    handler: ({ query }) => users.isMobileAvailable(query.mobile, query.excludeId),
  });
  router.route({
    method: 'GET',
    url: '/iot/users/:id',
    summary: '用户详情',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    params,
    response: user,
    handler: async ({ params }) => presentUser(await users.get(params.id)),
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/:id',
    summary: '修改用户（姓名、手机号、启用/停用、到期时间）',
    tags,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    params,
    body: updateUserBody,
    response: user,
    handler: async ({ auth, params, body }) => {
      await users.guardTarget(auth.isSystemAdmin, params.id);
      return users.update(params.id, body);
    },
  });
  router.route({
    method: 'DELETE',
    url: '/iot/users/:id',
    summary: '删除用户',
    tags,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'system' },
    params,
    handler: async ({ params, auth }) => {
      await users.guardTarget(auth.isSystemAdmin, params.id);
      await users.delete(params.id, auth.userId);
    },
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/:id/unlock',
    summary: '解除因密码错误次数过多造成的锁定',
    tags,
    access: { menu: MENU, bit: Permission.LOCK, scope: 'system' },
    params,
    handler: async ({ auth, params }) => {
      await users.guardTarget(auth.isSystemAdmin, params.id);
      await users.unlock(params.id);
    },
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/:id/password',
    summary: '管理员重置用户密码（该用户所有会话随即结束）',
    tags,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    params,
    body: resetUserPasswordBody,
    handler: async ({ auth, params, body }) => {
      await users.guardTarget(auth.isSystemAdmin, params.id);
      await users.resetPassword(params.id, body.password);
    },
  });
  router.route({
    method: 'PUT',
    url: '/iot/users/:id/bindings',
    summary: '设置用户的微信 unionid、钉钉 openId 绑定（null 解除）',
    tags,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    params,
    body: bindingsBody,
    response: z.record(z.string(), z.string()),
    handler: async ({ auth, params, body }) => {
      await users.guardTarget(auth.isSystemAdmin, params.id);
      return users.setBindings(params.id, body);
    },
  });
}
