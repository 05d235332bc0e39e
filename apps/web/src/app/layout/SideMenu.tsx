import type { MenuEntry } from '@iot/contracts/menus';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { generateRoutes, type RouteScope } from '../routes/generate';
import { useMenusOf } from '../routes/ScopeRoutes';

/** Spec core §9: sidebar width 180. */
export const SIDER_WIDTH = 180;

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], pathOf: Map<string, string>): Item[] {
  return entries
    .filter((entry) => !entry.hidden)
    .map((entry) => {
      if (entry.children.length > 0 || !entry.component) {
        return { key: entry.code, label: entry.title, children: toItems(entry.children, pathOf) };
      }
      return { key: pathOf.get(entry.code) ?? entry.code, label: entry.title };
    });
}

/** The collapsible menu of the current scope; entries open their link or their route. */
export function SideMenu({ scope }: { scope: RouteScope }) {
  const { menus } = useMenusOf(scope);
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const { items, links } = useMemo(() => {
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
    return { items: toItems(menus ?? [], pathOf), links };
  }, [menus, scope]);
  if (!menus || menus.length === 0) return null;
  const open = items.map((item) => String(item?.key));
  return (
    <Layout.Sider
      className="shell-sider"
      width={SIDER_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      theme="light"
    >
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
        }}
      />
    </Layout.Sider>
  );
}
