import type { Page } from '@iot/contracts';
import type { Gateway } from '@iot/contracts/gateways';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { http } from '../../../api/http';
import { useProjectSettings } from '../../../platform/projectSettings';
import { flatten, useGroupTreeIndicators, useScopeGroupId } from '../../groups';
import { useWorkOrderScreen } from '../../maintenance/index';
import { ProjectMapCard } from '../../maps';
import { type LiveStatus, MetaFailureAlert, useIndicatorMeta } from '../../monitoring';
import { KeyPoints, pickKeyPoints } from '../components/home/KeyPoints';
import { SiteLayout } from '../components/home/SiteLayout';
import { StatCards } from '../components/home/StatCards';
import { useKeyPointSeries } from '../components/home/useKeyPointSeries';
import '../components/home/home.css';
import { isForbidden, LoadError } from '../../../components/LoadState';

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

/**
 * 项目首页 (/project/{groupId}/index/projectHD/hd): gateways online and offline, indicators
 * against the quota, today's warnings and those unhandled, open work orders (overdue among them), a schematic of the areas and sites, and charts of the key monitoring points over
 * the last day, extended by the live data socket without reloading.
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
  const orders = useQuery({
    queryKey: ['home', projectId, 'workOrders'],
    queryFn: async () => {
      const count = (params: object) =>
        http.get<Page<unknown>>(`/iot/groups/${projectId}/workOrders`, {
          params: { page: 0, size: 1, ...params },
          quiet: true,
        });
      const [open, overdue] = await Promise.all([count({ open: true }), count({ status: 13 })]);
      return { open: open.total, overdue: overdue.total };
    },
    enabled: projectId !== undefined,
    retry: false,
    refetchInterval: COUNTS_REFRESH_MS,
  });
  const ordersScreen = useWorkOrderScreen(groupId);
  // Quiet: a role without any monitoring read (decision 0031) simply has no layout or key points.
  const tree = useGroupTreeIndicators(groupId, { quiet: true });
  const root = tree.data?.[0];
  const { points, fromMonitors } = useMemo(() => pickKeyPoints(root ? flatten([root]) : []), [root]);
  const followed = useMemo(() => points.flatMap((p) => p.indicators), [points]);
  const gatewayIds = useMemo(() => [...new Set(followed.map((i) => i.gatewayId))], [followed]);
  const metrics = useMemo(() => [...new Set(followed.map((i) => i.dataIdentification))], [followed]);
  const aliases = useMemo(() => new Map(followed.map((i) => [i.gatewayId, i.gatewayAlias])), [followed]);
  // Units, decimals and enum labels of the followed indicators (any monitoring read may ask).
  const { meta, failure: metaFailure } = useIndicatorMeta(groupId, gatewayIds, aliases);

  // The last day from the chart query, extended by live values; one span on every card.
  const keyPoints = useKeyPointSeries(gatewayIds, metrics);
  const { lastAt } = keyPoints;

  const label = LIVE_LABELS[gatewayIds.length === 0 ? 'idle' : keyPoints.status];
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
              <Typography.Text type="secondary">最新数据 {dayjs(lastAt).format('HH:mm:ss')}</Typography.Text>
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
          warnings: isForbidden(warnings.error) ? null : warnings.data,
          orders: isForbidden(orders.error) ? null : orders.data,
        }}
        ordersPath={ordersScreen?.path}
        failures={{
          // Both gateway cards come from the two counts: one retry asks for both.
          gateways:
            online.isError || offline.isError
              ? {
                  ...(online.isError ? online : offline),
                  refetch: () => Promise.all([online.refetch(), offline.refetch()]),
                }
              : undefined,
          indicators: usage.isError ? usage : undefined,
          warnings: warnings.isError && !isForbidden(warnings.error) ? warnings : undefined,
          orders: orders.isError && !isForbidden(orders.error) ? orders : undefined,
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
            {isForbidden(tree.error) ? (
              <Empty description="没有分组管理的查看权限，无法绘制站点布局" />
            ) : tree.isError ? (
              <LoadError compact what="分组" error={tree.error} onRetry={tree.refetch} />
            ) : gateways.isError ? (
              <LoadError compact what="网关" error={gateways.error} onRetry={gateways.refetch} />
            ) : (
              <SiteLayout root={root} gateways={gateways.data?.list ?? []} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <MetaFailureAlert failure={metaFailure} />
          {tree.isError && !isForbidden(tree.error) ? (
            <Card title="关键监测点">
              <LoadError compact what="关键监测点" error={tree.error} onRetry={tree.refetch} />
            </Card>
          ) : (
            <KeyPoints
              points={points}
              fromMonitors={fromMonitors}
              series={keyPoints.series}
              latest={keyPoints.latest}
              window={keyPoints.window}
              history={keyPoints.history}
              meta={meta}
              loading={tree.isLoading}
            />
          )}
        </Col>
      </Row>
      {/* 项目地图 (decision 0066): no menu entry names a map, so it lives on the project home. */}
      {projectId !== undefined && <ProjectMapCard projectId={projectId} />}
    </Space>
  );
}
