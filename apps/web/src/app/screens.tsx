import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { UnderConstruction } from '../components/UnderConstruction';
import { registerScreens } from '../platform/routes/screenRegistry';

/** 账号安全 and 消息设置 are tabs of 个人中心; their routes (bookmarks) open that tab (decision 0035). */
function UserCenterTab({ tab }: { tab: string }) {
  const mobile = useLocation().pathname.startsWith('/m/');
  return <Navigate to={`${mobile ? '/m' : ''}/usercenter?tab=${tab}`} replace />;
}
const AccountSecurity = () => <UserCenterTab tab="password" />;
const MessageSetting = () => <UserCenterTab tab="message" />;

/**
 * Menu component keys → lazily loaded screens. Menus show only entries whose key is here
 * (`hasScreen`); a route whose screen is not built yet still answers, with the 建设中 page, for
 * bookmarks. Screens join this map as their issues land.
 */
const SCREENS: Record<string, ComponentType> = {
  'users/AccountSecurity': AccountSecurity,
  'assistant/Assistant': lazy(() =>
    import('../features/assistant/index').then((m) => ({ default: m.Assistant })),
  ),
  'cameras/VideoSurveillance': lazy(() =>
    import('../features/cameras/index').then((m) => ({ default: m.VideoSurveillance })),
  ),
  'monitoring/RealTimeData': lazy(() =>
    import('../features/monitoring/pages/RealTimeData').then((m) => ({ default: m.RealTimeData })),
  ),
  'monitoring/HistoricalData': lazy(() =>
    import('../features/monitoring/pages/HistoricalData').then((m) => ({ default: m.HistoricalData })),
  ),
  'monitoring/Trend': lazy(() =>
    import('../features/monitoring/pages/Trend').then((m) => ({ default: m.Trend })),
  ),
  'monitoring/Ranking': lazy(() => import('../features/ranking/index').then((m) => ({ default: m.Ranking }))),
  'monitoring/RemoteControl': lazy(() =>
    import('../features/remote-control/index').then((m) => ({ default: m.RemoteControl })),
  ),
  'monitoring/DataRepair': lazy(() =>
    import('../features/data-repair/index').then((m) => ({ default: m.DataRepair })),
  ),
  'warnings/WarningSettings': lazy(() =>
    import('../features/warnings/pages/WarningSettings').then((m) => ({ default: m.WarningSettings })),
  ),
  'warnings/WarningList': lazy(() =>
    import('../features/warnings/index').then((m) => ({ default: m.WarningList })),
  ),
  'warnings/WarningAnalysis': lazy(() =>
    import('../features/warnings/index').then((m) => ({ default: m.WarningAnalysis })),
  ),
  'maintenance/Tasks': lazy(() =>
    import('../features/maintenance/index').then((m) => ({ default: m.WorkOrders })),
  ),
  'equipment/MalfunctionRecords': lazy(() =>
    import('../features/malfunctions/index').then((m) => ({ default: m.MalfunctionRecords })),
  ),
  'maintenance/DutySchedule': lazy(() =>
    import('../features/duty/index').then((m) => ({ default: m.DutySchedule })),
  ),
  'audits/AuditList': lazy(() => import('../features/audits/index').then((m) => ({ default: m.AuditList }))),
  'audits/AuditDetail': lazy(() =>
    import('../features/audits/index').then((m) => ({ default: m.AuditDetail })),
  ),
  'audits/RejectDetail': lazy(() =>
    import('../features/audits/index').then((m) => ({ default: m.AuditDetail })),
  ),
  'messages/MessageCenter': lazy(() =>
    import('../features/messages/pages/MessageCenter').then((m) => ({ default: m.MessageCenter })),
  ),
  'messages/MessageSetting': MessageSetting,
  'maintenance/Plans': lazy(() =>
    import('../features/maintenance/pages/Plans').then((m) => ({ default: m.Plans })),
  ),
  'maintenance/Records': lazy(() =>
    import('../features/maintenance/records/MaintenanceRecords').then((m) => ({
      default: m.MaintenanceRecords,
    })),
  ),
  'maintenance/Statistics': lazy(() =>
    import('../features/maintenance/statistics/MaintenanceStatistics').then((m) => ({
      default: m.MaintenanceStatistics,
    })),
  ),
  'operation-logs/OperationLogs': lazy(() =>
    import('../features/operation-logs/index').then((m) => ({ default: m.OperationLogs })),
  ),
  'tool-set/ToolSet': lazy(() => import('../features/tool-set/index').then((m) => ({ default: m.ToolSet }))),
  'users/UserCenter': lazy(() =>
    import('../features/users/pages/UserCenter').then((m) => ({ default: m.UserCenter })),
  ),
  'projects/MyProjects': lazy(() =>
    import('../features/projects/pages/MyProjects').then((m) => ({ default: m.MyProjects })),
  ),
  'corporations/MyCorporations': lazy(() =>
    import('../features/corporations/index').then((m) => ({ default: m.MyCorporations })),
  ),
  'gateway-firms/MyGatewayFirms': lazy(() =>
    import('../features/gateway-firms/index').then((m) => ({ default: m.MyGatewayFirms })),
  ),
  'projects/ProjectOverview': lazy(() =>
    import('../features/projects/pages/ProjectOverview').then((m) => ({ default: m.ProjectOverview })),
  ),
  'projects/ProjectSetting': lazy(() =>
    import('../features/projects/pages/ProjectSetting').then((m) => ({ default: m.ProjectSetting })),
  ),
  'users/Users': lazy(() => import('../features/users/pages/Users').then((m) => ({ default: m.Users }))),
  'roles/Roles': lazy(() => import('../features/roles/pages/Roles').then((m) => ({ default: m.Roles }))),
  'memberships/Members': lazy(() =>
    import('../features/memberships/pages/Members').then((m) => ({ default: m.Members })),
  ),
  'gateways/ProjectGateways': lazy(() =>
    import('../features/gateways/pages/GatewaysScreen').then((m) => ({ default: m.ProjectGateways })),
  ),
  'gateways/FirmGateways': lazy(() =>
    import('../features/gateways/pages/GatewaysScreen').then((m) => ({ default: m.FirmGateways })),
  ),
  'gateways/GatewayTypes': lazy(() =>
    import('../features/gateway-types/pages/GatewayTypes').then((m) => ({ default: m.GatewayTypes })),
  ),
  'projects/ProjectHome': lazy(() =>
    import('../features/projects/pages/ProjectHome').then((m) => ({ default: m.ProjectHome })),
  ),
  'groups/SiteHome': lazy(() =>
    import('../features/groups/pages/SiteHome').then((m) => ({ default: m.SiteHome })),
  ),
  'corporations/CorporationProjects': lazy(() =>
    import('../features/corporations/index').then((m) => ({ default: m.CorporationProjects })),
  ),
  'corporations/CorporationSetting': lazy(() =>
    import('../features/corporations/index').then((m) => ({ default: m.CorporationSetting })),
  ),
  'groups/GroupTree': lazy(() =>
    import('../features/groups/pages/GroupTree').then((m) => ({ default: m.GroupTree })),
  ),
  'indicators/Indicators': lazy(() =>
    import('../features/indicators/pages/Indicators').then((m) => ({ default: m.Indicators })),
  ),
  'units/Units': lazy(() => import('../features/units/pages/Units').then((m) => ({ default: m.Units }))),
  'labels/Labels': lazy(() => import('../features/labels/pages/Labels').then((m) => ({ default: m.Labels }))),
  'modes/Modes': lazy(() => import('../features/modes/pages/Modes').then((m) => ({ default: m.Modes }))),
  'equipment/Equipment': lazy(() =>
    import('../features/equipment/index').then((m) => ({ default: m.Equipment })),
  ),
  'equipment/EquipmentMonitor': lazy(() =>
    import('../features/equipment/index').then((m) => ({ default: m.EquipmentMonitor })),
  ),
  'gateway-firms/GatewayFirms': lazy(() =>
    import('../features/gateway-firms/index').then((m) => ({ default: m.GatewayFirms })),
  ),
  'corporations/Corporations': lazy(() =>
    import('../features/corporations/index').then((m) => ({ default: m.Corporations })),
  ),
  'projects/Projects': lazy(() =>
    import('../features/projects/pages/Projects').then((m) => ({ default: m.Projects })),
  ),
  'system/Systems': lazy(() => import('../features/system/index').then((m) => ({ default: m.Systems }))),
  'purchases/Orders': lazy(() => import('../features/purchases/index').then((m) => ({ default: m.Orders }))),
  'system/CustomDomains': lazy(() =>
    import('../features/custom-domains/index').then((m) => ({ default: m.CustomDomains })),
  ),
  'assistant/AiModels': lazy(() =>
    import('../features/assistant/models/index').then((m) => ({ default: m.AiModels })),
  ),
  'clients/OpenPlatform': lazy(() =>
    import('../features/clients/index').then((m) => ({ default: m.OpenPlatform })),
  ),
  'clients/ProjectOpenApi': lazy(() =>
    import('../features/clients/index').then((m) => ({ default: m.ProjectOpenApi })),
  ),
};

registerScreens(Object.keys(SCREENS));

export function Screen({ component, title }: { component: string; title: string }) {
  const Component = SCREENS[component];
  if (!Component) return <UnderConstruction title={title} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Component />
    </Suspense>
  );
}
