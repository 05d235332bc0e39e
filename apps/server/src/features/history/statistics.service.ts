import {
  HistoryMessages,
  MAX_PERIODS,
  MAX_SLIDING_BASE_BUCKETS,
  MAX_SLIDING_STEPS,
  type PeriodStatistics,
  type periodStatisticsBody,
  type SlidingPoint,
  type SlidingStatistic,
  type slidingStatisticsBody,
} from '@iot/contracts/history';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { badRequest } from '../../platform/errors.js';
import type { HistoryRepository } from './history.repository.js';
import type { HistoryService } from './history.service.js';

const DAY = 86_400_000;

/** One bucket as read from SQL, numbers normalised. */
interface Bucket {
  index: number;
  min: number;
  max: number;
  minTs: number;
  maxTs: number;
  sum: number;
  count: number;
  first: number;
  last: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Sliding-window and calendar-period statistics over the series the caller may read. */
export class StatisticsService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly history: HistoryService,
  ) {}

  private async read(id: number, range: { start: number; stop: number }, width: number, origin?: number) {
    const rows = await this.repository.buckets(id, range, width, origin);
    return rows.map(
      (r): Bucket => ({
        index: Number(r.bucket),
        min: Number(r.mn),
        max: Number(r.mx),
        minTs: Number(r.mnTs),
        maxTs: Number(r.mxTs),
        sum: Number(r.sm),
        count: Number(r.n),
        first: Number(r.first),
        last: Number(r.last),
      }),
    );
  }

  /**
   * The statistic over [t, t + window) for t = startTime, startTime + step, … < stopTime; the last
   * windows may reach past stopTime. Read from SQL as buckets of gcd(window, step), combined here.
   * A window without points answers null (0 for count).
   */
  async sliding(auth: AuthContext, query: z.output<typeof slidingStatisticsBody>) {
    const series = await this.history.seriesOf(auth, query.gatewayIds, query.metrics);
    const { window, step, statistic } = query;
    const steps = Math.ceil((query.stopTime - query.startTime) / step);
    if (steps > MAX_SLIDING_STEPS) throw badRequest(HistoryMessages.TOO_MANY_STEPS);
    const base = gcd(window, step);
    const stop = query.startTime + (steps - 1) * step + window;
    if ((stop - query.startTime) / base > MAX_SLIDING_BASE_BUCKETS) {
      throw badRequest(HistoryMessages.STEP_TOO_FINE);
    }
    const perWindow = window / base;
    const perStep = step / base;
    const answer = [];
    for (const s of series) {
      const buckets = await this.read(s.gatewayIndicatorId, { start: query.startTime, stop }, base);
      const points: SlidingPoint[] = [];
      let from = 0; // first bucket at or after the window's start: buckets are ordered by index
      for (let k = 0; k < steps; k++) {
        const lo = k * perStep;
        while (from < buckets.length && buckets[from]!.index < lo) from++;
        let to = from;
        while (to < buckets.length && buckets[to]!.index < lo + perWindow) to++;
        points.push({ ts: query.startTime + k * step, value: combine(buckets.slice(from, to), statistic) });
      }
      answer.push({ gateway: String(s.gatewayId), metric: s.metric, points });
    }
    return { window, step, statistic, series: answer };
  }

  /**
   * Daily or monthly min, max, avg, sum, count, first and last. Periods start at local midnight
   * (timezoneOffsetMinutes east of UTC, no DST); ts is that midnight in epoch ms. The first and last
   * periods may be partial: only points in [startTime, stopTime) count. Periods without points are
   * left out.
   */
  async periods(auth: AuthContext, query: z.output<typeof periodStatisticsBody>) {
    const series = await this.history.seriesOf(auth, query.gatewayIds, query.metrics);
    const bounds = periodBounds(query.startTime, query.stopTime, query.period, query.timezoneOffsetMinutes);
    if (bounds.length - 1 > MAX_PERIODS[query.period]) throw badRequest(HistoryMessages.TOO_MANY_PERIODS);
    const range = { start: query.startTime, stop: query.stopTime };
    const answer = [];
    for (const s of series) {
      const points: PeriodStatistics[] = [];
      if (query.period === 'day') {
        // Days are all the same length: one query, buckets counted from the first local midnight.
        for (const b of await this.read(s.gatewayIndicatorId, range, DAY, bounds[0])) {
          points.push(toPeriod(bounds[0]! + b.index * DAY, b));
        }
      } else {
        // Months differ in length: one single-bucket query per month, its bounds computed here.
        for (let i = 0; i + 1 < bounds.length; i++) {
          const start = Math.max(bounds[i]!, query.startTime);
          const stop = Math.min(bounds[i + 1]!, query.stopTime);
          const [b] = await this.read(
            s.gatewayIndicatorId,
            { start, stop },
            bounds[i + 1]! - bounds[i]!,
            bounds[i],
          );
          if (b) points.push(toPeriod(bounds[i]!, b));
        }
      }
      answer.push({ gateway: String(s.gatewayId), metric: s.metric, points });
    }
    return { period: query.period, timezoneOffsetMinutes: query.timezoneOffsetMinutes, series: answer };
  }
}

function toPeriod(ts: number, b: Bucket): PeriodStatistics {
  return {
    ts,
    min: b.min,
    max: b.max,
    minTs: b.minTs,
    maxTs: b.maxTs,
    avg: b.sum / b.count,
    sum: b.sum,
    count: b.count,
    first: b.first,
    last: b.last,
  };
}

function combine(buckets: Bucket[], statistic: SlidingStatistic): number | null {
  if (statistic === 'count') return buckets.reduce((n, b) => n + b.count, 0);
  if (buckets.length === 0) return null;
  switch (statistic) {
    case 'min':
      return Math.min(...buckets.map((b) => b.min));
    case 'max':
      return Math.max(...buckets.map((b) => b.max));
    case 'sum':
      return buckets.reduce((n, b) => n + b.sum, 0);
    case 'avg':
      return buckets.reduce((n, b) => n + b.sum, 0) / buckets.reduce((n, b) => n + b.count, 0);
    case 'first':
      return buckets[0]!.first;
    case 'last':
      return buckets[buckets.length - 1]!.last;
  }
}

/**
 * Local midnights from the one at or before start to the first at or after stop, as epoch ms:
 * consecutive entries bound one period. offsetMinutes is east of UTC (480 for Asia/Shanghai).
 */
export function periodBounds(start: number, stop: number, period: 'day' | 'month', offsetMinutes: number) {
  const offset = offsetMinutes * 60_000;
  const bounds: number[] = [];
  if (period === 'day') {
    let t = Math.floor((start + offset) / DAY) * DAY - offset;
    bounds.push(t);
    while (t < stop) {
      t += DAY;
      bounds.push(t);
      if (bounds.length > MAX_PERIODS.day + 2) break;
    }
    return bounds;
  }
  const local = new Date(start + offset);
  let year = local.getUTCFullYear();
  let month = local.getUTCMonth();
  let t = Date.UTC(year, month, 1) - offset;
  bounds.push(t);
  while (t < stop) {
    month++;
    if (month === 12) {
      month = 0;
      year++;
    }
    t = Date.UTC(year, month, 1) - offset;
    bounds.push(t);
    if (bounds.length > MAX_PERIODS.month + 2) break;
  }
  return bounds;
}
