import type { GatewayIndicator } from '@iot/contracts/indicators';

/** What a value needs to be shown as its indicator reads: type, unit, decimals, enum labels. */
export interface IndicatorMeta {
  /** Gateway indicator id. */
  id: number;
  gatewayId: number;
  gatewayAlias: string;
  metric: string;
  alias: string;
  type: GatewayIndicator['indicator']['type'] | null;
  unit: string;
  decimalPlaces: number | null;
  enums: { value: number; label: string }[];
}

/** Clock tolerance of spec core §9: a value older than the lag warning (10 minutes) is stale. */
export const STALE_AFTER_MS = 10 * 60_000;

/** A value is stale when it is older than the lag warning, or its gateway is offline. */
export function isStale(ts: number, now: number, gatewayOnline = true): boolean {
  return !gatewayOnline || now - ts > STALE_AFTER_MS;
}

/** A value without its unit: enum and boolean by their labels, numbers with the indicator's decimals. */
export function formatValue(
  meta: IndicatorMeta | undefined,
  value: number | string | null | undefined,
): string {
  if (value === undefined || value === null || value === '') return '—';
  if (meta?.type === 'enum' || meta?.type === 'boolean') {
    const label = meta.enums.find((e) => String(e.value) === String(value))?.label;
    if (label) return label;
    if (meta.type === 'boolean') return Number(value) === 1 || value === 'true' ? '是' : '否';
  }
  if (typeof value === 'number' && meta?.decimalPlaces !== null && meta?.decimalPlaces !== undefined) {
    return value.toFixed(meta.decimalPlaces);
  }
  return String(value);
}

/** The unit shown beside a value (none for labelled values). */
export function unitOf(meta: IndicatorMeta | undefined): string {
  if (!meta || meta.type === 'enum' || meta.type === 'boolean' || meta.type === 'text') return '';
  return meta.unit;
}

/** A value with its unit, for tables and exports. */
export function formatWithUnit(meta: IndicatorMeta | undefined, value: number | string | null | undefined) {
  const text = formatValue(meta, value);
  const unit = unitOf(meta);
  return unit && text !== '—' ? `${text} ${unit}` : text;
}

/**
 * A statistic computed from values (an average, a sum) with the indicator's decimals and unit;
 * without known decimals, at most three.
 */
export function formatStatistic(meta: IndicatorMeta | undefined, value: number | null | undefined): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '—';
  const decimals = meta?.decimalPlaces;
  const text =
    decimals !== null && decimals !== undefined
      ? value.toFixed(decimals)
      : String(Math.round(value * 1000) / 1000);
  const unit = unitOf(meta);
  return unit ? `${text} ${unit}` : text;
}

/** Whether an indicator can be drawn as a line (numbers, booleans and enums as their codes). */
export function isPlottable(meta: IndicatorMeta | undefined): boolean {
  return meta?.type !== 'text';
}

export const seriesKey = (gatewayId: number | string, metric: string) => `${gatewayId}:${metric}`;
