import { RollbackOutlined } from '@ant-design/icons';
import type { MenuEntry } from '@iot/contracts/menus';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { generateRoutes, type RouteScope } from '../../platform/routes/generate';
import { shownMenus } from '../../platform/routes/shownMenus';
import { useMenusOf } from '../../platform/routes/useMenusOf';
import { useBackToCorporation } from './BackToCorporation';
import { MenuIcon } from './menuIcons';

/** Spec core §9: sidebar width 180. */
export const SIDER_WIDTH = 180;

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], pathOf: Map<string, string>): Item[] {
  return entries.map((entry) => {
    const icon = <MenuIcon key={entry.code} name={entry.icon} />;
    if (entry.children.length > 0 || !entry.component) {
      return { key: entry.code, icon, label: entry.title, children: toItems(entry.children, pathOf) };
    }
    return { key: pathOf.get(entry.code) ?? entry.code, icon, label: entry.title };
  });
}

/** The menu entries of a scope that show (icons on every entry), and the link entries' addresses. */
export function useNavItems(scope: RouteScope): { items: Item[]; links: Map<string, string> } {
  const { menus } = useMenusOf(scope);
  const back = useBackToCorporation(scope.type === 'project' ? scope.id : 0);
  return useMemo(() => {
    const routes = generateRoutes(menus ?? [], scope);
    const pathOf = new Map(routes.map((r) => [r.code, r.path]));
    const links = new Map<string, string>();
    const collect = (entries: MenuEntry[]) => {
      for (const e of entries) {
        if (e.linkUrl) links.set(e.code, e.linkUrl);
        collect(e.children);
      }
    };
    collect(menus ?? []);
    const items = toItems(shownMenus(menus ?? []), pathOf);
    // 返回公司 first, for members of the project's corporation (spec FA §6).
    if (back && items.length > 0) {
      items.unshift({
        key: back.path,
        icon: <RollbackOutlined />,
        label: <span data-testid="back-to-corporation">{back.label}</span>,
      });
    }
    return { items, links };
  }, [menus, scope, back]);
}

/** The menu itself, in the sidebar or in the phone's drawer; `onNavigate` runs after a click. */
export function NavMenu({ scope, onNavigate }: { scope: RouteScope; onNavigate?(): void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { items, links } = useNavItems(scope);
  const open = items.map((item) => String(item?.key));
  return (
    <Menu
      mode="inline"
      selectedKeys={[location.pathname]}
      defaultOpenKeys={open}
      items={items}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      onClick={({ key }) => {
        const link = links.get(key);
        if (link) window.open(link, '_blank', 'noopener');
        else navigate(key);
        onNavigate?.();
      }}
    />
  );
}

/** The collapsible sidebar of the current scope (desk widths; phones get the drawer). */
export function SideMenu({ scope }: { scope: RouteScope }) {
  const { items } = useNavItems(scope);
  const [collapsed, setCollapsed] = useState(false);
  if (items.length === 0) return null;
  return (
    <Layout.Sider
      className="shell-sider"
      width={SIDER_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      theme="light"
    >
      <NavMenu scope={scope} />
    </Layout.Sider>
  );
}
