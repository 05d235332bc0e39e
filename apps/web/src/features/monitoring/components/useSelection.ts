import type { ChartSeries } from '@iot/contracts/history';
import { MAX_SERIES_PER_QUERY } from '@iot/contracts/history';
import { useCallback } from 'react';
import { useIndicatorMeta } from '../api';
import { formatValue, type IndicatorMeta } from '../format';
import { useTreeIndicators } from './GatewayIndicatorPicker';
import type { ChartLine } from './SeriesChart';

/** A data query's series: gatewayIds × metrics (the data server answers the cross product). */
export interface SeriesPick {
  gatewayIds: number[];
  metrics: string[];
}

/**
 * Picked gateway indicators and what a data query asks for them. The query's gateways and metrics
 * are kept with the saved conditions, so a screen opened again asks for its data at once, without
 * waiting for the group tree. A metric picked on one gateway shows for the other picked gateways
 * that have it too.
 */
export function useSelection(groupId: number, asked: SeriesPick) {
  const tree = useTreeIndicators(groupId);
  const { meta, failure } = useIndicatorMeta(groupId, asked.gatewayIds, tree.gateways);
  const toPick = useCallback(
    (gatewayIndicatorIds: number[]): SeriesPick => {
      const picked = gatewayIndicatorIds
        .map((id) => tree.indicators.get(id))
        .filter((gi) => gi !== undefined);
      return {
        gatewayIds: [...new Set(picked.map((gi) => gi.gatewayId))],
        metrics: [...new Set(picked.map((gi) => gi.dataIdentification))],
      };
    },
    [tree.indicators],
  );
  return { meta, metaFailure: failure, gateways: tree.gateways, toPick };
}

/** A series' name: gateway alias · indicator alias. */
export function seriesName(
  meta: IndicatorMeta | undefined,
  gateway: string,
  metric: string,
  gateways: Map<number, string>,
) {
  const alias = gateways.get(Number(gateway)) ?? `#${gateway}`;
  return `${alias} · ${meta?.alias ?? metric}`;
}

/** Chart lines of answered series, named and united by their indicators (text series are not drawn). */
export function toLines(
  series: ChartSeries[],
  meta: Map<string, IndicatorMeta>,
  gateways: Map<number, string>,
): ChartLine[] {
  return series
    .map((s) => {
      const m = meta.get(`${s.gateway}:${s.metric}`);
      return {
        key: `${s.gateway}:${s.metric}`,
        name: seriesName(m, s.gateway, s.metric, gateways),
        unit: m?.unit ?? '',
        // A value without a unit gets an axis of its own name (pH is not on COD's mg/L axis).
        axis: m ? m.unit || m.alias : s.metric,
        decimals: m?.decimalPlaces ?? null,
        label: labelOf(m),
        levels: levelsOf(m),
        points: s.points,
        type: m?.type,
      };
    })
    .filter((l) => l.type !== 'text')
    .map(({ type: _type, ...line }) => line);
}

/**
 * An enum's or a boolean's words for a value (控制模式 1 → 自动). A bucket's average of such a value
 * (0.75 of an hour running) has no word and is shown as a number.
 */
function labelOf(meta: IndicatorMeta | undefined): ((value: number) => string) | undefined {
  if (meta?.type !== 'enum' && meta?.type !== 'boolean') return undefined;
  return (value) => (Number.isInteger(value) ? formatValue(meta, value) : value.toFixed(2));
}

/** The values and words an enum or a boolean takes, in order (a boolean without its own: 否, 是). */
function levelsOf(meta: IndicatorMeta | undefined): { value: number; label: string }[] | undefined {
  if (meta?.type === 'boolean' && meta.enums.length === 0)
    return [
      { value: 0, label: '否' },
      { value: 1, label: '是' },
    ];
  if (meta?.type !== 'enum' && meta?.type !== 'boolean') return undefined;
  const levels = meta.enums
    .map((e) => ({ value: Number(e.value), label: e.label }))
    .filter((e) => Number.isInteger(e.value));
  return levels.length > 1 ? levels.sort((a, b) => a.value - b.value) : undefined;
}

export { MAX_SERIES_PER_QUERY };
