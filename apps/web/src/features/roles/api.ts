import type { Page } from '@iot/contracts';
import type { Role, RoleOption } from '@iot/contracts/roles';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { ScopeApi } from './scopeApi';

/** Every roles query of a scope starts with this key: invalidate it after a write. */
export const rolesKey = (api: ScopeApi) => ['roles', api.roles] as const;

/** A page of 角色管理: keyword and source as the server reads them. */
export const fetchRoles = (
  api: ScopeApi,
  params: { page: number; size: number; keyword?: string; source?: string },
) => http.get<Page<Role>>(api.roles, { params });

/**
 * Every role of a scope, for a picker (成员管理's role choice and filter). Readable with the roles
 * or the members screen; `quiet` for callers that can do without them.
 */
export function useScopeRoles(api: ScopeApi, options: { quiet?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...rolesKey(api), 'options'],
    queryFn: () => http.get<RoleOption[]>(`${api.roles}/options`, { quiet: options.quiet }),
    enabled: options.enabled ?? true,
    retry: false,
  });
}
