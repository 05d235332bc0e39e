import { MENU_CATALOGUE, type MenuEntry } from '@iot/contracts/menus';
import { describe, expect, it } from 'vitest';
import { generateRoutes } from '../../platform/routes/generate';
import { hasScreen } from '../../platform/routes/screenRegistry';
import { firstShownRoute, shownMenus } from '../../platform/routes/shownMenus';
// Registers the screens the web app ships.
import '../screens';

function entry(
  code: string,
  component: string | null,
  children: MenuEntry[] = [],
  hidden = false,
): MenuEntry {
  return {
    id: 1,
    code,
    path: code,
    title: code,
    alias: code,
    icon: 'appstore',
    customType: null,
    component,
    firmId: null,
    groupId: null,
    subSystem: 4,
    permission: 1,
    hidden,
    linkUrl: null,
    children,
  };
}

describe('menus show only screens the web app ships', () => {
  it('drops unbuilt and hidden entries, and containers left empty', () => {
    const menus = [
      entry('router-project', 'projects/ProjectHome'),
      entry('router-toolSet', 'tool-set/ToolSet', [], true),
      entry('router-monitor', null, [
        entry('router-realTimeData', 'monitoring/RealTimeData'),
        entry('router-inventory', 'inventory/Inventory'),
      ]),
      entry('router-visual', null, [entry('router-report', 'reports/Reports')]),
    ];
    const shown = shownMenus(menus);
    expect(shown.map((e) => [e.code, e.children.map((c) => c.code)])).toEqual([
      ['router-project', []],
      ['router-monitor', ['router-realTimeData']],
    ]);
  });

  it('enters a scope at its first shown route, not at a 建设中 one', () => {
    const menus = [entry('router-x', 'corporations/CorporationBigScreen'), entry('router-y', 'roles/Roles')];
    expect(firstShownRoute(generateRoutes(menus, { type: 'corporation', id: 2 }))?.code).toBe('router-y');
  });

  it('knows every screen key it maps as a catalogue component', () => {
    const components = new Set(MENU_CATALOGUE.map((m) => m.component));
    for (const key of ['monitoring/RealTimeData', 'users/UserCenter', 'messages/MessageSetting'])
      expect(components.has(key) && hasScreen(key), key).toBe(true);
    expect(hasScreen('inventory/Inventory')).toBe(false);
  });
});
