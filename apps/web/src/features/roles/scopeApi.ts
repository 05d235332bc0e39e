import { Permission, type ScopeType, SubSystem } from '@iot/contracts';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { type RouteScope, scopeOfPath } from '../../platform/routes/generate';

/** Where the roles and members of one scope live on the server (decision 0006). */
export interface ScopeApi {
  type: ScopeType;
  /** Scope id: firm, corporation or group id; 0 for the system. */
  id: number;
  /** e.g. `/iot/groups/12/roles`. */
  roles: string;
  /** e.g. `/iot/groups/12/users`. */
  members: string;
  /** What the scope is called in texts: 系统, 网关厂商, 公司, 项目. */
  label: string;
}

/** The API of a scope read from the address; personal pages have no roles or members. */
export function scopeApiOf(scope: RouteScope): ScopeApi | null {
  switch (scope.type) {
    case 'system':
      return {
        type: 'system',
        id: 0,
        roles: '/iot/system/roles',
        members: '/iot/systemMembers',
        label: '系统',
      };
    case 'firm':
      return {
        type: 'firm',
        id: scope.id,
        roles: `/iot/gatewayFirms/${scope.id}/roles`,
        members: `/iot/gatewayFirms/${scope.id}/users`,
        label: '网关厂商',
      };
    case 'corporation':
      return {
        type: 'corporation',
        id: scope.id,
        roles: `/iot/corporations/${scope.id}/roles`,
        members: `/iot/corporations/${scope.id}/users`,
        label: '公司',
      };
    case 'project':
      return {
        type: 'project',
        id: scope.id,
        roles: `/iot/groups/${scope.id}/roles`,
        members: `/iot/groups/${scope.id}/users`,
        label: '项目',
      };
    case 'site':
    case 'personal':
      return null;
  }
}

/** The scope API of the current address (the same screen serves all four scopes). */
export function useScopeApi(): ScopeApi | null {
  const { pathname } = useLocation();
  return useMemo(() => scopeApiOf(scopeOfPath(pathname)), [pathname]);
}

/** Permission bits in the order the role editor shows them (spec core §6). */
export const PERMISSION_BITS: readonly { bit: number; label: string }[] = [
  { bit: Permission.READ, label: '查看' },
  { bit: Permission.UPDATE, label: '修改' },
  { bit: Permission.DELETE, label: '删除' },
  { bit: Permission.CREATE, label: '新增' },
  { bit: Permission.LOCK, label: '锁定' },
];

/** Names of the sub-systems a role can hold entries of. */
export const SUB_SYSTEM_LABELS: Partial<Record<SubSystem, string>> = {
  [SubSystem.GATEWAY_FIRM]: '网关厂商',
  [SubSystem.SYSTEM]: '系统管理',
  [SubSystem.PROJECT]: '项目',
  [SubSystem.SITE]: '站点',
  [SubSystem.MOBILE]: '移动端',
  [SubSystem.APPLET]: '小程序',
  [SubSystem.CORPORATION]: '公司',
};

export const BUILTIN_ROLE_TIP = '内置角色拥有本范围全部功能';
