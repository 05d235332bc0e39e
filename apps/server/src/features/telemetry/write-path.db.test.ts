import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, storedPoints, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';

/**
 * What a write keeps, on both storage paths (SQLite json_each, PostgreSQL UNNEST; decision 0029):
 * a point resent at the same time replaces the stored one, the last value moves forward only, and
 * the hours written are marked for the rollup job.
 */
const HOUR = 3_600_000;
const t0 = Date.UTC(2026, 0, 5, 8);

let t: TestServer;
let gw: TestGateway;

beforeAll(async () => {
  t = await startServer({ rollupIntervalSeconds: 0 });
  gw = await createGateway(t, t.server.seeded.demoProjectId!, [
    { key: 'flow', type: 'float', decimals: 3 },
    { key: 'note', type: 'text' },
  ]);
});
afterAll(() => t.close());

const send = (entries: unknown[]) =>
  t.server.telemetry.ingest.ingest(
    { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId: t.server.seeded.demoProjectId! },
    JSON.stringify(entries),
    t0 + 10 * HOUR,
  );

async function lastValue(id: number) {
  return t.server.platform.db
    .selectFrom('last_values')
    .select(['ts', 'num_value', 'text_value'])
    .where('gateway_indicator_id', '=', id)
    .executeTakeFirst();
}

describe('the telemetry write path', () => {
  it('replaces a resent point, keeps the later of two in one message, and stores text and exact doubles', async () => {
    await send([
      { ts: t0, values: { flow: 1.5, note: '甲' } },
      { ts: t0 + 1000, values: { flow: 0.1 + 0.2 } },
    ]);
    await send([
      { ts: t0, values: { flow: 2.25, note: 'x"y\\z' } },
      { ts: t0, values: { flow: 3.125 } },
    ]);
    const flow = await storedPoints(t, gw.indicators.flow!);
    expect(flow.map((p) => [Number(p.ts), p.num_value])).toEqual([
      [t0, 3.125],
      [t0 + 1000, 0.3],
    ]);
    const note = await storedPoints(t, gw.indicators.note!);
    expect(note.map((p) => [Number(p.ts), p.num_value, p.text_value])).toEqual([[t0, null, 'x"y\\z']]);
  });

  it('moves the last value forward only', async () => {
    const id = gw.indicators.flow!;
    await send([{ ts: t0 + 2 * HOUR, values: { flow: 7 } }]);
    expect(await lastValue(id)).toEqual({ ts: t0 + 2 * HOUR, num_value: 7, text_value: null });
    // A late point (a device emptying its buffer) is stored but is not the last value.
    await send([{ ts: t0 + HOUR, values: { flow: 8 } }]);
    expect(await lastValue(id)).toEqual({ ts: t0 + 2 * HOUR, num_value: 7, text_value: null });
    // The same time again replaces it.
    await send([{ ts: t0 + 2 * HOUR, values: { flow: 9 } }]);
    expect(await lastValue(id)).toEqual({ ts: t0 + 2 * HOUR, num_value: 9, text_value: null });
  });

  it('marks every hour written dirty, again on every write', async () => {
    const id = gw.indicators.flow!;
    const marks = async () =>
      (
        await t.server.platform.db
          .selectFrom('telemetry_dirty_hours')
          .select(['hour', 'version'])
          .where('gateway_indicator_id', '=', id)
          .orderBy('hour')
          .execute()
      ).map((m) => [Number(m.hour), Number(m.version)] as const);
    const before = new Map(await marks());
    await send([
      { ts: t0 + 5 * HOUR + 10, values: { flow: 1 } },
      { ts: t0 + 5 * HOUR + 20, values: { flow: 2 } },
      { ts: t0 + 2 * HOUR + 30, values: { flow: 3 } },
    ]);
    const after = new Map(await marks());
    expect(after.get(t0 + 5 * HOUR)).toBe(0);
    expect(after.get(t0 + 2 * HOUR)).toBe((before.get(t0 + 2 * HOUR) ?? -1) + 1);
  });
});
