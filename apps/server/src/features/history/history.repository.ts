import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export interface Series {
  gatewayIndicatorId: number;
  gatewayId: number;
  metric: string;
}

/** Reads of the time-series tables: series lookup, last values, pages and bucketed statistics. */
export class HistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
   * Per-bucket min, max, avg, count, first and last of one series, computed in SQL: a year of
   * minutes comes back as `buckets` rows. First and last are the values at each bucket's earliest
   * and latest time, found through the primary key.
   */
  async buckets(id: number, range: { start: number; stop: number }, width: number, origin = range.start) {
    // Typed parameters: SQLite binds JS numbers as reals, which would make the division fractional.
    // Buckets count from origin (range.start unless a caller aligns them, e.g. to local midnight).
    const from = sql`cast(${origin} as bigint)`;
    const start = sql`cast(${range.start} as bigint)`;
    const stop = sql`cast(${range.stop} as bigint)`;
    const size = sql`cast(${width} as bigint)`;
    const result = await sql<{
      bucket: number;
      mn: number;
      mx: number;
      av: number;
      sm: number;
      n: number;
      first: number;
      last: number;
    }>`
      with b as (
        select (ts - ${from}) / ${size} as bucket,
               min(num_value) as mn, max(num_value) as mx, avg(num_value) as av, sum(num_value) as sm,
               count(*) as n,
               min(ts) as t0, max(ts) as t1
        from telemetry
        where gateway_indicator_id = ${id} and ts >= ${start} and ts < ${stop} and num_value is not null
        group by 1 -- by position: PostgreSQL would not match the parameterised expression written twice
      )
      select b.bucket, b.mn, b.mx, b.av, b.sm, b.n, f.num_value as first, l.num_value as last
      from b
      join telemetry f on f.gateway_indicator_id = ${id} and f.ts = b.t0
      join telemetry l on l.gateway_indicator_id = ${id} and l.ts = b.t1
      order by b.bucket`.execute(this.db);
    return result.rows;
  }
}
