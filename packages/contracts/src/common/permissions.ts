/** Permission bits of a menu entry (spec core §6). A role holds a bitmask of them per entry. */
export const Permission = {
  READ: 1,
  UPDATE: 2,
  DELETE: 4,
  CREATE: 8,
  LOCK: 16,
} as const;
export type PermissionBit = (typeof Permission)[keyof typeof Permission];

/** Every bit at once: what a built-in administrator role holds on each of its entries. */
export const ALL_PERMISSIONS = 31;

export function hasPermission(mask: number, bit: number): boolean {
  return (mask & bit) === bit;
}

/** Sub-systems (scopes), spec core §1. Each has its own menu. */
export const SubSystem = {
  USER_CENTER: 0,
  MY_PROJECTS: 1,
  GATEWAY_FIRM: 2,
  SYSTEM: 3,
  PROJECT: 4,
  MESSAGE: 5,
  AUDIT: 6,
  SITE: 7,
  MOBILE: 8,
  APPLET: 9,
  CORPORATION: 10,
} as const;
export type SubSystem = (typeof SubSystem)[keyof typeof SubSystem];

/**
 * Where a membership, a role and a permission check live. A project's areas and sites share
 * the project's scope: a role is granted per project, never per area.
 */
export const ScopeType = {
  SYSTEM: 'system',
  FIRM: 'firm',
  CORPORATION: 'corporation',
  PROJECT: 'project',
} as const;
export type ScopeType = (typeof ScopeType)[keyof typeof ScopeType];
export const SCOPE_TYPES = ['system', 'firm', 'corporation', 'project'] as const;
