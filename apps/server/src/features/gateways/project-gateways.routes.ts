import { availability, id, Permission, page } from '@iot/contracts';
import {
  aliasCheckQuery,
  gateway,
  gatewayDetail,
  gatewayListItem,
  gatewayWithCredentials,
  gatewayWithSecret,
  projectGatewayBody,
  projectGatewayListQuery,
  serialNumberCheckQuery,
  updateGatewayBody,
} from '@iot/contracts/gateways';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { GatewaysService } from './gateways.service.js';

export const PROJECT_GATEWAY_MENU = 'router-projectGateway';
const MENU = PROJECT_GATEWAY_MENU;
const tags = ['项目网关'];
const base = '/iot/groups/:groupId/gateways';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerProjectGatewayRoutes(router: Router, gateways: GatewaysService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '项目网关列表（分页；keyword 匹配序列号与别名；可按在线状态、分组及其下级筛选）',
    tags,
    params: groupParams,
    query: projectGatewayListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(gatewayListItem),
    handler: ({ scope, query }) => gateways.list({ projectId: scope!.id }, query, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkAlias`,
    summary: '网关别名唯一性校验，项目范围（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: aliasCheckQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: availability,
    handler: ({ scope, query }) => gateways.isAliasAvailable(scope!.id, query.alias, query.excludeId),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkSerialNumber`,
    summary: '序列号唯一性校验，全平台范围（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: serialNumberCheckQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: availability,
    handler: ({ query }) => gateways.isSerialNumberAvailable(query.serialNumber, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '在项目中直接新建网关（设备密钥与绑定码仅在此返回一次）',
    tags,
    params: groupParams,
    body: projectGatewayBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: gatewayWithCredentials,
    handler: ({ scope, body, auth }) => gateways.createInProject(scope!.id, body, auth),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '项目网关详情（含未知数据键与被拒数值的计数，不含密钥）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: gatewayDetail,
    handler: ({ scope, params }) => gateways.detail(scope!.id, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改项目网关（别名、类型、型号、ICCID、批次或合同）',
    tags,
    params,
    body: updateGatewayBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: gateway,
    handler: ({ scope, params, body }) => gateways.updateInProject(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除项目自建的网关（厂商网关只能解绑）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: ({ scope, params }) => gateways.deleteInProject(scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/secret`,
    summary: '重置设备密钥（新密钥仅返回一次）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: gatewayWithSecret,
    handler: ({ scope, params, auth }) => gateways.rotateSecret({ projectId: scope!.id }, params.id, auth),
  });
}
