import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Hourly rollups of numeric telemetry, so charts over months read hours, not points
 * (docs/decisions/0014-hourly-rollups.md). A write marks the hours it touched dirty in the same
 * transaction; a job recomputes dirty hours from the raw points.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let hourly = db.schema
    .createTable('telemetry_hourly')
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    // Start of the hour, epoch milliseconds (UTC; China's offset is whole hours, so local days align).
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('mn', 'double precision', (c) => c.notNull())
    .addColumn('mx', 'double precision', (c) => c.notNull())
    .addColumn('sm', 'double precision', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('first_ts', 'bigint', (c) => c.notNull())
    .addColumn('first_value', 'double precision', (c) => c.notNull())
    .addColumn('last_ts', 'bigint', (c) => c.notNull())
    .addColumn('last_value', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('telemetry_hourly_pk', ['gateway_indicator_id', 'hour']);
  if (dialect === 'sqlite') hourly = hourly.modifyEnd(sql`without rowid`);
  await hourly.execute();

  await db.schema
    .createTable('telemetry_dirty_hours')
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    // Bumped by every write touching the hour: the job clears only the version it recomputed.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('telemetry_dirty_hours_pk', ['gateway_indicator_id', 'hour'])
    .execute();

  // Hours written before rollups existed: every stored hour with numbers is dirty once.
  await sql`
    insert into telemetry_dirty_hours (gateway_indicator_id, hour, version)
    select distinct gateway_indicator_id, ts - (ts % 3600000), 0
    from telemetry where num_value is not null`.execute(db);
}
