import { z } from 'zod';
import { type ScopeType, SubSystem } from '../common/permissions.js';

import { MENUS_BY_CODE, type MenuDefinition } from './catalogue.js';

export * from './catalogue.js';
export * from './monitoring-reads.js';

/** Which sub-systems a role of each scope type may grant. */
export const SCOPE_SUB_SYSTEMS: Record<ScopeType, readonly SubSystem[]> = {
  system: [SubSystem.SYSTEM],
  firm: [SubSystem.GATEWAY_FIRM],
  corporation: [SubSystem.CORPORATION],
  project: [SubSystem.PROJECT, SubSystem.SITE, SubSystem.MOBILE, SubSystem.APPLET],
};

/** Sub-systems every signed-in user has: they show only the user's own data. */
export const PERSONAL_SUB_SYSTEMS: readonly SubSystem[] = [
  SubSystem.USER_CENTER,
  SubSystem.MY_PROJECTS,
  SubSystem.MESSAGE,
  SubSystem.AUDIT,
];

/** Mobile and applet menus are not part of the desktop menu (spec core §1). */
export const DESKTOP_EXCLUDED_SUB_SYSTEMS: readonly SubSystem[] = [SubSystem.MOBILE, SubSystem.APPLET];

/** A menu entry as the web app receives it (spec core §2 menu entry fields). */
export interface MenuEntry {
  id: number;
  code: string;
  path: string;
  title: string;
  alias: string;
  icon: string | null;
  customType: string | null;
  component: string | null;
  firmId: number | null;
  groupId: number | null;
  subSystem: number;
  permission: number;
  hidden: boolean;
  linkUrl: string | null;
  children: MenuEntry[];
}

export const menuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    path: z.string(),
    title: z.string(),
    alias: z.string(),
    icon: z.string().nullable(),
    customType: z.string().nullable(),
    component: z.string().nullable(),
    firmId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
    subSystem: z.number().int(),
    permission: z.number().int(),
    hidden: z.boolean(),
    linkUrl: z.string().nullable(),
    children: z.array(menuEntry),
  }),
);

/** Menu generation types of spec core §7 and the sub-system each one yields. */
export const MENU_TYPES = ['firm', 'project', 'group', 'system', 'corporation'] as const;
export const MENU_TYPE_SUB_SYSTEM: Record<(typeof MENU_TYPES)[number], SubSystem> = {
  firm: SubSystem.GATEWAY_FIRM,
  project: SubSystem.PROJECT,
  group: SubSystem.SITE,
  system: SubSystem.SYSTEM,
  corporation: SubSystem.CORPORATION,
};

export const menuGenerationQuery = z.object({
  type: z.enum(MENU_TYPES),
  /** firmId, groupId or corporation id; not needed for type system. */
  id: z.coerce.number().int().positive().optional(),
  /** When set, answer only whether the user has any entry there (data: boolean). */
  checkHas: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const catalogueQuery = z.object({ subSystem: z.coerce.number().int().min(0).max(10).optional() });

/** Whether a role of this scope type may hold this entry. */
export function menuInScope(scopeType: ScopeType, menu: MenuDefinition): boolean {
  return SCOPE_SUB_SYSTEMS[scopeType].includes(menu.subSystem);
}

/**
 * Bits a built-in administrator role holds on an entry: every meaningful bit of each entry of its
 * scope. Computed, not stored, so entries added by later releases reach existing administrators.
 */
export function builtinAdminBits(scopeType: ScopeType, menuCode: string): number {
  const menu = MENUS_BY_CODE.get(menuCode);
  return menu && menuInScope(scopeType, menu) ? menu.bits : 0;
}
