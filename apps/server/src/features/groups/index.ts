import type { Platform } from '../../platform/platform.js';
import { GroupImportService } from './group-import.service.js';
import { GroupTreeService } from './group-tree.service.js';
import { GroupsRepository } from './groups.repository.js';
import { registerGroupRoutes } from './groups.routes.js';
import { GroupsService } from './groups.service.js';
import { MonitoringPointsService } from './monitoring-points.service.js';

export type { GroupsService };

export function groupsFeature(platform: Platform): { groups: GroupsService } {
  const repository = new GroupsRepository(platform.db);
  const groups = new GroupsService(repository, platform.access);
  registerGroupRoutes(
    platform.router,
    groups,
    new GroupTreeService(repository),
    new MonitoringPointsService(repository),
    new GroupImportService(repository),
  );
  return { groups };
}
