import type { Page } from '@iot/contracts';
import type { Gateway } from '@iot/contracts/gateways';
import type { HistoryPoint } from '@iot/contracts/history';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { http } from '../../../api/http';
import { flatten, useGroupTreeIndicators, useScopeGroupId } from '../../groups';
import { type LiveNotify, type LiveStatus, useLiveGateways } from '../../monitoring';
import { KeyPoints, pickKeyPoints, type SeriesStore, seriesKey } from '../components/home/KeyPoints';
import { SiteLayout } from '../components/home/SiteLayout';
import { StatCards } from '../components/home/StatCards';
import { useProjectSettings } from '../ProjectGate';
import '../components/home/home.css';

/** Charts keep this much history on screen. */
const WINDOW_MS = 10 * 60 * 1000;
const MAX_POINTS = 600;
/** Counts are asked again this often; values come over the socket as they arrive. */
const COUNTS_REFRESH_MS = 30_000;

interface IndicatorUsage {
  max: number;
  used: number;
  left: number;
}

const LIVE_LABELS: Record<LiveStatus, { text: string; status: 'success' | 'processing' | 'default' }> = {
  open: { text: '实时数据已连接', status: 'success' },
  connecting: { text: '正在连接实时数据', status: 'processing' },
  closed: { text: '实时数据未连接', status: 'default' },
  idle: { text: '暂无需跟踪的实时数据', status: 'default' },
};

function append(store: SeriesStore, key: string, ts: number, value: number | string): SeriesStore {
  const points = store.get(key) ?? [];
  if (points.length > 0 && points.at(-1)![0] >= ts) return store;
  const kept = points.filter(([t]) => t >= ts - WINDOW_MS).slice(-(MAX_POINTS - 1));
  const next = new Map(store);
  next.set(key, [...kept, [ts, value]]);
  return next;
}

/**
 * 项目首页 (/project/{groupId}/index/projectHD/hd): gateways online and offline, indicators
 * against the quota, today's warnings and those unhandled, open work orders (not built yet: shown
 * as 0 with a note), a schematic of the areas and sites, and live charts of the key monitoring points, fed by
 * the live data socket without reloading.
 */
