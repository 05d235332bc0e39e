import {
  type MaintenanceStatistics,
  type TaskStatus,
  TaskStatusNames,
  type TaskType,
  TaskTypeNames,
} from '@iot/contracts/maintenance';
import { Card, Col, type GlobalToken, Row, Table } from 'antd';
import { useCallback, useMemo } from 'react';
import { axisStyle, ThemedChart } from '../../../components/ThemedChart';
import { formatRate } from '../records/format';

const HOUR = 3_600_000;
const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR) * 10) / 10);
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#13c2c2', '#eb2f96', '#722ed1', '#fa541c', '#2f54eb'];
const TOP = 10;
/** Each status its colour: closed green, unresolved and overdue warm, cancelled and refused grey. */
const STATUS_COLORS: Record<number, string> = {
  1: '#722ed1',
  2: '#2f54eb',
  3: '#13c2c2',
  4: '#1677ff',
  5: '#8c8c8c',
  6: '#69b1ff',
  7: '#bfbfbf',
  8: '#595959',
  9: '#fa541c',
  10: '#faad14',
  11: '#52c41a',
  12: '#fa8c16',
  13: '#f5222d',
};

/** Per month: created and closed as bars, completion and on-time rates as lines on a % axis. */
function MonthlyChart({ months }: { months: MaintenanceStatistics['byMonth'] }) {
  const build = useCallback(
    (token: GlobalToken) => ({
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorText }, inactiveColor: token.colorTextDisabled },
      xAxis: { type: 'category', data: months.map((m) => m.month), ...axisStyle(token) },
      yAxis: [
        { type: 'value', minInterval: 1, name: '工单', ...axisStyle(token) },
        { type: 'value', min: 0, max: 100, name: '%', ...axisStyle(token), splitLine: { show: false } },
      ],
      series: [
        {
          type: 'bar',
          name: '新建',
          barMaxWidth: 20,
          itemStyle: { color: token.colorPrimary },
          data: months.map((m) => m.created),
        },
        {
          type: 'bar',
          name: '已关闭',
          barMaxWidth: 20,
          itemStyle: { color: token.colorSuccess },
          data: months.map((m) => m.closed),
        },
        {
          type: 'line',
          name: '完成率',
          yAxisIndex: 1,
          itemStyle: { color: token.colorWarning },
          data: months.map((m) => percent(m.completionRate)),
        },
        {
          type: 'line',
          name: '按时完成率',
          yAxisIndex: 1,
          itemStyle: { color: '#eb2f96' },
          data: months.map((m) => percent(m.onTimeRate)),
        },
      ],
    }),
    [months],
  );
  return (
    <ThemedChart
      testId="chart-by-month"
      build={build}
      values={months.map((m) => [m.month, `${m.created}/${m.closed}`])}
    />
  );
}

