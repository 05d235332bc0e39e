import type { LoginRole } from '@iot/contracts/users';
import { Space, Tag, Typography } from 'antd';
import './RoleList.css';

const SCOPE_LABELS: Record<LoginRole['scopeType'], string> = {
  system: '系统',
  corporation: '公司',
  firm: '网关厂商',
  project: '项目',
};

/**
 * The user's roles from login info, one line each (所在范围 · 角色), the role of the scope on
 * screen first; past `max` lines, 等 N 个角色. No membership: 暂无角色.
 */
export function RoleList({
  roles,
  current,
  max,
}: {
  roles: LoginRole[];
  /** The scope on screen, whose role leads. */
  current?: { scopeType: LoginRole['scopeType']; scopeId: number } | undefined;
  max?: number;
}) {
  if (roles.length === 0) return <Typography.Text type="secondary">暂无角色</Typography.Text>;
  const isCurrent = (role: LoginRole) =>
    current !== undefined && role.scopeType === current.scopeType && role.scopeId === current.scopeId;
  const ordered = [...roles.filter(isCurrent), ...roles.filter((role) => !isCurrent(role))];
  const shown = max === undefined ? ordered : ordered.slice(0, max);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }} data-testid="role-list">
      {shown.map((role) => (
        <div
          key={`${role.scopeType}-${role.scopeId}`}
          className="role-line"
          data-current={isCurrent(role) ? 'true' : undefined}
        >
          <Tag color={isCurrent(role) ? 'processing' : undefined} style={{ marginInlineEnd: 6 }}>
            {role.roleName}
          </Tag>
          <Typography.Text type="secondary" ellipsis={{ tooltip: role.scopeName }} style={{ minWidth: 0 }}>
            {SCOPE_LABELS[role.scopeType]} · {role.scopeName}
          </Typography.Text>
        </div>
      ))}
      {shown.length < ordered.length && (
        <Typography.Text type="secondary">等 {ordered.length} 个角色</Typography.Text>
      )}
    </Space>
  );
}
