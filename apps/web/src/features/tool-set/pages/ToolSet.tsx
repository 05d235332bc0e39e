import { Card, Empty, Flex, Spin, Tabs } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { TOOL_SET } from '../../../platform/toolSet';
import { GatewayPicker } from '../../remote-control/index';
import { SensorAccess } from '../components/SensorAccess';

type ToolKey = (typeof TOOL_SET)[number][0];

const ProjectGateways = lazy(() =>
  import('../../gateways/index').then((m) => ({ default: m.ProjectGateways })),
);
const HistoricalData = lazy(() =>
  import('../../monitoring/index').then((m) => ({ default: m.HistoricalData })),
);
const RealTimeData = lazy(() => import('../../monitoring/index').then((m) => ({ default: m.RealTimeData })));
const RemoteControl = lazy(() =>
  import('../../remote-control/index').then((m) => ({ default: m.RemoteControl })),
);
const GatewayIndicatorsPanel = lazy(() =>
  import('../../indicators/index').then((m) => ({ default: m.GatewayIndicatorsPanel })),
);
const ModbusConfigPanel = lazy(() =>
  import('../../indicators/index').then((m) => ({ default: m.ModbusConfigPanel })),
);

const DEFAULTS = { gatewayId: 0 };

/** A tool about one gateway: the gateway picker, then the panel for the gateway picked. */
function PerGateway({
  projectId,
  panel: Panel,
}: {
  projectId: number;
  panel: ComponentType<{ groupId: number; gatewayId: number }>;
}) {
  const [query, setQuery] = useSavedQuery(`toolSet.${projectId}`, DEFAULTS);
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center">
        <span>网关</span>
        <GatewayPicker
          projectId={projectId}
          value={query.gatewayId}
          onChange={(gatewayId) => setQuery({ gatewayId })}
        />
      </Flex>
      {query.gatewayId ? (
        <Panel key={query.gatewayId} groupId={projectId} gatewayId={query.gatewayId} />
      ) : (
        <Empty description="请选择网关" style={{ padding: '48px 0' }} />
      )}
    </Flex>
  );
}

/**
 * 工具集 (router-toolSet): the top bar's tools as tabs, the one open named by `activeKey` in the
 * address (feature-areas §2), each embedding the screen or panel that does the job.
 */
export function ToolSet() {
  const projectId = useProjectId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('activeKey');
  const activeKey: ToolKey = TOOL_SET.some(([key]) => key === requested)
    ? (requested as ToolKey)
    : 'gatewayDetail';

  const content: Record<ToolKey, () => ReactNode> = {
    gatewayDetail: () => <ProjectGateways />,
    historicalData: () => <HistoricalData />,
    equipmentRemoteControl: () => <RemoteControl />,
    realTimeData: () => <RealTimeData />,
    indicatorConfig: () => <PerGateway projectId={projectId} panel={GatewayIndicatorsPanel} />,
    modbusConfig: () => <PerGateway projectId={projectId} panel={ModbusConfigPanel} />,
    sensorAccess: () => <SensorAccess projectId={projectId} />,
  };

  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={activeKey}
        destroyOnHidden
        onChange={(key) => setParams({ activeKey: key }, { replace: true })}
        items={TOOL_SET.map(([key, label]) => ({
          key,
          label,
          children: (
            <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
              <div data-tool={key}>{content[key]()}</div>
            </Suspense>
          ),
        }))}
      />
    </Card>
  );
}
