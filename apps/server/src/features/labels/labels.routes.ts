import { availability, id, Permission, page } from '@iot/contracts';
import {
  label,
  labelBody,
  labelListQuery,
  labelNameCheckQuery,
  labelOption,
  labelTargetOptions,
  labelTargets,
} from '@iot/contracts/labels';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { LabelsService } from './labels.service.js';

const MENU = 'router-labels';
/** Lists filtered by label (gateways, the group tree, equipment) read the labels and what they carry. */
const FILTER_MENUS = [MENU, 'router-projectGateway', 'router-project-group', 'router-equipment'] as const;
const tags = ['标签管理'];
const base = '/iot/groups/:groupId/labels';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

/** 标签管理 of a project (docs/decisions/0040-units-labels-modes.md). */
export function registerLabelRoutes(router: Router, labels: LabelsService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '标签列表（分页；keyword 匹配名称与描述；含关联的网关数与分组数）',
    tags,
    params: groupParams,
    query: labelListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(label),
    handler: ({ scope, query }) => labels.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/options`,
    summary: '可选标签（列表筛选用，不分页）',
    tags,
    params: groupParams,
    access: { menu: FILTER_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: z.array(labelOption),
    handler: ({ scope }) => labels.options(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/targetOptions`,
    summary: '可关联的对象：本项目的网关与区域、站点',
    tags,
    params: groupParams,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: labelTargetOptions,
    handler: ({ scope }) => labels.targetOptions(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkName`,
    summary: '标签名称唯一性校验，项目范围（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: labelNameCheckQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: availability,
    handler: ({ scope, query }) => labels.isNameAvailable(scope!.id, query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建标签',
    tags,
    params: groupParams,
    body: labelBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: label,
    handler: ({ scope, body }) => labels.create(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改标签',
    tags,
    params,
    body: labelBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: label,
    handler: ({ scope, params, body }) => labels.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除标签（仍关联网关或分组时拒绝）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: ({ scope, params }) => labels.delete(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/:id/targets`,
    summary: '标签关联的网关与分组',
    tags,
    params,
    access: { menu: FILTER_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: labelTargets,
    handler: ({ scope, params }) => labels.targets(scope!.id, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/targets`,
    summary: '设置标签关联的网关与分组（整体替换；须为本项目的网关与分组）',
    tags,
    params,
    body: labelTargets,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: labelTargets,
    handler: ({ scope, params, body }) => labels.setTargets(scope!.id, params.id, body),
  });
}