export function ProjectHome() {
  const groupId = useScopeGroupId();
  const project = useProjectSettings(groupId);
  const projectId = project.data?.projectGroupId;
  // Below an area, its own gateways only.
  const within = projectId !== undefined && projectId !== groupId ? { groupId } : {};
  const countOf = (onlineStatus: 'online' | 'offline') => ({
    queryKey: ['home', groupId, 'gateways', onlineStatus],
    queryFn: () =>
      http.get<Page<Gateway>>(`/iot/groups/${groupId}/gateways`, {
        params: { page: 0, size: 1, onlineStatus, ...within },
        quiet: true,
      }),
    enabled: projectId !== undefined,
    refetchInterval: COUNTS_REFRESH_MS,
  });
  const online = useQuery(countOf('online'));
  const offline = useQuery(countOf('offline'));
  const gateways = useQuery({
    queryKey: ['home', groupId, 'gateways'],
    // The export maximum: enough to place every gateway of a project on the schematic.
    queryFn: () =>
      http.get<Page<Gateway>>(`/iot/groups/${groupId}/gateways`, {
        params: { page: 0, size: 1000, ...within },
        quiet: true,
      }),
    enabled: projectId !== undefined,
    refetchInterval: COUNTS_REFRESH_MS,
  });
  const usage = useQuery({
    queryKey: ['indicatorUsage', groupId],
    queryFn: () =>
      http.get<IndicatorUsage>(`/iot/groups/${groupId}/getLeftAccessGatewayIndicatorByGroupId`, {
        quiet: true,
      }),
    refetchInterval: COUNTS_REFRESH_MS,
  });
  const warnings = useQuery({
    queryKey: ['home', projectId, 'warnings'],
    queryFn: async () => {
      const list = (params: object) =>
        http.get<Page<unknown>>(`/iot/groups/${projectId}/warnings`, {
          params: { page: 0, size: 1, ...params },
          quiet: true,
        });
      const [today, unhandled] = await Promise.all([
        list({ startTime: dayjs().startOf('day').valueOf() }),
        list({ handleStatus: 'unhandled' }),
      ]);
      return { today: today.total, unhandled: unhandled.total };
    },
    enabled: projectId !== undefined,
    retry: false,
    refetchInterval: COUNTS_REFRESH_MS,
  });
  // Quiet: without the group screen's read bit the home simply has no layout or key points.
  const tree = useGroupTreeIndicators(groupId, { quiet: true });
  const root = tree.data?.[0];
  const { points, fromMonitors } = useMemo(() => pickKeyPoints(root ? flatten([root]) : []), [root]);
  const followed = useMemo(() => points.flatMap((p) => p.indicators), [points]);
  const gatewayIds = useMemo(() => [...new Set(followed.map((i) => i.gatewayId))], [followed]);
  const metrics = useMemo(() => [...new Set(followed.map((i) => i.dataIdentification))], [followed]);

  const [series, setSeries] = useState<SeriesStore>(new Map());
  const [lastAt, setLastAt] = useState<number | null>(null);

  // The last ten minutes first, so the charts do not start empty.
  useEffect(() => {
    if (gatewayIds.length === 0) return;
    let cancelled = false;
    const now = Date.now();
    http
      .post<{ list: HistoryPoint[] }>(
        '/data-server/api/v2/gateways/history',
        { gatewayIds, metrics, startTime: now - WINDOW_MS, stopTime: now, perPage: 1000, ascending: true },
        { quiet: true },
      )
      .then((answer) => {
        if (cancelled) return;
        setSeries((store) => {
          let next = store;
          for (const p of answer.list) next = append(next, seriesKey(p.gateway, p.metric), p.ts, p.value);
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [gatewayIds, metrics]);

  const live = useLiveGateways(gatewayIds, {
    onNotify: (data: LiveNotify) => {
      setLastAt(data.ts);
      setSeries((store) => {
        let next = store;
        for (const [metric, value] of Object.entries(data.params)) {
          if (metrics.includes(metric)) next = append(next, seriesKey(data.gateway, metric), data.ts, value);
        }
        return next;
      });
    },
  });

  const label = LIVE_LABELS[gatewayIds.length === 0 ? 'idle' : live.status];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="project-home">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {project.data?.name ?? '项目首页'}
          </Typography.Title>
          <Space size="large">
            <Badge status={label.status} text={label.text} data-testid="live-status" />
            {lastAt !== null && (
              <Typography.Text type="secondary">
                最新数据 {new Date(lastAt).toLocaleTimeString('zh-CN', { hour12: false })}
              </Typography.Text>
            )}
          </Space>
        </Space>
      </Card>
      <StatCards
        counts={{
          online: online.data?.total,
          offline: offline.data?.total,
          total: online.data && offline.data ? online.data.total + offline.data.total : undefined,
          indicatorsUsed: usage.data?.used,
          indicatorsMax: usage.data?.max,
          indicatorsLeft: usage.data?.left,
          // Without the list's read bit the call is refused: say so rather than show a zero.
          warnings: warnings.isError ? null : warnings.data,
        }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card
            title="站点布局"
            loading={tree.isLoading}
            extra={
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                按分组绘制的示意图
              </Typography.Text>
            }
          >
            {tree.isError ? (
              <Empty description="暂时无法读取分组（可能没有分组管理的查看权限）" />
            ) : (
              <SiteLayout root={root} gateways={gateways.data?.list ?? []} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <KeyPoints points={points} fromMonitors={fromMonitors} series={series} loading={tree.isLoading} />
        </Col>
      </Row>
    </Space>
  );
}
