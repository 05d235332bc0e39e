import type { Platform } from '../../platform/platform.js';
import type { RolesService } from '../roles/index.js';
import type { UsersService } from '../users/index.js';
import { MembershipsRepository } from './memberships.repository.js';
import { registerMembershipRoutes } from './memberships.routes.js';
import { MembershipsService } from './memberships.service.js';

export type { MembershipsService };

export function membershipsFeature(
  platform: Platform,
  deps: { users: UsersService; roles: RolesService },
): { memberships: MembershipsService } {
  const memberships = new MembershipsService(
    new MembershipsRepository(platform.db),
    deps.users,
    deps.roles,
    platform.access,
  );
  registerMembershipRoutes(platform.router, memberships);
  return { memberships };
}
