import { availability, Permission, page } from '@iot/contracts';
import { role, roleBody, roleListQuery, roleNameCheckQuery, roleOption } from '@iot/contracts/roles';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { RolesService } from './roles.service.js';
import { pickerMenus, SCOPE_ENDPOINTS, type ScopeEndpoint, scopeAccess, scopeParams } from './scopes.js';

const SCOPE_NAMES = { system: '系统', firm: '网关厂商', corporation: '公司', project: '项目' } as const;

/** Role CRUD for each scope: system, gateway firm, corporation and project. */
export function registerRoleRoutes(router: Router, roles: RolesService): void {
  for (const endpoint of SCOPE_ENDPOINTS) registerScope(router, roles, endpoint);
}

function registerScope(router: Router, roles: RolesService, endpoint: ScopeEndpoint): void {
  const url = `${endpoint.base}${endpoint.rolesPath}`;
  const tags = [`${SCOPE_NAMES[endpoint.scope]}角色`];
  const menu = endpoint.rolesMenu;
  const type = endpoint.scope;
  const params = scopeParams(endpoint);
  const roleParams = scopeParams(endpoint, ['roleId']);

  router.route({
    method: 'GET',
    url,
    summary: `${SCOPE_NAMES[type]}角色列表（分页；keyword 匹配名称与描述；source 为 builtin 或 custom）`,
    tags,
    params,
    query: roleListQuery,
    access: scopeAccess(endpoint, menu, Permission.READ),
    response: page(role),
    handler: ({ scope, query }) => roles.list(type, scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${url}/options`,
    summary: `可选的${SCOPE_NAMES[type]}角色（成员管理与消息接收人的角色选择：编号、名称，不分页）`,
    tags,
    params,
    access: scopeAccess(endpoint, pickerMenus(endpoint), Permission.READ),
    response: z.array(roleOption),
    handler: ({ scope }) => roles.options(type, scope!.id),
  });
  router.route({
    method: 'GET',
    url: `${url}/checkName`,
    summary: '角色名称唯一性校验（data 为 true 表示可用）',
    tags,
    params,
    query: roleNameCheckQuery,
    access: scopeAccess(endpoint, menu, Permission.READ),
    response: availability,
    handler: ({ scope, query }) => roles.isNameAvailable(type, scope!.id, query.name, query.excludeId),
  });
  router.route({
    method: 'POST',
    url,
    summary: `新建${SCOPE_NAMES[type]}角色（功能列表：菜单编码与权限位）`,
    tags,
    params,
    body: roleBody,
    access: scopeAccess(endpoint, menu, Permission.CREATE),
    response: role,
    handler: ({ scope, body }) => roles.create(type, scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${url}/:roleId`,
    summary: `修改${SCOPE_NAMES[type]}角色`,
    tags,
    params: roleParams,
    body: roleBody,
    access: scopeAccess(endpoint, menu, Permission.UPDATE),
    response: role,
    handler: ({ scope, params, body }) => roles.update(type, scope!.id, params.roleId!, body),
  });
  router.route({
    method: 'DELETE',
    url: `${url}/:roleId`,
    summary: `删除${SCOPE_NAMES[type]}角色`,
    tags,
    params: roleParams,
    access: scopeAccess(endpoint, menu, Permission.DELETE),
    handler: ({ scope, params }) => roles.delete(type, scope!.id, params.roleId!),
  });
}
