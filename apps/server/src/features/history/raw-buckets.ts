import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export type Range = { start: number; stop: number };

/** One piece of a bucket: raw points of a partial range, or one rollup hour. */
export interface BucketPart {
  bucket: number;
  mn: number;
  mx: number;
  sm: number;
  n: number;
  t0: number;
  first: number;
  t1: number;
  last: number;
  /** Time of the (earliest) sample holding the minimum, and of the one holding the maximum. */
  tmn: number;
  tmx: number;
}

/**
 * Per-bucket aggregates straight from the raw points, with the times of each bucket's first and
 * last sample and of its minimum and maximum (the earliest, when several samples share it).
 */
export async function rawBuckets(
  db: Kysely<Database>,
  id: number,
  range: Range,
  width: number,
  origin: number,
): Promise<BucketPart[]> {
  // Typed parameters: SQLite binds JS numbers as reals, which would make the division fractional.
  const from = sql`cast(${origin} as bigint)`;
  const start = sql`cast(${range.start} as bigint)`;
  const stop = sql`cast(${range.stop} as bigint)`;
  const size = sql`cast(${width} as bigint)`;
  const result = await sql<Record<keyof BucketPart, number>>`
    with b as (
      select (ts - ${from}) / ${size} as bucket,
             min(num_value) as mn, max(num_value) as mx, sum(num_value) as sm, count(*) as n,
             min(ts) as t0, max(ts) as t1
      from telemetry
      where gateway_indicator_id = ${id} and ts >= ${start} and ts < ${stop} and num_value is not null
      group by 1 -- by position: PostgreSQL would not match the parameterised expression written twice
    )
    -- First and last values by key lookup per bucket, bounded to the range: on PostgreSQL a join
    -- here was planned as a hash join over the whole series, and without the bounds it was planned
    -- against every day partition (80 ms of planning for a year) — decision 0029.
    select b.bucket, b.mn, b.mx, b.sm, b.n, b.t0, b.t1,
           (select f.num_value from telemetry f
            where f.gateway_indicator_id = ${id} and f.ts = b.t0 and f.ts >= ${start} and f.ts < ${stop}) as first,
           (select l.num_value from telemetry l
            where l.gateway_indicator_id = ${id} and l.ts = b.t1 and l.ts >= ${start} and l.ts < ${stop}) as last,
           -- The extremes' samples: a scan of the bucket's own points, between its first and last.
           (select min(m.ts) from telemetry m
            where m.gateway_indicator_id = ${id} and m.ts >= b.t0 and m.ts <= b.t1
              and m.ts >= ${start} and m.ts < ${stop} and m.num_value = b.mn) as tmn,
           (select min(x.ts) from telemetry x
            where x.gateway_indicator_id = ${id} and x.ts >= b.t0 and x.ts <= b.t1
              and x.ts >= ${start} and x.ts < ${stop} and x.num_value = b.mx) as tmx
    from b
    order by b.bucket`.execute(db);
  return result.rows.map((r) => ({
    bucket: Number(r.bucket),
    mn: Number(r.mn),
    mx: Number(r.mx),
    sm: Number(r.sm),
    n: Number(r.n),
    t0: Number(r.t0),
    first: Number(r.first),
    t1: Number(r.t1),
    last: Number(r.last),
    tmn: Number(r.tmn),
    tmx: Number(r.tmx),
  }));
}
