import type { StoredPoint } from '@iot/contracts/data-repair';
import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { formatTooltipTime, timeAxisLabel } from '../../../components/chartTime';
import { useEChart } from '../../../components/useEChart';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

export interface RepairChartProps {
  /** The stored points (before the repair). */
  before: StoredPoint[];
  /** The points after the repair; null while there is nothing to compare. */
  after: StoredPoint[] | null;
  range: [number, number];
  unit: string;
  height?: number;
}

const numeric = (points: StoredPoint[]) =>
  points.filter((p) => typeof p.value === 'number').map((p) => [p.ts, p.value as number]);

/** Before/after of a repair on one time axis; colours from the active theme's tokens. */
export function RepairChart({ before, after, range, unit, height = 300 }: RepairChartProps) {
  const { element, chart } = useEChart('svg');
  const { token } = theme.useToken();

  useEffect(() => {
    const axisColor = token.colorTextSecondary;
    const series = [
      {
        name: '原始值',
        type: 'line' as const,
        data: numeric(before),
        showSymbol: before.length <= 200,
        symbolSize: 4,
        lineStyle: { width: 1.5, color: token.colorPrimary },
        itemStyle: { color: token.colorPrimary },
      },
      ...(after
        ? [
            {
              name: '修正后',
              type: 'line' as const,
              data: numeric(after),
              showSymbol: after.length <= 200,
              symbolSize: 4,
              lineStyle: { width: 2, type: 'dashed' as const, color: token.colorSuccess },
              itemStyle: { color: token.colorSuccess },
            },
          ]
        : []),
    ];
    chart.current?.setOption(
      {
        textStyle: { fontFamily: token.fontFamily, color: token.colorText },
        animation: false,
        legend: { top: 0, textStyle: { color: token.colorText }, inactiveColor: token.colorTextDisabled },
        grid: { left: 56, right: 24, top: 36, bottom: 56 },
        tooltip: {
          trigger: 'axis',
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText },
          formatter: (params: unknown) => {
            const items = params as { marker: string; seriesName: string; value: [number, number] }[];
            if (items.length === 0) return '';
            const rows = items.map(
              (i) => `<div>${i.marker}${i.seriesName}：${i.value[1]}${unit ? ` ${unit}` : ''}</div>`,
            );
            return `<div>${formatTooltipTime(items[0]!.value[0])}</div>${rows.join('')}`;
          },
        },
        xAxis: {
          type: 'time',
          min: range[0],
          max: range[1],
          axisLabel: timeAxisLabel(axisColor, new Set()),
          axisLine: { lineStyle: { color: token.colorBorder } },
        },
        yAxis: {
          type: 'value',
          scale: true,
          name: unit || '数值',
          nameTextStyle: { color: axisColor },
          axisLabel: { color: axisColor },
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        dataZoom: [
          { type: 'inside' },
          {
            type: 'slider',
            height: 18,
            bottom: 8,
            borderColor: token.colorBorder,
            textStyle: { color: axisColor },
            fillerColor: token.colorPrimaryBg,
          },
        ],
        series,
      },
      { notMerge: true },
    );
  }, [before, after, range, unit, token, chart.current?.setOption]);

  return <div ref={element} style={{ width: '100%', height }} role="img" aria-label="修复前后曲线" />;
}
