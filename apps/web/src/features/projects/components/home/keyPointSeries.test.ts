import { describe, expect, it } from 'vitest';
import { MAX_SERIES_POINTS, mergePoints, type SeriesPoints } from './keyPointSeries';

const MIN = 60_000;

describe('mergePoints', () => {
  it('keeps the history when the first live value arrived before it', () => {
    const live: SeriesPoints = [[100 * MIN, 7]];
    const history: SeriesPoints = [
      [10 * MIN, 1],
      [50 * MIN, 2],
      [95 * MIN, 3],
    ];
    const merged = mergePoints(mergePoints([], live, 0), history, 0);
    expect(merged).toEqual([...history, [100 * MIN, 7]]);
  });

  it('replaces a point of the same time, drops what left the window, keeps the newest', () => {
    const merged = mergePoints(
      [
        [1 * MIN, 1],
        [5 * MIN, 2],
      ],
      [[5 * MIN, 9]],
      2 * MIN,
    );
    expect(merged).toEqual([[5 * MIN, 9]]);
    const many: SeriesPoints = Array.from({ length: MAX_SERIES_POINTS + 10 }, (_, i) => [i, i]);
    const kept = mergePoints([], many, 0);
    expect(kept).toHaveLength(MAX_SERIES_POINTS);
    expect(kept.at(-1)).toEqual([MAX_SERIES_POINTS + 9, MAX_SERIES_POINTS + 9]);
  });

  it('answers the same array when nothing changes', () => {
    const points: SeriesPoints = [[5 * MIN, 1]];
    expect(mergePoints(points, [[1 * MIN, 3]], 2 * MIN)).toBe(points);
  });
});
