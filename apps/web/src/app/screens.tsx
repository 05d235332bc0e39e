import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { UnderConstruction } from '../components/UnderConstruction';

/**
 * Menu component keys → lazily loaded screens. A key without a screen yet shows the honest
 * 建设中 page naming what will be there; screens join this map as their issues land.
 */
const SCREENS: Record<string, ComponentType> = {
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
  'messages/MessageSetting': lazy(() =>
    import('../features/messages/pages/MessageSetting').then((m) => ({ default: m.MessageSetting })),
  ),
  'tool-set/ToolSet': lazy(() => import('../features/tool-set/index').then((m) => ({ default: m.ToolSet }))),
  'users/UserCenter': lazy(() =>
    import('../features/users/pages/UserCenter').then((m) => ({ default: m.UserCenter })),
  ),
  'projects/MyProjects': lazy(() =>
    import('../features/projects/pages/MyProjects').then((m) => ({ default: m.MyProjects })),
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
  'projects/ProjectHome': lazy(() =>
    import('../features/projects/pages/ProjectHome').then((m) => ({ default: m.ProjectHome })),
  ),
  'groups/GroupTree': lazy(() =>
    import('../features/groups/pages/GroupTree').then((m) => ({ default: m.GroupTree })),
  ),
  'indicators/Indicators': lazy(() =>
    import('../features/indicators/pages/Indicators').then((m) => ({ default: m.Indicators })),
  ),
};

export function Screen({ component, title }: { component: string; title: string }) {
  const Component = SCREENS[component];
  if (!Component) return <UnderConstruction title={title} component={component} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Component />
    </Suspense>
  );
}
