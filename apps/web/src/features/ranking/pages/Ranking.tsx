import {
  MAX_SERIES_PER_QUERY,
  RANKING_STATISTIC_LABELS,
  type RankingItem,
  type RankingStatistic,
} from '@iot/contracts/history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Card, Empty, Flex, Spin, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { exportFileName, exportXlsx } from '../../../components/exportXlsx';
import { LoadError } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { type IndicatorMeta, MetaFailureAlert, resolveRange, useIndicatorMeta } from '../../monitoring/index';
import { fetchRanking, type RankingQuery, useProjectIndicators } from '../api';
import { RankingChart } from '../components/RankingChart';
import { type Conditions, RankingConditions } from '../components/RankingConditions';
import { rankingNumber, rankingText, rankingUnit } from '../rankingFormat';

const DEFAULTS: Conditions = {
  scope: 'all',
  gatewayIds: [],
  metric: '',
  preset: 'today',
  start: 0,
  stop: 0,
  statistic: 'avg',
  order: 'desc',
};

interface Row extends RankingItem {
  rank: number;
  gatewayName: string;
  metricName: string;
  /** The value as its indicator reads: its decimals and unit (a count has neither). */
  text: string | null;
  unit: string;
  meta: IndicatorMeta | undefined;
}

/** 排名分析: gateways ranked by a statistic of one indicator over a time range, as bars and a table. */
export function Ranking() {
  const projectId = useProjectId();
  const { message } = App.useApp();
  const [saved, setSaved] = useSavedQuery<Conditions>(`ranking.${projectId}`, DEFAULTS);
  const [draft, setDraft] = useState<Conditions>(saved);
  // Bumped on each 查 询 so a preset range ("today") is taken again at the moment of asking.
  const [asked, setAsked] = useState(0);
  const indicators = useProjectIndicators(projectId);

  const gatewayOptions = useMemo(() => {
    const names = new Map<number, string>();
    for (const gi of indicators.data ?? []) names.set(gi.gatewayId, gi.gatewayAlias);
    return [...names].map(([value, label]) => ({ value, label }));
  }, [indicators.data]);
  const gatewayName = (id: number) => gatewayOptions.find((g) => g.value === id)?.label ?? `#${id}`;

  const metricOptions = useMemo(() => {
    const byMetric = new Map<string, { aliases: Set<string>; gateways: Set<number> }>();
    for (const gi of indicators.data ?? []) {
      const entry = byMetric.get(gi.dataIdentification) ?? { aliases: new Set(), gateways: new Set() };
      entry.aliases.add(gi.alias);
      entry.gateways.add(gi.gatewayId);
      byMetric.set(gi.dataIdentification, entry);
    }
    return [...byMetric]
      .map(([metric, { aliases, gateways }]) => ({
        value: metric,
        label: `${[...aliases].join(' / ')}（${metric}）· ${gateways.size} 个网关`,
        name: [...aliases][0] ?? metric,
        gateways,
      }))
      .sort((a, b) => b.gateways.size - a.gateways.size || a.value.localeCompare(b.value));
  }, [indicators.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` takes a preset's range again on each search
  const query: RankingQuery | null = useMemo(() => {
    const metric = metricOptions.find((m) => m.value === saved.metric);
    if (!metric) return null;
    const candidates = [...metric.gateways];
    const gatewayIds =
      saved.scope === 'picked' ? candidates.filter((id) => saved.gatewayIds.includes(id)) : candidates;
    const range = resolveRange(saved);
    if (gatewayIds.length === 0 || !range || !range[1].isAfter(range[0])) return null;
    return {
      gatewayIds: gatewayIds.slice(0, MAX_SERIES_PER_QUERY),
      metrics: [saved.metric],
      startTime: range[0].valueOf(),
      stopTime: range[1].valueOf(),
      statistic: saved.statistic as RankingStatistic,
      order: saved.order === 'asc' ? 'asc' : 'desc',
    };
  }, [saved, metricOptions, asked]);

  // Decimals and unit of each ranked gateway's indicator (read as every monitoring screen reads them).
  const gatewayNames = useMemo(
    () => new Map(gatewayOptions.map((g) => [g.value, g.label])),
    [gatewayOptions],
  );
  const { meta, failure: metaFailure } = useIndicatorMeta(projectId, query?.gatewayIds ?? [], gatewayNames);

  const ranking = useQuery({
    queryKey: ['ranking', projectId, query],
    enabled: query !== null,
    queryFn: () => fetchRanking(query!),
    placeholderData: keepPreviousData,
  });

  // Gateways beyond one query's series limit are left out, and the summary says so.
  const candidateCount =
    saved.scope === 'picked'
      ? saved.gatewayIds.length
      : (metricOptions.find((m) => m.value === saved.metric)?.gateways.size ?? 0);
  const metricName = metricOptions.find((m) => m.value === saved.metric)?.name ?? saved.metric;
  const statistic = saved.statistic as RankingStatistic;
  const statisticLabel = RANKING_STATISTIC_LABELS[statistic] ?? saved.statistic;
  const rows: Row[] = (ranking.data ?? []).map((item, index) => {
    const m = meta.get(`${item.gateway}:${item.metric}`);
    return {
      ...item,
      rank: index + 1,
      gatewayName: gatewayName(Number(item.gateway)),
      metricName: m?.alias ?? metricName,
      text: rankingText(m, item.value, statistic),
      unit: rankingUnit(m, statistic),
      meta: m,
    };
  });

  const search = () => {
    if (!draft.metric) {
      message.warning('请选择指标');
      return;
    }
    if (draft.scope === 'picked' && draft.gatewayIds.length === 0) {
      message.warning('请选择网关');
      return;
    }
    setSaved(draft);
    setAsked((n) => n + 1);
  };

  const download = () =>
    exportXlsx(
      [
        { header: '排名', key: 'rank', width: 8 },
        { header: '网关', key: 'gatewayName', width: 24 },
        { header: '指标', key: 'metricName', width: 20 },
        { header: '数据标识', key: 'metric', width: 16 },
        { header: statisticLabel, key: 'value', width: 14 },
        { header: '单位', key: 'unit', width: 10 },
        { header: '数据条数', key: 'count', width: 12 },
      ],
      rows.map((r) => ({
        rank: r.rank,
        gatewayName: r.gatewayName,
        metricName: r.metricName,
        metric: r.metric,
        value: rankingNumber(r.meta, r.value, statistic),
        unit: r.unit,
        count: r.count,
      })),
      exportFileName(`排名分析-${metricName}-${statisticLabel}`),
      '排名分析',
    );

  const columns: TableColumnsType<Row> = [
    { title: '排名', dataIndex: 'rank', width: 70 },
    { title: '网关', dataIndex: 'gatewayName', ellipsis: true },
    {
      title: '指标',
      key: 'metric',
      render: (_, r) => `${r.metricName}（${r.metric}）`,
      ellipsis: true,
    },
    {
      title: statisticLabel,
      key: 'value',
      width: 140,
      render: (_, r) =>
        r.text === null ? <Typography.Text type="secondary">无数据</Typography.Text> : r.text,
    },
    { title: '数据条数', dataIndex: 'count', width: 110 },
  ];

  return (
    <Card title="排名分析" variant="borderless">
      <RankingConditions
        draft={draft}
        setDraft={setDraft}
        gatewayOptions={gatewayOptions}
        metricOptions={metricOptions.map(({ value, label }) => ({ value, label }))}
        loading={indicators.isLoading}
        onSearch={search}
        onExport={() => void download()}
        canExport={rows.length > 0}
      />

      {query === null ? (
        <Empty description="选择指标与时间范围后点击“查询”" style={{ padding: '48px 0' }} />
      ) : (
        <Spin spinning={ranking.isFetching}>
          <MetaFailureAlert failure={metaFailure} />
          {ranking.isError ? (
            <LoadError what="排名" error={ranking.error} onRetry={ranking.refetch} />
          ) : rows.length === 0 && !ranking.isFetching ? (
            <Empty description="暂无数据" style={{ padding: '48px 0' }} />
          ) : (
            <Flex vertical gap={16}>
              <Typography.Text type="secondary">
                {metricName} · {statisticLabel} · {dayjs(query.startTime).format('YYYY-MM-DD HH:mm')} ～{' '}
                {dayjs(query.stopTime).format('YYYY-MM-DD HH:mm')}
                {candidateCount > MAX_SERIES_PER_QUERY &&
                  ` · 仅统计前 ${MAX_SERIES_PER_QUERY} 个网关（共 ${candidateCount} 个）`}
              </Typography.Text>
              <RankingChart bars={rows.map((r) => ({ name: r.gatewayName, value: r.value, text: r.text }))} />
              <Table<Row>
                rowKey={(r) => `${r.gateway}:${r.metric}`}
                size="middle"
                columns={columns}
                dataSource={rows}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 项` }}
                data-testid="ranking-table"
              />
            </Flex>
          )}
        </Spin>
      )}
    </Card>
  );
}