/** Per month: mean time to respond and to complete, in hours. */
function TimesChart({ months }: { months: MaintenanceStatistics['byMonth'] }) {
  const build = useCallback(
    (token: GlobalToken) => ({
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${v} 小时`) },
      legend: { top: 0, textStyle: { color: token.colorText }, inactiveColor: token.colorTextDisabled },
      xAxis: { type: 'category', data: months.map((m) => m.month), ...axisStyle(token) },
      yAxis: { type: 'value', name: '小时', ...axisStyle(token) },
      series: [
        {
          type: 'line',
          name: '平均响应时长',
          connectNulls: true,
          itemStyle: { color: token.colorPrimary },
          data: months.map((m) => hours(m.meanRespondMs)),
        },
        {
          type: 'line',
          name: '平均完成时长',
          connectNulls: true,
          itemStyle: { color: token.colorSuccess },
          data: months.map((m) => hours(m.meanCompleteMs)),
        },
      ],
    }),
    [months],
  );
  return (
    <ThemedChart
      testId="chart-times"
      build={build}
      values={months.map((m) => [
        m.month,
        `${hours(m.meanRespondMs) ?? '—'}/${hours(m.meanCompleteMs) ?? '—'}`,
      ])}
    />
  );
}

/** Shares of a whole as a ring. */
function RingChart({
  slices,
  testId,
}: {
  slices: { name: string; value: number; color?: string }[];
  testId: string;
}) {
  const build = useCallback(
    (token: GlobalToken) => ({
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: {
        type: 'scroll',
        bottom: 0,
        textStyle: { color: token.colorText },
        inactiveColor: token.colorTextDisabled,
      },
      series: [
        {
          type: 'pie',
          radius: ['42%', '66%'],
          center: ['50%', '44%'],
          itemStyle: { borderColor: token.colorBgContainer, borderWidth: 2 },
          label: { color: token.colorText, formatter: '{c}' },
          data: slices.map((s, i) => ({
            name: s.name,
            value: s.value,
            itemStyle: { color: s.color ?? PALETTE[i % PALETTE.length] },
          })),
        },
      ],
    }),
    [slices],
  );
  return <ThemedChart testId={testId} build={build} values={slices.map((s) => [s.name, s.value])} />;
}

/** Counts as horizontal bars, most first. */
function BarsChart({ items, testId }: { items: { name: string; count: number }[]; testId: string }) {
  const build = useCallback(
    (token: GlobalToken) => ({
      grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1, ...axisStyle(token) },
      yAxis: {
        type: 'category',
        inverse: true,
        data: items.map((i) => i.name),
        ...axisStyle(token),
        axisLabel: { color: token.colorText, width: 120, overflow: 'truncate' },
        axisTick: { show: false },
      },
      series: [
        {
          type: 'bar',
          name: '工单数',
          barMaxWidth: 16,
          itemStyle: { color: token.colorPrimary, borderRadius: [0, 3, 3, 0] },
          label: { show: true, position: 'right', color: token.colorText },
          data: items.map((i) => i.count),
        },
      ],
    }),
    [items],
  );
  return (
    <ThemedChart
      testId={testId}
      build={build}
      height={Math.max(160, items.length * 28 + 24)}
      values={items.map((i) => [i.name, i.count])}
    />
  );
}

/** The charts and the per-person table of a statistics answer. */
export function StatisticsCharts({ stats }: { stats: MaintenanceStatistics }) {
  const statuses = useMemo(
    () =>
      stats.byStatus
        .filter((s) => s.count > 0)
        .map((s) => ({
          name: TaskStatusNames[s.status as TaskStatus] ?? String(s.status),
          value: s.count,
          color: STATUS_COLORS[s.status],
        })),
    [stats.byStatus],
  );
  const types = useMemo(
    () => stats.byType.map((t) => ({ name: TaskTypeNames[t.type as TaskType], count: t.count })),
    [stats.byType],
  );
  const sites = useMemo(
    () => stats.bySite.slice(0, TOP).map((s) => ({ name: s.groupName ?? '项目', count: s.count })),
    [stats.bySite],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small" title="每月工单与完成率">
          <MonthlyChart months={stats.byMonth} />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title="每月平均响应与完成时长">
          <TimesChart months={stats.byMonth} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title="状态分布">
          <RingChart testId="chart-by-status" slices={statuses} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title="类型分布">
          <BarsChart testId="chart-by-type" items={types} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={`站点工单（前 ${TOP}）`}>
          <BarsChart testId="chart-by-site" items={sites} />
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title="人员统计">
          <Table
            size="small"
            rowKey="userId"
            data-testid="by-person"
            pagination={stats.byPerson.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            scroll={{ x: 480 }}
            dataSource={stats.byPerson}
            locale={{ emptyText: '所选时间内没有分配给人员的工单' }}
            columns={[
              { title: '人员', dataIndex: 'realname' },
              { title: '工单数', dataIndex: 'count', width: 90, align: 'right' },
              { title: '已关闭', dataIndex: 'closed', width: 90, align: 'right' },
              {
                title: '按时完成率',
                key: 'onTime',
                width: 120,
                align: 'right',
                render: (_, p) =>
                  `${formatRate(p.closedWithDue === 0 ? null : p.onTime / p.closedWithDue)}（${p.onTime}/${p.closedWithDue}）`,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
