import { MAX_SERIES_PER_QUERY, TOO_MANY_INDICATORS } from '@iot/contracts/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let gw: TestGateway;
let token: string;
/** 1 point a minute for 10 hours: cod = minute index, level = a spike of 1000 at minute 333. */
const start = Date.UTC(2026, 0, 1);
const MINUTES = 600;

beforeAll(async () => {
  t = await startServer();
  gw = await createGateway(t, t.server.seeded.demoProjectId!, [
    { key: 'cod', type: 'float', decimals: 0 },
    { key: 'level', type: 'float', decimals: 1 },
  ]);
  const device = {
    gatewayId: gw.id,
    serialNumber: gw.serialNumber,
    projectId: t.server.seeded.demoProjectId!,
  };
  const entries = Array.from({ length: MINUTES }, (_, i) => ({
    ts: start + i * 60_000,
    values: { cod: i, level: i === 333 ? 1000 : 1 },
  }));
  await t.server.telemetry.ingest.ingest(device, JSON.stringify(entries), start + MINUTES * 60_000);
  token = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
});
afterAll(() => t.close());

const post = <T>(path: string, body: unknown, as = token) =>
  t.request<T>('POST', `/data-server/api/v2/gateways/${path}`, { token: as, body });

describe('data server queries', () => {
  it('answers the last value of each metric', async () => {
    const answer = await post<Record<string, Record<string, { ts: number; value: number }>>>('lastMetrics', {
      gatewayIds: [String(gw.id)],
    });
    expect(answer.body.data[gw.id]).toEqual({
      cod: { ts: start + (MINUTES - 1) * 60_000, value: MINUTES - 1 },
      level: { ts: start + (MINUTES - 1) * 60_000, value: 1 },
    });
  });

  it('pages history newest first, tells whether more follows, and counts when asked', async () => {
    const body = {
      gatewayIds: [gw.id],
      metrics: ['cod'],
      startTime: new Date(start).toISOString(),
      stopTime: start + 60 * 60_000,
      page: 0,
      perPage: 25,
      fetchOneMore: true,
      includeTotal: true,
    };
    const first = await post<{ list: { ts: number; value: number }[]; hasMore: boolean; total: number }>(
      'history',
      body,
    );
    expect(first.body.data.total).toBe(60);
    expect(first.body.data.hasMore).toBe(true);
    expect(first.body.data.list.map((p) => p.value).slice(0, 3)).toEqual([59, 58, 57]);
    const last = await post<{ list: unknown[]; hasMore: boolean }>('history', {
      ...body,
      page: 2,
      ascending: true,
    });
    expect(last.body.data.list).toHaveLength(10);
    expect(last.body.data.hasMore).toBe(false);
  });

  it('buckets a range in SQL with min, max, avg, first and last, keeping spikes', async () => {
    const answer = await post<{
      width: number;
      series: { metric: string; points: Record<string, number>[] }[];
    }>('chart', {
      gatewayIds: [gw.id],
      startTime: start,
      stopTime: start + MINUTES * 60_000,
      buckets: 10,
    });
    expect(answer.body.data.width).toBe(60 * 60_000);
    const cod = answer.body.data.series.find((s) => s.metric === 'cod')!;
    expect(cod.points).toHaveLength(10);
    expect(cod.points[0]).toEqual({
      ts: start,
      min: 0,
      max: 59,
      minTs: start,
      maxTs: start + 59 * 60_000,
      avg: 29.5,
      first: 0,
      last: 59,
      count: 60,
    });
    const level = answer.body.data.series.find((s) => s.metric === 'level')!;
    // The spike is dated by its own minute, not by its bucket's start (minute 300).
    expect(level.points[5]).toMatchObject({
      max: 1000,
      min: 1,
      maxTs: start + 333 * 60_000,
      minTs: start + 300 * 60_000,
    });
  });

  it('refuses gateways of another project and too many series', async () => {
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await t.request<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: admin,
      body: { name: '另一项目' },
    });
    const foreign = await createGateway(t, other.body.data.projectGroupId, [{ key: 'x', type: 'float' }]);
    const refused = await post('lastMetrics', { gatewayIds: [foreign.id] });
    expect(refused.status).toBe(403);

    const many = await createGateway(
      t,
      t.server.seeded.demoProjectId!,
      Array.from({ length: MAX_SERIES_PER_QUERY + 1 }, (_, i) => ({ key: `k${i}`, type: 'float' as const })),
    );
    const tooMany = await post('chart', { gatewayIds: [many.id], startTime: start, stopTime: start + 1000 });
    expect(tooMany.body).toMatchObject({ code: 40000, message: TOO_MANY_INDICATORS });
    expect(String(tooMany.body.data)).toMatch(/^411:/);
  });

  it('validates the time range', async () => {
    const answer = await post('history', { gatewayIds: [gw.id], startTime: start, stopTime: start - 1 });
    expect(answer.body.message).toBe('stopTime: 结束时间必须晚于开始时间');
  });
});
