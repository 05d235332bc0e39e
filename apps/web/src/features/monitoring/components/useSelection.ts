import type { ChartSeries } from '@iot/contracts/history';
import { MAX_SERIES_PER_QUERY } from '@iot/contracts/history';
import { useCallback } from 'react';
import { useIndicatorMeta } from '../api';
import type { IndicatorMeta } from '../format';
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
        points: s.points,
        type: m?.type,
      };
    })
    .filter((l) => l.type !== 'text')
    .map(({ type: _type, ...line }) => line);
}

export { MAX_SERIES_PER_QUERY };
