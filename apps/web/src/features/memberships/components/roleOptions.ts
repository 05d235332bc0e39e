import type { RoleOption as ScopeRole } from '@iot/contracts/roles';

export interface RoleOption {
  value: number;
  label: string;
  admin: boolean;
}

/** The roles a member can be given (and the list filtered by): every role of the scope. */
export function roleOptionsOf(roles: ScopeRole[] | undefined): RoleOption[] {
  return (roles ?? []).map((role) => ({ value: role.id, label: role.name, admin: role.builtin === 'admin' }));
}
