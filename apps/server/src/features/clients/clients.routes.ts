import { availability, id, Permission, page, pageQuery } from '@iot/contracts';
import {
  clientIdCheckQuery,
  clientWithSecret,
  createClientBody,
  integrationClient,
  updateClientBody,
} from '@iot/contracts/clients';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { ClientsService } from './clients.service.js';

const MENU = 'router-openPlatform';
const tags = ['开放平台'];
const params = z.object({ id });
const listQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });

export function registerClientRoutes(router: Router, clients: ClientsService): void {
  router.route({
    method: 'GET',
    url: '/iot/system/clients',
    summary: '集成客户端列表（分页；按名称、clientId 或账号搜索）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: listQuery,
    response: page(integrationClient),
    handler: ({ query }) => clients.list(query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/system/clients/checkClientId',
    summary: 'clientId 唯一性校验（data 为 true 表示可用）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: clientIdCheckQuery,
    response: availability,
    handler: ({ query }) => clients.isClientIdAvailable(query.clientId),
  });
  router.route({
    method: 'POST',
    url: '/iot/system/clients',
    summary: '注册集成客户端（密钥只在此返回一次）',
    tags,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'system' },
    body: createClientBody,
    response: clientWithSecret,
    handler: ({ body }) => clients.create(body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/system/clients/:id',
    summary: '修改集成客户端（名称、启用或停用）',
    tags,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    params,
    body: updateClientBody,
    response: integrationClient,
    handler: ({ params, body }) => clients.update(params.id, body),
  });
  router.route({
    method: 'POST',
    url: '/iot/system/clients/:id/secret',
    summary: '重置集成客户端密钥（新密钥只在此返回一次）',
    tags,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    params,
    response: clientWithSecret,
    handler: ({ params }) => clients.rotateSecret(params.id),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/system/clients/:id',
    summary: '删除集成客户端',
    tags,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'system' },
    params,
    handler: ({ params }) => clients.delete(params.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/openApi/clients',
    summary: '可访问本项目的集成客户端（以项目成员账号登录的客户端；开放接口）',
    tags,
    params: z.object({ groupId: id }),
    query: listQuery,
    access: {
      menu: 'router-openApi',
      bit: Permission.READ,
      scope: 'project',
      scopeId: ({ params }) => params.groupId,
    },
    response: page(integrationClient),
    handler: ({ scope, query }) => clients.listOfProject(scope!.id, query, query.keyword),
  });
}
