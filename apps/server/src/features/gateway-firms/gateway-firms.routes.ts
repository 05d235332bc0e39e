import { availability, id, Permission, page, pageQuery } from '@iot/contracts';
import {
  gatewayFirm,
  gatewayFirmBody,
  gatewayFirmNameCheckQuery,
  myGatewayFirm,
} from '@iot/contracts/gateway-firms';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { GatewayFirmsService } from './gateway-firms.service.js';

const MENU = 'router-system-gatewayFirms';
const tags = ['网关厂商'];
const listQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });
const params = z.object({ firmId: id });

export function registerGatewayFirmRoutes(router: Router, firms: GatewayFirmsService): void {
  router.route({
    method: 'GET',
    url: '/iot/gatewayFirms',
    summary: '网关厂商列表（系统管理）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: listQuery,
    response: page(gatewayFirm),
    handler: ({ query }) => firms.list(query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/gatewayFirms/byCurUser',
    summary:
      '我的网关厂商：当前用户所属的网关厂商（分页；系统管理员为全部），附本人在该厂商的角色与厂商的网关数（全部、已绑定项目、在线）',
    tags,
    // Personal (sub-system 1, decision 0002): every signed-in user has 我的网关厂商; the rows are their own.
    access: 'authenticated',
    query: listQuery,
    response: page(myGatewayFirm),
    handler: ({ auth, query }) => firms.listForUser(auth, query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/gatewayFirms/checkName',
    summary: '网关厂商名称唯一性校验（data 为 true 表示可用）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: gatewayFirmNameCheckQuery,
    response: availability,
    handler: ({ query }) => firms.isNameAvailable(query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: '/iot/gatewayFirms',
    summary: '新建网关厂商（同时创建厂商管理员角色）',
    tags,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'system' },
    body: gatewayFirmBody,
    response: gatewayFirm,
    handler: ({ body }) => firms.create(body),
  });
  router.route({
    method: 'GET',
    url: '/iot/gatewayFirms/:firmId',
    summary: '网关厂商信息（厂商成员可见）',
    tags,
    params,
    access: { menu: ANY_MEMBER, bit: Permission.READ, scope: 'firm', scopeId: ({ params }) => params.firmId },
    response: gatewayFirm,
    handler: ({ scope }) => firms.get(scope!.id),
  });
  router.route({
    method: 'PUT',
    url: '/iot/gatewayFirms/:firmId',
    summary: '修改网关厂商',
    tags,
    params,
    body: gatewayFirmBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    response: gatewayFirm,
    handler: ({ params, body }) => firms.update(params.firmId, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/gatewayFirms/:firmId',
    summary: '删除网关厂商',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'system' },
    handler: ({ params }) => firms.delete(params.firmId),
  });
}
