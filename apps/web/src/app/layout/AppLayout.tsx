import { Layout } from 'antd';
import type { KeyboardEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LiveMessages } from '../../features/messages/index';
import { ProjectGate } from '../../features/projects/ProjectGate';
import { scopeOfPath } from '../routes/generate';
import { ScopeRoutes } from '../routes/ScopeRoutes';
import { Breadcrumbs } from './Breadcrumbs';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/**
 * Enter in the main area clicks the page's 查 询 button (spec core §2). Keys of a dialog or drawer
 * bubble here through its portal too: Enter in one of those belongs to it, never to the page.
 */
export function clickSearchOnEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.target instanceof HTMLTextAreaElement) return;
  if (event.target instanceof Element && event.target.closest('.ant-modal-root, .ant-drawer')) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
  const search = buttons.find((b) => b.textContent?.replace(/\s/g, '') === '查询' && !b.disabled);
  if (search && search !== event.target) {
    event.preventDefault();
    search.click();
  }
}

/** Top bar, collapsible sidebar, breadcrumb and the main content of every signed-in page. */
export function AppLayout() {
  const location = useLocation();
  const scope = scopeOfPath(location.pathname);
  const content = (
    <Layout.Content className="shell-content" onKeyDown={clickSearchOnEnter} data-testid="main">
      <Breadcrumbs scope={scope} />
      <Outlet />
    </Layout.Content>
  );
  return (
    <Layout style={{ minHeight: '100vh', background: 'transparent' }}>
      <LiveMessages />
      <TopBar scope={scope} />
      <Layout style={{ background: 'transparent' }}>
        <SideMenu scope={scope} />
        {scope.type === 'project' ? (
          <ProjectGate key={scope.id} groupId={scope.id}>
            {content}
          </ProjectGate>
        ) : (
          content
        )}
      </Layout>
    </Layout>
  );
}

/** The mobile layout under /m: the same screens, main content only. */
export function MobileLayout() {
  const location = useLocation();
  const pathname = location.pathname.replace(/^\/m/, '') || '/';
  const scope = scopeOfPath(pathname);
  const screen = <ScopeRoutes pathname={pathname} />;
  return (
    <main className="shell-content" onKeyDown={clickSearchOnEnter}>
      {scope.type === 'project' ? <ProjectGate groupId={scope.id}>{screen}</ProjectGate> : screen}
    </main>
  );
}
