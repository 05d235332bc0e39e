import { availability, id, Permission, page } from '@iot/contracts';
import {
  firmGatewayBody,
  firmGatewayListQuery,
  gateway,
  gatewayListItem,
  gatewayWithCredentials,
  gatewayWithSecret,
  serialNumberCheckQuery,
} from '@iot/contracts/gateways';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { GatewaysService } from './gateways.service.js';

export const FIRM_GATEWAY_MENU = 'router-firmGateway';
const MENU = FIRM_GATEWAY_MENU;
const tags = ['厂商网关'];
const base = '/iot/gatewayFirms/:firmId/gateways';
const firmParams = z.object({ firmId: id });
const params = firmParams.extend({ id });
const scopeId = ({ params }: { params: { firmId: number } }) => params.firmId;

export function registerFirmGatewayRoutes(router: Router, gateways: GatewaysService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '厂商网关列表（分页；keyword 匹配序列号与别名，可按在线状态筛选）',
    tags,
    params: firmParams,
    query: firmGatewayListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'firm', scopeId },
    response: page(gatewayListItem),
    handler: ({ scope, query }) => gateways.list({ firmId: scope!.id }, query, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkSerialNumber`,
    summary: '序列号唯一性校验，全平台范围（data 为 true 表示可用）',
    tags,
    params: firmParams,
    query: serialNumberCheckQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'firm', scopeId },
    response: availability,
    handler: ({ query }) => gateways.isSerialNumberAvailable(query.serialNumber, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建厂商网关（设备密钥与绑定码仅在此返回一次）',
    tags,
    params: firmParams,
    body: firmGatewayBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'firm', scopeId },
    response: gatewayWithCredentials,
    handler: ({ scope, body, auth }) => gateways.createInFirm(scope!.id, body, auth),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '厂商网关详情',
    tags,
    params,
    access: { menu: MENU, bit: Permission.READ, scope: 'firm', scopeId },
    response: gateway,
    handler: ({ scope, params }) => gateways.get({ firmId: scope!.id }, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改厂商网关（仅未绑定项目时）',
    tags,
    params,
    body: firmGatewayBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'firm', scopeId },
    response: gateway,
    handler: ({ scope, params, body }) => gateways.updateInFirm(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除厂商网关（仅未绑定项目时）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'firm', scopeId },
    handler: ({ scope, params }) => gateways.deleteInFirm(scope!.id, params.id),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/secret`,
    summary: '重置设备密钥（仅未绑定项目时；新密钥仅返回一次）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'firm', scopeId },
    response: gatewayWithSecret,
    handler: ({ scope, params, auth }) => gateways.rotateSecret({ firmId: scope!.id }, params.id, auth),
  });
}
