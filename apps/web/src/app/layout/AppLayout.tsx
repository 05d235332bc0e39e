import { Drawer, Layout } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AssistantDrawer, useAssistantPush } from '../../features/assistant/index';
import { LiveMessages } from '../../features/messages/index';
import { ProjectGate } from '../../features/projects/ProjectGate';
import { PurchaseHost } from '../../features/purchases/index';
import { scopeOfPath } from '../../platform/routes/generate';
import { useScopeReturn } from '../../platform/routes/scopeReturn';
import { Breadcrumbs } from './Breadcrumbs';
import { NavMenu, SideMenu, useNavItems } from './SideMenu';
import { TopBar } from './TopBar';
import { useNarrow } from './useNarrow';

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

/**
 * Top bar, collapsible sidebar, breadcrumb and the main content of every signed-in page. On a
 * phone the sidebar is a drawer opened from the top bar's menu button. A personal screen opened
 * from a project keeps that project's top bar and menu, and its breadcrumb leads back.
 */
export function AppLayout() {
  const location = useLocation();
  const scope = scopeOfPath(location.pathname);
  const back = useScopeReturn();
  const shellScope = scope.type === 'personal' && back ? back.scope : scope;
  const narrow = useNarrow();
  const [drawer, setDrawer] = useState(false);
  const { items } = useNavItems(shellScope);
  // A pinned assistant sits beside the content instead of over it (decision 0063).
  const push = useAssistantPush(narrow);

  const content = (
    <Layout.Content className="shell-content" onKeyDown={clickSearchOnEnter} data-testid="main">
      <Breadcrumbs scope={scope} back={back} />
      <Outlet />
    </Layout.Content>
  );
  return (
    <Layout style={{ minHeight: '100vh', background: 'transparent' }}>
      <LiveMessages />
      <PurchaseHost />
      <TopBar
        scope={shellScope}
        narrow={narrow}
        onOpenMenu={items.length > 0 ? () => setDrawer(true) : undefined}
      />
      <Layout
        style={{ background: 'transparent', minWidth: 0, marginRight: push }}
        data-assistant-push={push}
      >
        {narrow ? (
          <Drawer
            open={drawer}
            onClose={() => setDrawer(false)}
            placement="left"
            size={256}
            className="shell-drawer"
            title="菜单"
            data-testid="nav-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <NavMenu scope={shellScope} onNavigate={() => setDrawer(false)} />
          </Drawer>
        ) : (
          <SideMenu scope={shellScope} />
        )}
        {scope.type === 'project' || scope.type === 'site' ? (
          <ProjectGate key={scope.id} groupId={scope.id}>
            {content}
          </ProjectGate>
        ) : (
          content
        )}
      </Layout>
      <AssistantDrawer narrow={narrow} />
    </Layout>
  );
}
