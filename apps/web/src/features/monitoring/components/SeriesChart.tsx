import type { ChartBucket } from '@iot/contracts/history';
import { theme } from 'antd';
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatTooltipTime, timeAxisLabel } from '../../../components/chartTime';
import { useEChart } from '../../../components/useEChart';

echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

/** One line of the chart: a gateway indicator's buckets. */
export interface ChartLine {
  key: string;
  name: string;
  unit: string;
  /**
   * The y-axis the line is drawn on, named so: its unit, or for a value without a unit the
   * indicator's own name (pH beside COD gets its own axis). Defaults to the unit.
   */
  axis?: string;
  decimals: number | null;
  /** Words for the values of an enum or a boolean (自动, 是): the tooltip shows them, not the number. */
  label?: (value: number) => string;
  /** An enum's or a boolean's values and words: its axis shows these ticks only, by their words. */
  levels?: { value: number; label: string }[];
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
  /** Dashed reference lines: limits across (axis y, on the first line's axis) or moments along (axis x). */
  markLines?: ChartMark[];
}

/** A labelled reference line of the chart: a threshold (y) or a moment (x, epoch ms). */
export interface ChartMark {
  axis: 'x' | 'y';
  value: number;
  label: string;
}

const ZOOM_SETTLE_MS = 250;
/** Axis name of values without a unit. */
const NO_UNIT = '数值';
const AXIS_OFFSET = 56;
/** A tooltip shows the nearest bucket only within this many pixels of the crosshair (or its spacing). */
const NEAR_PX = 12;

/** The y-axis a line is drawn on. */
export const axisOf = (line: ChartLine) => line.axis || line.unit || NO_UNIT;

/**
 * The one line chart of the monitoring screens: one time axis, one y-axis per unit (alternating
 * left and right; a value without a unit on an axis of its own name), zoomable with the wheel and
 * the slider; colours from the active theme. The tooltip follows the crosshair: away from any
 * bucket (a gap, a zoomed empty stretch) it says so instead of showing a far point.
 */
