import type { LoginRole } from '@iot/contracts/users';
import { Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { LoginInfo } from '../../api/scope';
import { RoleList, UserAvatar } from '../../features/users/index';
import { useProjectSettings } from '../../platform/projectSettings';
import type { RouteScope } from '../../platform/routes/generate';
import './UserPanel.css';

/** At most this many roles in the panel; 个人中心 lists them all. */
const ROLES_SHOWN = 3;

/** The membership scope of the scope on screen (a site's is its project's). */
function useRoleScope(scope: RouteScope): { scopeType: LoginRole['scopeType']; scopeId: number } | undefined {
  const groupId = scope.type === 'project' || scope.type === 'site' ? scope.id : 0;
  const { data: project } = useProjectSettings(groupId);
  switch (scope.type) {
    case 'system':
      return { scopeType: 'system', scopeId: 0 };
    case 'firm':
    case 'corporation':
      return { scopeType: scope.type, scopeId: scope.id };
    case 'project':
      return { scopeType: 'project', scopeId: scope.id };
    case 'site':
      return project ? { scopeType: 'project', scopeId: project.projectGroupId } : undefined;
    default:
      return undefined;
  }
}

/**
 * The avatar menu's panel: the user's 80×80 avatar (feature-areas §2) with the name, the account
 * and the roles from login info — the role of the scope on screen first — above the menu entries.
 */
export function UserPanel({
  info,
  scope,
  menu,
}: {
  info: LoginInfo | undefined;
  scope: RouteScope;
  menu: ReactNode;
}) {
  const { token } = theme.useToken();
  const current = useRoleScope(scope);
  return (
    <div
      className="user-panel"
      data-testid="user-panel"
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <div className="user-panel-head" style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
        <UserAvatar
          avatarPath={info?.avatarPath}
          realname={info?.realname}
          size={80}
          testId="user-panel-avatar"
        />
        <div className="user-panel-who">
          <Typography.Text strong ellipsis={{ tooltip: info?.realname }} className="user-panel-name">
            {info?.realname}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: info?.username }}>
            {info?.username}
          </Typography.Text>
        </div>
      </div>
      {info && (
        <div className="user-panel-roles">
          <RoleList roles={info.roles} current={current} max={ROLES_SHOWN} />
        </div>
      )}
      {menu}
    </div>
  );
}
