import type { Platform } from '../../platform/platform.js';
import type { MenusService } from '../menus/index.js';
import type { RolesService } from '../roles/index.js';
import { CorporationsRepository } from './corporations.repository.js';
import { registerCorporationRoutes } from './corporations.routes.js';
import { CorporationsService } from './corporations.service.js';

export type { CorporationsService };

export function corporationsFeature(
  platform: Platform,
  deps: { roles: RolesService; menus: MenusService },
): { corporations: CorporationsService } {
  const corporations = new CorporationsService(new CorporationsRepository(platform.db), deps.roles);
  registerCorporationRoutes(platform.router, corporations, deps.menus);
  return { corporations };
}
