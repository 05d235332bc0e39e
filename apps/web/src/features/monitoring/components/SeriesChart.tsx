import type { ChartBucket } from '@iot/contracts/history';
import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useEChart } from '../../../components/useEChart';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** One line of the chart: a gateway indicator's buckets. */
export interface ChartLine {
  key: string;
  name: string;
  unit: string;
  decimals: number | null;
  points: ChartBucket[];
}

export interface SeriesChartProps {
  lines: ChartLine[];
  /** The range asked for (epoch ms): the time axis spans it whatever the data. */
  start: number;
  stop: number;
  /** Draw each line's per-bucket minimum and maximum as thin lines beside its average. */
  band?: boolean;
  /** The zoomed window after the user stops zooming (null: the whole range again). */
  onZoom?: (window: [number, number] | null) => void;
  height?: number;
}

const ZOOM_SETTLE_MS = 250;
/** Axis name of values without a unit. */
const NO_UNIT = '数值';
const AXIS_OFFSET = 56;

/**
 * The one line chart of the monitoring screens: one time axis, one y-axis per unit (alternating
 * left and right), zoomable with the wheel and the slider; colours from the active theme.
 */
export function SeriesChart({ lines, start, stop, band = false, onZoom, height = 380 }: SeriesChartProps) {
  const { element, chart } = useEChart();
  const zoomHandler = useRef(onZoom);
  zoomHandler.current = onZoom;
  const { token } = theme.useToken();

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    instance.on('datazoom', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const zoom = (
          instance.getOption() as {
            dataZoom?: { start?: number; end?: number; startValue?: number; endValue?: number }[];
          }
        ).dataZoom?.[0];
        if (!zoom || !zoomHandler.current) return;
        const full = (zoom.start ?? 0) <= 0.01 && (zoom.end ?? 100) >= 99.99;
        const start = Number(zoom.startValue);
        const end = Number(zoom.endValue);
        zoomHandler.current(full || !Number.isFinite(start) || !Number.isFinite(end) ? null : [start, end]);
      }, ZOOM_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      if (!instance.isDisposed()) instance.off('datazoom');
    };
  }, [chart]);

  const shownRange = useRef<string>('');

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const palette = [
      token.colorPrimary,
      token.colorSuccess,
      token.colorWarning,
      token.colorError,
      '#9254de',
      '#13c2c2',
      '#eb2f96',
      '#a0d911',
    ];
    // At least one y-axis: a grid without one cannot be drawn.
    const units = lines.length > 0 ? [...new Set(lines.map((l) => l.unit))] : [''];
    const axisColor = token.colorTextSecondary;
    const yAxis = units.map((unit, index) => ({
      type: 'value' as const,
      name: unit || NO_UNIT,
      position: index % 2 === 0 ? ('left' as const) : ('right' as const),
      offset: Math.floor(index / 2) * AXIS_OFFSET,
      scale: true,
      nameTextStyle: { color: axisColor },
      axisLabel: { color: axisColor },
      axisLine: { show: true, lineStyle: { color: token.colorBorder } },
      splitLine: { show: index === 0, lineStyle: { color: token.colorBorderSecondary } },
    }));
    const left = Math.ceil(units.length / 2);
    const right = Math.floor(units.length / 2);
    const series = lines.flatMap((line, index) => {
      const color = palette[index % palette.length];
      const yAxisIndex = units.indexOf(line.unit);
      const main = {
        type: 'line' as const,
        id: `${line.key}:avg`,
        name: line.name,
        yAxisIndex,
        showSymbol: false,
        sampling: undefined,
        connectNulls: false,
        color,
        lineStyle: { width: 1.6 },
        data: line.points.map((p) => [p.ts, p.avg]),
      };
      if (!band) return [main];
      const edge = (which: 'min' | 'max') => ({
        type: 'line' as const,
        id: `${line.key}:${which}`,
        name: line.name,
        yAxisIndex,
        showSymbol: false,
        color,
        lineStyle: { width: 1, opacity: 0.45, type: 'dashed' as const },
        emphasis: { disabled: true },
        data: line.points.map((p) => [p.ts, p[which]]),
      });
      return [main, edge('max'), edge('min')];
    });
    const byKey = new Map(lines.map((l) => [l.key, l]));
    // A new range starts unzoomed; new data for the same range keeps the zoom.
    const rangeKey = `${start}-${stop}`;
    const previous = (instance.getOption() as { dataZoom?: { start?: number; end?: number }[] } | undefined)
      ?.dataZoom?.[0];
    const reset =
      shownRange.current === rangeKey && previous
        ? { start: previous.start ?? 0, end: previous.end ?? 100 }
        : { start: 0, end: 100 };
    shownRange.current = rangeKey;
    instance.setOption(
      {
        backgroundColor: 'transparent',
        animation: false,
        textStyle: { fontFamily: token.fontFamily, color: token.colorText },
        legend: {
          top: 0,
          data: lines.map((l) => l.name),
          textStyle: { color: token.colorText },
          inactiveColor: token.colorTextDisabled,
        },
        grid: {
          left: 16 + left * AXIS_OFFSET,
          right: 16 + Math.max(1, right) * AXIS_OFFSET,
          top: 48,
          bottom: 72,
        },
        tooltip: {
          trigger: 'axis',
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText },
          formatter: (params: unknown) => tooltip(params as TooltipItem[], byKey),
        },
        xAxis: {
          type: 'time',
          min: start,
          max: stop,
          axisLabel: { color: axisColor, hideOverlap: true },
          axisLine: { lineStyle: { color: token.colorBorder } },
        },
        yAxis,
        dataZoom: [
          { type: 'inside', xAxisIndex: 0, filterMode: 'none', ...reset },
          {
            type: 'slider',
            xAxisIndex: 0,
            ...reset,
            filterMode: 'none',
            height: 24,
            bottom: 16,
            borderColor: token.colorBorder,
            textStyle: { color: axisColor },
            fillerColor: token.colorPrimaryBg,
            dataBackground: {
              lineStyle: { color: token.colorPrimaryBorder },
              areaStyle: { color: token.colorPrimaryBg },
            },
          },
        ],
        series,
      },
      { notMerge: true },
    );
    // The web benchmark (bench/web.mjs) times "open → chart drawn" by this mark and attribute.
    const points = lines.reduce((sum, line) => sum + line.points.length, 0);
    instance.off('finished');
    if (points > 0) {
      instance.on('finished', () => {
        instance.off('finished');
        element.current?.setAttribute('data-chart-drawn', String(points));
        performance.mark('chart-drawn');
      });
    }
  }, [lines, start, stop, band, token, element.current?.setAttribute, chart.current]);

  return (
    <div
      ref={element}
      data-testid="series-chart"
      data-units={[...new Set(lines.map((l) => l.unit || NO_UNIT))].join('|')}
      style={{ width: '100%', height }}
    />
  );
}

