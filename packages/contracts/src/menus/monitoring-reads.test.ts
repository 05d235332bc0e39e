import { describe, expect, it } from 'vitest';
import { Permission } from '../common/permissions.js';
import { MENUS_BY_CODE, MONITORING_READ_MENUS, menuInScope } from './index.js';

describe('monitoring reads', () => {
  it('are project entries that exist, have a screen and carry the read bit', () => {
    for (const code of MONITORING_READ_MENUS) {
      const menu = MENUS_BY_CODE.get(code);
      expect(menu, code).toBeDefined();
      expect(menu && menuInScope('project', menu), code).toBe(true);
      expect((menu?.bits ?? 0) & Permission.READ, code).toBe(Permission.READ);
      expect(menu?.component, code).toBeDefined();
    }
  });

  it('leave out the entries that manage indicators and groups: those grant their own reads', () => {
    expect(MONITORING_READ_MENUS).not.toContain('router-indicatorConfig');
    expect(MONITORING_READ_MENUS).not.toContain('router-project-group');
  });
});
