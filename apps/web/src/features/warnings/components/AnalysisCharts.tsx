import type { GlobalToken } from 'antd';
import { useCallback } from 'react';
import { axisStyle, ThemedChart } from '../../../components/ThemedChart';

export interface Slice {
  name: string;
  value: number;
  color?: string;
}

/** Warnings per day as bars (count on hover). */
export function DailyChart({ days }: { days: { day: string; count: number }[] }) {
  const build = useCallback(
    (token: GlobalToken) => ({
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: days.map((d) => d.day.slice(5)),
        ...axisStyle(token),
        axisTick: { alignWithLabel: true },
      },
      yAxis: { type: 'value', minInterval: 1, ...axisStyle(token) },
      series: [
        {
          type: 'bar',
          name: '预警数',
          barMaxWidth: 24,
          itemStyle: { color: token.colorPrimary, borderRadius: [3, 3, 0, 0] },
          data: days.map((d) => d.count),
        },
      ],
    }),
    [days],
  );
  return <ThemedChart testId="chart-by-day" build={build} values={days.map((d) => [d.day, d.count])} />;
}

/** Shares of a whole as a ring, the total in its middle. */
export function ShareChart({ slices, testId }: { slices: Slice[]; testId: string }) {
  const build = useCallback(
    (token: GlobalToken) => ({
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0, textStyle: { color: token.colorText }, inactiveColor: token.colorTextDisabled },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          itemStyle: { borderColor: token.colorBgContainer, borderWidth: 2 },
          label: { color: token.colorText, formatter: '{c}' },
          data: slices.map((s) => ({
            name: s.name,
            value: s.value,
            ...(s.color ? { itemStyle: { color: s.color } } : {}),
          })),
        },
      ],
    }),
    [slices],
  );
  return <ThemedChart testId={testId} build={build} values={slices.map((s) => [s.name, s.value])} />;
}

const BAR_HEIGHT = 28;

/** The most frequent (gateways or indicators) as horizontal bars, first on top. */
export function TopChart({ items, testId }: { items: { name: string; count: number }[]; testId: string }) {
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
        axisLabel: { color: token.colorText, width: 180, overflow: 'truncate' },
        axisTick: { show: false },
      },
      series: [
        {
          type: 'bar',
          name: '预警数',
          barMaxWidth: 16,
          data: items.map((i, index) => ({
            value: i.count,
            itemStyle: {
              color: index < 3 ? token.colorWarning : token.colorPrimaryBorder,
              borderRadius: [0, 3, 3, 0],
            },
          })),
          label: { show: true, position: 'right', color: token.colorText },
        },
      ],
    }),
    [items],
  );
  return (
    <ThemedChart
      testId={testId}
      build={build}
      height={Math.max(160, items.length * BAR_HEIGHT + 24)}
      values={items.map((i) => [i.name, i.count])}
    />
  );
}
