import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type BucketPart, type Range, rawBuckets } from './raw-buckets.js';
import { HOUR, type RollupsRepository } from './rollups.repository.js';

export interface Series {
  gatewayIndicatorId: number;
  gatewayId: number;
  metric: string;
}

/** Reads of the time-series tables: series lookup, last values, pages and bucketed statistics. */
export class HistoryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rollups: RollupsRepository,
  ) {}

  /** The gateway indicators of these gateways, optionally only these metrics (dataIdentification). */
  async series(gatewayIds: number[], metrics: string[] | undefined): Promise<Series[]> {
    let query = this.db
      .selectFrom('gateway_indicators')
      .select(['id', 'gateway_id', 'data_identification'])
      .where('gateway_id', 'in', gatewayIds);
    if (metrics && metrics.length > 0) query = query.where('data_identification', 'in', metrics);
    const rows = await query.orderBy('gateway_id').orderBy('id').execute();
    return rows.map((r) => ({
      gatewayIndicatorId: r.id,
      gatewayId: r.gateway_id,
      metric: r.data_identification,
    }));
  }

  lastValues(ids: number[]) {
    return this.db.selectFrom('last_values').selectAll().where('gateway_indicator_id', 'in', ids).execute();
  }

  page(
    ids: number[],
    range: { start: number; stop: number },
    options: { ascending: boolean; limit: number; offset: number },
  ) {
    return this.db
      .selectFrom('telemetry')
      .selectAll()
      .where('gateway_indicator_id', 'in', ids)
      .where('ts', '>=', range.start)
      .where('ts', '<', range.stop)
      .orderBy('ts', options.ascending ? 'asc' : 'desc')
      .orderBy('gateway_indicator_id')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  }

  async count(ids: number[], range: { start: number; stop: number }): Promise<number> {
    const row = await this.db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gateway_indicator_id', 'in', ids)
      .where('ts', '>=', range.start)
      .where('ts', '<', range.stop)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Per-bucket min, max, avg, sum, count, first and last of one series; buckets count from
   * `origin` (range.start unless a caller aligns them, e.g. to local midnight). Whole-hour buckets
   * on an hour-aligned origin read the hourly rollups for the hours inside the range and raw points
   * only for the partial hours at its ends and for hours the rollup job has not recomputed yet.
   */
  async buckets(id: number, range: Range, width: number, origin = range.start): Promise<Bucket[]> {
    const inner = { start: Math.ceil(range.start / HOUR) * HOUR, stop: Math.floor(range.stop / HOUR) * HOUR };
    const aligned = width % HOUR === 0 && origin % HOUR === 0;
    if (!aligned || inner.stop - inner.start < 2 * HOUR)
      return finish(await rawBuckets(this.db, id, range, width, origin));
    const dirty = await this.rollups.dirtyHours(id, inner.start, inner.stop, MAX_RAW_HOURS + 1);
    if (dirty.length > MAX_RAW_HOURS) return finish(await rawBuckets(this.db, id, range, width, origin));

    const pieces: Range[] = [
      { start: range.start, stop: inner.start },
      ...dirty.map((hour) => ({ start: hour, stop: hour + HOUR })),
      { start: inner.stop, stop: range.stop },
    ].filter((piece) => piece.stop > piece.start);
    const parts: BucketPart[] = [];
    for (const piece of pieces) parts.push(...(await rawBuckets(this.db, id, piece, width, origin)));
    const skip = new Set(dirty);
    for (const h of await this.rollups.hours(id, inner.start, inner.stop)) {
      const hour = Number(h.hour);
      if (skip.has(hour)) continue;
      parts.push({
        bucket: Math.floor((hour - origin) / width),
        mn: Number(h.mn),
        mx: Number(h.mx),
        sm: Number(h.sm),
        n: Number(h.n),
        t0: Number(h.first_ts),
        first: Number(h.first_value),
        t1: Number(h.last_ts),
        last: Number(h.last_value),
        tmn: Number(h.mn_ts),
        tmx: Number(h.mx_ts),
      });
    }
    return finish(parts);
  }
}

/** More unrecomputed hours than this in one range (e.g. just after a bulk import): read it all raw. */
const MAX_RAW_HOURS = 24;

export interface Bucket {
  bucket: number;
  mn: number;
  mx: number;
  av: number;
  sm: number;
  n: number;
  first: number;
  last: number;
  /** Times of the samples holding mn and mx (the earliest of equal ones). */
  mnTs: number;
  mxTs: number;
}

/** Merges the pieces of each bucket (first and last by time, extremes with their samples), in bucket order. */
function finish(parts: BucketPart[]): Bucket[] {
  const merged = new Map<number, BucketPart>();
  for (const p of parts) {
    const m = merged.get(p.bucket);
    if (!m) {
      merged.set(p.bucket, { ...p });
      continue;
    }
    if (p.mn < m.mn || (p.mn === m.mn && p.tmn < m.tmn)) [m.mn, m.tmn] = [p.mn, p.tmn];
    if (p.mx > m.mx || (p.mx === m.mx && p.tmx < m.tmx)) [m.mx, m.tmx] = [p.mx, p.tmx];
    m.sm += p.sm;
    m.n += p.n;
    if (p.t0 < m.t0) [m.t0, m.first] = [p.t0, p.first];
    if (p.t1 > m.t1) [m.t1, m.last] = [p.t1, p.last];
  }
  return [...merged.values()]
    .sort((a, b) => a.bucket - b.bucket)
    .map((m) => ({
      bucket: m.bucket,
      mn: m.mn,
      mx: m.mx,
      av: m.sm / m.n,
      sm: m.sm,
      n: m.n,
      first: m.first,
      last: m.last,
      mnTs: m.tmn,
      mxTs: m.tmx,
    }));
}
