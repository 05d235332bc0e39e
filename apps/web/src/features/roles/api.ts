import type { Role } from '@iot/contracts/roles';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { ScopeApi } from './scopeApi';

export const rolesKey = (api: ScopeApi) => ['roles', api.roles] as const;

/**
 * The roles of a scope. `quiet` for callers that can do without them (the members screen's role
 * picker when the user may not read roles).
 */
export function useScopeRoles(api: ScopeApi, options: { quiet?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: rolesKey(api),
    queryFn: () => http.get<Role[]>(api.roles, { quiet: options.quiet }),
    enabled: options.enabled ?? true,
    retry: false,
  });
}
