import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { HOUR_MS } from './common.js';

/** Maximum, minimum (each with the time of its sample), sum and count of one series over a range. */
export interface SeriesSummary {
  max: number;
  maxTs: number;
  min: number;
  minTs: number;
  sum: number;
  count: number;
}

type Range = { start: number; stop: number };

/**
 * The summary of a numeric series over [start, stop), read the way the history feature reads long
 * ranges (decisions 0029, 0032): whole hours from the hourly rollups, which carry their extremes'
 * sample times; raw points only for the partial hours at the ends and for hours the rollup job has
 * not recomputed yet. A year is ~8,800 rollup rows per series, never a scan of raw points.
 */
export async function summarizeSeries(
  db: Kysely<Database>,
  id: number,
  range: Range,
): Promise<SeriesSummary | null> {
  const inner = {
    start: Math.ceil(range.start / HOUR_MS) * HOUR_MS,
    stop: Math.floor(range.stop / HOUR_MS) * HOUR_MS,
  };
  if (inner.stop - inner.start < HOUR_MS) return rawSummary(db, id, [range]);

  const dirty = (
    await db
      .selectFrom('telemetry_dirty_hours')
      .select('hour')
      .where('gateway_indicator_id', '=', id)
      .where('hour', '>=', inner.start)
      .where('hour', '<', inner.stop)
      .orderBy('hour')
      .execute()
  ).map((r) => Number(r.hour));
  const raw: Range[] = [{ start: range.start, stop: inner.start }];
  for (const hour of dirty) {
    const last = raw[raw.length - 1];
    if (last && last.stop === hour) last.stop = hour + HOUR_MS;
    else raw.push({ start: hour, stop: hour + HOUR_MS });
  }
  raw.push({ start: inner.stop, stop: range.stop });
  const pieces = raw.filter((r) => r.stop > r.start);

  const hours = (eb: ExpressionBuilder<Database, 'telemetry_hourly'>) =>
    eb.and([
      eb('gateway_indicator_id', '=', id),
      eb('hour', '>=', inner.start),
      eb('hour', '<', inner.stop),
      ...(dirty.length > 0 ? [eb('hour', 'not in', dirty)] : []),
    ]);
  // One round trip: totals and each extreme with its sample time, as scalar subqueries.
  const hourly = () => db.selectFrom('telemetry_hourly').where(hours);
  const row = await db
    .selectNoFrom([
      hourly()
        .select((eb) => eb.fn.sum<number>('sm').as('v'))
        .as('sm'),
      hourly()
        .select((eb) => eb.fn.sum<number>('n').as('v'))
        .as('n'),
      hourly().select('mx').orderBy('mx', 'desc').orderBy('mx_ts').limit(1).as('mx'),
      hourly().select('mx_ts').orderBy('mx', 'desc').orderBy('mx_ts').limit(1).as('mx_ts'),
      hourly().select('mn').orderBy('mn').orderBy('mn_ts').limit(1).as('mn'),
      hourly().select('mn_ts').orderBy('mn').orderBy('mn_ts').limit(1).as('mn_ts'),
    ])
    .executeTakeFirst();
  const rolled: SeriesSummary | null =
    row && Number(row.n ?? 0) > 0
      ? {
          max: Number(row.mx),
          maxTs: Number(row.mx_ts),
          min: Number(row.mn),
          minTs: Number(row.mn_ts),
          sum: Number(row.sm ?? 0),
          count: Number(row.n),
        }
      : null;
  return merge(rolled, pieces.length > 0 ? await rawSummary(db, id, pieces) : null);
}

/** The summary of the raw points in the pieces (each at most a few hours). */
async function rawSummary(db: Kysely<Database>, id: number, pieces: Range[]): Promise<SeriesSummary | null> {
  const inPieces = (eb: ExpressionBuilder<Database, 'telemetry'>) =>
    eb.and([
      eb('gateway_indicator_id', '=', id),
      eb('num_value', 'is not', null),
      eb.or(pieces.map((p) => eb.and([eb('ts', '>=', p.start), eb('ts', '<', p.stop)]))),
    ]);
  const points = () => db.selectFrom('telemetry').where(inPieces);
  const row = await db
    .selectNoFrom([
      points()
        .select((eb) => eb.fn.sum<number>('num_value').as('v'))
        .as('sm'),
      points()
        .select((eb) => eb.fn.countAll<number>().as('v'))
        .as('n'),
      points().select('num_value').orderBy('num_value', 'desc').orderBy('ts').limit(1).as('mx'),
      points().select('ts').orderBy('num_value', 'desc').orderBy('ts').limit(1).as('mx_ts'),
      points().select('num_value').orderBy('num_value').orderBy('ts').limit(1).as('mn'),
      points().select('ts').orderBy('num_value').orderBy('ts').limit(1).as('mn_ts'),
    ])
    .executeTakeFirst();
  if (!row || Number(row.n ?? 0) === 0) return null;
  return {
    max: Number(row.mx),
    maxTs: Number(row.mx_ts),
    min: Number(row.mn),
    minTs: Number(row.mn_ts),
    sum: Number(row.sm ?? 0),
    count: Number(row.n),
  };
}

/** Two summaries as one; of equal extremes the earlier sample wins. */
function merge(a: SeriesSummary | null, b: SeriesSummary | null): SeriesSummary | null {
  if (!a) return b;
  if (!b) return a;
  const maxFromB = b.max > a.max || (b.max === a.max && b.maxTs < a.maxTs);
  const minFromB = b.min < a.min || (b.min === a.min && b.minTs < a.minTs);
  return {
    max: maxFromB ? b.max : a.max,
    maxTs: maxFromB ? b.maxTs : a.maxTs,
    min: minFromB ? b.min : a.min,
    minTs: minFromB ? b.minTs : a.minTs,
    sum: a.sum + b.sum,
    count: a.count + b.count,
  };
}
