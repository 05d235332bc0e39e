import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Each hourly rollup keeps the time of its minimum and of its maximum sample
 * (docs/decisions/0032-extremes-carry-sample-times.md), so statistics date an extreme by the sample,
 * not by the start of its bucket.
 *
 * Existing hours are back-filled in place from their raw points: the earliest sample of the hour
 * holding the hour's minimum (maximum). An hour whose raw points retention already removed keeps
 * the nearest time it knows: its last sample's time when the extreme is the last value, else its
 * first sample's. The rollup table is not partitioned (only `telemetry` is, on PostgreSQL); the
 * lookups are bounded to the hour, so each reads one day partition by its primary key.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // Nullable only because SQLite cannot add a NOT NULL column without a default: every row written
  // from here on carries both, and the back-fill below gives every existing row both.
  await db.schema.alterTable('telemetry_hourly').addColumn('mn_ts', 'bigint').execute();
  await db.schema.alterTable('telemetry_hourly').addColumn('mx_ts', 'bigint').execute();
  const sampleOf = (column: 'mn' | 'mx') => sql`(
    select min(t.ts) from telemetry t
    where t.gateway_indicator_id = telemetry_hourly.gateway_indicator_id
      and t.ts >= telemetry_hourly.hour and t.ts < telemetry_hourly.hour + 3600000
      and t.num_value = ${sql.ref(`telemetry_hourly.${column}`)})`;
  const nearest = (column: 'mn' | 'mx') =>
    sql`case when ${sql.ref(`telemetry_hourly.${column}`)} = telemetry_hourly.last_value
             and ${sql.ref(`telemetry_hourly.${column}`)} <> telemetry_hourly.first_value
        then telemetry_hourly.last_ts else telemetry_hourly.first_ts end`;
  await sql`
    update telemetry_hourly set
      mn_ts = coalesce(${sampleOf('mn')}, ${nearest('mn')}),
      mx_ts = coalesce(${sampleOf('mx')}, ${nearest('mx')})`.execute(db);
}
