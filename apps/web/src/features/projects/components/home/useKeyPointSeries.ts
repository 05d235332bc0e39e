import type { ChartSeries } from '@iot/contracts/history';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../../../api/http';
import { type LiveNotify, type LiveStatus, useLiveGateways } from '../../../monitoring';
import { KEY_POINT_BUCKETS, KEY_POINT_WINDOW_MS, mergePoints, type SeriesPoints } from './keyPointSeries';

/** Series of the home charts by `gatewayId:metric`. */
export type SeriesStore = Map<string, SeriesPoints>;
export const seriesKey = (gatewayId: number | string, metric: string) => `${gatewayId}:${metric}`;

/** The axis moves on at least this often while no value arrives. */
const CLOCK_MS = 30_000;

export interface KeyPointSeries {
  /** The day's buckets (their averages) followed by the live values, per series. */
  series: SeriesStore;
  /** Each series' latest value with its time, from the data socket. */
  latest: Map<string, [number, number | string]>;
  /** The span every card's chart shows: the last day up to now. */
  window: [number, number];
  lastAt: number | null;
  status: LiveStatus;
  /** The day's history query: its failure is shown with a retry, not as an empty chart. */
  history: { isLoading: boolean; isError: boolean; error: Error | null; refetch(): unknown };
}

/**
 * The key points' series on the project home: the last 24 hours as five-minute buckets from the
 * chart query (hourly rollups behind it) on opening, extended by the values the data socket pushes.
 * The two are merged by time whichever comes first, so history is never dropped for a live value.
 */
export function useKeyPointSeries(gatewayIds: number[], metrics: string[]): KeyPointSeries {
  const [now, setNow] = useState(() => Date.now());
  const [series, setSeries] = useState<SeriesStore>(() => new Map());
  const [latest, setLatest] = useState<Map<string, [number, number | string]>>(() => new Map());
  const [lastAt, setLastAt] = useState<number | null>(null);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  const history = useQuery({
    queryKey: ['home', 'keyPointHistory', gatewayIds, metrics],
    enabled: gatewayIds.length > 0 && metrics.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    queryFn: () => {
      const stop = Date.now();
      return http.post<{ width: number; series: ChartSeries[] }>(
        '/data-server/api/v2/gateways/chart',
        {
          gatewayIds,
          metrics,
          startTime: stop - KEY_POINT_WINDOW_MS,
          stopTime: stop,
          buckets: KEY_POINT_BUCKETS,
        },
        { quiet: true },
      );
    },
  });

  useEffect(() => {
    if (!history.data) return;
    const since = Date.now() - KEY_POINT_WINDOW_MS;
    setSeries((store) => {
      const next = new Map(store);
      for (const s of history.data.series) {
        const key = seriesKey(s.gateway, s.metric);
        next.set(
          key,
          mergePoints(
            store.get(key) ?? [],
            s.points.map((b) => [b.ts, b.avg]),
            since,
          ),
        );
      }
      return next;
    });
  }, [history.data]);

  const live = useLiveGateways(gatewayIds, {
    onNotify: (data: LiveNotify) => {
      const at = Date.now();
      setNow(at);
      setLastAt(data.ts);
      const values = Object.entries(data.params).filter(([metric]) => metrics.includes(metric));
      setSeries((store) => {
        let next = store;
        for (const [metric, value] of values) {
          const key = seriesKey(data.gateway, metric);
          const points = next.get(key) ?? [];
          const merged = mergePoints(points, [[data.ts, value]], at - KEY_POINT_WINDOW_MS);
          if (merged === points) continue;
          if (next === store) next = new Map(store);
          next.set(key, merged);
        }
        return next;
      });
      setLatest((held) => {
        const next = new Map(held);
        for (const [metric, value] of values) {
          const key = seriesKey(data.gateway, metric);
          if ((held.get(key)?.[0] ?? Number.NEGATIVE_INFINITY) <= data.ts) next.set(key, [data.ts, value]);
        }
        return next;
      });
    },
  });

  return {
    series,
    latest,
    window: [now - KEY_POINT_WINDOW_MS, now],
    lastAt,
    status: live.status,
    history,
  };
}
