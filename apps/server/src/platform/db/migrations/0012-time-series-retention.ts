import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';
import { addPartition, DAY } from '../partitions.js';

/** Days of partitions the migration creates ahead; the retention job keeps this many ahead after. */
const DAYS_AHEAD = 7;

/**
 * Retention per project, and on PostgreSQL the time-series table partitioned by day
 * (docs/decisions/0029-postgres-time-series.md).
 *
 * An existing PostgreSQL table is not copied: it becomes the first partition, `telemetry_legacy`,
 * covering everything before tomorrow (its primary key index is adopted as is). Points already
 * stored for later days (clocks running ahead) move to the default partition. Costs two reads of
 * the table, no rewrite.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('projects')
    // Days raw points are kept; 0 keeps them for good.
    .addColumn('raw_retention_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('projects')
    // Days hourly rollups are kept; 0 keeps them for good. Never shorter than the raw points'.
    .addColumn('rollup_retention_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('projects')
    // Raw points before this time are gone: the rollup job no longer recomputes those hours.
    .addColumn('raw_purged_before', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect !== 'postgres') return;

  const tomorrow = Math.floor(Date.now() / DAY) * DAY + DAY;
  await sql`alter table telemetry rename to telemetry_legacy`.execute(db);
  await sql`alter table telemetry_legacy rename constraint telemetry_pk to telemetry_legacy_pk`.execute(db);
  await sql`
    create table telemetry (
      gateway_indicator_id integer not null,
      ts bigint not null,
      num_value double precision,
      text_value text,
      constraint telemetry_pk primary key (gateway_indicator_id, ts)
    ) partition by range (ts)`.execute(db);
  // Catches what no day partition takes (points older than the oldest partition, or far ahead),
  // so a point is never refused for want of a partition.
  await sql`create table telemetry_default partition of telemetry default`.execute(db);

  const { rows } = await sql`select 1 from telemetry_legacy limit 1`.execute(db);
  if (rows.length === 0) {
    await sql`drop table telemetry_legacy`.execute(db);
    await addPartition(db, 'telemetry', tomorrow - DAY, tomorrow);
  } else {
    await sql`
      with moved as (delete from telemetry_legacy where ts >= ${tomorrow} returning *)
      insert into telemetry_default select * from moved`.execute(db);
    // The validated check lets ATTACH skip its own scan of the table.
    await sql`alter table telemetry_legacy add constraint telemetry_legacy_bound check (ts < ${sql.lit(tomorrow)})`.execute(
      db,
    );
    await sql`alter table telemetry attach partition telemetry_legacy
              for values from (minvalue) to (${sql.lit(tomorrow)})`.execute(db);
  }
  for (let day = tomorrow; day < tomorrow + DAYS_AHEAD * DAY; day += DAY)
    await addPartition(db, 'telemetry', day, day + DAY);
}
