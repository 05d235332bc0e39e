import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** A project's retention terms and how far its raw points are already purged. */
export interface ProjectRetention {
  projectId: number;
  rawDays: number;
  rollupDays: number;
  purgedBefore: number;
}

/** Series per statement when rollups are deleted: bounds one statement's rows. */
const ROLLUP_CHUNK = 100;

/** Deletes of time-series rows past each project's retention (decision 0029). */
export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async projects(): Promise<ProjectRetention[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select(['group_id', 'raw_retention_days', 'rollup_retention_days', 'raw_purged_before'])
      .orderBy('group_id')
      .execute();
    return rows.map((r) => ({
      projectId: r.group_id,
      rawDays: r.raw_retention_days,
      rollupDays: r.rollup_retention_days,
      purgedBefore: Number(r.raw_purged_before),
    }));
  }

  /** The oldest raw point of the project's series before `before`, if any. */
  async oldestRaw(projectId: number, before: number): Promise<number | null> {
    // Per series an index probe (its first point), then the least of them: no scan of the table.
    const row = await sql<{ oldest: number | null }>`
      select min((select t.ts from telemetry t
                  where t.gateway_indicator_id = gi.id and t.ts < ${before}
                  order by t.ts limit 1)) as oldest
      from gateway_indicators gi join gateways g on g.id = gi.gateway_id
      where g.project_id = ${projectId}`.execute(this.db);
    const oldest = row.rows[0]?.oldest;
    return oldest === null || oldest === undefined ? null : Number(oldest);
  }

  /** Deletes the project's raw points in [from, to) and marks them gone, together; answers how many. */
  async purgeWindow(projectId: number, from: number, to: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('telemetry')
        .where('gateway_indicator_id', 'in', seriesOf(trx, projectId))
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .executeTakeFirst();
      await new RetentionRepository(trx).setPurgedBefore(projectId, to);
      return Number(result.numDeletedRows);
    });
  }

  /** PostgreSQL: points older than every retention that fell into the default partition (late strays). */
  async deleteDefaultBefore(before: number): Promise<void> {
    await sql`delete from telemetry_default where ts < ${before}`.execute(this.db);
  }

  /** Raw points before `before` are gone for good: the rollup job leaves those hours as they are. */
  async setPurgedBefore(projectId: number, before: number): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ raw_purged_before: before })
      .where('group_id', '=', projectId)
      .where('raw_purged_before', '<', before)
      .execute();
  }

  /** Deletes the project's hourly rollups of hours before `before`; answers how many. */
  async deleteRollups(projectId: number, before: number): Promise<number> {
    const ids = (await seriesOf(this.db, projectId).execute()).map((r) => r.id);
    let deleted = 0;
    for (let i = 0; i < ids.length; i += ROLLUP_CHUNK) {
      const result = await this.db
        .deleteFrom('telemetry_hourly')
        .where('gateway_indicator_id', 'in', ids.slice(i, i + ROLLUP_CHUNK))
        .where('hour', '<', before)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }
}

/** The gateway indicators of the project's gateways. */
function seriesOf(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('gateway_indicators as gi')
    .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
    .select('gi.id')
    .where('g.project_id', '=', projectId);
}
