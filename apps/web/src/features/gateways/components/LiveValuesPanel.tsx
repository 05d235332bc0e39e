import type { GatewayIndicator } from '@iot/contracts/indicators';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useLiveGateways, useLiveVersion } from '../../monitoring';
import { type GatewayScope, gatewaysApi, projectOf } from '../api';
import { formatValue } from './format';

interface Row {
  key: string;
  alias: string;
  metric: string;
  unit: string;
  indicator: GatewayIndicator | null;
  value: number | string | undefined;
  ts: number | undefined;
}

/**
 * The gateway's indicators with their latest values: first from lastMetrics, then as the data
 * socket pushes them, without reloading anything.
 */
export function LiveValuesPanel({ scope, gatewayId }: { scope: GatewayScope; gatewayId: number }) {
  const project = projectOf(scope);
  const indicators = useQuery({
    queryKey: ['gateways', 'indicators', project, gatewayId],
    queryFn: () => gatewaysApi.indicators(project!, gatewayId),
    // Gateway indicators belong to a project; a firm sees the keys its device sends.
    enabled: project !== null,
  });
  const last = useQuery({
    queryKey: ['gateways', 'lastMetrics', gatewayId],
    queryFn: () => gatewaysApi.lastMetrics(gatewayId),
  });
  const live = useLiveGateways([gatewayId]);
  useLiveVersion(live.store);
  const prefix = `${gatewayId}:`;
  const pushed = Object.fromEntries(
    live.store
      .keys()
      .filter((key) => key.startsWith(prefix))
      .map((key) => [key.slice(prefix.length), live.store.get(key)!]),
  );
  const values = { ...(last.data?.[String(gatewayId)] ?? {}), ...pushed };
  const rows: Row[] = (indicators.data?.list ?? []).map((gi) => ({
    key: String(gi.id),
    alias: gi.alias,
    metric: gi.dataIdentification,
    unit: gi.indicator.unit,
    indicator: gi,
    value: values[gi.dataIdentification]?.value,
    ts: values[gi.dataIdentification]?.ts,
  }));
  // Keys the socket sent without an indicator of this project (e.g. a firm looking at its device).
  for (const [metric, point] of Object.entries(values)) {
    if (!rows.some((r) => r.metric === metric)) {
      rows.push({
        key: metric,
        alias: metric,
        metric,
        unit: '',
        indicator: null,
        value: point.value,
        ts: point.ts,
      });
    }
  }

  const columns: TableColumnsType<Row> = [
    { title: '指标', dataIndex: 'alias', ellipsis: true },
    { title: '数据标识', dataIndex: 'metric', width: 130, ellipsis: true },
    {
      title: '最新值',
      key: 'value',
      width: 150,
      render: (_, row) => (
        <span data-metric={row.metric}>{formatValue(row.indicator, row.value, row.unit)}</span>
      ),
    },
    {
      title: '时间',
      dataIndex: 'ts',
      width: 170,
      render: (ts: number | undefined) => (ts ? dayjs(ts).format('YYYY-MM-DD HH:mm:ss') : '—'),
    },
  ];

  return (
    <Card
      title="实时数据"
      size="small"
      extra={
        <Badge
          status={live.status === 'open' ? 'processing' : 'default'}
          text={live.status === 'open' ? '实时更新中' : '未连接'}
        />
      }
    >
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={indicators.isLoading || last.isLoading}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: <Empty description="还没有指标或数据" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </Card>
  );
}
