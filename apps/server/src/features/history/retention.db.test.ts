import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionName, partitionsOf } from '../../platform/db/partitions.js';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * Retention per project (docs/decisions/0029-postgres-time-series.md): raw points past a project's
 * days go, its rollups stay (and charts over that time read them), other projects keep theirs; on
 * PostgreSQL day partitions are created ahead and dropped once past every project's retention.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = Date.now();
const thisHour = Math.floor(now / HOUR) * HOUR;
/** A point every 10 minutes from 20 days ago to the last closed hour. */
const first = thisHour - 20 * DAY;
const POINTS = (20 * DAY) / (10 * MIN);
const cutoff = Math.floor((now - 7 * DAY) / HOUR) * HOUR;

let t: TestServer;
let admin: string;
let operator: string;
let projectA: number;
let projectB: number;
let gwA: TestGateway;
let gwB: TestGateway;

async function ingest(
  gw: TestGateway,
  projectId: number,
  entries: { ts: number; values: { flow: number } }[],
) {
  const device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId };
  await t.server.telemetry.ingest.ingest(device, JSON.stringify(entries), now);
}

const series = () =>
  Array.from({ length: POINTS }, (_, i) => ({ ts: first + i * 10 * MIN, values: { flow: i % 50 } }));

async function count(table: 'telemetry' | 'telemetry_hourly', id: number, before = Number.MAX_SAFE_INTEGER) {
  const column = table === 'telemetry' ? 'ts' : 'hour';
  const row = await t.server.platform.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('gateway_indicator_id', '=', id)
    .where(column, '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function chart(startTime: number, stopTime: number, buckets: number) {
  const answer = await t.request<{ series: { points: { ts: number; count: number; avg: number }[] }[] }>(
    'POST',
    '/data-server/api/v2/gateways/chart',
    { token: operator, body: { gatewayIds: [gwA.id], startTime, stopTime, buckets } },
  );
  expect(answer.body.code).toBe(20000);
  return answer.body.data.series[0]!.points;
}

function setTerms(projectId: number, terms: { rawRetentionDays?: number; rollupRetentionDays?: number }) {
  return t.request('PUT', `/iot/projects/${projectId}/terms`, { token: admin, body: terms });
}

describe('retention per project', () => {
  beforeAll(async () => {
    t = await startServer({ rollupIntervalSeconds: 0 });
    admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    projectA = t.server.seeded.demoProjectId!;
    projectB = (await projectWithAdmin(t, admin, '保留测试乙', 'retention-b')).projectId;
    gwA = await createGateway(t, projectA, [{ key: 'flow', type: 'float', decimals: 0 }]);
    gwB = await createGateway(t, projectB, [{ key: 'flow', type: 'float', decimals: 0 }]);
    await ingest(gwA, projectA, series());
    await ingest(gwB, projectB, series());
    await t.server.history.recomputeRollups();
  });
  afterAll(() => t.close());

  it('keeps everything while a project keeps raw points for good (the default)', async () => {
    const report = await t.server.history.runRetention();
    expect(report.rawDeleted).toBe(0);
    expect(await count('telemetry', gwA.indicators.flow!)).toBe(POINTS);
  });

  it('refuses rollups kept for less time than raw points', async () => {
    const answer = await setTerms(projectA, { rawRetentionDays: 7, rollupRetentionDays: 3 });
    expect(answer.body.code).toBe(40000);
    expect(answer.body.message).toBe('汇总数据的保留天数不能少于原始数据');
    expect((await setTerms(projectA, { rollupRetentionDays: 30 })).body.code).toBe(40000);
  });

  it('removes a project’s raw points past its days, keeps its rollups and the chart over that time', async () => {
    const a = gwA.indicators.flow!;
    const hoursBefore = await count('telemetry_hourly', a);
    const range = [first, thisHour - 8 * DAY] as const;
    const chartBefore = await chart(range[0], range[1], 288);
    expect(chartBefore.length).toBe(288);

    const answer = await setTerms(projectA, { rawRetentionDays: 7 });
    expect(answer.body.code).toBe(20000);
    expect(answer.body.data).toMatchObject({ rawRetentionDays: 7, rollupRetentionDays: 0 });
    // 13 days of hours to purge: more than one pass does, the rest follows in the next.
    const report = await t.server.history.runRetention(now);
    expect(report.done).toBe(false);
    const rest = await t.server.history.runRetention(now);
    expect(rest.done).toBe(true);

    expect(await count('telemetry', a, cutoff)).toBe(0);
    expect(await count('telemetry', a)).toBe(POINTS - (cutoff - first) / (10 * MIN));
    expect(report.rawDeleted + rest.rawDeleted).toBe((cutoff - first) / (10 * MIN));
    expect(await count('telemetry_hourly', a)).toBe(hoursBefore);
    // The other project keeps all its points.
    expect(await count('telemetry', gwB.indicators.flow!)).toBe(POINTS);
    // Hour buckets over purged time come from the rollups, unchanged.
    expect(await chart(range[0], range[1], 288)).toEqual(chartBefore);
  });

  it('a point arriving late for a purged hour leaves that hour’s rollup as it was', async () => {
    const range = [first, thisHour - 8 * DAY] as const;
    const chartBefore = await chart(range[0], range[1], 288);
    await ingest(gwA, projectA, [{ ts: first + 5 * DAY + 5 * MIN, values: { flow: 1000 } }]);
    await t.server.history.recomputeRollups();
    expect(await chart(range[0], range[1], 288)).toEqual(chartBefore);
    expect(await count('telemetry', gwA.indicators.flow!, cutoff)).toBe(0);
  });

  it('removes rollups past their own days, and only those', async () => {
    const a = gwA.indicators.flow!;
    expect((await setTerms(projectA, { rollupRetentionDays: 14 })).body.code).toBe(20000);
    const rollupCutoff = Math.floor((now - 14 * DAY) / HOUR) * HOUR;
    const kept = (await count('telemetry_hourly', a)) - (await count('telemetry_hourly', a, rollupCutoff));
    const report = await t.server.history.runRetention(now);
    expect(report.rollupsDeleted).toBe((rollupCutoff - first) / HOUR);
    expect(await count('telemetry_hourly', a, rollupCutoff)).toBe(0);
    expect(await count('telemetry_hourly', a)).toBe(kept);
    expect(await count('telemetry_hourly', gwB.indicators.flow!)).toBe((thisHour - first) / HOUR);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL day partitions', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startServer({ rollupIntervalSeconds: 0 });
  });
  afterAll(() => p.close());

  const days = async () =>
    (await partitionsOf(p.server.platform.db, 'telemetry')).filter((x) => !x.isDefault).map((x) => x.name);

  it('are created ahead, take old points out of the default partition, and go once past every retention', async () => {
    const db = p.server.platform.db;
    const today = Math.floor(now / DAY) * DAY;
    // The migration made today and a week ahead.
    expect(await days()).toEqual(
      Array.from({ length: 8 }, (_, i) => partitionName('telemetry', today + i * DAY)),
    );
    expect((await p.server.history.runRetention(now + 2 * DAY)).partitionsCreated).toEqual([
      partitionName('telemetry', today + 8 * DAY),
      partitionName('telemetry', today + 9 * DAY),
    ]);

    // Points 20 days old had no partition: they wait in the default one until theirs exists.
    const pAdmin = (await p.login('admin', ADMIN_PASSWORD)).access;
    const projectId = p.server.seeded.demoProjectId!;
    const gw = await createGateway(p, projectId, [{ key: 'flow', type: 'float', decimals: 0 }]);
    const device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId };
    const old = today - 20 * DAY;
    await p.server.telemetry.ingest.ingest(
      device,
      JSON.stringify([0, 1, 2].map((d) => ({ ts: old + d * DAY + HOUR, values: { flow: d } }))),
      now,
    );
    const inDefault = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from telemetry_default`.execute(db)).rows[0]!.n);
    expect(await inDefault()).toBe(3);
    const created = (await p.server.history.runRetention(old)).partitionsCreated;
    expect(created[0]).toBe(partitionName('telemetry', old));
    expect(await inDefault()).toBe(0);
    await p.server.history.recomputeRollups();

    // A project keeping raw points for good keeps every partition.
    expect((await p.server.history.runRetention(now)).partitionsDropped).toEqual([]);
    // Once every project keeps them 7 days, the partitions before that are dropped whole.
    const projects = await db.selectFrom('projects').select('group_id').execute();
    for (const { group_id } of projects) {
      const answer = await p.request('PUT', `/iot/projects/${group_id}/terms`, {
        token: pAdmin,
        body: { rawRetentionDays: 7 },
      });
      expect(answer.body.code).toBe(20000);
    }
    const report = await p.server.history.runRetention(now);
    expect(report.partitionsDropped).toEqual(created);
    expect(await days()).not.toContain(created[0]);
    expect(await count2(p, gw.indicators.flow!)).toEqual({ raw: 0, hours: 3 });
  });
});

async function count2(server: TestServer, id: number) {
  const db = server.server.platform.db;
  const raw = await db
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('gateway_indicator_id', '=', id)
    .executeTakeFirstOrThrow();
  const hours = await db
    .selectFrom('telemetry_hourly')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('gateway_indicator_id', '=', id)
    .executeTakeFirstOrThrow();
  return { raw: Number(raw.n), hours: Number(hours.n) };
}
