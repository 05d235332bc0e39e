import type { MaintenanceStatistics as Stats } from '@iot/contracts/maintenance';
import { Button, Card, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type Figure, ReportBody } from '../../../components/ReportBody';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { useMaintenanceStatistics, useRecordOptions } from '../records/api';
import { SiteSelect } from '../records/filters';
import { formatRate, formatSpan } from '../records/format';
import { StatisticsCharts } from './StatisticsCharts';

/** A range of whole months: a preset (the last N months up to now, this year) or chosen months. */
interface Conditions {
  preset: string;
  /** Custom: the first and last month, as the first instant of each. */
  start: number;
  stop: number;
  siteId: number;
}
const DEFAULTS: Conditions = { preset: 'last6m', start: 0, stop: 0, siteId: 0 };
const PRESETS: [string, string, () => [Dayjs, Dayjs]][] = [
  ['last3m', '近3个月', () => [dayjs().startOf('month').subtract(2, 'month'), dayjs()]],
  ['last6m', '近6个月', () => [dayjs().startOf('month').subtract(5, 'month'), dayjs()]],
  ['last12m', '近12个月', () => [dayjs().startOf('month').subtract(11, 'month'), dayjs()]],
  ['thisYear', '本年', () => [dayjs().startOf('year'), dayjs()]],
];

/** The range a saved value stands for, taken at the moment of asking. */
function rangeOf(c: Conditions): [Dayjs, Dayjs] | null {
  const preset = PRESETS.find(([key]) => key === c.preset);
  if (preset) return preset[2]();
  if (!c.start || c.stop < c.start) return null;
  return [dayjs(c.start).startOf('month'), dayjs(c.stop).endOf('month').add(1, 'ms')];
}

/** The headline figures of the range (decision 0055 defines each). */
function figuresOf(stats: Stats): Figure[] {
  return [
    { key: 'created', title: '工单总数', value: String(stats.created), hint: '所选时间内新建的工单' },
    { key: 'closed', title: '已关闭', value: String(stats.closed), hint: '其中现为已关闭的工单' },
    {
      key: 'completion',
      title: '完成率',
      value: formatRate(stats.completionRate),
      hint: '已关闭 ÷ 有效工单（不含已取消与审核未通过）',
    },
    {
      key: 'onTime',
      title: '按时完成率',
      value: formatRate(stats.onTimeRate),
      hint: '有截止时间的已关闭工单中，在截止时间前关闭的比例',
    },
    {
      key: 'respond',
      title: '平均响应时长',
      value: formatSpan(stats.meanRespondMs),
      hint: '从创建到第一次开始执行',
    },
    {
      key: 'complete',
      title: '平均完成时长',
      value: formatSpan(stats.meanCompleteMs),
      hint: '从创建到关闭',
    },
  ];
}

/**
 * 运维统计 / 维保统计 (router-maintenanceStatistics, 运维统计 in the menu): over whole months, the work orders created — by status,
 * type, site and person; completion and on-time rates; mean time to respond and to complete; by
 * month. The server computes every figure (decision 0055).
 */
export function MaintenanceStatistics() {
  const groupId = useProjectId();
  const [saved, setSaved] = useSavedQuery(`maintenance.statistics.${groupId}`, DEFAULTS);
  const [draft, setDraft] = useState<Conditions>(saved);
  const [asked, setAsked] = useState(0);
  const options = useRecordOptions(groupId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` takes a preset's range again on each search
  const query = useMemo(() => {
    const r = rangeOf(saved);
    if (!r?.[1].isAfter(r[0])) return null;
    return {
      startTime: r[0].valueOf(),
      stopTime: r[1].valueOf(),
      ...(saved.siteId ? { siteId: saved.siteId } : {}),
    };
  }, [saved, asked]);
  const stats = useMaintenanceStatistics(groupId, query);
  const _data = stats.data;
  const custom = rangeOf({ ...draft, preset: 'custom' });

  return (
    <Card title="运维统计" variant="borderless">
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="时间">
          <Select
            aria-label="时间范围"
            style={{ width: 120 }}
            value={draft.preset}
            onChange={(preset: string) => setDraft({ ...draft, preset })}
            options={[
              ...PRESETS.map(([value, label]) => ({ value, label })),
              { value: 'custom', label: '自定义' },
            ]}
          />
        </Form.Item>
        {draft.preset === 'custom' && (
          <Form.Item>
            <DatePicker.RangePicker
              aria-label="起止月份"
              picker="month"
              allowClear={false}
              value={custom ? [custom[0], custom[1].subtract(1, 'ms')] : null}
              onChange={(r) => {
                if (r?.[0] && r[1]) setDraft({ ...draft, start: r[0].valueOf(), stop: r[1].valueOf() });
              }}
            />
          </Form.Item>
        )}
        <Form.Item label="站点">
          <SiteSelect
            sites={options.data?.sites ?? []}
            loading={options.isLoading}
            value={draft.siteId || undefined}
            onChange={(siteId) => setDraft({ ...draft, siteId: siteId ?? 0 })}
          />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            onClick={() => {
              setSaved(draft);
              setAsked((n) => n + 1);
            }}
          >
            查 询
          </Button>
        </Form.Item>
      </Form>
      <ReportBody
        what="运维统计"
        query={query === null ? null : stats}
        invalidRange="请选择开始早于结束的月份"
        empty="所选时间内没有工单"
        isEmpty={(data) => data.created === 0}
        figures={figuresOf}
        charts={(data) => <StatisticsCharts stats={data} />}
      />
    </Card>
  );
}
