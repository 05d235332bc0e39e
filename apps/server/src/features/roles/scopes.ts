import { id, type ScopeType } from '@iot/contracts';
import { z } from 'zod';
import type { AccessRule } from '../../platform/http/route.js';

/**
 * The four places that have roles and members, with the URL each is reached by and the menu
 * entries that guard its roles and members screens. Roles and memberships register one set of
 * routes per row, so the rules are the same in every scope.
 */
export interface ScopeEndpoint {
  scope: ScopeType;
  /** URL of the scope itself, e.g. /iot/groups/:groupId. */
  base: string;
  /** Path parameter carrying the scope id; for projects any group id of the project. */
  param: string | null;
  rolesMenu: string;
  membersMenu: string;
  /** Path of the members collection below base. */
  membersPath: string;
  rolesPath: string;
}

export const SCOPE_ENDPOINTS: readonly ScopeEndpoint[] = [
  {
    scope: 'system',
    base: '/iot',
    param: null,
    rolesMenu: 'router-system-roles',
    membersMenu: 'router-system-members',
    membersPath: '/systemMembers',
    rolesPath: '/system/roles',
  },
  {
    scope: 'firm',
    base: '/iot/gatewayFirms/:firmId',
    param: 'firmId',
    rolesMenu: 'router-firmRoles',
    membersMenu: 'router-firmUsers',
    membersPath: '/users',
    rolesPath: '/roles',
  },
  {
    scope: 'corporation',
    base: '/iot/corporations/:corporationId',
    param: 'corporationId',
    rolesMenu: 'router-corporation-roles',
    membersMenu: 'router-corporation-users',
    membersPath: '/users',
    rolesPath: '/roles',
  },
  {
    scope: 'project',
    base: '/iot/groups/:groupId',
    param: 'groupId',
    rolesMenu: 'router-project-roles',
    membersMenu: 'router-project-users',
    membersPath: '/users',
    rolesPath: '/roles',
  },
];

export type ScopeParams = Record<string, number>;

/** Path parameters of a scope's routes, plus extra ones (e.g. the role id). */
export function scopeParams(endpoint: ScopeEndpoint, extra: string[] = []): z.ZodType<ScopeParams> {
  const names = [...(endpoint.param ? [endpoint.param] : []), ...extra];
  return z.object(Object.fromEntries(names.map((name) => [name, id]))) as unknown as z.ZodType<ScopeParams>;
}

/**
 * The menus whose readers may pick from the scope's roles and members (成员管理 gives roles; a
 * project's 预警设置 chooses message recipients by role and person): names and ids only.
 */
export function pickerMenus(endpoint: ScopeEndpoint): readonly string[] {
  const menus = [endpoint.rolesMenu, endpoint.membersMenu];
  return endpoint.scope === 'project' ? [...menus, 'router-warningSetting'] : menus;
}

/** The access rule of a scope's route: `bit` on `menu` (any of them), scope id from the path. */
export function scopeAccess<I extends { params: ScopeParams }>(
  endpoint: ScopeEndpoint,
  menu: string | readonly string[],
  bit: number,
): Exclude<AccessRule<I>, 'public'> {
  if (endpoint.scope === 'system' || !endpoint.param) return { menu, bit, scope: 'system' };
  const param = endpoint.param;
  return { menu, bit, scope: endpoint.scope, scopeId: (input) => input.params[param]! };
}
