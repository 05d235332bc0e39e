import { FilePdfOutlined, PictureOutlined } from '@ant-design/icons';
import {
  type BindingRole,
  BindingRoleNames,
  type Equipment,
  EquipmentStatusColors,
  EquipmentStatusNames,
  ManualStatusNames,
  signalOn,
} from '@iot/contracts/equipment';
import { useQuery } from '@tanstack/react-query';
import {
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Space,
  Spin,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useProjectScreens } from '../../../platform/routes/projectScreens';
import { EquipmentRecords, EquipmentWorkOrders } from '../../maintenance';
import { EquipmentMalfunctions } from '../../malfunctions';
import { LocationSection } from '../../maps';
import {
  type ChartLine,
  dataQueryMessage,
  fetchChart,
  formatValue,
  type LiveStore,
  SeriesChart,
  useLiveGateways,
  useLiveVersion,
} from '../../monitoring';
import { useEquipmentDetail } from '../api';
import { hours, latest, liveStatus, today, useNow } from './runFormat';

const DAY = 86_400_000;

/** A signal's value as words (运行 / 停止, 故障 / 正常), a measurement with its unit. */
export function roleValue(role: BindingRole, value: number | string, unit: string): string {
  if (role === 'run') return signalOn(value) ? '运行' : '停止';
  if (role === 'fault') return signalOn(value) ? '故障' : '正常';
  return `${formatValue(undefined, value)}${unit ? ` ${unit}` : ''}`;
}

/**
 * A piece's detail: the ledger fields, the bound signals live, today's and all-time run counters, the
 * last day's curves, and its malfunctions, work orders and maintenance records (a tab each, by menu). Shares
 * the board's live store when it has one; otherwise watches the piece's gateways itself.
 */
export function EquipmentDetailDrawer({
  projectId,
  id,
  store,
  onClose,
}: {
  projectId: number;
  id: number;
  store?: LiveStore;
  onClose(): void;
}) {
  const detail = useEquipmentDetail(projectId, id);
  const screens = Grid.useBreakpoint();
  const piece = detail.data;
  return (
    <Drawer
      open={id > 0}
      onClose={onClose}
      width={screens.md ? 760 : '100%'}
      title={piece ? `${piece.name}（${piece.code}）` : '设备详情'}
      destroyOnHidden
    >
      {detail.isError ? (
        <LoadError what="设备详情" error={detail.error} onRetry={detail.refetch} />
      ) : !piece ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : store ? (
        <Body projectId={projectId} piece={piece} store={store} />
      ) : (
        <OwnLive projectId={projectId} piece={piece} />
      )}
    </Drawer>
  );
}

function OwnLive({ projectId, piece }: { projectId: number; piece: Equipment }) {
  const live = useLiveGateways(piece.bindings.map((b) => b.gatewayId));
  return <Body projectId={projectId} piece={piece} store={live.store} />;
}

