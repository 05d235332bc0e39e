import {
  AlertOutlined,
  BellOutlined,
  DashboardOutlined,
  DesktopOutlined,
  HomeOutlined,
  LogoutOutlined,
  ProfileOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { Page } from '@iot/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Space, Spin, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { http } from '../../api/http';
import { LoadError } from '../../components/LoadState';
import { ProjectGate } from '../../features/projects/ProjectGate';
import { useLoginInfo, useSystemInfo } from '../../platform/queries';
import { projectHomePath, type RouteScope, scopeOfPath } from '../../platform/routes/generate';
import { useLastProjectId } from '../../platform/routes/scopeReturn';
import { firstShownRoute } from '../../platform/routes/shownMenus';
import { ScopeRoutes, useScopeRoutes } from '../routes/ScopeRoutes';
import { clickSearchOnEnter } from './AppLayout';
import { useScopeTitle } from './useScopeTitle';
import { useSignOut } from './useSignOut';

const PAGE_SIZE = 20;

/**
 * The mobile layout under /m (spec core §2: the same routes, main content only — no top bar,
 * sidebar or breadcrumb), with a tab bar at the bottom: 首页 (/m, the user's projects), and for
 * the current project 工单, 实时 and 预警, and 消息. Decisions 0035 and 0057.
 */
export function MobileLayout() {
  const location = useLocation();
  const inner = location.pathname.replace(/^\/m/, '').replace(/\/$/, '') || '/';
  const scope = scopeOfPath(inner);
  const lastProject = useLastProjectId();
  const projectId = scope.type === 'project' ? scope.id : lastProject;

  let main: ReactNode;
  if (inner === '/') main = <MobileHome projectId={projectId} />;
  else if (scope.type === 'project' && inner === projectHomePath(scope.id))
    main = <ProjectEntry projectId={scope.id} />;
  else {
    const screen = <ScopeRoutes pathname={inner} />;
    main =
      scope.type === 'project' ? (
        <ProjectGate key={scope.id} groupId={scope.id}>
          {screen}
        </ProjectGate>
      ) : (
        screen
      );
  }
  return (
    <div className="mobile-shell">
      <main className="shell-content" onKeyDown={clickSearchOnEnter} data-testid="main">
        {main}
      </main>
      <MobileTabBar inner={inner} projectId={projectId} />
    </div>
  );
}

/**
 * A project opened from /m: its home when the role grants it, else the field's 工单 or the first
 * screen the role grants (a field worker's role may hold work orders alone; decision 0057).
 */
function ProjectEntry({ projectId }: { projectId: number }) {
  const scope = useMemo<RouteScope>(() => ({ type: 'project', id: projectId }), [projectId]);
  const { routes } = useScopeRoutes(scope);
  const home = projectHomePath(projectId);
  const screen = (
    <ProjectGate key={projectId} groupId={projectId}>
      <ScopeRoutes pathname={home} />
    </ProjectGate>
  );
  if (!routes) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (routes.some((r) => r.path === home)) return screen;
  const entry = routes.find((r) => r.code === 'router-maintenanceTaskList') ?? firstShownRoute(routes);
  return entry ? <Navigate to={`/m${entry.path}`} replace /> : screen;
}

function MobileTabBar({ inner, projectId }: { inner: string; projectId: number }) {
  const projectScope = useMemo<RouteScope>(
    () => (projectId ? { type: 'project', id: projectId } : { type: 'personal' }),
    [projectId],
  );
  const { routes: projectRoutes } = useScopeRoutes(projectScope);
  const { routes: personalRoutes } = useScopeRoutes(PERSONAL);
  const inProject = (code: string) => (projectId ? projectRoutes?.find((r) => r.code === code) : undefined);
  const realTime = inProject('router-realTimeData');
  const warnings = inProject('router-warningList');
  const workOrders = inProject('router-maintenanceTaskList');
  const messages = personalRoutes?.find((r) => r.code === 'router-messageCenter');
  // The caller's open orders on the 工单 tab (decision 0059). Under the work orders' query key, so
  // every change to an order reads it again; otherwise each minute. Quiet: no badge when it fails.
  const mineOpen = useQuery({
    queryKey: ['workOrders', projectId, 'mineOpenCount'],
    queryFn: () =>
      http.get<Page<unknown>>(`/iot/groups/${projectId}/workOrders`, {
        params: { mine: true, open: true, page: 0, size: 1 },
        quiet: true,
      }),
    enabled: projectId > 0 && workOrders !== undefined,
    refetchInterval: 60_000,
  });

  const tabs: { key: string; label: string; icon: ReactNode; to?: string; active: boolean }[] = [
    {
      key: 'home',
      label: '首页',
      icon: <HomeOutlined />,
      to: '/m',
      active: inner === '/' || inner.startsWith('/project/'),
    },
  ];
  // The field's own screen (decision 0057): 工单管理 shown as cards under /m.
  if (!projectId || workOrders)
    tabs.push({
      key: 'workOrders',
      label: '工单',
      icon: (
        <Badge
          count={projectId ? (mineOpen.data?.total ?? 0) : 0}
          size="small"
          overflowCount={99}
          data-testid="work-order-badge"
        >
          <ProfileOutlined />
        </Badge>
      ),
      to: workOrders && `/m${workOrders.path}`,
      active: workOrders?.path === inner,
    });
  if (!projectId || realTime)
    tabs.push({
      key: 'realTime',
      label: '实时',
      icon: <DashboardOutlined />,
      to: realTime && `/m${realTime.path}`,
      active: realTime?.path === inner,
    });
  if (!projectId || warnings)
    tabs.push({
      key: 'warnings',
      label: '预警',
      icon: <AlertOutlined />,
      to: warnings && `/m${warnings.path}`,
      active: warnings?.path === inner,
    });
  if (messages)
    tabs.push({
      key: 'messages',
      label: '消息',
      icon: <BellOutlined />,
      to: `/m${messages.path}`,
      active: messages.path === inner,
    });

  return (
    <nav className="mobile-tabbar" aria-label="底部导航" data-testid="tab-bar">
      {tabs.map((tab) =>
        tab.to ? (
          <Link
            key={tab.key}
            to={tab.to}
            className={tab.active ? 'mobile-tab mobile-tab-active' : 'mobile-tab'}
            aria-current={tab.active ? 'page' : undefined}
          >
            {tab.icon}
            <span>{tab.label}</span>
          </Link>
        ) : (
          <span key={tab.key} className="mobile-tab mobile-tab-disabled" aria-disabled="true">
            {tab.icon}
            <span>{tab.label}</span>
          </span>
        ),
      )}
    </nav>
  );
}

const PERSONAL: RouteScope = { type: 'personal' };

/** /m: who is signed in, the current project, and the user's projects to pick one. */
function MobileHome({ projectId }: { projectId: number }) {
  const { data: system } = useSystemInfo();
  const { data: info } = useLoginInfo();
  const signOut = useSignOut();
  const [page, setPage] = useState(0);
  const current = useScopeTitle(projectId ? { type: 'project', id: projectId } : PERSONAL);
  const projects = useQuery({
    queryKey: ['myProjects', 'mobile', page],
    queryFn: () =>
      http.get<Page<{ id: number; name: string }>>('/iot/projects/byCurUser', {
        params: { page, size: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mobile-home">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {system?.systemName ?? '物联网监测运维平台'}
            </Typography.Title>
            <Typography.Text type="secondary">{info?.realname}</Typography.Text>
          </div>
          <Space size={4}>
            <Link to="/projects">
              <Button size="small" icon={<DesktopOutlined />}>
                电脑版
              </Button>
            </Link>
            <Button size="small" icon={<LogoutOutlined />} onClick={signOut}>
              退出
            </Button>
          </Space>
        </Space>
      </Card>
      {projectId ? (
        <Card size="small" title="当前项目">
          <Link to={`/m${projectHomePath(projectId)}`} className="mobile-row" data-testid="current-project">
            <span>{current}</span>
            <RightOutlined />
          </Link>
        </Card>
      ) : (
        <Typography.Text type="secondary">选择一个项目，即可查看它的工单、实时数据和预警。</Typography.Text>
      )}
      <Card size="small" title="我的项目">
        {projects.isError ? (
          <LoadError compact what="项目列表" error={projects.error} onRetry={projects.refetch} />
        ) : (
          <List
            loading={projects.isLoading}
            dataSource={projects.data?.list ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无项目" /> }}
            pagination={
              (projects.data?.total ?? 0) > PAGE_SIZE && {
                simple: true,
                size: 'small',
                current: page + 1,
                pageSize: PAGE_SIZE,
                total: projects.data?.total,
                onChange: (p) => setPage(p - 1),
              }
            }
            renderItem={(project) => (
              <List.Item>
                <Link to={`/m${projectHomePath(project.id)}`} className="mobile-row">
                  <span>{project.name}</span>
                  <RightOutlined />
                </Link>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
