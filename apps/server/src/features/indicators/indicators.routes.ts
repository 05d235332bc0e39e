import { id, Permission, page } from '@iot/contracts';
import { indicator, indicatorBody, indicatorListQuery, indicatorQuota } from '@iot/contracts/indicators';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import type { Router } from '../../platform/http/route.js';
import type { IndicatorsService } from './indicators.service.js';

const MENU = 'router-indicatorConfig';
const tags = ['指标配置'];
const groupParams = z.object({ groupId: id });
const params = z.object({ groupId: id, id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

export function registerIndicatorRoutes(router: Router, indicators: IndicatorsService): void {
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/indicators',
    summary: '项目指标列表（分页；keyword 匹配名称，可按类型筛选）',
    tags,
    params: groupParams,
    query: indicatorListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(indicator),
    handler: ({ scope, query }) => indicators.list(scope!.id, query, query),
  });
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/indicators',
    summary: '新建项目指标（名称在项目内唯一；枚举类型须有枚举值）',
    tags,
    params: groupParams,
    body: indicatorBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: indicator,
    handler: ({ scope, body }) => indicators.create(scope!.id, body),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/indicators/:id',
    summary: '项目指标详情',
    tags,
    params,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: indicator,
    handler: ({ scope, params }) => indicators.get(scope!.id, params.id),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/indicators/:id',
    summary: '修改项目指标（被网关指标使用时不能改类型）',
    tags,
    params,
    body: indicatorBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: indicator,
    handler: ({ scope, params, body }) => indicators.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/groups/:groupId/indicators/:id',
    summary: '删除项目指标（被网关指标使用时不能删除）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: ({ scope, params }) => indicators.delete(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/getLeftAccessGatewayIndicatorByGroupId',
    summary: '网关指标配额：上限、已用、剩余（不限时上限与剩余为 -1）',
    tags,
    params: groupParams,
    access: { menu: ANY_MEMBER, bit: Permission.READ, scope: 'project', scopeId },
    response: indicatorQuota,
    handler: ({ scope }) => indicators.quota(scope!.id),
  });
}
