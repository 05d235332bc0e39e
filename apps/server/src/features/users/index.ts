import type { Platform } from '../../platform/platform.js';
import type { MenusService } from '../menus/index.js';
import type { SystemSettingsService } from '../system/index.js';
import { registerCurrentUserRoutes } from './current-user.routes.js';
import { UsersRepository } from './users.repository.js';
import { registerUserRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export type { UsersService };

export function usersFeature(
  platform: Platform,
  deps: { menus: MenusService; settings: SystemSettingsService },
): { users: UsersService } {
  const users = new UsersService(new UsersRepository(platform.db), platform.sessions, () =>
    deps.settings.defaultTheme(),
  );
  registerCurrentUserRoutes(platform.router, users, deps.menus, platform.files);
  registerUserRoutes(platform.router, users);
  return { users };
}
