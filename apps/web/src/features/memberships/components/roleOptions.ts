import type { Member } from '@iot/contracts/memberships';
import type { Role } from '@iot/contracts/roles';

export interface RoleOption {
  value: number;
  label: string;
  admin: boolean;
}

/**
 * The roles a member can be given. Reading roles needs the roles screen's 查看; without it the
 * roles the members already hold are all there is to offer.
 */
export function roleOptionsOf(roles: Role[] | undefined, members: Member[]): RoleOption[] {
  if (roles) {
    return roles.map((role) => ({ value: role.id, label: role.name, admin: role.builtin === 'admin' }));
  }
  const seen = new Map<number, RoleOption>();
  for (const member of members) {
    if (!seen.has(member.roleId))
      seen.set(member.roleId, { value: member.roleId, label: member.roleName, admin: false });
  }
  return [...seen.values()];
}
