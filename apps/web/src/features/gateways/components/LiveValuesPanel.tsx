import type { GatewayIndicator } from '@iot/contracts/indicators';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Table, type TableColumnsType, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isForbidden, LoadError } from '../../../components/LoadState';
import { useLiveGateways, useLiveVersion } from '../../monitoring';
import { type GatewayScope, gatewaysApi, projectOf } from '../api';
import { formatValue } from './format';
import { ManualEntryModal } from './ManualEntryModal';

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
export function LiveValuesPanel({
  scope,
  gatewayId,
  manualEntry = false,
}: {
  scope: GatewayScope;
  gatewayId: number;
  /** 手动录入 offered per indicator (canEntryData on and no device reports for the gateway). */
  manualEntry?: boolean;
}) {
  const project = projectOf(scope);
  const [entering, setEntering] = useState<GatewayIndicator | null>(null);
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
  if (manualEntry)
    columns.push({
      title: '操作',
      key: 'manual',
      width: 96,
      render: (_, row) =>
        row.indicator && row.indicator.ioType !== 'w' ? (
          <Tooltip title="本网关没有设备上报，可手动录入数值（标记为手动录入）">
            <Button type="link" size="small" onClick={() => setEntering(row.indicator)}>
              手动录入
            </Button>
          </Tooltip>
        ) : null,
    });

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
      {last.isError && <LoadError inline what="最新数据" error={last.error} onRetry={last.refetch} />}
      {indicators.isError && !isForbidden(indicators.error) && (
        <LoadError inline what="网关指标" error={indicators.error} onRetry={indicators.refetch} />
      )}
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={indicators.isLoading || last.isLoading}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{
          emptyText:
            last.isError || indicators.isError ? (
              <div style={{ height: 60 }} />
            ) : (
              <Empty description="还没有指标或数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ),
        }}
      />
      {manualEntry && project !== null && (
        <ManualEntryModal
          groupId={project}
          gatewayId={gatewayId}
          target={entering}
          onClose={() => setEntering(null)}
        />
      )}
    </Card>
  );
}
