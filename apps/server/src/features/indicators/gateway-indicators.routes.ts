import { id, Permission, page } from '@iot/contracts';
import {
  gatewayIndicator,
  gatewayIndicatorBody,
  gatewayIndicatorListQuery,
  thingModelImportBody,
  thingModelImportResult,
} from '@iot/contracts/indicators';
import { MONITORING_READ_MENUS } from '@iot/contracts/menus';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { GatewayIndicatorsService } from './gateway-indicators.service.js';

const MENU = 'router-indicatorConfig';
/**
 * Reading a gateway's indicators (name, unit, decimals, enum labels) is also part of every
 * monitoring screen: any monitoring read grants it, changes stay with MENU (decision 0031).
 */
const READ_MENUS = [MENU, ...MONITORING_READ_MENUS];
const tags = ['网关指标'];
const base = '/iot/groups/:groupId/gateways/:gatewayId/indicators';
const gatewayParams = z.object({ groupId: id, gatewayId: id });
const params = gatewayParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerGatewayIndicatorRoutes(router: Router, service: GatewayIndicatorsService): void {
  router.route({
    method: 'GET',
    url: base,
    summary:
      '网关指标列表（分页，默认每页 64 个；keyword 匹配别名与数据标识）；指标配置或任一监测菜单的查看权限可读',
    tags,
    params: gatewayParams,
    query: gatewayIndicatorListQuery,
    access: { menu: READ_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: page(gatewayIndicator),
    handler: ({ scope, params, query }) => service.list(scope!.id, params.gatewayId, query, query.keyword),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建网关指标（数据标识在网关内唯一；受项目指标配额限制）',
    tags,
    params: gatewayParams,
    body: gatewayIndicatorBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: gatewayIndicator,
    handler: ({ scope, params, body }) => service.create(scope!.id, params.gatewayId, body),
  });
  router.route({
    method: 'POST',
    url: `${base}/importThingModel`,
    summary: '导入物模型 JSON（缺少的项目指标一并创建；已有数据标识跳过；受配额限制）',
    tags,
    params: gatewayParams,
    body: thingModelImportBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: thingModelImportResult,
    handler: ({ scope, params, body }) =>
      service.importThingModel(scope!.id, params.gatewayId, body.fileName, body.model),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '网关指标详情',
    tags,
    params,
    access: { menu: READ_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: gatewayIndicator,
    handler: ({ scope, params }) => service.get(scope!.id, params.gatewayId, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改网关指标',
    tags,
    params,
    body: gatewayIndicatorBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: gatewayIndicator,
    handler: ({ scope, params, body }) => service.update(scope!.id, params.gatewayId, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除网关指标',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: ({ scope, params }) => service.delete(scope!.id, params.gatewayId, params.id),
  });
}
