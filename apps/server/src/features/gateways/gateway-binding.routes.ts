import { id, Permission, page, pageQuery } from '@iot/contracts';
import {
  bindGatewayBody,
  changeBindBody,
  gateway,
  gatewayEntryRecord,
  transferGatewayBody,
} from '@iot/contracts/gateways';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { GatewayBindingService } from './gateway-binding.service.js';
import { PROJECT_GATEWAY_MENU as MENU } from './project-gateways.routes.js';

const tags = ['项目网关'];
const base = '/iot/groups/:groupId/gateways';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerGatewayBindingRoutes(router: Router, binding: GatewayBindingService): void {
  router.route({
    method: 'POST',
    url: `${base}/bind`,
    summary: '凭序列号与绑定码把网关绑定到项目（指标计入本项目配额）',
    tags,
    params: groupParams,
    body: bindGatewayBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: gateway,
    handler: ({ scope, body, auth }) => binding.bind(scope!.id, body, auth),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/unbind`,
    summary: '解绑网关（项目须允许解绑；网关指标随之删除）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    response: gateway,
    handler: ({ scope, params, auth }) => binding.unbind(scope!.id, params.id, auth),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/changeBind`,
    summary: '把网关换到本项目的另一区域或站点（项目须允许换绑）',
    tags,
    params,
    body: changeBindBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: gateway,
    handler: ({ scope, params, body, auth }) => binding.changeBind(scope!.id, params.id, body.groupId, auth),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/transfer`,
    summary: '把网关连同网关指标转移到另一项目（须有目标项目网关管理的新建权限）',
    tags,
    params,
    body: transferGatewayBody,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    response: gateway,
    handler: ({ scope, params, body, auth }) =>
      binding.transfer(scope!.id, params.id, body.targetGroupId, auth),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/entryRecords`,
    summary: '网关进出记录（创建、绑定、解绑、换绑、转移、重置密钥；新的在前）',
    tags,
    params,
    query: pageQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(gatewayEntryRecord),
    handler: ({ scope, params, query }) => binding.entryRecords(scope!.id, params.id, query),
  });
}
