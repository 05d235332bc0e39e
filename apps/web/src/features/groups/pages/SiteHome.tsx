import type { Page } from '@iot/contracts';
import type { Gateway } from '@iot/contracts/gateways';
import type { projectNav } from '@iot/contracts/groups';
import type { Warning } from '@iot/contracts/warnings';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, List, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import type { z } from 'zod';
import { http } from '../../../api/http';
import { isForbidden, LoadError, tableEmpty } from '../../../components/LoadState';
import { useProjectScreens } from '../../../platform/routes/projectScreens';
import { SiteEquipmentStatus } from '../../equipment';
import { SiteOpenWorkOrders } from '../../maintenance';
import {
  formatWithUnit,
  type IndicatorMeta,
  type LiveStatus,
  type LiveStore,
  useIndicatorMeta,
  useLiveGateways,
  useLiveVersion,
} from '../../monitoring';
import { useScopeGroupId } from '../api';

/** Counts and lists are asked again this often; values come over the socket as they arrive. */
const REFRESH_MS = 30_000;
/** Live values shown per gateway; the rest are on 站点实时数据. */
const VALUES_PER_GATEWAY = 8;

const LIVE_LABELS: Record<LiveStatus, { text: string; status: 'success' | 'processing' | 'default' }> = {
  open: { text: '实时数据已连接', status: 'success' },
  connecting: { text: '正在连接实时数据', status: 'processing' },
  closed: { text: '实时数据未连接', status: 'default' },
  idle: { text: '站点下没有网关', status: 'default' },
};

const HANDLE_LABELS: Record<string, { text: string; color: string }> = {
  unhandled: { text: '未处理', color: 'error' },
  handling: { text: '处理中', color: 'processing' },
  handled: { text: '已处理', color: 'success' },
};

/** The newest values of one gateway, as the socket delivers them (named by the indicator's alias). */
function LiveValues({
  gateway,
  store,
  meta,
}: {
  gateway: Gateway;
  store: LiveStore;
  meta: Map<string, IndicatorMeta>;
}) {
  useLiveVersion(store);
  const prefix = `${gateway.id}:`;
  const keys = store
    .keys()
    .filter((k) => k.startsWith(prefix))
    .sort();
  if (keys.length === 0) return <Typography.Text type="secondary">暂无实时数据</Typography.Text>;
  return (
    <Space size={[8, 4]} wrap data-testid="site-live-values">
      {keys.slice(0, VALUES_PER_GATEWAY).map((key) => {
        const point = store.get(key);
        const m = meta.get(key);
        return (
          <Tag key={key} bordered={false} data-testid={`live-${key}`}>
            {m?.alias ?? key.slice(prefix.length)}：
            <Typography.Text strong>{formatWithUnit(m, point?.value)}</Typography.Text>
          </Tag>
        );
      })}
      {keys.length > VALUES_PER_GATEWAY && (
        <Typography.Text type="secondary">等 {keys.length} 项</Typography.Text>
      )}
    </Space>
  );
}

/**
 * 站点首页 (/sites/groups/{groupId}/siteHome, decision 0041): the site's gateways with their online
 * state and their live values from the data socket, today's warnings of those gateways, the site's
 * equipment by status and its unfinished work orders (those two for holders of 工艺设备监控 or
 * 设备台账, and of 工单管理, read bit; each links to its project screen).
 */
