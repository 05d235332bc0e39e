import { availability, id, Permission, page } from '@iot/contracts';
import { unit, unitBody, unitListQuery, unitNameCheckQuery, unitOption } from '@iot/contracts/units';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { UnitsService } from './units.service.js';

const MENU = 'router-units';
/** The indicator form's picker: whoever edits indicators or gateways may read the catalogue. */
/** …and 网关类型, whose indicator template picks units too (decision 0042). */
const PICKER_MENUS = [MENU, 'router-indicatorConfig', 'router-projectGateway', 'router-gatewayType'] as const;
const tags = ['单位管理'];
const base = '/iot/groups/:groupId/units';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

/** 单位管理 of a project (docs/decisions/0040-units-labels-modes.md). */
export function registerUnitRoutes(router: Router, units: UnitsService): void {
  router.route({
    method: 'GET',
    url: base,
    summary:
      '单位列表（内置单位与本项目单位；分页；keyword 匹配符号、名称与类别；source 为 builtin 或 project）',
    tags,
    params: groupParams,
    query: unitListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(unit),
    handler: ({ scope, query }) => units.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/options`,
    summary: '可选单位（指标表单的单位选择：内置在前，不分页）',
    tags,
    params: groupParams,
    access: { menu: PICKER_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: z.array(unitOption),
    handler: ({ scope }) => units.options(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkName`,
    summary: '单位名称（符号）唯一性校验，含内置单位（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: unitNameCheckQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: availability,
    handler: ({ scope, query }) => units.isNameAvailable(scope!.id, query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建单位',
    tags,
    params: groupParams,
    body: unitBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: unit,
    handler: ({ scope, body }) => units.create(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改单位（改了符号，本项目用旧符号的指标随之改为新符号；内置单位不能修改）',
    tags,
    params,
    body: unitBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: unit,
    handler: ({ scope, params, body }) => units.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除单位（被指标使用时拒绝；内置单位不能删除）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: ({ scope, params }) => units.delete(scope!.id, params.id),
  });
}
