import type { Platform } from '../../platform/platform.js';
import { MenusRepository } from './menus.repository.js';
import { registerMenuRoutes } from './menus.routes.js';
import { MenusService } from './menus.service.js';

export type { MenusService };

export function menusFeature(platform: Platform): { menus: MenusService } {
  const menus = new MenusService(new MenusRepository(platform.db));
  registerMenuRoutes(platform.router, menus);
  return { menus };
}
