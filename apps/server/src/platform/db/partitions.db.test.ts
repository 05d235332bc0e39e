import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { DAY, partitionName, partitionsOf } from './partitions.js';

/**
 * Migration 0012 on a PostgreSQL database that already holds points: the table becomes the first
 * partition without a copy, points of later days move to the default partition, nothing is lost,
 * and a resent point still replaces the stored one across partitions.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('partitioning an existing time-series table', () => {
  it('keeps every point and takes new days in day partitions', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const handle = connectDatabase({ databaseUrl: url, databaseSchema: schema, dataDir: tmpdir() });
    try {
      const { db } = handle;
      await migrateToLatest(db, 'postgres', schema, '0011-messages');
      const today = Math.floor(Date.now() / DAY) * DAY;
      const stored = [
        { gateway_indicator_id: 1, ts: today - 30 * DAY, num_value: 1, text_value: null },
        { gateway_indicator_id: 1, ts: today + 60_000, num_value: 2, text_value: null },
        { gateway_indicator_id: 2, ts: today - DAY, num_value: null, text_value: 'a' },
        // A clock running ahead: stored before the upgrade for a day that gets its own partition.
        { gateway_indicator_id: 2, ts: today + 3 * DAY, num_value: 4, text_value: null },
      ];
      await db.insertInto('telemetry').values(stored).execute();

      expect(await migrateToLatest(db, 'postgres', schema, '0012-time-series-retention')).toEqual([
        '0012-time-series-retention',
      ]);
      const partitions = await partitionsOf(db, 'telemetry');
      expect(partitions[0]).toMatchObject({ name: 'telemetry_legacy', from: null, to: today + DAY });
      expect(partitions.filter((p) => !p.isDefault).map((p) => p.name)).toEqual([
        'telemetry_legacy',
        ...Array.from({ length: 7 }, (_, i) => partitionName('telemetry', today + (i + 1) * DAY)),
      ]);
      // Moved to the default partition by the migration, then into its day's partition when made.
      const { rows } = await sql<{ partition: string; ts: number }>`
        select tableoid::regclass::text as partition, ts from telemetry order by gateway_indicator_id, ts`.execute(
        db,
      );
      expect(rows.map((r) => r.partition)).toEqual([
        'telemetry_legacy',
        'telemetry_legacy',
        'telemetry_legacy',
        partitionName('telemetry', today + 3 * DAY),
      ]);
      expect(
        await db.selectFrom('telemetry').selectAll().orderBy('gateway_indicator_id').orderBy('ts').execute(),
      ).toEqual(stored);
      // The primary key holds across partitions: an upsert replaces, a point far ahead lands in the default.
      await db
        .insertInto('telemetry')
        .values([
          { gateway_indicator_id: 1, ts: today - 30 * DAY, num_value: 9, text_value: null },
          { gateway_indicator_id: 1, ts: today + 400 * DAY, num_value: 5, text_value: null },
        ])
        .onConflict((oc) =>
          oc
            .columns(['gateway_indicator_id', 'ts'])
            .doUpdateSet((eb) => ({ num_value: eb.ref('excluded.num_value') })),
        )
        .execute();
      const first = await db
        .selectFrom('telemetry')
        .select('num_value')
        .where('gateway_indicator_id', '=', 1)
        .where('ts', '=', today - 30 * DAY)
        .execute();
      expect(first).toEqual([{ num_value: 9 }]);
      const { rows: ahead } = await sql<{ n: number }>`select count(*) as n from telemetry_default`.execute(
        db,
      );
      expect(Number(ahead[0]!.n)).toBe(1);
    } finally {
      await handle.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
