import type { ChartBucket, ChartSeries } from '@iot/contracts/history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { fetchChart, type SeriesQuery } from '../api';

/** Buckets asked for per query: about one per two pixels of a wide chart. */
export const CHART_BUCKETS = 600;

export interface ZoomedChart {
  /** Series of the whole range, with the zoomed window replaced by its finer buckets. */
  series: ChartSeries[];
  /** Series of the whole range only (statistics of the range read these). */
  overview: ChartSeries[];
  zoom: [number, number] | null;
  setZoom: (window: [number, number] | null) => void;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  /** Asks again for what failed (the range, and the zoomed window if any). */
  retry(): void;
}

/**
 * The chart query of a range, and again of the zoomed window once the user zooms: the window's
 * buckets are narrower, so zooming in shows detail the overview averaged away. Every bucket keeps
 * its min and max, so a spike shows at every zoom.
 */
export function useZoomedChart(query: SeriesQuery | null): ZoomedChart {
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts unzoomed
  useEffect(() => setZoom(null), [query]);

  const base = useQuery({
    queryKey: ['monitoring', 'chart', query],
    enabled: query !== null,
    queryFn: () => fetchChart({ ...query!, buckets: CHART_BUCKETS }),
    placeholderData: keepPreviousData,
  });
  const windowQuery =
    query && zoom ? { ...query, startTime: Math.floor(zoom[0]), stopTime: Math.ceil(zoom[1]) } : null;
  const detail = useQuery({
    queryKey: ['monitoring', 'chart', windowQuery],
    enabled: windowQuery !== null && windowQuery.stopTime > windowQuery.startTime,
    queryFn: () => fetchChart({ ...windowQuery!, buckets: CHART_BUCKETS }),
    placeholderData: keepPreviousData,
  });

  const overview = base.data?.series ?? [];
  const series = useMemo(() => {
    if (!zoom || !detail.data) return overview;
    const fine = new Map(detail.data.series.map((s) => [`${s.gateway}:${s.metric}`, s.points]));
    return overview.map((s) => {
      const inside = fine.get(`${s.gateway}:${s.metric}`);
      if (!inside) return s;
      const points: ChartBucket[] = [
        ...s.points.filter((p) => p.ts < zoom[0]),
        ...inside,
        ...s.points.filter((p) => p.ts >= zoom[1]),
      ];
      return { ...s, points };
    });
  }, [overview, detail.data, zoom]);

  return {
    series,
    overview,
    zoom,
    setZoom,
    loading: base.isLoading,
    fetching: base.isFetching || detail.isFetching,
    error: base.error ?? detail.error,
    retry: () => {
      void base.refetch();
      if (windowQuery) void detail.refetch();
    },
  };
}

/**
 * Statistics of a series over its buckets: the extremes with the times of their samples (minTs,
 * maxTs: the earliest of equal ones), and the mean.
 */
export function summarise(points: ChartBucket[]) {
  let max: ChartBucket | null = null;
  let min: ChartBucket | null = null;
  let sum = 0;
  let count = 0;
  for (const p of points) {
    if (!max || p.max > max.max || (p.max === max.max && p.maxTs < max.maxTs)) max = p;
    if (!min || p.min < min.min || (p.min === min.min && p.minTs < min.minTs)) min = p;
    sum += p.avg * p.count;
    count += p.count;
  }
  return { max, min, avg: count > 0 ? sum / count : null, count };
}
