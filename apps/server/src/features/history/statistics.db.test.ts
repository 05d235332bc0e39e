import { MAX_SERIES_PER_QUERY, TOO_MANY_INDICATORS } from '@iot/contracts/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let gw: TestGateway;
let cal: TestGateway;
let token: string;
/** 1 point a minute for 10 hours: cod = minute index, level = 1 with a spike of 1000 at minute 333. */
const start = Date.UTC(2026, 0, 1);
const MINUTES = 600;
const MIN = 60_000;
/** Points around local (UTC+8) day and month boundaries. */
const local = (iso: string) => Date.parse(`${iso}+08:00`);
const calendar = [
  { ts: local('2026-01-30T23:59:00'), v: 1 },
  { ts: local('2026-01-31T00:10:00'), v: 2 },
  { ts: local('2026-01-31T23:30:00'), v: 10 },
  { ts: local('2026-02-01T00:30:00'), v: 20 },
  { ts: local('2026-02-15T12:00:00'), v: 30 },
];

beforeAll(async () => {
  t = await startServer();
  const project = t.server.seeded.demoProjectId!;
  gw = await createGateway(t, project, [
    { key: 'cod', type: 'float', decimals: 0 },
    { key: 'level', type: 'float', decimals: 1 },
  ]);
  cal = await createGateway(t, project, [{ key: 'm', type: 'float', decimals: 1 }]);
  const device = (g: TestGateway) => ({ gatewayId: g.id, serialNumber: g.serialNumber, projectId: project });
  const entries = Array.from({ length: MINUTES }, (_, i) => ({
    ts: start + i * MIN,
    values: { cod: i, level: i === 333 ? 1000 : 1 },
  }));
  await t.server.telemetry.ingest.ingest(device(gw), JSON.stringify(entries), start + MINUTES * MIN);
  await t.server.telemetry.ingest.ingest(
    device(cal),
    JSON.stringify(calendar.map((p) => ({ ts: p.ts, values: { m: p.v } }))),
    local('2026-02-16T00:00:00'),
  );
  token = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
});
afterAll(() => t.close());

const post = <T>(path: string, body: unknown) =>
  t.request<T>('POST', `/data-server/api/v2/${path}`, { token, body });
type Series<P> = { series: { gateway: string; metric: string; points: P[] }[] };
type Point = { ts: number; value: number | null };

const sliding = async (body: Record<string, unknown>, metric = 'cod') => {
  const answer = await post<Series<Point>>('gateways/slidingStatistics', {
    gatewayIds: [gw.id],
    metrics: [metric],
    ...body,
  });
  expect(answer.status).toBe(200);
  return answer.body.data.series[0]!.points;
};

