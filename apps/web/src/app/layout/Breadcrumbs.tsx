import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { http } from '../../api/http';
import { checkHasMenus } from '../../features/auth/api';
import { projectHomePath, type RouteScope } from '../routes/generate';
import { useScopeRoutes } from '../routes/ScopeRoutes';

interface NavLevel {
  id: number;
  name: string;
  groupType: string;
  siblings: { id: number; name: string }[];
}

export const NO_MENU_WARNING = '该分组下没有可访问的功能菜单';

/** Hidden on any route with an 'hd' segment (spec core §2). */
export function breadcrumbHidden(pathname: string): boolean {
  return pathname.split('/').includes('hd');
}

/**
 * Home (the project home), then one dropdown per group level to switch group, then the page.
 * A gatewayAlias in the query is prepended to the last entry.
 */
export function Breadcrumbs({ scope }: { scope: RouteScope }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const { routes } = useScopeRoutes(scope);
  const route = routes?.find((r) => r.path === location.pathname);
  const groupId = scope.type === 'project' ? scope.id : null;
  const nav = useQuery({
    queryKey: ['nav', groupId],
    queryFn: () => http.get<{ path: NavLevel[] }>(`/iot/projects/nav/${groupId}`, { quiet: true }),
    enabled: groupId !== null,
  });
  if (breadcrumbHidden(location.pathname)) return null;

  const switchTo = async (target: number) => {
    if (!(await checkHasMenus('project', target))) {
      message.warning(NO_MENU_WARNING);
      return;
    }
    const rest = location.pathname.replace(/^\/projects\/groups\/\d+/, '');
    navigate(`/projects/groups/${target}${rest}${location.search}`);
  };

  const alias = search.get('gatewayAlias');
  const last = alias ? `${alias} ${route?.title ?? ''}` : route?.title;
  const items: { title: ReactNode }[] = [];
  if (groupId !== null) {
    items.push({ title: <Link to={projectHomePath(groupId)}>首页</Link> });
    for (const level of nav.data?.path ?? []) {
      items.push({
        title: (
          <Dropdown
            trigger={['click']}
            menu={{
              items: level.siblings.map((s) => ({ key: String(s.id), label: s.name })),
              selectedKeys: [String(level.id)],
              onClick: ({ key }) => void switchTo(Number(key)),
            }}
          >
            <Button
              type="link"
              size="small"
              data-testid={`crumb-${level.id}`}
              style={{ padding: 0, height: 'auto' }}
            >
              {level.name} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        ),
      });
    }
  }
  items.push({ title: <span data-testid="crumb-last">{last}</span> });
  return <Breadcrumb className="shell-breadcrumb" items={items} data-testid="breadcrumb" />;
}
