import { chinaDay, chinaMidnight, DAY_MS } from '@iot/contracts/equipment';

/** Where the accounting of one run signal stands: the last point counted and whether it was on. */
export interface RunPosition {
  /** ts of the last accounted point; -1 before the first. */
  watermark: number;
  lastOn: boolean | null;
}

/** What a batch of points adds: in all and per China-time day. */
export interface RunIncrement {
  runMs: number;
  starts: number;
  days: Map<string, { runMs: number; starts: number }>;
  /** The position after the batch. */
  to: RunPosition;
}

/**
 * Counts a batch of run-signal points (ascending ts, all after the position's watermark): the time
 * from a point that is on to the next point is running time (split at China-time midnights), and
 * each change to on is a start (the first point ever seen counts when it is on). A pure function of
 * the position and the points: the same points from the same position add the same amounts, so a
 * batch that is applied only if the position is still the one it was counted from is applied once.
 */
export function countRun(from: RunPosition, points: { ts: number; on: boolean }[]): RunIncrement {
  const days = new Map<string, { runMs: number; starts: number }>();
  const day = (key: string) => {
    const entry = days.get(key) ?? { runMs: 0, starts: 0 };
    days.set(key, entry);
    return entry;
  };
  let runMs = 0;
  let starts = 0;
  let { watermark, lastOn } = from;
  for (const point of points) {
    if (point.ts <= watermark) continue;
    if (lastOn === true && watermark >= 0) {
      // Split [watermark, point.ts) at each midnight it crosses.
      let start = watermark;
      while (start < point.ts) {
        const end = Math.min(point.ts, chinaMidnight(start) + DAY_MS);
        day(chinaDay(start)).runMs += end - start;
        runMs += end - start;
        start = end;
      }
    }
    if (point.on && lastOn !== true) {
      day(chinaDay(point.ts)).starts += 1;
      starts += 1;
    }
    watermark = point.ts;
    lastOn = point.on;
  }
  return { runMs, starts, days, to: { watermark, lastOn } };
}
