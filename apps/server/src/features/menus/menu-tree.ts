import { MENU_CATALOGUE, type MenuDefinition, type MenuEntry } from '@iot/contracts/menus';

/**
 * Builds the menu tree of one sub-system from the catalogue and a bits lookup. Entries with no
 * bits are left out; a container stays only while one of its children is visible.
 */
export function buildMenuTree(
  subSystem: number,
  bitsOf: (menu: MenuDefinition) => number,
  scopeIds: { firmId?: number; groupId?: number } = {},
): MenuEntry[] {
  const entries = MENU_CATALOGUE.filter((menu) => menu.subSystem === subSystem);
  const toEntry = (menu: MenuDefinition, permission: number): MenuEntry => ({
    id: menu.id,
    code: menu.code,
    path: menu.path,
    title: menu.title,
    alias: menu.title,
    icon: menu.icon ?? null,
    customType: menu.customType ?? null,
    component: menu.component ?? null,
    firmId: scopeIds.firmId ?? null,
    groupId: scopeIds.groupId ?? null,
    subSystem: menu.subSystem,
    permission,
    hidden: menu.hidden ?? false,
    linkUrl: menu.linkUrl ?? null,
    children: [],
  });
  const tree: MenuEntry[] = [];
  const containers = new Map<string, MenuEntry>();
  for (const menu of entries) {
    if (menu.component || menu.linkUrl) continue;
    const container = toEntry(menu, menu.bits);
    containers.set(menu.code, container);
  }
  for (const menu of entries) {
    if (containers.has(menu.code)) {
      tree.push(containers.get(menu.code)!);
      continue;
    }
    const bits = bitsOf(menu) & menu.bits;
    if (bits === 0) continue;
    const entry = toEntry(menu, bits);
    const parent = menu.parent ? containers.get(menu.parent) : undefined;
    if (parent) parent.children.push(entry);
    else tree.push(entry);
  }
  return tree.filter((entry) => !containers.has(entry.code) || entry.children.length > 0);
}
