import { MAX_SERIES_PER_QUERY } from '@iot/contracts/history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Space, Spin, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { dataQueryMessage, fetchHistory } from '../api';
import { ChartState } from '../components/ChartState';
import { GatewayIndicatorPicker } from '../components/GatewayIndicatorPicker';
import { HistoryExportButton } from '../components/HistoryExportButton';
import { MetaFailureAlert } from '../components/MetaFailureAlert';
import { SeriesChart } from '../components/SeriesChart';
import { resolveRange, TimeRangeField } from '../components/TimeRangeField';
import { seriesName, toLines, useSelection } from '../components/useSelection';
import { useSeriesQuery } from '../components/useSeriesQuery';
import { summarise, useZoomedChart } from '../components/useZoomedChart';
import { formatStatistic, formatWithUnit } from '../format';

interface Conditions {
  gatewayIndicatorIds: number[];
  /** What the last 查 询 asked for, from the picked indicators. */
  gatewayIds: number[];
  metrics: string[];
  preset: string;
  start: number;
  stop: number;
  page: number;
  perPage: number;
}
const DEFAULTS: Conditions = {
  gatewayIndicatorIds: [],
  gatewayIds: [],
  metrics: [],
  preset: 'today',
  start: 0,
  stop: 0,
  page: 0,
  perPage: 20,
};

interface Row {
  key: string;
  ts: number;
  gateway: string;
  metric: string;
  value: number | string;
}

/**
 * 历史数据: picked gateway indicators over a time range — a zoomable chart fed by the bucketed chart
 * query (zooming asks again for the window; each bucket's min and max are drawn so spikes stay), the
 * range's extremes, a server-paged table, and an xlsx export.
 */
