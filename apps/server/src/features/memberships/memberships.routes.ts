import { Permission, page } from '@iot/contracts';
import {
  addMemberBody,
  member,
  memberListQuery,
  memberOption,
  updateMemberBody,
} from '@iot/contracts/memberships';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import {
  pickerMenus,
  SCOPE_ENDPOINTS,
  type ScopeEndpoint,
  scopeAccess,
  scopeParams,
} from '../roles/index.js';
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
    summary: `${name}列表（分页，按加入先后；keyword 匹配账号、姓名与手机号；roleId 只看某一角色）`,
    tags,
    params,
    query: memberListQuery,
    access: scopeAccess(endpoint, menu, Permission.READ),
    response: page(member),
    handler: ({ scope, query }) => memberships.list(type, scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${url}/options`,
    summary: `可选的${name}（消息接收人的人员选择：编号、账号、姓名与角色，不分页）`,
    tags,
    params,
    access: scopeAccess(endpoint, pickerMenus(endpoint), Permission.READ),
    response: z.array(memberOption),
    handler: ({ scope }) => memberships.options(type, scope!.id),
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
