import { id, Permission } from '@iot/contracts';
import {
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

export function registerClientRoutes(router: Router, clients: ClientsService): void {
  router.route({
    method: 'GET',
    url: '/iot/system/clients',
    summary: '集成客户端列表',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    response: z.array(integrationClient),
    handler: () => clients.list(),
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
    summary: '修改集成客户端',
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
}
