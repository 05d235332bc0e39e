import { useMemo } from 'react';
import type { SeriesQuery } from '../api';
import { resolveRange, type TimeRangeValue } from './TimeRangeField';
import type { SeriesPick } from './useSelection';

/**
 * What the saved conditions ask the data server for: null until indicators and a valid range are
 * picked. `asked` is bumped on each 查 询 so a preset ("today") is taken again at that moment.
 */
export function useSeriesQuery(saved: SeriesPick & TimeRangeValue, asked: number): SeriesQuery | null {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` takes a preset's range again
  return useMemo(() => {
    const range = resolveRange(saved);
    if (saved.gatewayIds.length === 0 || !range || !range[1].isAfter(range[0])) return null;
    return {
      gatewayIds: saved.gatewayIds,
      metrics: saved.metrics,
      startTime: range[0].valueOf(),
      stopTime: range[1].valueOf(),
    };
  }, [saved.gatewayIds, saved.metrics, saved.preset, saved.start, saved.stop, asked]);
}
