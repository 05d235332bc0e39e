import { AppstoreOutlined, TableOutlined } from '@ant-design/icons';
import type { GroupTreeIndicator } from '@iot/contracts/groups';
import { SHARED_TAG } from '@iot/contracts/sharing';
import {
  Alert,
  Badge,
  Card,
  Empty,
  Flex,
  Segmented,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { memo, useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import {
  type CurveTarget,
  IndicatorCurveDrawer,
  useActiveWarnings,
  WarningFrame,
  type WarningMarks,
  WarningMarkTag,
  warningRowProps,
} from '../../warnings/index';
import { useGatewayStatus, useIndicatorMeta } from '../api';
import { GatewayIndicatorPicker, useTreeIndicators } from '../components/GatewayIndicatorPicker';
import { LiveTile, LiveTimeCell, LiveValueCell } from '../components/LiveCells';
import { MetaFailureAlert } from '../components/MetaFailureAlert';
import { TokenVars } from '../components/TokenVars';
import type { IndicatorMeta } from '../format';
import type { LiveStore } from '../live/liveStore';
import { type LiveStatus, useLiveGateways } from '../live/useLiveGateways';

interface Conditions {
  gatewayIds: number[];
  /** False until the user picks: then every gateway of the tree (up to DEFAULT_GATEWAYS) is shown. */
  picked: boolean;
  view: string;
}
const DEFAULTS: Conditions = { gatewayIds: [], picked: false, view: 'cards' };
/** Gateways shown before the user picks any. */
const DEFAULT_GATEWAYS = 20;

interface Row {
  key: string;
  gatewayId: number;
  gatewayAlias: string;
  indicator: GroupTreeIndicator;
  meta: IndicatorMeta | undefined;
  online: boolean;
  /** Shared into this project by another project's code (decision 0069). */
  shared: boolean;
}

const STATUS: Record<LiveStatus, { status: 'processing' | 'success' | 'default' | 'error'; text: string }> = {
  idle: { status: 'default', text: '未连接' },
  connecting: { status: 'processing', text: '连接中' },
  open: { status: 'success', text: '实时连接' },
  closed: { status: 'error', text: '连接断开，正在重连' },
};

/** 实时数据: the chosen gateways' indicators live, as cards or a table; leaving unsubscribes. */
export function RealTimeData() {
  const groupId = useProjectId();
  const [saved, setSaved] = useSavedQuery<Conditions>(`monitoring.realTime.${groupId}`, DEFAULTS);
  const { indicators, gateways, loading, failure } = useTreeIndicators(groupId);
  const gatewayIds = useMemo(
    () =>
      saved.picked
        ? saved.gatewayIds.filter((id) => gateways.has(id) || loading)
        : [...gateways.keys()].slice(0, DEFAULT_GATEWAYS),
    [saved.picked, saved.gatewayIds, gateways, loading],
  );
  const live = useLiveGateways(gatewayIds);
  const { meta, failure: metaFailure } = useIndicatorMeta(groupId, gatewayIds, gateways);
  // Open warnings mark their cards and rows, live; a card or row opens its curve (decision 0033).
  const marks = useActiveWarnings(groupId);
  const [curve, setCurve] = useState<CurveTarget | null>(null);
  const status = useGatewayStatus(groupId);
  // Only a change of who is offline re-renders the rows (the list is refetched every 30 s).
  const offline = useMemo(
    () =>
      [...(status.data?.values() ?? [])]
        .filter((g) => g.onlineStatus !== 'online')
        .map((g) => g.id)
        .sort((a, b) => a - b)
        .join(','),
    [status.data],
  );
  const shared = useMemo(
    () =>
      [...(status.data?.values() ?? [])]
        .filter((g) => g.shared)
        .map((g) => g.id)
        .join(','),
    [status.data],
  );

  const rows = useMemo(() => {
    const picked = new Set(gatewayIds);
    const offlineIds = new Set(offline.split(',').filter(Boolean).map(Number));
    const sharedIds = new Set(shared.split(',').filter(Boolean).map(Number));
    const list: Row[] = [];
    for (const gi of indicators.values()) {
      if (!picked.has(gi.gatewayId)) continue;
      const key = `${gi.gatewayId}:${gi.dataIdentification}`;
      list.push({
        key,
        gatewayId: gi.gatewayId,
        gatewayAlias: gi.gatewayAlias,
        indicator: gi,
        meta: meta.get(key) ?? fallbackMeta(gi),
        online: !offlineIds.has(gi.gatewayId),
        shared: sharedIds.has(gi.gatewayId),
      });
    }
    return list.sort(
      (a, b) =>
        gatewayIds.indexOf(a.gatewayId) - gatewayIds.indexOf(b.gatewayId) || a.indicator.id - b.indicator.id,
    );
  }, [indicators, gatewayIds, meta, offline, shared]);

  const badge = STATUS[live.status];
  return (
    <Card
      title="实时数据"
      variant="borderless"
      extra={<Badge status={badge.status} text={<span data-testid="live-status">{badge.text}</span>} />}
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>网关</Typography.Text>
        <GatewayIndicatorPicker
          groupId={groupId}
          mode="gateways"
          value={gatewayIds}
          onChange={(ids) => setSaved({ ...saved, gatewayIds: ids, picked: true })}
          style={{ width: 420 }}
        />
        <Segmented
          aria-label="显示方式"
          value={saved.view}
          onChange={(view) => setSaved({ ...saved, view: String(view) })}
          options={[
            { value: 'cards', label: '卡片', icon: <AppstoreOutlined /> },
            { value: 'table', label: '表格', icon: <TableOutlined /> },
          ]}
        />
        <Typography.Text type="secondary">
          {gatewayIds.length} 个网关 · {rows.length} 个指标
        </Typography.Text>
      </Flex>
      {live.refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`无权查看 ${live.refused.length} 个网关的实时数据`}
        />
      )}
      {!loading && !failure && rows.length > 0 && <MetaFailureAlert failure={metaFailure} />}
      {loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : failure ? (
        <LoadError what="分组树" error={failure.error} onRetry={failure.retry} />
      ) : rows.length === 0 ? (
        <Empty
          style={{ padding: '48px 0' }}
          description={gateways.size === 0 ? '分组树中还没有网关指标' : '请选择网关'}
        />
      ) : saved.view === 'table' ? (
        <LiveTable rows={rows} store={live.store} marks={marks} onOpen={setCurve} />
      ) : (
        <LiveCards rows={rows} store={live.store} marks={marks} onOpen={setCurve} />
      )}
      <IndicatorCurveDrawer
        groupId={groupId}
        target={curve}
        warning={curve ? marks.byIndicator.get(curve.id) : undefined}
        onClose={() => setCurve(null)}
      />
    </Card>
  );
}

