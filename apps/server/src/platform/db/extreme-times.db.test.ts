import { describe, expect, it } from 'vitest';
import { databaseAt } from '../../test/migrations.js';

const HOUR = 3_600_000;

/**
 * Migration 0013 over rollups written before it: each hour's minimum and maximum get the time of
 * their sample from the raw points (the earliest of equal ones); an hour whose raw points are gone
 * gets the nearest time it knows (its last sample's when the extreme is the last value, else its
 * first's) — never the start of the hour.
 */
describe('rollups before extremes carried their sample times (migration 0013)', () => {
  it('back-fills the time of every hour’s minimum and maximum', async () => {
    const { handle, migrate, drop } = await databaseAt('0012-time-series-retention');
    try {
      const { db } = handle;
      const hour = Date.UTC(2026, 10, 20, 6);
      const at = (minute: number) => hour + minute * 60_000;
      // Hour 1 has raw points: 5 at :10, 2 at :20 and :40 (the minimum twice), 9 at :30, 4 at :50.
      const raw = [
        [10, 5],
        [20, 2],
        [30, 9],
        [40, 2],
        [50, 4],
      ].map(([minute, value]) => ({
        gateway_indicator_id: 1,
        ts: at(minute!),
        num_value: value!,
        text_value: null,
      }));
      await db.insertInto('telemetry').values(raw).execute();
      const rollup = (
        h: number,
        first: [number, number],
        last: [number, number],
        mn: number,
        mx: number,
      ) => ({
        gateway_indicator_id: 1,
        hour: h,
        mn,
        mx,
        sm: 0,
        n: 5,
        first_ts: first[0],
        first_value: first[1],
        last_ts: last[0],
        last_value: last[1],
      });
      await db
        .insertInto('telemetry_hourly')
        // The migration's own `insert` shape: the new columns do not exist yet.
        .values([
          rollup(hour, [at(10), 5], [at(50), 4], 2, 9),
          // Hour 2: raw points removed by retention; minimum is its last value, maximum neither.
          rollup(hour + HOUR, [hour + HOUR + 60_000, 7], [hour + HOUR + 3_000_000, 1], 1, 8),
        ] as never)
        .execute();

      expect(await migrate()).toContain('0013-extreme-times');
      const rows = await db
        .selectFrom('telemetry_hourly')
        .select(['hour', 'mn_ts', 'mx_ts'])
        .orderBy('hour')
        .execute();
      expect(
        rows.map((r) => ({ hour: Number(r.hour), mn_ts: Number(r.mn_ts), mx_ts: Number(r.mx_ts) })),
      ).toEqual([
        { hour, mn_ts: at(20), mx_ts: at(30) },
        { hour: hour + HOUR, mn_ts: hour + HOUR + 3_000_000, mx_ts: hour + HOUR + 60_000 },
      ]);
    } finally {
      await drop();
    }
  });
});
