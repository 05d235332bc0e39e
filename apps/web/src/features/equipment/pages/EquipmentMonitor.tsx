import {
  EQUIPMENT_STATUSES,
  type Equipment,
  type EquipmentStatus,
  EquipmentStatusColors,
  EquipmentStatusNames,
} from '@iot/contracts/equipment';
import { Badge, Card, Col, Empty, Row, Select, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { useCurrentRoute } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { type LiveStatus, type LiveStore, useLiveGateways, useLiveVersion } from '../../monitoring';
import { useEquipmentBoard } from '../api';
import { EquipmentDetailDrawer, roleValue } from '../components/EquipmentDetailDrawer';
import { hours, latest, liveStatus, today, useNow } from '../components/runFormat';

const BADGE: Record<EquipmentStatus, 'success' | 'default' | 'error' | 'warning' | 'processing'> = {
  running: 'success',
  stopped: 'default',
  fault: 'error',
  maintenance: 'warning',
  scrapped: 'default',
  unknown: 'default',
};
/** Measurements shown on a card beside the status. */
const SHOWN = ['current', 'frequency', 'flow', 'pressure', 'power', 'temperature', 'voltage'] as const;

interface BoardRow {
  piece: Equipment;
  status: EquipmentStatus;
  todayMs: number;
  todayStarts: number;
}

/**
 * 工艺设备监控 (router-equipmentMonitor): a site's equipment live — counts by status, today's run
 * hours and starts, a card per piece — over the data socket; a card opens the piece's detail.
 */
export function EquipmentMonitor() {
  const projectId = useProjectId();
  const route = useCurrentRoute();
  const [siteId, setSiteId] = useState(0);
  const [only, setOnly] = useState<EquipmentStatus | null>(null);
  // `?equipmentId=` (a malfunction's detail links here): that piece's detail open.
  const [params] = useSearchParams();
  const [viewing, setViewing] = useState(() => Number(params.get('equipmentId')) || 0);
  const board = useEquipmentBoard(projectId, siteId);
  const items = board.data?.items ?? [];
  const gatewayIds = useMemo(
    () => [...new Set(items.flatMap((p) => p.bindings.map((b) => b.gatewayId)))],
    [items],
  );
  const live = useLiveGateways(gatewayIds);
  useLiveVersion(live.store);
  const now = useNow();
  const rows: BoardRow[] = items.map((piece) => {
    const counted = piece.run ? today(piece.run, latest(piece, 'run', live.store), now) : null;
    return {
      piece,
      status: liveStatus(piece, live.store),
      todayMs: counted?.ms ?? 0,
      todayStarts: counted?.starts ?? 0,
    };
  });
  const counts = Object.fromEntries(EQUIPMENT_STATUSES.map((s) => [s, 0])) as Record<EquipmentStatus, number>;
  for (const row of rows) counts[row.status] += 1;
  const shown = only ? rows.filter((r) => r.status === only) : rows;

  return (
    <Card
      title={route?.title ?? '工艺设备监控'}
      extra={
        <Space wrap>
          <SocketState status={live.status} />
          <Select
            aria-label="站点"
            style={{ width: 180 }}
            value={siteId}
            onChange={(id: number) => {
              setSiteId(id);
              setOnly(null);
            }}
            options={[
              { value: 0, label: '全部站点' },
              ...(board.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        </Space>
      }
    >
      {board.isError && !board.data ? (
        <LoadError what="设备监控" error={board.error} onRetry={board.refetch} />
      ) : board.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : items.length === 0 ? (
        <Empty description={siteId ? '该站点还没有设备' : '还没有设备，请先在设备台账中登记'} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Row gutter={[12, 12]} data-testid="equipment-summary">
            <Col xs={12} sm={8} lg={4}>
              <Card size="small">
                <Statistic title="设备总数" value={rows.length} suffix="台" />
              </Card>
            </Col>
            {(['running', 'stopped', 'fault', 'maintenance'] as const).map((status) => (
              <Col xs={12} sm={8} lg={4} key={status}>
                <Card
                  size="small"
                  hoverable
                  onClick={() => setOnly(only === status ? null : status)}
                  style={only === status ? { borderColor: 'var(--ant-color-primary)' } : undefined}
                  data-testid={`count-${status}`}
                >
                  <Statistic
                    title={<Badge status={BADGE[status]} text={EquipmentStatusNames[status]} />}
                    value={counts[status]}
                    suffix="台"
                  />
                </Card>
              </Col>
            ))}
            <Col xs={12} sm={8} lg={4}>
              <Card size="small" data-testid="today-run">
                <Statistic
                  title="今日运行"
                  value={hours(rows.reduce((sum, r) => sum + r.todayMs, 0))}
                  suffix="小时"
                />
                <Typography.Text type="secondary" data-testid="today-starts">
                  今日启动 {rows.reduce((sum, r) => sum + r.todayStarts, 0)} 次
                </Typography.Text>
              </Card>
            </Col>
          </Row>
          {(counts.scrapped > 0 || counts.unknown > 0) && (
            <Typography.Text type="secondary">
              另有 {counts.scrapped} 台已报废、{counts.unknown} 台无运行信号。
              {only && (
                <Typography.Link onClick={() => setOnly(null)} style={{ marginLeft: 8 }}>
                  显示全部
                </Typography.Link>
              )}
            </Typography.Text>
          )}
          <Row gutter={[12, 12]} data-testid="equipment-cards">
            {shown.map((row) => (
              <Col xs={24} sm={12} xl={8} key={row.piece.id}>
                <PieceCard row={row} store={live.store} onOpen={() => setViewing(row.piece.id)} />
              </Col>
            ))}
          </Row>
        </Space>
      )}
      <EquipmentDetailDrawer
        projectId={projectId}
        id={viewing}
        store={live.store}
        onClose={() => setViewing(0)}
      />
    </Card>
  );
}

function PieceCard({ row, store, onOpen }: { row: BoardRow; store: LiveStore; onOpen(): void }) {
  const { piece, status } = row;
  const values = SHOWN.flatMap((role) => {
    const binding = piece.bindings.find((b) => b.role === role);
    const value = binding && latest(piece, role, store);
    return binding && value ? [{ role, text: roleValue(role, value.value, binding.unit) }] : [];
  });
  return (
    <Card
      size="small"
      hoverable
      onClick={onOpen}
      data-testid="equipment-card"
      title={
        <Space size={4}>
          <Badge status={BADGE[status]} />
          <span>{piece.name}</span>
        </Space>
      }
      extra={<Tag color={EquipmentStatusColors[status]}>{EquipmentStatusNames[status]}</Tag>}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {piece.code} · {piece.groupPath || '项目下'}
      </Typography.Text>
      <div style={{ marginTop: 8, minHeight: 22 }}>
        {values.length === 0 ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space wrap size={[12, 4]}>
            {values.map((v) => (
              <span key={v.role}>
                <Typography.Text type="secondary">{ROLE_SHORT[v.role]} </Typography.Text>
                {v.text}
              </span>
            ))}
          </Space>
        )}
      </div>
      <div style={{ marginTop: 4 }}>
        {piece.run ? (
          <Typography.Text>
            今日运行 {hours(row.todayMs)} 小时 · 启动 {row.todayStarts} 次
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">未绑定运行信号</Typography.Text>
        )}
      </div>
    </Card>
  );
}

const ROLE_SHORT: Record<(typeof SHOWN)[number], string> = {
  current: '电流',
  frequency: '频率',
  flow: '流量',
  pressure: '压力',
  power: '功率',
  temperature: '温度',
  voltage: '电压',
};

function SocketState({ status }: { status: LiveStatus }) {
  if (status === 'open') return <Badge status="processing" text="实时" />;
  if (status === 'closed') return <Badge status="error" text="实时连接已断开，正在重连" />;
  return <Badge status="default" text="连接中" />;
}
