import { availability, id, Permission, page } from '@iot/contracts';
import {
  mode,
  modeBody,
  modeListQuery,
  modeNameCheckQuery,
  modeOption,
  siteMode,
  siteModeBody,
  siteModeListQuery,
} from '@iot/contracts/modes';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { ModesService } from './modes.service.js';

const MENU = 'router-modes';
/** The warning rule form limits rules to modes: its editors read the modes. */
const PICKER_MENUS = [MENU, 'router-warningSetting'] as const;
const tags = ['模式管理'];
const base = '/iot/groups/:groupId/modes';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;

/** 模式管理 of a project (docs/decisions/0040-units-labels-modes.md). */
export function registerModeRoutes(router: Router, modes: ModesService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: '模式列表（分页；keyword 匹配名称与描述；含处于该模式的站点数与限定于该模式的预警规则数）',
    tags,
    params: groupParams,
    query: modeListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(mode),
    handler: ({ scope, query }) => modes.list(scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/options`,
    summary: '可选模式（预警规则的生效模式选择，不分页）',
    tags,
    params: groupParams,
    access: { menu: PICKER_MENUS, bit: Permission.READ, scope: 'project', scopeId },
    response: z.array(modeOption),
    handler: ({ scope }) => modes.options(scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${base}/checkName`,
    summary: '模式名称唯一性校验，项目范围（data 为 true 表示可用）',
    tags,
    params: groupParams,
    query: modeNameCheckQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: availability,
    handler: ({ scope, query }) => modes.isNameAvailable(scope!.id, query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建模式',
    tags,
    params: groupParams,
    body: modeBody,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'project', scopeId },
    response: mode,
    handler: ({ scope, body }) => modes.create(scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改模式',
    tags,
    params,
    body: modeBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: mode,
    handler: ({ scope, params, body }) => modes.update(scope!.id, params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除模式（有站点处于该模式或有预警规则限定于该模式时拒绝）',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'project', scopeId },
    handler: ({ scope, params }) => modes.delete(scope!.id, params.id),
  });
  router.route({
    method: 'GET',
    url: '/iot/groups/:groupId/siteModes',
    summary: '站点当前模式（本项目的站点，分页；keyword 匹配站点、所属区域与模式名称）',
    tags,
    params: groupParams,
    query: siteModeListQuery,
    access: { menu: MENU, bit: Permission.READ, scope: 'project', scopeId },
    response: page(siteMode),
    handler: ({ scope, query }) => modes.siteModes(scope!.id, query),
  });
  router.route({
    method: 'PUT',
    url: '/iot/groups/:groupId/siteModes/:siteId',
    summary: '切换站点的当前模式（modeId 为 null 表示不设模式）',
    tags,
    params: groupParams.extend({ siteId: id }),
    body: siteModeBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'project', scopeId },
    response: siteMode,
    handler: ({ scope, params, body }) => modes.setSiteMode(scope!.id, params.siteId, body.modeId),
  });
}
