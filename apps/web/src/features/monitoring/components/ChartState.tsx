import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadState';
import { dataQueryMessage } from '../api';
import type { ChartLine } from './SeriesChart';

/**
 * A series chart's place on the page: room kept while it loads, a failure with 重试, a range without
 * points, or the chart (历史数据 and 趋势分析).
 */
export function ChartState({
  what,
  chart,
  lines,
  children,
}: {
  /** The chart's name for the failure text, e.g. 历史曲线. */
  what: string;
  chart: { loading: boolean; error: unknown; retry(): unknown };
  lines: ChartLine[];
  children: ReactNode;
}) {
  if (chart.loading) return <div style={{ height: 380 }} />;
  if (chart.error)
    return <LoadError what={what} error={new Error(dataQueryMessage(chart.error))} onRetry={chart.retry} />;
  if (lines.every((l) => l.points.length === 0))
    return <Empty description="该时间范围内没有数据" style={{ padding: '48px 0' }} />;
  return children;
}
