import { type ScopeType, SubSystem } from '@iot/contracts';
import {
  builtinAdminBits,
  DESKTOP_EXCLUDED_SUB_SYSTEMS,
  MENU_TYPE_SUB_SYSTEM,
  type MENU_TYPES,
  type MenuDefinition,
  type MenuEntry,
  menuInScope,
  PERSONAL_SUB_SYSTEMS,
} from '@iot/contracts/menus';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { badRequest } from '../../platform/errors.js';
import { buildMenuTree } from './menu-tree.js';
import type { MenusRepository, ScopeRole } from './menus.repository.js';

type MenuType = (typeof MENU_TYPES)[number];

const SCOPE_OF_TYPE: Record<MenuType, ScopeType> = {
  firm: 'firm',
  project: 'project',
  group: 'project',
  system: 'system',
  corporation: 'corporation',
};

/** Turns roles into menus: the login info's front menus and per-scope menu generation. */
export class MenusService {
  constructor(private readonly repository: MenusRepository) {}

  /** Menus that need no scope id: personal sub-systems, and system management for its members. */
  async frontMenus(auth: AuthContext): Promise<Record<string, MenuEntry[]>> {
    const menus: Record<string, MenuEntry[]> = {};
    for (const subSystem of PERSONAL_SUB_SYSTEMS) {
      if (DESKTOP_EXCLUDED_SUB_SYSTEMS.includes(subSystem)) continue;
      menus[subSystem] = buildMenuTree(subSystem, (menu) => menu.bits);
    }
    const system = await this.generate(auth, 'system', undefined);
    if (system.length > 0) menus[SubSystem.SYSTEM] = system;
    return menus;
  }

  /** The caller's menu of one scope; empty when they have nothing there. */
  async generate(auth: AuthContext, type: MenuType, id: number | undefined): Promise<MenuEntry[]> {
    const scopeType = SCOPE_OF_TYPE[type];
    if (scopeType !== 'system' && id === undefined) throw badRequest('id: 缺少范围编号');
    const scopeId = scopeType === 'project' ? await this.repository.projectOfGroup(id!) : (id ?? 0);
    if (scopeId === undefined) return [];
    // A system administrator holds every scope, but only scopes that exist (members' roles go with theirs).
    const role: ScopeRole | undefined = auth.isSystemAdmin
      ? (await this.repository.scopeExists(scopeType, scopeId))
        ? { builtin: 'admin', functions: new Map() }
        : undefined
      : await this.repository.roleIn(auth.userId, scopeType, scopeType === 'system' ? 0 : scopeId);
    if (!role) return [];
    const bitsOf = (menu: MenuDefinition) =>
      role.builtin === 'admin'
        ? builtinAdminBits(scopeType, menu.code)
        : menuInScope(scopeType, menu)
          ? (role.functions.get(menu.code) ?? 0)
          : 0;
    const scopeIds = type === 'firm' ? { firmId: scopeId } : scopeType === 'system' ? {} : { groupId: id! };
    return buildMenuTree(MENU_TYPE_SUB_SYSTEM[type], bitsOf, scopeIds);
  }
}
