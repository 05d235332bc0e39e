import type { Kysely } from 'kysely';
import type { Database, TelemetryHourlyTable } from '../../platform/db/schema.js';
import { HOUR } from '../telemetry/index.js';
import { rawBuckets } from './raw-buckets.js';

export { HOUR };

/** One hour of one series as the rollup table keeps it. */
export type HourRow = Omit<TelemetryHourlyTable, 'gateway_indicator_id'>;

/** Hourly rollups: the hours of a series, the hours still dirty, and their recomputation from raw points. */
export class RollupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  hours(id: number, from: number, to: number): Promise<HourRow[]> {
    return this.db
      .selectFrom('telemetry_hourly')
      .select([
        'hour',
        'mn',
        'mx',
        'sm',
        'n',
        'first_ts',
        'first_value',
        'last_ts',
        'last_value',
        'mn_ts',
        'mx_ts',
      ])
      .where('gateway_indicator_id', '=', id)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .orderBy('hour')
      .execute();
  }

  /** Dirty hours of a series in [from, to), at most `limit` (the caller falls back to raw beyond). */
  async dirtyHours(id: number, from: number, to: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('telemetry_dirty_hours')
      .select('hour')
      .where('gateway_indicator_id', '=', id)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .orderBy('hour')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.hour));
  }

  /**
   * Recomputes up to `limit` dirty hours that ended before `closedBefore` (the open hour changes
   * with every write; reads take it from raw points). Each series' run of hours is aggregated in
   * one query, so a backlog (an import, an upgrade) goes at raw-scan speed. Answers how many it did.
   */
  async recompute(closedBefore: number, limit: number): Promise<number> {
    const marks = await this.db
      .selectFrom('telemetry_dirty_hours')
      .selectAll()
      .where('hour', '<=', closedBefore - HOUR)
      .orderBy('gateway_indicator_id')
      .orderBy('hour')
      .limit(limit)
      .execute();
    const purgedBefore = await this.purgedBefore([...new Set(marks.map((m) => m.gateway_indicator_id))]);
    const live: Mark[] = [];
    const expired: Mark[] = [];
    for (const m of marks) {
      const mark = { id: m.gateway_indicator_id, hour: Number(m.hour), version: m.version };
      ((purgedBefore.get(mark.id) ?? 0) > mark.hour ? expired : live).push(mark);
    }
    // A point arriving for an hour whose raw points retention already removed: recomputing from
    // what is left would replace the hour's rollup with that point alone. The rollup stays, and
    // the late point goes the way of the others.
    for (const mark of expired) {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('telemetry')
          .where('gateway_indicator_id', '=', mark.id)
          .where('ts', '>=', mark.hour)
          .where('ts', '<', mark.hour + HOUR)
          .execute();
        await this.clearMarks(trx, [mark]);
      });
    }
    for (const run of runs(live)) {
      const { id } = run[0]!;
      const from = run[0]!.hour;
      const to = run[run.length - 1]!.hour + HOUR;
      await this.db.transaction().execute(async (trx) => {
        const wanted = new Set(run.map((m) => m.hour));
        const hours = (await rawBuckets(trx, id, { start: from, stop: to }, HOUR, from)).filter((b) =>
          wanted.has(from + b.bucket * HOUR),
        );
        await trx
          .deleteFrom('telemetry_hourly')
          .where('gateway_indicator_id', '=', id)
          .where('hour', 'in', [...wanted])
          .execute();
        const rows = hours.map((b) => ({
          gateway_indicator_id: id,
          hour: from + b.bucket * HOUR,
          mn: b.mn,
          mx: b.mx,
          sm: b.sm,
          n: b.n,
          first_ts: b.t0,
          first_value: b.first,
          last_ts: b.t1,
          last_value: b.last,
          mn_ts: b.tmn,
          mx_ts: b.tmx,
        }));
        for (let i = 0; i < rows.length; i += 500)
          await trx
            .insertInto('telemetry_hourly')
            .values(rows.slice(i, i + 500))
            .execute();
        await this.clearMarks(trx, run);
      });
    }
    return marks.length;
  }

  /** Clears marks at the version read: a write that came in meanwhile keeps its hour dirty. */
  private async clearMarks(db: Kysely<Database>, marks: Mark[]): Promise<void> {
    for (const mark of marks) {
      await db
        .deleteFrom('telemetry_dirty_hours')
        .where('gateway_indicator_id', '=', mark.id)
        .where('hour', '=', mark.hour)
        .where('version', '=', mark.version)
        .execute();
    }
  }

  /** Per series, the time before which its project's retention removed the raw points (0: none). */
  private async purgedBefore(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .innerJoin('projects as p', 'p.group_id', 'g.project_id')
      .select(['gi.id', 'p.raw_purged_before'])
      .where('gi.id', 'in', ids)
      .where('p.raw_purged_before', '>', 0)
      .execute();
    return new Map(rows.map((r) => [r.id, Number(r.raw_purged_before)]));
  }
}

interface Mark {
  id: number;
  hour: number;
  version: number;
}

/**
 * Marks (sorted by series, hour) cut into runs of one series spanning at most a week, without
 * gaps of more than six hours (a run's query reads every point between its first and last hour).
 */
function* runs(marks: Mark[]): Generator<Mark[]> {
  let run: Mark[] = [];
  for (const mark of marks) {
    const first = run[0];
    const previous = run[run.length - 1];
    if (
      first &&
      previous &&
      (first.id !== mark.id ||
        mark.hour - first.hour >= 7 * 24 * HOUR ||
        mark.hour - previous.hour > 6 * HOUR)
    ) {
      yield run;
      run = [];
    }
    run.push(mark);
  }
  if (run.length > 0) yield run;
}