export function HistoricalData() {
  const groupId = useProjectId();
  const { message } = App.useApp();
  const [saved, setSaved] = useSavedQuery<Conditions>(`monitoring.history.${groupId}`, DEFAULTS);
  const [draft, setDraft] = useState(saved);
  // Bumped on each 查 询 so a preset ("today") is taken again at the moment of asking.
  const [asked, setAsked] = useState(0);
  const selection = useSelection(groupId, saved);

  const query = useSeriesQuery(saved, asked);

  const chart = useZoomedChart(query);
  const lines = useMemo(
    () => toLines(chart.series, selection.meta, selection.gateways),
    [chart.series, selection.meta, selection.gateways],
  );
  const overview = useMemo(
    () => toLines(chart.overview, selection.meta, selection.gateways),
    [chart.overview, selection.meta, selection.gateways],
  );

  // Counting a long range is the slowest query: ask once the chart is drawn, so it never delays it.
  const total = useQuery({
    queryKey: ['monitoring', 'historyTotal', query],
    enabled: query !== null && !chart.loading,
    queryFn: () => fetchHistory({ ...query!, page: 0, perPage: 1, includeTotal: true }),
  });
  const page = useQuery({
    queryKey: ['monitoring', 'history', query, saved.page, saved.perPage],
    enabled: query !== null,
    queryFn: () => fetchHistory({ ...query!, page: saved.page, perPage: saved.perPage, fetchOneMore: true }),
    placeholderData: keepPreviousData,
  });
  const rows: Row[] = (page.data?.list ?? []).map((p) => ({ ...p, key: `${p.gateway}:${p.metric}:${p.ts}` }));
  const knownTotal =
    total.data?.total ?? saved.page * saved.perPage + rows.length + (page.data?.hasMore ? 1 : 0);

  const search = () => {
    if (draft.gatewayIndicatorIds.length === 0) {
      message.warning('请选择指标');
      return;
    }
    const range = resolveRange(draft);
    if (!range?.[1].isAfter(range[0])) {
      message.warning('结束时间必须晚于开始时间');
      return;
    }
    setSaved({ ...draft, ...selection.toPick(draft.gatewayIndicatorIds), page: 0 });
    setAsked((n) => n + 1);
  };

  const columns: TableColumnsType<Row> = [
    {
      title: '时间',
      dataIndex: 'ts',
      width: 190,
      render: (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '网关 · 指标',
      key: 'series',
      ellipsis: true,
      render: (_, r) =>
        seriesName(selection.meta.get(`${r.gateway}:${r.metric}`), r.gateway, r.metric, selection.gateways),
    },
    { title: '数据标识', dataIndex: 'metric', width: 140 },
    {
      title: '数值',
      key: 'value',
      width: 180,
      render: (_, r) => formatWithUnit(selection.meta.get(`${r.gateway}:${r.metric}`), r.value),
    },
  ];
  // The data queries' own wording (指标数量超过限制), shown where the chart or the table would be.
  const pageFailure = { ...page, error: page.error && new Error(dataQueryMessage(page.error)) };

  return (
    <Card title="历史数据" variant="borderless">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <GatewayIndicatorPicker
          groupId={groupId}
          mode="indicators"
          value={draft.gatewayIndicatorIds}
          max={MAX_SERIES_PER_QUERY}
          onChange={(gatewayIndicatorIds) => setDraft({ ...draft, gatewayIndicatorIds })}
          style={{ width: 360 }}
        />
        <TimeRangeField value={draft} onChange={(range) => setDraft({ ...draft, ...range })} />
        <Space>
          <Button type="primary" onClick={search}>
            查 询
          </Button>
          <HistoryExportButton
            query={query}
            meta={selection.meta}
            gateways={selection.gateways}
            disabled={query === null || knownTotal === 0}
          />
        </Space>
      </Flex>
      {query === null ? (
        <Empty description="选择指标与时间范围后点击“查询”" style={{ padding: '48px 0' }} />
      ) : (
        <>
          <MetaFailureAlert failure={selection.metaFailure} />
          <Flex vertical gap={16}>
            <Spin spinning={chart.fetching}>
              <Flex justify="space-between" align="center" wrap>
                <Typography.Text type="secondary">
                  {dayjs(query.startTime).format('YYYY-MM-DD HH:mm')} ～{' '}
                  {dayjs(query.stopTime).format('YYYY-MM-DD HH:mm')}
                  {chart.zoom &&
                    `（已缩放至 ${dayjs(chart.zoom[0]).format('MM-DD HH:mm:ss')} ～ ${dayjs(chart.zoom[1]).format('MM-DD HH:mm:ss')}）`}
                  ，虚线为每段时间的最大值与最小值
                </Typography.Text>
              </Flex>
              <ChartState what="历史曲线" chart={chart} lines={lines}>
                <SeriesChart
                  lines={lines}
                  start={query.startTime}
                  stop={query.stopTime}
                  band
                  onZoom={chart.setZoom}
                />
              </ChartState>
            </Spin>
            <Flex gap={8} wrap data-testid="history-summary">
              {overview.map((line) => {
                const s = summarise(line.points);
                const meta = selection.meta.get(line.key);
                if (!s.max || !s.min) return null;
                return (
                  <Card
                    key={line.key}
                    size="small"
                    data-testid={`summary-${line.key.replace(':', '-')}`}
                    style={{ minWidth: 260 }}
                  >
                    <Typography.Text strong>{line.name}</Typography.Text>
                    <div>
                      最大值 {formatWithUnit(meta, s.max.max)}
                      <Typography.Text type="secondary" data-testid="max-time">
                        （{dayjs(s.max.maxTs).format('YYYY-MM-DD HH:mm:ss')}）
                      </Typography.Text>
                    </div>
                    <div>
                      最小值 {formatWithUnit(meta, s.min.min)}
                      <Typography.Text type="secondary" data-testid="min-time">
                        （{dayjs(s.min.minTs).format('YYYY-MM-DD HH:mm:ss')}）
                      </Typography.Text>
                    </div>
                    <div>
                      平均值 {formatStatistic(meta, s.avg)} · {s.count} 条
                    </div>
                  </Card>
                );
              })}
            </Flex>
            <div data-testid="history-table">
              <Table<Row>
                size="small"
                rowKey="key"
                columns={columns}
                dataSource={rows}
                loading={page.isFetching}
                locale={{
                  emptyText: tableEmpty(
                    pageFailure,
                    '历史数据',
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
                  ),
                }}
                pagination={{
                  current: saved.page + 1,
                  pageSize: saved.perPage,
                  total: knownTotal,
                  showSizeChanger: true,
                  pageSizeOptions: [20, 50, 100],
                  showTotal: (n) => (total.data?.total !== undefined ? `共 ${n} 条` : `已加载 ${n} 条以上`),
                  onChange: (p, perPage) =>
                    setSaved({ ...saved, page: perPage === saved.perPage ? p - 1 : 0, perPage }),
                }}
              />
            </div>
          </Flex>
        </>
      )}
    </Card>
  );
}