export function SeriesChart({
  lines,
  start,
  stop,
  band = false,
  onZoom,
  height = 380,
  markLines,
}: SeriesChartProps) {
  const { element, chart } = useEChart();
  const zoomHandler = useRef(onZoom);
  zoomHandler.current = onZoom;
  const { token } = theme.useToken();
  /** The crosshair's x in the chart's pixels, taken before echarts handles the same move. */
  const mouseX = useRef<number | null>(null);

  useEffect(() => {
    const box = element.current;
    if (!box) return;
    const move = (event: MouseEvent) => {
      mouseX.current = event.clientX - box.getBoundingClientRect().left;
    };
    box.addEventListener('mousemove', move, true);
    return () => box.removeEventListener('mousemove', move, true);
  }, [element]);

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
    const units = lines.length > 0 ? [...new Set(lines.map(axisOf))] : [NO_UNIT];
    const axisColor = token.colorTextSecondary;
    const yAxis = units.map((unit, index) => {
      // An axis of words (控制模式: 手动, 自动; a pump: 否, 是) ticks at its values only.
      const levels = lines.find((l) => axisOf(l) === unit && l.levels && l.levels.length > 1)?.levels;
      const values = levels?.map((l) => l.value) ?? [];
      return {
        type: 'value' as const,
        name: unit,
        position: index % 2 === 0 ? ('left' as const) : ('right' as const),
        offset: Math.floor(index / 2) * AXIS_OFFSET,
        scale: true,
        ...(levels ? { min: Math.min(...values), max: Math.max(...values), interval: 1 } : {}),
        // Names stand outside their axis (a left axis's name ends at it): two left axes' names,
        // centred, ran together as one ("控制模式 mg/L").
        nameTextStyle: { color: axisColor, align: index % 2 === 0 ? ('right' as const) : ('left' as const) },
        axisLabel: {
          color: axisColor,
          ...(levels ? { formatter: (v: number) => levels.find((l) => l.value === v)?.label ?? '' } : {}),
        },
        axisLine: { show: true, lineStyle: { color: token.colorBorder } },
        splitLine: { show: index === 0, lineStyle: { color: token.colorBorderSecondary } },
      };
    });
    // Limits drawn across must be in view, whatever the values (the first line's axis holds them).
    const limits = (markLines ?? []).filter((m) => m.axis === 'y').map((m) => m.value);
    const limitAxis = yAxis[lines[0] ? units.indexOf(axisOf(lines[0])) : 0];
    if (limits.length > 0 && limitAxis) {
      Object.assign(limitAxis, {
        min: (extent: { min: number }) => Math.min(extent.min, ...limits),
        max: (extent: { max: number }) => Math.max(extent.max, ...limits),
      });
    }
    const left = Math.ceil(units.length / 2);
    const right = Math.floor(units.length / 2);
    const series = lines.flatMap((line, index) => {
      const color = palette[index % palette.length];
      const yAxisIndex = units.indexOf(axisOf(line));
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
    const first = series[0];
    if (first && markLines && markLines.length > 0) {
      Object.assign(first, {
        markLine: {
          silent: true,
          symbol: 'none',
          animation: false,
          // Moments close together (a short warning's start and release) put their labels at both ends.
          data: markLines.map((mark, index) => ({
            [mark.axis === 'y' ? 'yAxis' : 'xAxis']: mark.value,
            name: mark.label,
            lineStyle: {
              type: 'dashed' as const,
              width: 1.2,
              color: mark.axis === 'y' ? token.colorError : token.colorWarning,
            },
            label: {
              formatter: mark.label,
              position:
                mark.axis === 'x' && markLines.filter((m, i) => m.axis === 'x' && i < index).length % 2 === 1
                  ? ('insideStartTop' as const)
                  : ('insideEndTop' as const),
              color: mark.axis === 'y' ? token.colorError : token.colorWarning,
            },
          })),
        },
      });
    }
    const byKey = new Map(lines.map((l) => [l.key, l]));
    const drawnLabels = new Set<string>();
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
          // The crosshair stays where the pointer is; the tooltip judges how near the data is.
          axisPointer: { type: 'line', snap: false },
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText },
          formatter: (params: unknown) => {
            const items = params as TooltipItem[];
            const x = mouseX.current;
            const toPx = (ts: number) => instance.convertToPixel({ xAxisIndex: 0 }, ts) as number;
            if (x !== null && items.length > 0 && !near(items[0]!, byKey, x, toPx)) {
              const at = instance.convertFromPixel({ xAxisIndex: 0 }, x) as number;
              return `<div>${formatTooltipTime(at)}</div><div style="opacity:0.65">该时刻附近没有数据</div>`;
            }
            return tooltip(items, byKey);
          },
        },
        xAxis: {
          type: 'time',
          min: start,
          max: stop,
          axisLabel: timeAxisLabel(axisColor, drawnLabels),
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
        element.current?.setAttribute('data-x-labels', [...drawnLabels].join('|'));
        element.current?.setAttribute('data-chart-drawn', String(points));
        performance.mark('chart-drawn');
      });
    }
  }, [lines, start, stop, band, markLines, token, element.current?.setAttribute, chart.current]);

  return (
    <div
      ref={element}
      data-testid="series-chart"
      data-units={[...new Set(lines.map(axisOf))].join('|')}
      data-marks={markLines?.map((m) => m.label).join('|')}
      data-levels={lines
        .filter((l) => l.levels && l.levels.length > 1)
        .map((l) => `${axisOf(l)}:${l.levels!.map((v) => v.label).join('/')}`)
        .join('|')}
      style={{ width: '100%', height }}
    />
  );
}

interface TooltipItem {
  seriesId: string;
  seriesName: string;
  color: string;
  value: [number, number];
  dataIndex: number;
  axisValue: number;
}

/**
 * Whether the bucket echarts found is near the crosshair: within a few pixels, or within most of
 * the spacing to its closer neighbour (sparse data still reads between its points; a point at the
 * edge of a gap does not answer for the gap).
 */
function near(
  item: TooltipItem,
  lines: Map<string, ChartLine>,
  x: number,
  toPx: (ts: number) => number,
): boolean {
  const ts = item.value?.[0];
  if (ts === undefined) return false;
  const points = lines.get(splitId(item.seriesId)[0])?.points ?? [];
  const i = item.dataIndex;
  const gaps = [points[i - 1], points[i + 1]]
    .filter((p) => p !== undefined)
    .map((p) => Math.abs(toPx(p.ts) - toPx(ts)));
  const spacing = gaps.length > 0 ? Math.min(...gaps) : 0;
  return Math.abs(toPx(ts) - x) <= Math.max(NEAR_PX, 0.75 * spacing);
}

function tooltip(items: TooltipItem[], lines: Map<string, ChartLine>): string {
  if (items.length === 0) return '';
  const time = formatTooltipTime(items[0]!.axisValue);
  const rows = new Map<string, { name: string; color: string; parts: string[] }>();
  for (const item of items) {
    const [key, which] = splitId(item.seriesId);
    const line = lines.get(key);
    const value = item.value?.[1];
    if (value === undefined || value === null) continue;
    const text = line?.label
      ? line.label(value)
      : `${line?.decimals !== null && line?.decimals !== undefined ? value.toFixed(line.decimals) : value}${line?.unit ? ` ${line.unit}` : ''}`;
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
