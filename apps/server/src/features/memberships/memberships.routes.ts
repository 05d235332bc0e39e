import { Permission } from '@iot/contracts';
import { addMemberBody, member, updateMemberBody } from '@iot/contracts/memberships';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import { SCOPE_ENDPOINTS, type ScopeEndpoint, scopeAccess, scopeParams } from '../roles/index.js';
import type { MembershipsService } from './memberships.service.js';

const SCOPE_NAMES = {
  system: '系统成员',
  firm: '厂商成员',
  corporation: '公司成员',
  project: '项目用户',
} as const;

/** Member management for each scope: system members, firm, corporation and project users. */
export function registerMembershipRoutes(router: Router, memberships: MembershipsService): void {
  for (const endpoint of SCOPE_ENDPOINTS) registerScope(router, memberships, endpoint);
}

function registerScope(router: Router, memberships: MembershipsService, endpoint: ScopeEndpoint): void {
  const url = `${endpoint.base}${endpoint.membersPath}`;
  const name = SCOPE_NAMES[endpoint.scope];
  const tags = [name];
  const menu = endpoint.membersMenu;
  const type = endpoint.scope;
  const params = scopeParams(endpoint);
  const userParams = scopeParams(endpoint, ['userId']);

  router.route({
    method: 'GET',
    url,
    summary: `${name}列表`,
    tags,
    params,
    access: scopeAccess(endpoint, menu, Permission.READ),
    response: z.array(member),
    handler: ({ scope }) => memberships.list(type, scope!.id),
  });
  router.route({
    method: 'POST',
    url,
    summary: `添加${name}：已有账号（account 为账号或手机号）或新建账号，并指定本范围的角色`,
    tags,
    params,
    body: addMemberBody,
    access: scopeAccess(endpoint, menu, Permission.CREATE),
    response: member,
    handler: ({ auth, scope, body }) => memberships.add(auth, type, scope!.id, body),
  });
  router.route({
    method: 'PUT',
    url: `${url}/:userId`,
    summary: `修改${name}的角色`,
    tags,
    params: userParams,
    body: updateMemberBody,
    access: scopeAccess(endpoint, menu, Permission.UPDATE),
    response: member,
    handler: ({ auth, scope, params, body }) =>
      memberships.setRole(auth, type, scope!.id, params.userId!, body.roleId),
  });
  router.route({
    method: 'DELETE',
    url: `${url}/:userId`,
    summary: `移除${name}`,
    tags,
    params: userParams,
    access: scopeAccess(endpoint, menu, Permission.DELETE),
    handler: ({ auth, scope, params }) => memberships.remove(auth, type, scope!.id, params.userId!),
  });
}
