import { Alert, Card, Empty, Result, Space, Tabs } from 'antd';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useRouteScope } from '../../../platform/routes/useProjectId';
import { GatewayIndicatorsPanel, QuotaText } from '../components/GatewayIndicatorsPanel';
import { GatewayPicker, useGateway } from '../components/GatewayPicker';
import { IndicatorList } from '../components/IndicatorList';
import { ModbusConfigPanel } from '../components/ModbusConfigPanel';

const DEFAULT_VIEW = { tab: 'indicators', section: 'gatewayIndicators', gatewayId: 0 };
const MODBUS_MODELS = new Set(['dtuModbus', 'cloudModbus']);

/**
 * 指标配置 of a project: its indicators (指标列表), and per gateway its gateway indicators and
 * Modbus configuration (接入配置). The chosen tab and gateway are remembered per user.
 */
export function Indicators() {
  const scope = useRouteScope();
  if (scope.type !== 'project') return <Result status="warning" title="指标配置只在项目中可用" />;
  return <IndicatorScreen key={scope.id} groupId={scope.id} />;
}

function IndicatorScreen({ groupId }: { groupId: number }) {
  const [view, setView] = useSavedQuery(`indicatorConfig.${groupId}`, DEFAULT_VIEW);
  return (
    <Card>
      <Tabs
        activeKey={view.tab}
        onChange={(tab) => setView((v) => ({ ...v, tab }))}
        // The access tab shows the quota beside its own add button.
        tabBarExtraContent={view.tab === 'indicators' ? <QuotaText groupId={groupId} /> : undefined}
        items={[
          { key: 'indicators', label: '指标列表', children: <IndicatorList groupId={groupId} /> },
          {
            key: 'access',
            label: '接入配置',
            children: (
              <AccessConfig
                groupId={groupId}
                gatewayId={view.gatewayId}
                section={view.section}
                onGateway={(gatewayId) => setView((v) => ({ ...v, gatewayId }))}
                onSection={(section) => setView((v) => ({ ...v, section }))}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

function AccessConfig({
  groupId,
  gatewayId,
  section,
  onGateway,
  onSection,
}: {
  groupId: number;
  gatewayId: number;
  section: string;
  onGateway: (id: number) => void;
  onSection: (section: string) => void;
}) {
  const gateway = useGateway(groupId, gatewayId);
  const chosen = gatewayId > 0 && gateway.data ? gateway.data : undefined;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <span>网关：</span>
        <GatewayPicker groupId={groupId} value={chosen} onChange={(g) => onGateway(g?.id ?? 0)} />
      </Space>
      {!chosen ? (
        <Empty
          description={
            gateway.isLoading && gatewayId > 0 ? '加载中…' : '请选择一个网关，配置它的网关指标和 Modbus 参数'
          }
        />
      ) : (
        <Tabs
          type="card"
          activeKey={section}
          onChange={onSection}
          items={[
            {
              key: 'gatewayIndicators',
              label: '网关指标',
              children: <GatewayIndicatorsPanel key={chosen.id} groupId={groupId} gatewayId={chosen.id} />,
            },
            {
              key: 'modbus',
              label: 'Modbus配置',
              children: (
                <>
                  {!MODBUS_MODELS.has(chosen.model) && (
                    <Alert
                      type="info"
                      showIcon
                      style={{ marginBottom: 16 }}
                      title="Modbus 配置用于经 DTU 透传 Modbus 接入的网关：平台按此配置轮询读取。自行上报数据的网关无需配置。"
                    />
                  )}
                  <ModbusConfigPanel key={chosen.id} groupId={groupId} gatewayId={chosen.id} />
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