interface TooltipItem {
  seriesId: string;
  seriesName: string;
  color: string;
  value: [number, number];
  axisValue: number;
}

function tooltip(items: TooltipItem[], lines: Map<string, ChartLine>): string {
  if (items.length === 0) return '';
  const time = new Date(items[0]!.axisValue).toLocaleString('zh-CN', { hour12: false });
  const rows = new Map<string, { name: string; color: string; parts: string[] }>();
  for (const item of items) {
    const [key, which] = splitId(item.seriesId);
    const line = lines.get(key);
    const value = item.value?.[1];
    if (value === undefined || value === null) continue;
    const text = `${line?.decimals !== null && line?.decimals !== undefined ? value.toFixed(line.decimals) : value}${line?.unit ? ` ${line.unit}` : ''}`;
    const row = rows.get(key) ?? { name: item.seriesName, color: item.color, parts: [] };
    row.parts.push(which === 'avg' ? text : `${which === 'max' ? '最大' : '最小'} ${text}`);
    rows.set(key, row);
  }
  const body = [...rows.values()]
    .map(
      (r) =>
        `<div><span style="display:inline-block;width:8px;height:8px;border-radius:4px;background:${r.color};margin-right:6px"></span>${escapeHtml(r.name)}：${r.parts.join('，')}</div>`,
    )
    .join('');
  return `<div>${time}</div>${body}`;
}

function splitId(id: string): [string, string] {
  const at = id.lastIndexOf(':');
  return [id.slice(0, at), id.slice(at + 1)];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