describe('sliding statistics', () => {
  it('answers each statistic over [t, t + window) of a ramp', async () => {
    const range = { startTime: start, stopTime: start + 180 * MIN, window: 60 * MIN, step: 30 * MIN };
    const avg = await sliding({ ...range, statistic: 'avg' });
    expect(avg.map((p) => p.ts)).toEqual([0, 1, 2, 3, 4, 5].map((k) => start + k * 30 * MIN));
    expect(avg.map((p) => p.value)).toEqual([0, 1, 2, 3, 4, 5].map((k) => 30 * k + 29.5));
    const of = async (statistic: string) => (await sliding({ ...range, statistic })).map((p) => p.value);
    expect(await of('min')).toEqual([0, 30, 60, 90, 120, 150]);
    expect(await of('max')).toEqual([59, 89, 119, 149, 179, 209]);
    expect(await of('first')).toEqual([0, 30, 60, 90, 120, 150]);
    expect(await of('last')).toEqual([59, 89, 119, 149, 179, 209]);
    expect(await of('count')).toEqual([60, 60, 60, 60, 60, 60]);
    expect(await of('sum')).toEqual([0, 1, 2, 3, 4, 5].map((k) => 60 * (30 * k + 29.5)));
  });

  it('combines buckets of gcd(window, step) when the window is not a multiple of the step', async () => {
    const points = await sliding({
      startTime: start,
      stopTime: start + 60 * MIN,
      window: 45 * MIN,
      step: 20 * MIN,
    });
    // [0, 45), [20, 65), [40, 85) minutes of the ramp
    expect(points.map((p) => p.value)).toEqual([22, 42, 62]);
  });

  it('keeps the spike, reads past stopTime for the last window, answers null where empty', async () => {
    const hourly = await sliding(
      {
        startTime: start,
        stopTime: start + MINUTES * MIN,
        window: 60 * MIN,
        step: 60 * MIN,
        statistic: 'max',
      },
      'level',
    );
    expect(hourly.map((p) => p.value)).toEqual([1, 1, 1, 1, 1, 1000, 1, 1, 1, 1]);
    const tail = await sliding({
      startTime: start + 570 * MIN,
      stopTime: start + 600 * MIN,
      window: 60 * MIN,
      step: 30 * MIN,
      statistic: 'count',
    });
    expect(tail).toEqual([{ ts: start + 570 * MIN, value: 30 }]);
    const before = { startTime: start - 120 * MIN, stopTime: start, window: 60 * MIN, step: 60 * MIN };
    expect((await sliding({ ...before, statistic: 'avg' })).map((p) => p.value)).toEqual([null, null]);
    expect((await sliding({ ...before, statistic: 'count' })).map((p) => p.value)).toEqual([0, 0]);
  });

  it('bounds the number of windows', async () => {
    const answer = await post('gateways/slidingStatistics', {
      gatewayIds: [gw.id],
      startTime: start,
      stopTime: start + MINUTES * MIN,
      window: 60_000,
      step: 1000,
    });
    expect(answer.body).toMatchObject({ code: 40000 });
    expect(answer.body.message).toContain('窗口数量超过');
  });
});

type Period = {
  ts: number;
  min: number;
  max: number;
  minTs: number;
  maxTs: number;
  avg: number;
  sum: number;
  count: number;
  first: number;
  last: number;
};
const periods = async (body: Record<string, unknown>) => {
  const answer = await post<Series<Period>>('gateways/periodStatistics', { gatewayIds: [cal.id], ...body });
  expect(answer.status).toBe(200);
  return answer.body.data.series[0]!.points;
};

describe('period statistics', () => {
  it('splits months at local midnight', async () => {
    const months = await periods({
      startTime: local('2026-01-01T00:00:00'),
      stopTime: local('2026-03-01T00:00:00'),
      period: 'month',
    });
    expect(months).toEqual([
      {
        ts: local('2026-01-01T00:00:00'),
        min: 1,
        max: 10,
        // Dated by their samples, not by the month's first midnight.
        minTs: local('2026-01-30T23:59:00'),
        maxTs: local('2026-01-31T23:30:00'),
        avg: 13 / 3,
        sum: 13,
        count: 3,
        first: 1,
        last: 10,
      },
      {
        ts: local('2026-02-01T00:00:00'),
        min: 20,
        max: 30,
        minTs: local('2026-02-01T00:30:00'),
        maxTs: local('2026-02-15T12:00:00'),
        avg: 25,
        sum: 50,
        count: 2,
        first: 20,
        last: 30,
      },
    ]);
    const partial = await periods({
      startTime: local('2026-01-31T00:00:00'),
      stopTime: local('2026-02-10T00:00:00'),
      period: 'month',
    });
    expect(partial.map((p) => [p.ts, p.count, p.sum])).toEqual([
      [local('2026-01-01T00:00:00'), 2, 12],
      [local('2026-02-01T00:00:00'), 1, 20],
    ]);
  });

  it('splits days at local midnight, at the offset asked for', async () => {
    const range = {
      startTime: local('2026-01-30T00:00:00'),
      stopTime: local('2026-02-02T00:00:00'),
      period: 'day',
    };
    const shanghai = await periods(range);
    expect(shanghai.map((p) => [p.ts, p.count, p.first, p.last])).toEqual([
      [local('2026-01-30T00:00:00'), 1, 1, 1],
      [local('2026-01-31T00:00:00'), 2, 2, 10],
      [local('2026-02-01T00:00:00'), 1, 20, 20],
    ]);
    const utc = await periods({ ...range, timezoneOffsetMinutes: 0 });
    expect(utc.map((p) => [p.ts, p.count, p.sum])).toEqual([
      [Date.UTC(2026, 0, 30), 2, 3],
      [Date.UTC(2026, 0, 31), 2, 30],
    ]);
  });

  it('bounds the number of periods', async () => {
    const answer = await post('gateways/periodStatistics', {
      gatewayIds: [cal.id],
      startTime: Date.UTC(2000, 0, 1),
      stopTime: Date.UTC(2026, 0, 1),
      period: 'day',
    });
    expect(answer.body).toMatchObject({ code: 40000 });
  });
});

