import { ArrowLeftOutlined, DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { http } from '../../api/http';
import { checkHasMenus } from '../../api/scope';
import { projectHomePath, type RouteScope } from '../../platform/routes/generate';
import type { ScopeReturn } from '../../platform/routes/scopeReturn';
import { useScopeRoutes } from '../routes/ScopeRoutes';
import { useScopeTitle } from './useScopeTitle';

interface NavLevel {
  id: number;
  name: string;
  groupType: string;
  siblings: { id: number; name: string; groupType: string }[];
}

export const NO_MENU_WARNING = '该分组下没有可访问的功能菜单';

/** Hidden on any route with an 'hd' segment (spec core §2). */
export function breadcrumbHidden(pathname: string): boolean {
  return pathname.split('/').includes('hd');
}

/**
 * Home (the project home), then one dropdown per group level to switch group, then the page.
 * A gatewayAlias in the query is prepended to the last entry. On a personal screen opened from a
 * project (个人中心, 我的消息, …) the first entry leads back to it (`back`).
 */
export function Breadcrumbs({ scope, back }: { scope: RouteScope; back?: ScopeReturn | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const { routes } = useScopeRoutes(scope);
  const route = routes?.find((r) => r.path === location.pathname);
  const groupId = scope.type === 'project' || scope.type === 'site' ? scope.id : null;
  const returnTo = scope.type === 'personal' ? back : null;
  const returnTitle = useScopeTitle(returnTo?.scope ?? { type: 'personal' });
  const nav = useQuery({
    queryKey: ['nav', groupId],
    queryFn: () => http.get<{ path: NavLevel[] }>(`/iot/projects/nav/${groupId}`, { quiet: true }),
    enabled: groupId !== null,
  });
  if (breadcrumbHidden(location.pathname)) return null;

  const switchTo = async (target: number, groupType: string) => {
    // In a site (decision 0041) another site keeps the site screens; an area or the project leaves them.
    if (scope.type === 'site') {
      const toSite = groupType === 'site';
      if (!(await checkHasMenus(toSite ? 'group' : 'project', target))) {
        message.warning(NO_MENU_WARNING);
        return;
      }
      const rest = location.pathname.replace(/^\/sites\/groups\/\d+/, '');
      navigate(toSite ? `/sites/groups/${target}${rest}${location.search}` : projectHomePath(target));
      return;
    }
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
  if (returnTo) {
    items.push({
      title: (
        <Link to={returnTo.path} data-testid="scope-return">
          <ArrowLeftOutlined /> 返回{returnTitle}
        </Link>
      ),
    });
  }
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
              onClick: ({ key }) =>
                void switchTo(
                  Number(key),
                  level.siblings.find((s) => String(s.id) === key)?.groupType ?? level.groupType,
                ),
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
