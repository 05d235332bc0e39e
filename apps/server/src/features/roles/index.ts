import type { Platform } from '../../platform/platform.js';
import { RolesRepository } from './roles.repository.js';
import { registerRoleRoutes } from './roles.routes.js';
import { RolesService } from './roles.service.js';

export { pickerMenus, SCOPE_ENDPOINTS, type ScopeEndpoint, scopeAccess, scopeParams } from './scopes.js';
export type { RolesService };

export function rolesFeature(platform: Platform): { roles: RolesService } {
  const roles = new RolesService(new RolesRepository(platform.db), platform.access);
  registerRoleRoutes(platform.router, roles);
  return { roles };
}
