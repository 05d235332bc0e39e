import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '../../../../components/useEChart';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface LiveSeries {
  name: string;
  points: [number, number][];
}

/** Series colours readable on the light and the dark (tech) backgrounds alike. */
const PALETTE = ['#faad14', '#36cfc9', '#f759ab', '#9254de', '#73d13d'];

/** The colour of the index-th series: the theme's primary first, then the palette. */
export function seriesColor(index: number, primary: string): string {
  return index === 0 ? primary : PALETTE[(index - 1) % PALETTE.length]!;
}

/** A time line chart of live series, coloured from the active theme's tokens. */
export function LiveChart({ series, height = 200 }: { series: LiveSeries[]; height?: number }) {
  const { element, chart } = useEChart();
  const { token } = theme.useToken();

  useEffect(() => {
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
    chart.current?.setOption(
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
        },
        xAxis: {
          type: 'time',
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisLabel: { color: token.colorTextSecondary, hideOverlap: true },
          splitLine: { show: false },
        },
        yAxis: onRight.some(Boolean) ? [axis, { ...axis, splitLine: { show: false } }] : [axis],
        series: series.map((s, index) => ({
          name: s.name,
          yAxisIndex: onRight[index] ? 1 : 0,
          type: 'line',
          showSymbol: false,
          lineStyle: { width: 2 },
          data: s.points,
        })),
      },
      { replaceMerge: ['series', 'yAxis'] },
    );
  }, [series, token, chart.current?.setOption]);

  return <div ref={element} style={{ width: '100%', height }} />;
}
