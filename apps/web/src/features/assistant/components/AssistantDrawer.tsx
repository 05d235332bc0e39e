import { CloseOutlined, PushpinFilled, PushpinOutlined, RobotOutlined } from '@ant-design/icons';
import { CHAT_DRAWER_WIDTH } from '@iot/contracts/assistant';
import { Button, Drawer, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { type AssistantAccess, useAssistantAccess, useIsAssistantPage } from '../access';
import { assistantDrawer, useAssistantDrawer } from '../drawerState';
import { currentPageContent } from '../pageContent';
import { AssistantPanel } from './AssistantPanel';

/** The id of the main content element the current-page toggle reads (the layout's Content). */
const MAIN_SELECTOR = '[data-testid="main"]';

/**
 * The floating assistant of the shared layout (core §2, feature-areas §2): a drawer 560 wide (the
 * full width on a phone), pinned beside the content or floating over it, closed whenever the
 * route — and so the project — changes. Shown only inside a project to users with the view bit on
 * router-ai-assistant, and not on the assistant's own full-page screen.
 */
export function AssistantDrawer({ narrow }: { narrow: boolean }) {
  const access = useAssistantAccess();
  const onOwnPage = useIsAssistantPage(access);
  const { open, pinned } = useAssistantDrawer();
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    assistantDrawer.close();
  }, [pathname]);

  useEffect(() => {
    if (!access.allowed || onOwnPage) assistantDrawer.close();
  }, [access.allowed, onOwnPage]);

  if (!access.allowed || onOwnPage) return null;
  const docked = pinned && !narrow;
  return (
    <Drawer
      open={open}
      onClose={assistantDrawer.close}
      placement="right"
      size={narrow ? '100%' : CHAT_DRAWER_WIDTH}
      mask={!docked}
      maskClosable
      closable={false}
      rootClassName={docked ? 'assistant-drawer assistant-drawer-pinned' : 'assistant-drawer'}
      data-testid="assistant-drawer"
      data-pinned={docked ? 'true' : 'false'}
      forceRender={false}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      title={
        <span className="assistant-drawer-title">
          <RobotOutlined /> AI助手
        </span>
      }
      extra={
        <>
          {!narrow && (
            <Tooltip title={pinned ? '取消固定' : '固定'}>
              <Button
                type="text"
                icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
                aria-label={pinned ? '取消固定' : '固定'}
                aria-pressed={pinned}
                onClick={() => assistantDrawer.setPinned(!pinned)}
              />
            </Tooltip>
          )}
          <Button type="text" icon={<CloseOutlined />} aria-label="关闭" onClick={assistantDrawer.close} />
        </>
      }
    >
      <DrawerPanel key={access.projectId} access={access} narrow={narrow} />
    </Drawer>
  );
}

function DrawerPanel({ access, narrow }: { access: AssistantAccess; narrow: boolean }) {
  const { pathname } = useLocation();
  const pageName = access.routes.find((route) => route.path === pathname)?.title ?? document.title;
  return (
    <AssistantPanel
      projectId={access.projectId}
      categories={access.categories}
      groupDisplayName={access.groupDisplayName}
      narrow={narrow}
      readPage={() => currentPageContent(pageName, document.querySelector<HTMLElement>(MAIN_SELECTOR))}
    />
  );
}

/** The top bar's assistant icon: the same conditions as the drawer. */
export function AssistantButton({ narrow }: { narrow: boolean }) {
  const access = useAssistantAccess();
  const onOwnPage = useIsAssistantPage(access);
  const { open } = useAssistantDrawer();
  if (!access.allowed || onOwnPage) return null;
  return (
    <Tooltip title="AI助手">
      <Button
        type="text"
        icon={<RobotOutlined />}
        aria-label="AI助手"
        aria-pressed={open}
        data-testid="assistant-button"
        onClick={assistantDrawer.toggle}
      >
        {!narrow && 'AI助手'}
      </Button>
    </Tooltip>
  );
}

/** How far a pinned, open drawer pushes the content (0 when floating, closed or on a phone). */
export function useAssistantPush(narrow: boolean): number {
  const access = useAssistantAccess();
  const onOwnPage = useIsAssistantPage(access);
  const { open, pinned } = useAssistantDrawer();
  return open && pinned && !narrow && access.allowed && !onOwnPage ? CHAT_DRAWER_WIDTH : 0;
}
