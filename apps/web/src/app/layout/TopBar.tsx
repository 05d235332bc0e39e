import { AuditOutlined, LogoutOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Modal, Space, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import { http } from '../../api/http';
import { logout } from '../../features/auth/api';
import { MessageBell } from '../../features/messages/index';
import { useLoginInfo, useSystemInfo } from '../queries';
import { generateRoutes, type RouteScope } from '../routes/generate';
import { useMenusOf } from '../routes/ScopeRoutes';
import { ScopeSwitcher } from './ScopeSwitcher';

/** Feature-areas §2: the tool set entries and the activeKey each opens on router-toolSet. */
export const TOOL_SET = [
  ['gatewayDetail', '查找设备'],
  ['historicalData', '数据查看'],
  ['equipmentRemoteControl', '远程控制'],
  ['realTimeData', '实时数据'],
  ['indicatorConfig', '接入配置'],
  ['modbusConfig', '串口配置'],
  ['sensorAccess', '传感器接入'],
] as const;

/** Hosts of the product itself, where 返回首页 makes sense (custom domains have their own portal). */
const OWN_HOSTS = (import.meta.env.VITE_OWN_HOSTS ?? 'localhost,127.0.0.1').split(',');

function useScopeTitle(scope: RouteScope): string {
  const name = useQuery({
    queryKey: ['scopeName', scope.type, 'id' in scope ? scope.id : 0],
    enabled: scope.type === 'project' || scope.type === 'firm' || scope.type === 'corporation',
    queryFn: async () => {
      if (scope.type === 'project') {
        return (
          await http.get<{ name: string }>('/iot/projects/getProjectByGroupId', {
            params: { groupId: scope.id },
            quiet: true,
          })
        ).name;
      }
      if (scope.type === 'firm')
        return (await http.get<{ name: string }>(`/iot/gatewayFirms/${scope.id}`, { quiet: true })).name;
      if (scope.type === 'corporation') {
        return (await http.get<{ name: string }>(`/iot/corporations/${scope.id}/setting`, { quiet: true }))
          .name;
      }
      return '';
    },
  });
  if (scope.type === 'system') return '系统管理';
  if (scope.type === 'personal') return '我的项目';
  return name.data ?? '…';
}

export function TopBar({ scope }: { scope: RouteScope }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: system } = useSystemInfo();
  const { data: info } = useLoginInfo();
  const { menus: personal } = useMenusOf({ type: 'personal' });
  const { menus: scoped } = useMenusOf(scope);
  const personalRoutes = generateRoutes(personal ?? [], { type: 'personal' });
  const personalCodes = new Set(personalRoutes.map((r) => r.code));
  const messageCenter = personalRoutes.find((r) => r.code === 'router-messageCenter');
  const toolSet = generateRoutes(scoped ?? [], scope).find((r) => r.code === 'router-toolSet');
  const title = useScopeTitle(scope);

  const signOut = async () => {
    await logout();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const avatarItems = [
    personalCodes.has('router-usercenter') && { key: '/usercenter', label: '个人中心' },
    personalCodes.has('router-messageCenter') && { key: '/messageCenter', label: '我的消息' },
    personalCodes.has('router-auditList') && { key: '/auditList', label: '我的审批' },
    { key: 'guide', label: '新手引导' },
    { key: 'share', label: '使用分享码' },
    OWN_HOSTS.includes(window.location.hostname) && { key: '/index', label: '返回首页' },
    { type: 'divider' as const },
    { key: 'logout', label: '退出', icon: <LogoutOutlined />, danger: true },
  ].filter((item) => item !== false);

  return (
    <header className="shell-header">
      <Link to="/projects" className="shell-brand">
        <img src={system?.logoUrl || '/favicon.svg'} alt="" />
        <span data-testid="system-name">{system?.systemName ?? '物联网监测运维平台'}</span>
      </Link>
      <ScopeSwitcher title={title} />
      <span className="shell-spacer" />
      <Space size={4}>
        {info?.frontMenus['3'] && (
          <Button
            type="text"
            onClick={() => {
              const first = generateRoutes(info.frontMenus['3'] ?? [], { type: 'system' }).find(
                (r) => !r.hidden,
              );
              if (first) navigate(first.path);
            }}
          >
            系统管理
          </Button>
        )}
        {toolSet && (
          <Dropdown
            menu={{
              items: TOOL_SET.map(([key, label]) => ({ key, label })),
              onClick: ({ key }) => navigate(`${toolSet.path}?activeKey=${key}`),
            }}
          >
            <Button type="text" icon={<ToolOutlined />}>
              工具集
            </Button>
          </Dropdown>
        )}
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
              if (key === 'logout') void signOut();
              else if (key === 'guide' || key === 'share') {
                Modal.info({
                  title: key === 'guide' ? '新手引导' : '使用分享码',
                  content:
                    key === 'guide'
                      ? '使用流程引导随设备接入与监测功能一同上线。'
                      : '设备分享随共享功能上线。',
                });
              } else navigate(key);
            },
          }}
        >
          <Button type="text" data-testid="avatar-menu">
            <Avatar size="small" src={info?.avatar || undefined} icon={<UserOutlined />} />
            <span style={{ marginLeft: 6 }}>{info?.realname}</span>
          </Button>
        </Dropdown>
      </Space>
    </header>
  );
}
