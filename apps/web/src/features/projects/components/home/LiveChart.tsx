import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { formatTooltipTime, timeAxisLabel } from '../../../../components/chartTime';
import { useEChart } from '../../../../components/useEChart';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface LiveSeries {
  name: string;
  points: [number, number][];
  /** The tooltip's text of a value (decimals, unit, an enum's word); three decimals without it. */
  format?: (value: number) => string;
}

/** Series colours readable on the light and the dark (tech) backgrounds alike. */
const PALETTE = ['#faad14', '#36cfc9', '#f759ab', '#9254de', '#73d13d'];

/** The colour of the index-th series: the theme's primary first, then the palette. */
export function seriesColor(index: number, primary: string): string {
  return index === 0 ? primary : PALETTE[(index - 1) % PALETTE.length]!;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A time line chart of live series, coloured from the active theme's tokens. Given a span, the time
 * axis shows exactly it (cards side by side share one), whatever the data.
 */
export function LiveChart({
  series,
  start,
  stop,
  height = 200,
}: {
  series: LiveSeries[];
  start?: number;
  stop?: number;
  height?: number;
}) {
  const { element, chart } = useEChart();
  const { token } = theme.useToken();

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const drawn = new Set<string>();
    // A series far smaller than the largest reads on its own axis at the right.
    const peaks = series.map((s) => Math.max(0, ...s.points.map(([, v]) => Math.abs(v))));
    const top = Math.max(0, ...peaks);
    const onRight = peaks.map((peak) => top > 0 && peak < top / 5);
    const axis = {
      type: 'value',
      scale: true,
      axisLabel: { color: token.colorTextSecondary },
      splitLine: { lineStyle: { color: token.colorBorderSecondary, type: 'dashed' } },
    };
    instance.setOption(
      {
        color: series.map((_, index) => seriesColor(index, token.colorPrimary)),
        animation: false,
        textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
        grid: { left: 8, right: 32, top: 32, bottom: 4, containLabel: true },
        legend: { top: 0, textStyle: { color: token.colorText }, itemWidth: 14, itemHeight: 8 },
        tooltip: {
          trigger: 'axis',
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText },
          formatter: (params: unknown) => {
            const items = params as {
              marker: string;
              seriesName: string;
              seriesIndex: number;
              value: [number, number];
            }[];
            if (items.length === 0) return '';
            const rows = items.map((i) => {
              const format = series[i.seriesIndex]?.format;
              return `<div>${i.marker}${i.seriesName}：${format ? format(i.value[1]) : round(i.value[1])}</div>`;
            });
            return `<div>${formatTooltipTime(items[0]!.value[0])}</div>${rows.join('')}`;
          },
        },
        xAxis: {
          type: 'time',
          ...(start !== undefined && stop !== undefined ? { min: start, max: stop } : {}),
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisLabel: timeAxisLabel(token.colorTextSecondary, drawn),
          splitLine: { show: false },
        },
        yAxis: onRight.some(Boolean) ? [axis, { ...axis, splitLine: { show: false } }] : [axis],
        series: series.map((s, index) => ({
          name: s.name,
          yAxisIndex: onRight[index] ? 1 : 0,
          type: 'line',
          // A lone point (a site that reported once) is a dot, not an invisible line.
          showSymbol: s.points.length <= 3,
          lineStyle: { width: 2 },
          data: s.points,
        })),
      },
      { replaceMerge: ['series', 'yAxis'] },
    );
    // What a browser test reads of the canvas: the span, the earliest point drawn, the tick labels.
    const box = element.current;
    if (box) {
      box.dataset.span = start !== undefined && stop !== undefined ? String(stop - start) : '';
      const first = series.flatMap((s) => (s.points[0] ? [s.points[0][0]] : []));
      box.dataset.earliest = first.length > 0 ? String(Math.min(...first)) : '';
      instance.off('finished');
      instance.on('finished', () => {
        instance.off('finished');
        box.dataset.xLabels = [...drawn].join('|');
      });
    }
  }, [series, start, stop, token, chart.current, element.current]);

  return <div ref={element} data-testid="live-chart" style={{ width: '100%', height }} />;
}
