import { availability, id, Permission, page, pageQuery } from '@iot/contracts';
import {
  enabledBody,
  generateResult,
  plan,
  planBody,
  planListQuery,
  planNameCheckQuery,
  planOptions,
  planOrder,
} from '@iot/contracts/maintenance';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { PLAN_MENU, type PlansService } from './plans.service.js';

const tags = ['保养计划'];
const base = '/iot/groups/:groupId/maintenancePlans';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const access = (bit: number) => ({ menu: PLAN_MENU, bit, scope: 'project' as const, scopeId });

/** 保养计划 (docs/decisions/0052-maintenance-plans.md). */
export function registerPlanRoutes(router: Router, plans: PlansService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '保养计划列表（分页；keyword 匹配名称与说明；按任务类型、启用状态筛选）',
    tags,
    params: groupParams,
    query: planListQuery,
    access: access(Permission.READ),
    response: page(plan),
    handler: ({ scope, query }) => plans.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/options`,
    summary: '计划表单的可选项：本项目的成员、角色与区域、站点',
    tags,
    params: groupParams,
    access: access(Permission.READ),
    response: planOptions,
    handler: ({ scope }) => plans.options(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkName`,
    summary: '计划名称唯一性校验，项目范围（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: planNameCheckQuery,
    access: access(Permission.READ),
    response: availability,
    handler: ({ scope, query }) => plans.isNameAvailable(scope!.id, query.name, query.excludeId),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '保养计划详情',
    tags,
    params,
    access: access(Permission.READ),
    response: plan,
    handler: ({ scope, params }) => plans.detail(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/workOrders`,
    summary: '计划已生成的工单（分页，计划时间倒序）',
    tags,
    params,
    query: pageQuery,
    access: access(Permission.READ),
    response: page(planOrder),
    handler: ({ scope, params, query }) => plans.orders(scope!.id, params.id, query),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建保养计划',
    tags,
    params: groupParams,
    body: planBody,
    access: access(Permission.CREATE),
    response: plan,
    handler: ({ auth, scope, body }) => plans.create(auth, scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改保养计划（已生成的工单不变）',
    tags,
    params,
    body: planBody,
    access: access(Permission.UPDATE),
    response: plan,
    handler: ({ scope, params, body }) => plans.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/enabled`,
    summary: '启用或停用保养计划（启用后从当前时间起生成，停用期间的不补）',
    tags,
    params,
    body: enabledBody,
    access: access(Permission.UPDATE),
    response: plan,
    handler: ({ scope, params, body }) => plans.setEnabled(scope!.id, params.id, body.enabled),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/generate`,
    summary: '立即生成：生成已到提前期的工单（与定时任务相同，不会重复）',
    tags,
    params,
    access: access(Permission.UPDATE),
    response: generateResult,
    handler: ({ scope, params }) => plans.generateNow(scope!.id, params.id),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除保养计划（已生成的工单保留）',
    tags,
    params,
    access: access(Permission.DELETE),
    handler: ({ scope, params }) => plans.remove(scope!.id, params.id),
  });
}