/** What a row's curve shows. */
const curveOf = (r: Row): CurveTarget => ({
  id: r.indicator.id,
  gatewayId: r.gatewayId,
  gatewayAlias: r.gatewayAlias,
  metric: r.indicator.dataIdentification,
  alias: r.meta?.alias ?? r.indicator.alias,
  unit: r.meta?.unit ?? '',
  decimals: r.meta?.decimalPlaces ?? null,
});

interface ViewProps {
  rows: Row[];
  store: LiveStore;
  marks: WarningMarks;
  onOpen: (target: CurveTarget) => void;
}

/** Before the gateway's indicators arrive: its tree entry, shown raw. */
function fallbackMeta(gi: GroupTreeIndicator): IndicatorMeta {
  return {
    id: gi.id,
    gatewayId: gi.gatewayId,
    gatewayAlias: gi.gatewayAlias,
    metric: gi.dataIdentification,
    alias: gi.alias,
    type: null,
    unit: '',
    decimalPlaces: null,
    enums: [],
  };
}

const LiveTable = memo(function LiveTable({ rows, store, marks, onOpen }: ViewProps) {
  const columns: TableColumnsType<Row> = useMemo(
    () => [
      {
        title: '网关',
        dataIndex: 'gatewayAlias',
        width: 200,
        ellipsis: true,
        render: (alias: string, r) => (
          <>
            {alias}
            {r.shared && <Tag color="purple">{SHARED_TAG}</Tag>}
          </>
        ),
      },
      {
        title: '指标',
        key: 'alias',
        ellipsis: true,
        render: (_, r) => {
          const warning = marks.byIndicator.get(r.indicator.id);
          return (
            <>
              {r.indicator.alias}
              {warning && <WarningMarkTag warning={warning} />}
            </>
          );
        },
      },
      { title: '数据标识', key: 'metric', width: 140, render: (_, r) => r.indicator.dataIdentification },
      {
        title: '最新值',
        key: 'value',
        width: 220,
        render: (_, r) => <LiveValueCell store={store} liveKey={r.key} meta={r.meta} online={r.online} />,
      },
      {
        title: '时间',
        key: 'time',
        width: 150,
        render: (_, r) => <LiveTimeCell store={store} liveKey={r.key} />,
      },
    ],
    [store, marks],
  );
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      onRow={(r) => warningRowProps(marks.byIndicator.get(r.indicator.id), () => onOpen(curveOf(r)))}
      pagination={{
        defaultPageSize: 50,
        showSizeChanger: true,
        pageSizeOptions: [50, 100, 200],
        hideOnSinglePage: true,
        showTotal: (n) => `共 ${n} 个指标`,
      }}
    />
  );
});

const LiveCards = memo(function LiveCards({ rows, store, marks, onOpen }: ViewProps) {
  const byGateway = useMemo(() => {
    const groups = new Map<number, Row[]>();
    for (const row of rows) groups.set(row.gatewayId, [...(groups.get(row.gatewayId) ?? []), row]);
    return [...groups.values()];
  }, [rows]);
  return (
    <TokenVars>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {byGateway.map((list) => {
          const first = list[0]!;
          return (
            <Card
              key={first.gatewayId}
              size="small"
              data-testid={`gateway-card-${first.gatewayId}`}
              title={
                <Space>
                  {first.gatewayAlias}
                  {first.shared && (
                    <Tag color="purple" data-testid="shared-tag">
                      {SHARED_TAG}
                    </Tag>
                  )}
                  {first.online ? <Tag color="success">在线</Tag> : <Tag>离线</Tag>}
                  {marks.byGateway.has(first.gatewayId) && (
                    <WarningMarkTag warning={marks.byGateway.get(first.gatewayId)!} />
                  )}
                </Space>
              }
            >
              <div className="monitoring-tiles">
                {list.map((r) => (
                  <WarningFrame
                    key={r.key}
                    warning={marks.byIndicator.get(r.indicator.id)}
                    label={`${r.gatewayAlias} ${r.meta?.alias ?? r.indicator.alias}`}
                    onOpen={() => onOpen(curveOf(r))}
                  >
                    <LiveTile store={store} liveKey={r.key} meta={r.meta} online={r.online} />
                  </WarningFrame>
                ))}
              </div>
            </Card>
          );
        })}
      </Space>
    </TokenVars>
  );
});
