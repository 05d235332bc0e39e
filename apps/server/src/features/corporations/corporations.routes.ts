import { availability, id, Permission, page, pageQuery } from '@iot/contracts';
import {
  corporation,
  corporationInfo,
  corporationSettingBody,
  createCorporationBody,
  myCorporation,
  updateCorporationBody,
} from '@iot/contracts/corporations';
import { roleFunction } from '@iot/contracts/roles';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { MenusService } from '../menus/index.js';
import type { CorporationsService } from './corporations.service.js';

const MENU = 'router-system-corporations';
const SETTING_MENU = 'router-corporation-setting';
const tags = ['公司'];
const listQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });
const params = z.object({ corporationId: id });
const fromPath = ({ params }: { params: { corporationId: number } }) => params.corporationId;

export function registerCorporationRoutes(
  router: Router,
  corporations: CorporationsService,
  menus: MenusService,
): void {
  router.route({
    method: 'GET',
    url: '/iot/corporations',
    summary: '公司列表（系统管理）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: listQuery,
    response: page(corporation),
    handler: ({ query }) => corporations.list(query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/corporations/byCurUser',
    summary:
      '我的公司：当前用户所属的公司（分页；系统管理员为全部），附本人在该公司的角色、公司的项目数与网关在线/离线数',
    tags,
    // Personal (sub-system 1, decision 0002): every signed-in user has 我的公司; the rows are their own.
    access: 'authenticated',
    query: listQuery,
    response: page(myCorporation),
    handler: ({ auth, query }) => corporations.listForUser(auth, query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/corporations/checkName',
    summary: '公司名称唯一性校验（data 为 true 表示可用）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: z.object({ name: z.string().trim().min(1), excludeId: z.coerce.number().int().optional() }),
    response: availability,
    handler: ({ query }) => corporations.isNameAvailable(query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: '/iot/corporations',
    summary: '新建公司（同时创建公司管理员角色）',
    tags,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'system' },
    body: createCorporationBody,
    response: corporation,
    handler: ({ body }) => corporations.create(body),
  });
  router.route({
    method: 'GET',
    url: '/iot/corporations/:corporationId',
    summary: '公司信息（公司成员可见：名称、负责人、logo；负责人手机号见公司设置）',
    tags,
    params,
    access: { menu: ANY_MEMBER, bit: Permission.READ, scope: 'corporation', scopeId: fromPath },
    response: corporationInfo,
    handler: async ({ scope }) => {
      const { id, name, owner, logoUrl, createdAt } = await corporations.get(scope!.id);
      return { id, name, owner, logoUrl, createdAt };
    },
  });
  router.route({
    method: 'PUT',
    url: '/iot/corporations/:corporationId',
    summary: '修改公司',
    tags,
    params,
    body: updateCorporationBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    response: corporation,
    handler: ({ params, body }) => corporations.update(params.corporationId, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/corporations/:corporationId',
    summary: '删除公司（公司下无项目时）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'system' },
    handler: ({ params }) => corporations.delete(params.corporationId),
  });
  router.route({
    method: 'GET',
    url: '/iot/corporations/:corporationId/setting',
    summary: '公司设置',
    tags,
    params,
    access: { menu: SETTING_MENU, bit: Permission.READ, scope: 'corporation', scopeId: fromPath },
    response: corporation,
    handler: ({ scope }) => corporations.get(scope!.id),
  });
  router.route({
    method: 'PUT',
    url: '/iot/corporations/:corporationId/setting',
    summary: '修改公司设置（logo、坐标轴规则）',
    tags,
    params,
    body: corporationSettingBody,
    access: { menu: SETTING_MENU, bit: Permission.UPDATE, scope: 'corporation', scopeId: fromPath },
    response: corporation,
    handler: ({ scope, body }) => corporations.update(scope!.id, body),
  });
  router.route({
    method: 'GET',
    url: '/iot/corporations/:corporationId/functions',
    summary: '当前用户在该公司的功能与权限位（非成员为空列表；用于“返回公司”入口）',
    tags,
    params,
    access: 'authenticated',
    response: z.array(roleFunction),
    handler: async ({ auth, params }) => {
      const tree = await menus.generate(auth, 'corporation', params.corporationId);
      return tree
        .flatMap((entry) => [entry, ...entry.children])
        .filter((e) => e.component)
        .map((e) => ({ code: e.code, permission: e.permission }));
    },
  });
}
