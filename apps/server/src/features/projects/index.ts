import type { Platform } from '../../platform/platform.js';
import type { RolesService } from '../roles/index.js';
import { ProjectsRepository } from './projects.repository.js';
import { registerProjectRoutes } from './projects.routes.js';
import { ProjectsService } from './projects.service.js';
import { ResourcesRepository } from './resources.repository.js';
import { registerResourceRoutes } from './resources.routes.js';
import { ResourcesService } from './resources.service.js';

export type { ProjectsService };

export function projectsFeature(
  platform: Platform,
  deps: { roles: RolesService },
): { projects: ProjectsService } {
  const projects = new ProjectsService(
    new ProjectsRepository(platform.db),
    deps.roles,
    platform.cluster,
    platform.access,
  );
  registerProjectRoutes(platform.router, projects);
  registerResourceRoutes(platform.router, new ResourcesService(new ResourcesRepository(platform.db)));
  return { projects };
}