describe('computation', () => {
  const range = { startTime: start, stopTime: start + MINUTES * MIN, buckets: 10 };
  const variables = () => ({
    a: { gatewayId: String(gw.id), metric: 'cod' },
    b: { gatewayId: gw.id, metric: 'level' },
  });

  it('checks expressions', async () => {
    const ok = await post<{ valid: boolean; variables: string[] }>('computation/checkExpression', {
      expression: 'a / (b + 1) ^ 2',
    });
    expect(ok.body.data).toEqual({ valid: true, variables: ['a', 'b'] });
    const bad = await post<{ valid: boolean; message: string }>('computation/checkExpression', {
      expression: 'a + constructor.x',
    });
    expect(bad.body.data).toMatchObject({ valid: false, message: '第 16 个字符处不允许的字符“.”' });
  });

  it('evaluates the expression over bucket averages', async () => {
    const answer = await post<{ width: number; points: Point[] }>('computation/getData', {
      ...range,
      expression: 'a / b',
      variables: variables(),
    });
    expect(answer.body.data.width).toBe(60 * MIN);
    const points = answer.body.data.points;
    expect(points).toHaveLength(10);
    expect(points[0]).toEqual({ ts: start, value: 29.5 });
    expect(points[5]!.value).toBeCloseTo(329.5 / (1059 / 60), 9);
    const zero = await post<{ points: Point[] }>('computation/getData', {
      ...range,
      expression: 'a / (b - 1) + 1',
      variables: variables(),
    });
    expect(zero.body.data.points[0]!.value).toBeNull();
    expect(zero.body.data.points[5]!.value).not.toBeNull();
    const empty = await post<{ points: Point[] }>('computation/getData', {
      startTime: start - 120 * MIN,
      stopTime: start + 60 * MIN,
      buckets: 3,
      expression: 'a * 2',
      variables: variables(),
    });
    expect(empty.body.data.points.map((p) => p.value)).toEqual([null, null, 59]);
  });

  it('refuses bad expressions, unknown variables, foreign gateways and too many indicators', async () => {
    const bad = await post('computation/getData', { ...range, expression: 'a +', variables: variables() });
    expect(bad.body).toMatchObject({ code: 40000, message: '第 4 个字符处表达式不完整' });
    const unknown = await post('computation/getData', {
      ...range,
      expression: 'a + c',
      variables: variables(),
    });
    expect(unknown.body.message).toBe('变量“c”未指定网关指标');
    const missing = await post('computation/getData', {
      ...range,
      expression: 'a',
      variables: { a: { gatewayId: gw.id, metric: 'nope' } },
    });
    expect(missing.body.message).toBe('变量“a”对应的网关指标不存在');

    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await t.request<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: admin,
      body: { name: '统计另一项目' },
    });
    const foreign = await createGateway(t, other.body.data.projectGroupId, [{ key: 'x', type: 'float' }]);
    const refused = await post('computation/getData', {
      ...range,
      expression: 'a',
      variables: { a: { gatewayId: foreign.id, metric: 'x' } },
    });
    expect(refused.status).toBe(403);
    const refusedStats = await post('gateways/periodStatistics', {
      gatewayIds: [foreign.id],
      startTime: start,
      stopTime: start + 1000,
      period: 'day',
    });
    expect(refusedStats.status).toBe(403);

    const names = Array.from({ length: MAX_SERIES_PER_QUERY + 1 }, (_, i) => `v${i}`);
    const tooMany = await post('computation/getData', {
      ...range,
      expression: names.join('+'),
      variables: Object.fromEntries(names.map((n) => [n, { gatewayId: gw.id, metric: 'cod' }])),
    });
    expect(tooMany.body).toMatchObject({ code: 40000, message: TOO_MANY_INDICATORS });
    expect(String(tooMany.body.data)).toMatch(/^411:/);
  });
});
