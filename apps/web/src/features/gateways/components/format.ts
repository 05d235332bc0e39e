import type { GatewayIndicator } from '@iot/contracts/indicators';
import type { ChartSeries } from '../api';

const HOUR = 3600_000;

/** A value as its gateway indicator reads: enum labels, boolean words, decimal places, unit. */
export function formatValue(
  gatewayIndicator: GatewayIndicator | null,
  value: number | string | undefined,
  unit: string,
): string {
  if (value === undefined) return '—';
  const indicator = gatewayIndicator?.indicator;
  if (indicator?.type === 'enum') {
    const label = indicator.indicatorEnums.find((e) => String(e.value) === String(value))?.label;
    if (label) return label;
  }
  if (indicator?.type === 'boolean') return value === 1 || value === 'true' ? '是' : '否';
  const decimals = gatewayIndicator?.decimalPlaces ?? indicator?.decimalPlaces;
  const text =
    typeof value === 'number' && decimals !== undefined && decimals !== null
      ? value.toFixed(decimals)
      : String(value);
  return unit ? `${text} ${unit}` : text;
}

/**
 * Points received per bucket over the whole range, summed over the gateway's series, empty
 * buckets as 0. Buckets are laid out as the chart call makes them: from the start, or aligned to
 * the hour once they are an hour wide or more. No point at all gives no slots (nothing to draw).
 */
export function trafficSlots(answer: {
  start: number;
  stop: number;
  width: number;
  series: ChartSeries[];
}): [number, number][] {
  const counts = new Map<number, number>();
  for (const series of answer.series) {
    for (const point of series.points) counts.set(point.ts, (counts.get(point.ts) ?? 0) + point.count);
  }
  if (counts.size === 0) return [];
  const origin = answer.width >= HOUR ? Math.floor(answer.start / HOUR) * HOUR : answer.start;
  const slots: [number, number][] = [];
  for (let at = origin; at < answer.stop; at += answer.width) {
    const ts = Math.max(answer.start, at);
    slots.push([ts, counts.get(ts) ?? 0]);
  }
  return slots;
}