export function SiteHome() {
  const siteId = useScopeGroupId();
  const nav = useQuery({
    queryKey: ['nav', siteId],
    queryFn: () => http.get<z.infer<typeof projectNav>>(`/iot/projects/nav/${siteId}`, { quiet: true }),
    enabled: siteId > 0,
  });
  const site = nav.data?.path.at(-1);
  const gateways = useQuery({
    queryKey: ['siteHome', siteId, 'gateways'],
    queryFn: () =>
      http.get<Page<Gateway>>(`/iot/groups/${siteId}/gateways`, {
        // The export maximum: a site holds far fewer.
        params: { page: 0, size: 1000, groupId: siteId },
        quiet: true,
      }),
    enabled: siteId > 0,
    refetchInterval: REFRESH_MS,
  });
  const todayStart = dayjs().startOf('day').valueOf();
  const warnings = useQuery({
    queryKey: ['siteHome', siteId, 'warnings', todayStart],
    queryFn: () =>
      http.get<Page<Warning>>(`/iot/groups/${siteId}/warnings`, {
        params: { page: 0, size: 10, groupId: siteId, startTime: todayStart },
        quiet: true,
      }),
    enabled: siteId > 0,
    retry: false,
    refetchInterval: REFRESH_MS,
  });

  const list = gateways.data?.list ?? [];
  const gatewayIds = useMemo(() => list.map((g) => g.id), [list]);
  const aliases = useMemo(() => new Map(list.map((g) => [g.id, g.alias])), [list]);
  const live = useLiveGateways(gatewayIds);
  const { meta } = useIndicatorMeta(siteId, gatewayIds, aliases);
  const online = list.filter((g) => g.onlineStatus === 'online').length;
  const label = LIVE_LABELS[gatewayIds.length === 0 ? 'idle' : live.status];
  // The equipment and work-order cards: for holders of those project menus' read bit only.
  const screens = useProjectScreens(nav.data?.projectGroupId ?? 0);
  const equipmentScreen = screens.readable('router-equipmentMonitor') ?? screens.readable('router-equipment');
  const ordersScreen = screens.readable('router-maintenanceTaskList');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="site-home">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="site-name">
              {site?.name ?? '站点首页'}
            </Typography.Title>
            {nav.data && (
              <Typography.Text type="secondary">
                {nav.data.path
                  .slice(0, -1)
                  .map((level) => level.name)
                  .join(' / ')}
              </Typography.Text>
            )}
          </Space>
          <Space size="large" wrap>
            {gateways.data && (
              <Typography.Text data-testid="site-online-count">
                网关在线 {online}/{list.length}
              </Typography.Text>
            )}
            <Badge status={label.status} text={label.text} data-testid="live-status" />
          </Space>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={13}>
          <Card title="网关与实时数据" data-testid="site-gateways">
            {isForbidden(gateways.error) ? (
              <Empty description="没有网关列表的查看权限" />
            ) : gateways.isError ? (
              <LoadError compact what="网关" error={gateways.error} onRetry={gateways.refetch} />
            ) : (
              <List
                loading={gateways.isLoading}
                dataSource={list}
                locale={{ emptyText: <Empty description="站点下还没有网关" /> }}
                renderItem={(gateway) => (
                  <List.Item data-testid="site-gateway">
                    <Space direction="vertical" size={4} style={{ width: '100%' }}>
                      <Space wrap>
                        <Typography.Text strong>{gateway.alias}</Typography.Text>
                        <Typography.Text type="secondary">{gateway.serialNumber}</Typography.Text>
                        {gateway.onlineStatus === 'online' ? (
                          <Badge status="success" text="在线" />
                        ) : (
                          <Badge status="default" text="离线" />
                        )}
                        {gateway.lastSeenAt !== null && (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            最近上报 {dayjs(gateway.lastSeenAt).format('YYYY-MM-DD HH:mm:ss')}
                          </Typography.Text>
                        )}
                      </Space>
                      <LiveValues gateway={gateway} store={live.store} meta={meta} />
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={11}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title="今日预警"
              extra={
                warnings.data && (
                  <Typography.Text type="secondary">共 {warnings.data.total} 条</Typography.Text>
                )
              }
              data-testid="site-warnings"
            >
              {isForbidden(warnings.error) ? (
                <Empty description="没有预警列表的查看权限" />
              ) : (
                <Table<Warning>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  loading={warnings.isLoading}
                  dataSource={warnings.data?.list ?? []}
                  scroll={{ x: 'max-content' }}
                  locale={{
                    emptyText: tableEmpty(warnings, '今日预警', <Empty description="今日暂无预警" />),
                  }}
                  columns={[
                    {
                      title: '时间',
                      dataIndex: 'startedAt',
                      render: (v: number) => dayjs(v).format('HH:mm:ss'),
                    },
                    { title: '网关', dataIndex: 'gatewayAlias' },
                    {
                      title: '内容',
                      render: (_, w) =>
                        w.kind === 'offline' ? (
                          '网关离线'
                        ) : (
                          <Tooltip title={`阈值 ${w.threshold}`}>
                            {`${w.indicatorName ?? w.metric ?? ''} ${w.value}${w.unit ?? ''}`}
                          </Tooltip>
                        ),
                    },
                    {
                      title: '状态',
                      dataIndex: 'handleStatus',
                      render: (v: string) => (
                        <Tag color={HANDLE_LABELS[v]?.color}>{HANDLE_LABELS[v]?.text ?? v}</Tag>
                      ),
                    },
                  ]}
                />
              )}
            </Card>
            {equipmentScreen && (
              <Card title="设备" size="small" data-testid="site-equipment">
                <SiteEquipmentStatus siteId={siteId} store={live.store} screen={equipmentScreen} />
              </Card>
            )}
            {ordersScreen && (
              <Card title="未完成工单" size="small" data-testid="site-work-orders">
                <SiteOpenWorkOrders siteId={siteId} screenPath={ordersScreen.path} />
              </Card>
            )}
          </Space>
        </Col>
      </Row>
    </Space>
  );
}