function Body({ projectId, piece, store }: { projectId: number; piece: Equipment; store: LiveStore }) {
  useLiveVersion(store);
  const now = useNow();
  const status = liveStatus(piece, store);
  const run = piece.run;
  const todayRun = run ? today(run, latest(piece, 'run', store), now) : null;
  const expired =
    piece.warrantyEnd !== null &&
    piece.warrantyEnd < new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="equipment-detail">
      <Space wrap>
        <Tag color={EquipmentStatusColors[status]} data-testid="detail-status">
          {EquipmentStatusNames[status]}
        </Tag>
        {piece.manualStatus !== 'normal' && <Tag>{`人工状态：${ManualStatusNames[piece.manualStatus]}`}</Tag>}
        {piece.labels.map((l) => (
          <Tag key={l.id} color={l.color}>
            {l.name}
          </Tag>
        ))}
      </Space>
      {run && todayRun && (
        <Space size="large" wrap>
          <Statistic title="今日运行（小时）" value={hours(todayRun.ms)} />
          <Statistic title="今日启动" value={todayRun.starts} suffix="次" />
          <Statistic title="累计运行（小时）" value={hours(todayRun.totalMs)} />
          <Statistic title="累计启动" value={todayRun.totalStarts} suffix="次" />
        </Space>
      )}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="类别">{piece.category || '—'}</Descriptions.Item>
        <Descriptions.Item label="位置">{piece.groupPath || '项目下'}</Descriptions.Item>
        <Descriptions.Item label="型号">{piece.model || '—'}</Descriptions.Item>
        <Descriptions.Item label="生产厂家">{piece.manufacturer || '—'}</Descriptions.Item>
        <Descriptions.Item label="出厂编号">{piece.serialNumber || '—'}</Descriptions.Item>
        <Descriptions.Item label="额定容量">
          {piece.ratedCapacity === null ? '—' : `${piece.ratedCapacity} ${piece.ratedUnit}`}
        </Descriptions.Item>
        <Descriptions.Item label="安装日期">{piece.installDate ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="质保截止">
          {piece.warrantyEnd ?? '—'} {expired && <Tag color="orange">已过保</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="附件" span={2}>
          {piece.attachments.length === 0 ? (
            '—'
          ) : (
            <Space wrap>
              {piece.attachments.map((a) => (
                <a key={a.url} href={a.url} target="_blank" rel="noreferrer">
                  {a.url.endsWith('.pdf') ? <FilePdfOutlined /> : <PictureOutlined />} {a.name}
                </a>
              ))}
            </Space>
          )}
        </Descriptions.Item>
        {piece.remark ? (
          <Descriptions.Item label="备注" span={2}>
            {piece.remark}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div>
        <Typography.Title level={5}>实时数据</Typography.Title>
        <Table
          size="small"
          rowKey="role"
          pagination={false}
          scroll={{ x: 480 }}
          dataSource={piece.bindings}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未绑定指标" /> }}
          columns={[
            {
              title: '信号',
              dataIndex: 'role',
              width: 90,
              render: (r: keyof typeof BindingRoleNames) => BindingRoleNames[r],
            },
            {
              title: '指标',
              key: 'indicator',
              render: (_: unknown, b) => `${b.gatewayAlias} / ${b.alias}`,
            },
            {
              title: '最新值',
              key: 'value',
              width: 120,
              render: (_: unknown, b) => {
                const v = latest(piece, b.role, store);
                return v ? roleValue(b.role, v.value, b.unit) : '—';
              },
            },
            {
              title: '时间',
              key: 'ts',
              width: 150,
              render: (_: unknown, b) => {
                const v = latest(piece, b.role, store);
                return v ? new Date(v.ts).toLocaleString('zh-CN', { hour12: false }) : '—';
              },
            },
          ]}
        />
      </div>
      <History piece={piece} />
      <WorkTabs projectId={projectId} equipmentId={piece.id} />
      {/* 位置 (decision 0066): coordinates and location mode, saved on their own. */}
      <LocationSection projectId={projectId} kind="equipment" ownerId={piece.id} />
    </Space>
  );
}

/** The bound signals over the last 24 hours. */
function History({ piece }: { piece: Equipment }) {
  const [range] = useState(() => {
    const stop = Date.now();
    return { start: stop - DAY, stop };
  });
  const gatewayIds = [...new Set(piece.bindings.map((b) => b.gatewayId))];
  const metrics = [...new Set(piece.bindings.map((b) => b.dataIdentification))];
  const chart = useQuery({
    queryKey: ['equipment', 'history', piece.id, range.start],
    enabled: piece.bindings.length > 0,
    retry: 1,
    queryFn: () =>
      fetchChart({ gatewayIds, metrics, startTime: range.start, stopTime: range.stop, buckets: 300 }),
  });
  const lines = useMemo<ChartLine[]>(
    () =>
      piece.bindings.map((b) => ({
        key: `${b.gatewayId}:${b.dataIdentification}`,
        name: BindingRoleNames[b.role],
        unit: b.unit,
        axis: b.unit || BindingRoleNames[b.role],
        decimals: null,
        points:
          chart.data?.series.find(
            (s) => s.gateway === String(b.gatewayId) && s.metric === b.dataIdentification,
          )?.points ?? [],
      })),
    [chart.data, piece.bindings],
  );
  return (
    <div data-testid="equipment-history">
      <Typography.Title level={5}>最近 24 小时</Typography.Title>
      {piece.bindings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未绑定指标，没有曲线" />
      ) : chart.isError ? (
        <LoadError
          compact
          what="曲线"
          error={new Error(dataQueryMessage(chart.error))}
          onRetry={chart.refetch}
        />
      ) : (
        <SeriesChart lines={lines} start={range.start} stop={range.stop} height={280} />
      )}
    </div>
  );
}

/** The menus whose read bit shows each tab (their screens hold the full lists). */
const WORK_MENUS = {
  malfunctions: 'router-equipmentMalfunctionRecord',
  workOrders: 'router-maintenanceTaskList',
  records: 'router-maintenanceRecord',
} as const;

/**
 * The piece's malfunctions (故障记录), work orders (工单) and finished work (维保记录), a tab each for
 * whoever may read that menu of the project; each links to its screen. Nothing when none is readable.
 */
function WorkTabs({ projectId, equipmentId }: { projectId: number; equipmentId: number }) {
  const screens = useProjectScreens(projectId);
  const malfunctions = screens.readable(WORK_MENUS.malfunctions);
  const workOrders = screens.readable(WORK_MENUS.workOrders);
  const records = screens.readable(WORK_MENUS.records);
  const items = [
    malfunctions && {
      key: 'malfunctions',
      label: '故障记录',
      children: (
        <EquipmentMalfunctions
          projectId={projectId}
          equipmentId={equipmentId}
          screenPath={malfunctions.path}
        />
      ),
    },
    workOrders && {
      key: 'workOrders',
      label: '工单',
      children: (
        <EquipmentWorkOrders projectId={projectId} equipmentId={equipmentId} screenPath={workOrders.path} />
      ),
    },
    records && {
      key: 'records',
      label: '维保记录',
      children: (
        <EquipmentRecords projectId={projectId} equipmentId={equipmentId} screenPath={records.path} />
      ),
    },
  ].filter((item) => !!item);
  if (screens.loading || items.length === 0) return null;
  return (
    <div data-testid="equipment-work">
      <Tabs size="small" destroyOnHidden items={items} />
    </div>
  );
}
