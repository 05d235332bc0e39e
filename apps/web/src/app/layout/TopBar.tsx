import {
  AuditOutlined,
  LogoutOutlined,
  MenuOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AssistantButton } from '../../features/assistant/index';
import { GuideModal, useGuideLauncher } from '../../features/guide/index';
import { MessageBell } from '../../features/messages/index';
import { UseShareDialog } from '../../features/sharing/index';
import { ChangePasswordModal, UserAvatar } from '../../features/users/index';
import { useLoginInfo, useSystemInfo } from '../../platform/queries';
import { generateRoutes, type RouteScope } from '../../platform/routes/generate';
import { firstShownRoute } from '../../platform/routes/shownMenus';
import { useMenusOf } from '../../platform/routes/useMenusOf';
import { TOOL_SET } from '../../platform/toolSet';
import { ScopeSwitcher } from './ScopeSwitcher';
import { UserPanel } from './UserPanel';
import { useScopeTitle } from './useScopeTitle';
import { useSignOut } from './useSignOut';

/** Hosts of the product itself, where 返回首页 makes sense (custom domains have their own portal). */
const OWN_HOSTS = (import.meta.env.VITE_OWN_HOSTS ?? 'localhost,127.0.0.1').split(',');

/**
 * The top bar. On a phone (`narrow`) it condenses so the bell and the avatar always fit: a menu
 * button opens the drawer, the system name and the user's name give way, 系统管理 and 工具集
 * become icons, and the scope title is cut with an ellipsis.
 */
export function TopBar({
  scope,
  narrow = false,
  onOpenMenu,
}: {
  scope: RouteScope;
  narrow?: boolean;
  onOpenMenu?(): void;
}) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: system } = useSystemInfo();
  const { data: info } = useLoginInfo();
  const { menus: personal } = useMenusOf({ type: 'personal' });
  const { menus: scoped } = useMenusOf(scope);
  const personalRoutes = generateRoutes(personal ?? [], { type: 'personal' });
  const personalCodes = new Set(personalRoutes.map((r) => r.code));
  const messageCenter = personalRoutes.find((r) => r.code === 'router-messageCenter');
  const toolSet = generateRoutes(scoped ?? [], scope).find((r) => r.code === 'router-toolSet');
  const title = useScopeTitle(scope);
  const [changingPassword, setChangingPassword] = useState(false);
  const [usingShare, setUsingShare] = useState(false);
  const [guideOpen, setGuideOpen] = useGuideLauncher(info, system?.guideForNewUsers);

  const avatarItems = [
    personalCodes.has('router-usercenter') && { key: '/usercenter', label: '个人中心' },
    personalCodes.has('router-messageCenter') && { key: '/messageCenter', label: '我的消息' },
    personalCodes.has('router-auditList') && { key: '/auditList', label: '我的审批' },
    { key: 'password', label: '修改密码' },
    { key: 'guide', label: '新手引导' },
    { key: 'share', label: '使用分享码' },
    OWN_HOSTS.includes(window.location.hostname) && { key: '/index', label: '返回首页' },
    { type: 'divider' as const },
    { key: 'logout', label: '退出', icon: <LogoutOutlined />, danger: true },
  ].filter((item) => item !== false);

  return (
    <header className={narrow ? 'shell-header shell-header-narrow' : 'shell-header'}>
      {narrow && onOpenMenu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="打开菜单"
          data-testid="menu-button"
          onClick={onOpenMenu}
        />
      )}
      <Link to="/projects" className="shell-brand">
        <img src={system?.logoUrl || '/favicon.svg'} alt="" />
        {!narrow && <span data-testid="system-name">{system?.systemName ?? '物联网监测运维平台'}</span>}
      </Link>
      <ScopeSwitcher title={title} />
      <span className="shell-spacer" />
      <Space size={narrow ? 0 : 4} className="shell-actions">
        {info?.frontMenus['3'] && (
          <Button
            type="text"
            icon={narrow ? <SettingOutlined /> : undefined}
            aria-label="系统管理"
            onClick={() => {
              const first = firstShownRoute(generateRoutes(info.frontMenus['3'] ?? [], { type: 'system' }));
              if (first) navigate(first.path);
            }}
          >
            {!narrow && '系统管理'}
          </Button>
        )}
        {toolSet && (
          <Dropdown
            menu={{
              items: TOOL_SET.map(([key, label]) => ({ key, label })),
              onClick: ({ key }) => navigate(`${toolSet.path}?activeKey=${key}`),
            }}
          >
            <Button type="text" icon={<ToolOutlined />} aria-label="工具集">
              {!narrow && '工具集'}
            </Button>
          </Dropdown>
        )}
        <AssistantButton narrow={narrow} />
        {messageCenter && <MessageBell canUpdate={(messageCenter.permission & Permission.UPDATE) !== 0} />}
        {personalCodes.has('router-auditList') && (
          <Tooltip title="我的审批">
            <Button
              type="text"
              icon={<AuditOutlined />}
              aria-label="我的审批"
              onClick={() => navigate('/auditList')}
            />
          </Tooltip>
        )}
        <Dropdown
          menu={{
            items: avatarItems,
            onClick: ({ key }) => {
              if (key === 'logout') signOut();
              else if (key === 'password') setChangingPassword(true);
              else if (key === 'share') setUsingShare(true);
              else if (key === 'guide') setGuideOpen(true);
              else navigate(key);
            },
          }}
          popupRender={(menu) => <UserPanel info={info} scope={scope} menu={menu} />}
        >
          <Button type="text" data-testid="avatar-menu" aria-label="个人菜单">
            <UserAvatar avatarPath={info?.avatarPath} realname={info?.realname} size="small" />
            {!narrow && <span style={{ marginLeft: 6 }}>{info?.realname}</span>}
          </Button>
        </Dropdown>
      </Space>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
      <UseShareDialog open={usingShare} onClose={() => setUsingShare(false)} />
      <GuideModal open={guideOpen} onClose={() => setGuideOpen(false)} narrow={narrow} />
    </header>
  );
}
