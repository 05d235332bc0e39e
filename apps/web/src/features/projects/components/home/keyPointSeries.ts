/** One series of the home charts: [ts, value] ordered by time. */
export type SeriesPoints = [number, number | string][];

/** The home charts' span: the last day, read as buckets on opening and extended by live values. */
export const KEY_POINT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Buckets of the day read on opening: one per five minutes. */
export const KEY_POINT_BUCKETS = 288;
/** Points kept per series: the day's buckets and about a day of live values at one a minute. */
export const MAX_SERIES_POINTS = 2000;

/**
 * `incoming` merged into `points` by time, whichever arrived first (a live value before the day's
 * history answer, or after): a point of the same time is replaced, points before `since` are
 * dropped, the newest MAX_SERIES_POINTS are kept. Answers `points` itself when nothing changed.
 */
export function mergePoints(points: SeriesPoints, incoming: SeriesPoints, since: number): SeriesPoints {
  const fresh = incoming.filter(([ts]) => ts >= since);
  const inside = points.length === 0 || points[0]![0] >= since;
  if (fresh.length === 0 && inside) return points;
  // The usual live value: newer than everything held.
  if (fresh.length === 1 && inside && (points.length === 0 || fresh[0]![0] > points.at(-1)![0])) {
    const appended = [...points, fresh[0]!];
    return appended.length > MAX_SERIES_POINTS ? appended.slice(-MAX_SERIES_POINTS) : appended;
  }
  const byTime = new Map<number, number | string>();
  for (const [ts, value] of points) if (ts >= since) byTime.set(ts, value);
  for (const [ts, value] of fresh) byTime.set(ts, value);
  const merged = [...byTime.entries()].sort((a, b) => a[0] - b[0]);
  return merged.length > MAX_SERIES_POINTS ? merged.slice(-MAX_SERIES_POINTS) : merged;
}
