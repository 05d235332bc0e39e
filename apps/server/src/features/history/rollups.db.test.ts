import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';

/**
 * Charts and statistics read hourly rollups (docs/decisions/0014-hourly-rollups.md). The answers
 * must be the same whether an hour is rolled up, still dirty, or read raw; checked against values
 * computed here from the known data.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const start = Date.UTC(2026, 2, 1);
const MINUTES = 3 * 24 * 60;
/** A sawtooth with a spike of 500 at minute 1000 and no point in hour 33 (minutes 1980–2039, a dropout). */
const value = (i: number) => (i === 1000 ? 500 : i % 37);
const present = (i: number) => i < 1980 || i >= 2040;

let t: TestServer;
let gw: TestGateway;
let token: string;
let device: { gatewayId: number; serialNumber: string; projectId: number };

beforeAll(async () => {
  t = await startServer();
  gw = await createGateway(t, t.server.seeded.demoProjectId!, [{ key: 'flow', type: 'float', decimals: 0 }]);
  device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId: t.server.seeded.demoProjectId! };
  const entries = [];
  for (let i = 0; i < MINUTES; i++)
    if (present(i)) entries.push({ ts: start + i * MIN, values: { flow: value(i) } });
  await t.server.telemetry.ingest.ingest(device, JSON.stringify(entries), start + MINUTES * MIN);
  token = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
});
afterAll(() => t.close());

interface ChartPoint {
  ts: number;
  min: number;
  max: number;
  minTs: number;
  maxTs: number;
  avg: number;
  first: number;
  last: number;
  count: number;
}

async function chart(startTime: number, stopTime: number, buckets: number) {
  const answer = await t.request<{ width: number; series: { points: ChartPoint[] }[] }>(
    'POST',
    '/data-server/api/v2/gateways/chart',
    { token, body: { gatewayIds: [gw.id], startTime, stopTime, buckets } },
  );
  expect(answer.body.code).toBe(20000);
  return answer.body.data;
}

/** The chart computed here: whole-hour buckets from the hour the range starts in. */
function expected(startTime: number, stopTime: number, width: number, values: (i: number) => number | null) {
  const origin = Math.floor(startTime / HOUR) * HOUR;
  const buckets = new Map<number, [ts: number, v: number][]>();
  for (let i = 0; i < MINUTES; i++) {
    const ts = start + i * MIN;
    const v = values(i);
    if (ts < startTime || ts >= stopTime || v === null) continue;
    const b = Math.floor((ts - origin) / width);
    buckets.set(b, [...(buckets.get(b) ?? []), [ts, v]]);
  }
  return [...buckets.entries()].map(([b, points]) => {
    const vs = points.map(([, v]) => v);
    const min = Math.min(...vs);
    const max = Math.max(...vs);
    return {
      ts: Math.max(startTime, origin + b * width),
      min,
      max,
      // The earliest sample holding the extreme, not the bucket's start.
      minTs: points.find(([, v]) => v === min)![0],
      maxTs: points.find(([, v]) => v === max)![0],
      avg: expect.closeTo(vs.reduce((a, v) => a + v, 0) / vs.length, 9),
      first: vs[0],
      last: vs[vs.length - 1],
      count: vs.length,
    };
  });
}

const known = (i: number) => (present(i) ? value(i) : null);

describe('hourly rollups', () => {
  it('answers the same chart from raw points and from rollups, to the known values', async () => {
    const from = start + 17 * MIN;
    const to = start + MINUTES * MIN - 5 * MIN;
    const raw = await chart(from, to, 20);
    expect(raw.width).toBe(4 * HOUR);
    expect(raw.series[0]!.points).toEqual(expected(from, to, 4 * HOUR, known));

    expect(await t.server.history.recomputeRollups()).toBe(72 - 1); // the dropout hour has no points
    expect(await t.server.history.recomputeRollups()).toBe(0);
    const rolled = await chart(from, to, 20);
    expect(rolled).toEqual(raw);
    expect(rolled.series[0]!.points.find((p) => p.max === 500)).toMatchObject({ maxTs: start + 1000 * MIN });
  });

  it('reads an hour changed after its rollup from raw points until the job has run again', async () => {
    await t.server.history.recomputeRollups();
    // A resend replaces minute 30's value; a late point fills the dropout hour.
    const late = [
      { ts: start + 30 * MIN, values: { flow: 900 } },
      { ts: start + 2030 * MIN, values: { flow: 7 } },
    ];
    await t.server.telemetry.ingest.ingest(device, JSON.stringify(late), start + MINUTES * MIN);
    const changed = (i: number) => (i === 30 ? 900 : i === 2030 ? 7 : known(i));
    const to = start + MINUTES * MIN;
    const before = await chart(start, to, 72);
    expect(before.width).toBe(HOUR);
    expect(before.series[0]!.points).toEqual(expected(start, to, HOUR, changed));

    expect(await t.server.history.recomputeRollups()).toBe(2);
    expect(await chart(start, to, 72)).toEqual(before);
  });

  it('keeps finer-than-an-hour buckets on raw points', async () => {
    const to = start + 6 * HOUR;
    const answer = await chart(start, to, 36);
    expect(answer.width).toBe(10 * MIN);
    expect(answer.series[0]!.points[3]).toMatchObject({
      ts: start + 30 * MIN,
      count: 10,
      first: 900,
      last: 2,
    });
  });

  it('gives daily statistics from rollups equal to the raw answer', async () => {
    const body = {
      gatewayIds: [gw.id],
      startTime: start,
      stopTime: start + 3 * 24 * HOUR,
      period: 'day',
      timezoneOffsetMinutes: 0,
    };
    const post = () =>
      t.request<{ series: { points: { ts: number; count: number; max: number; maxTs: number }[] }[] }>(
        'POST',
        '/data-server/api/v2/gateways/periodStatistics',
        { token, body },
      );
    const rolled = await post();
    expect(rolled.body.code).toBe(20000);
    const counts = rolled.body.data.series[0]!.points.map((p) => p.count);
    expect(counts.reduce((a, n) => a + n, 0)).toBe(MINUTES - 60 + 1);
    const points = rolled.body.data.series[0]!.points;
    expect(Math.max(...points.map((p) => p.max))).toBe(900);
    // Each day's maximum is dated by its sample: minute 30 (900, resent) on the first day, and on
    // the others the first minute holding 36 (the sawtooth's top) — never the day's midnight.
    expect(points.map((p) => p.maxTs)).toEqual([start + 30 * MIN, start + 1442 * MIN, start + 2885 * MIN]);
  });
});
