import { describe, expect, it } from 'vitest';
import { SubSystem } from '../common/permissions.js';
import { builtinAdminBits, MENU_CATALOGUE, MENUS_BY_CODE, SCOPE_SUB_SYSTEMS } from './index.js';

describe('menu catalogue', () => {
  it('has unique ids and codes, and parents that are containers of the same sub-system', () => {
    expect(new Set(MENU_CATALOGUE.map((m) => m.id)).size).toBe(MENU_CATALOGUE.length);
    expect(MENUS_BY_CODE.size).toBe(MENU_CATALOGUE.length);
    for (const menu of MENU_CATALOGUE) {
      if (!menu.parent) continue;
      const parent = MENUS_BY_CODE.get(menu.parent);
      expect(parent, menu.code).toBeDefined();
      expect(parent?.component).toBeUndefined();
      expect(parent?.subSystem).toBe(menu.subSystem);
    }
  });

  it('gives every entry an icon, so the collapsed sidebar never shows first characters', () => {
    for (const menu of MENU_CATALOGUE) expect(menu.icon, menu.code).toMatch(/^[a-z][a-z-]*$/);
  });

  it('covers every sub-system from 0 to 10', () => {
    for (const subSystem of Object.values(SubSystem)) {
      expect(
        MENU_CATALOGUE.some((m) => m.subSystem === subSystem),
        `sub-system ${subSystem}`,
      ).toBe(true);
    }
  });

  it('names the route codes the spec uses for permission checks', () => {
    const named = [
      'router-projectGateway',
      'router-warningList',
      'router-equipmentMalfunctionRecord',
      'router-maintenanceTaskList',
      'router-equipmentMonitor',
      'router-project-group',
      'router-ai-assistant',
      'router-project',
      'router-auditList',
      'router-messageCenter',
      'router-usercenter',
      'router-toolSet',
    ];
    for (const code of named) expect(MENUS_BY_CODE.has(code), code).toBe(true);
  });

  it('gives a built-in administrator every bit of its own scope and none elsewhere', () => {
    expect(builtinAdminBits('project', 'router-projectGateway')).toBe(31);
    expect(builtinAdminBits('project', 'router-system-users')).toBe(0);
    expect(builtinAdminBits('system', 'router-system-users')).toBe(31);
    expect(builtinAdminBits('firm', 'no-such-menu')).toBe(0);
    expect(SCOPE_SUB_SYSTEMS.project).toContain(SubSystem.SITE);
  });
});
