import type { Platform } from '../../platform/platform.js';
import { GroupsRepository } from './groups.repository.js';
import { registerGroupRoutes } from './groups.routes.js';
import { GroupsService } from './groups.service.js';

export type { GroupsService };

export function groupsFeature(platform: Platform): { groups: GroupsService } {
  const groups = new GroupsService(new GroupsRepository(platform.db));
  registerGroupRoutes(platform.router, groups);
  return { groups };
}
