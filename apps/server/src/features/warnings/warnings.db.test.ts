import type { Page } from '@iot/contracts';
import type { Warning, WarningAnalysis, WarningDetail, WarningRule } from '@iot/contracts/warnings';
import { Client, type IMessage } from '@stomp/stompjs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/**
 * Value sequences over MQTT raise and release exactly the expected warnings; the state survives a
 * restart; the project's STOMP topic hears of a warning within a second.
 */
let t: TestServer;
let projectId: number;
let admin: string;
let gw: TestGateway;
const MIN = 60_000;
const t0 = Date.UTC(2026, 10, 20, 2);

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  gw = await createGateway(t, projectId, [
    { key: 'cod', type: 'float', decimals: 1 },
    { key: 'ph', type: 'float', decimals: 2 },
    { key: 'temp', type: 'float', decimals: 1 },
    { key: 'turb', type: 'float', decimals: 1 },
    { key: 'pump', type: 'boolean' },
    { key: 'level', type: 'float', decimals: 1 },
  ]);
});
afterAll(() => t.close());

const rule = (body: Record<string, unknown>) =>
  t.ok<WarningRule>('POST', `/iot/groups/${projectId}/warningRules`, { token: admin, body });

/** Publishes values one minute apart from `start` as a real device, then waits for the engine. */
async function publish(gateway: TestGateway, key: string, values: (number | boolean)[], start: number) {
  const server = t;
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.server.telemetry.mqttPort}`, {
    clientId: gateway.serialNumber,
    username: gateway.serialNumber,
    password: gateway.secret,
    reconnectPeriod: 0,
  });
  const entries = values.map((value, i) => ({ ts: start + i * MIN, values: { [key]: value } }));
  await device.publishAsync(`gateways/${gateway.serialNumber}/telemetry`, JSON.stringify(entries), {
    qos: 1,
  });
  await device.endAsync();
  await server.server.warnings.engine.drain();
}

async function warningsOf(gatewayIndicatorId: number): Promise<Warning[]> {
  const page = await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=100`, {
    token: admin,
  });
  return page.list
    .filter((w) => w.gatewayIndicatorId === gatewayIndicatorId)
    .sort((a, b) => a.startedAt - b.startedAt);
}

const spans = (warnings: Warning[]) =>
  warnings.map((w) => [(w.startedAt - t0) / MIN, w.releasedAt === null ? null : (w.releasedAt - t0) / MIN]);

describe('warning rules over MQTT', () => {
  it('above: waits for two values in a row and releases past the hysteresis', async () => {
    await rule({
      gatewayIndicatorId: gw.indicators.cod,
      kind: 'above',
      high: 50,
      delayCount: 2,
      hysteresis: 5,
    });
    await publish(gw, 'cod', [40, 60, 70, 48, 44, 60, 61], t0);
    const warnings = await warningsOf(gw.indicators.cod!);
    expect(spans(warnings)).toEqual([
      [2, 4],
      [6, null],
    ]);
    expect(warnings[0]).toMatchObject({ value: '70', threshold: '> 50', releaseValue: '44', level: 2 });
  });

  it('outside: holds for a minute before raising', async () => {
    await rule({
      gatewayIndicatorId: gw.indicators.ph,
      kind: 'outside',
      low: 6,
      high: 9,
      delaySeconds: 60,
      level: 1,
    });
    await publish(gw, 'ph', [7, 5.5, 5.8, 6.5, 9.5], t0);
    expect(spans(await warningsOf(gw.indicators.ph!))).toEqual([[2, 3]]);
  });

  it('below and inside', async () => {
    await rule({ gatewayIndicatorId: gw.indicators.temp, kind: 'below', low: 5 });
    await publish(gw, 'temp', [10, 4, 3, 6], t0);
    expect(spans(await warningsOf(gw.indicators.temp!))).toEqual([[1, 3]]);
    await rule({ gatewayIndicatorId: gw.indicators.turb, kind: 'inside', low: 0, high: 1 });
    await publish(gw, 'turb', [5, 0.5, 3], t0);
    expect(spans(await warningsOf(gw.indicators.turb!))).toEqual([[1, 2]]);
  });

  it('equals for a boolean, and rate of change', async () => {
    await rule({ gatewayIndicatorId: gw.indicators.pump, kind: 'equals', value: '1' });
    await publish(gw, 'pump', [false, true, true, false], t0);
    expect(spans(await warningsOf(gw.indicators.pump!))).toEqual([[1, 3]]);
    await rule({ gatewayIndicatorId: gw.indicators.level, kind: 'rate', ratePerMinute: 10 });
    await publish(gw, 'level', [100, 105, 130, 131], t0);
    expect(spans(await warningsOf(gw.indicators.level!))).toEqual([[2, 3]]);
  });

  it('offline: raises after the minutes without traffic and releases when the gateway speaks', async () => {
    const quiet = await createGateway(t, projectId, [{ key: 'x', type: 'float' }]);
    await rule({ gatewayId: quiet.id, kind: 'offline', offlineMinutes: 1 });
    await t.server.warnings.engine.sweepOffline(Date.now());
    const offline = async () =>
      (
        await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=100&gatewayId=${quiet.id}`, {
          token: admin,
        })
      ).list;
    expect(await offline()).toEqual([]);
    await t.server.warnings.engine.sweepOffline(Date.now() + 61_000);
    expect(await offline()).toMatchObject([
      { kind: 'offline', releasedAt: null, threshold: '离线 ≥ 1 分钟' },
    ]);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
      clientId: quiet.serialNumber,
      username: quiet.serialNumber,
      password: quiet.secret,
      reconnectPeriod: 0,
    });
    await device.publishAsync(`gateways/${quiet.serialNumber}/telemetry`, JSON.stringify({ x: 1 }), {
      qos: 1,
    });
    await expect.poll(async () => (await offline())[0]?.releasedAt).toBeGreaterThan(0);
    await device.endAsync();
  });

  it('refuses incomplete rules with Chinese messages and another project’s indicator', async () => {
    const missing = await t.request('POST', `/iot/groups/${projectId}/warningRules`, {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.cod, kind: 'above' },
    });
    expect(missing.body).toMatchObject({ code: 40000, message: 'high: 请填写阈值' });
    const adminToken = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await t.ok<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: adminToken,
      body: { name: '预警另一项目' },
    });
    const foreign = await createGateway(t, other.projectGroupId, [{ key: 'y', type: 'float' }]);
    const refused = await t.request('POST', `/iot/groups/${projectId}/warningRules`, {
      token: admin,
      body: { gatewayIndicatorId: foreign.indicators.y, kind: 'above', high: 1 },
    });
    expect(refused.body).toMatchObject({ code: 40000, message: '网关指标不存在或不属于本项目' });
  });
});

describe('the water-quality template', () => {
  const apply = (body: Record<string, unknown>, token = admin) =>
    t.request<{ created: number }>('POST', `/iot/groups/${projectId}/warningTemplates/waterQuality/apply`, {
      token,
      body,
    });

  it('covers only the chosen gateways, matching keys in any case, and adds nothing the second time', async () => {
    const effluent = await createGateway(t, projectId, [
      { key: 'COD', type: 'float' },
      { key: 'ph', type: 'float' },
      { key: 'tp', type: 'float' },
    ]);
    const influent = await createGateway(t, projectId, [
      { key: 'cod', type: 'float' },
      { key: 'ph', type: 'float' },
    ]);
    const first = await apply({ gatewayIds: [effluent.id], keys: ['cod', 'ph'], level: 1 });
    expect(first.body).toMatchObject({ code: 20000, data: { created: 2 } });
    const rules = (
      await t.ok<Page<WarningRule>>('GET', `/iot/groups/${projectId}/warningRules?size=1000`, {
        token: admin,
      })
    ).list;
    const of = (g: TestGateway) =>
      rules
        .filter((r) => r.gatewayId === g.id)
        .map((r) => [r.metric, r.name, r.kind, r.low, r.high, r.level])
        .sort();
    expect(of(effluent)).toEqual([
      ['COD', '化学需氧量（COD）', 'above', null, 50, 1],
      ['ph', 'pH', 'outside', 6, 9, 1],
    ]);
    expect(of(influent)).toEqual([]);
    expect((await apply({ gatewayIds: [effluent.id], keys: ['cod', 'ph', 'tp'] })).body.data).toEqual({
      created: 1,
    });
  });

  it('refuses a gateway of another project, an unknown key and the operator', async () => {
    const adminToken = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await t.ok<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: adminToken,
      body: { name: '水质模板另一项目' },
    });
    const foreign = await createGateway(t, other.projectGroupId, [{ key: 'cod', type: 'float' }]);
    const refused = await apply({ gatewayIds: [gw.id, foreign.id], keys: ['cod'] });
    expect(refused.body).toMatchObject({ code: 40000, message: '网关不存在或不属于本项目' });
    const rules = (
      await t.ok<Page<WarningRule>>('GET', `/iot/groups/${other.projectGroupId}/warningRules?size=10`, {
        token: adminToken,
      })
    ).list;
    expect(rules).toEqual([]);
    expect((await apply({ gatewayIds: [], keys: ['cod'] })).body).toMatchObject({ code: 40000 });
    expect((await apply({ gatewayIds: [gw.id], keys: ['xyz'] })).body).toMatchObject({ code: 40000 });
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    expect((await apply({ gatewayIds: [gw.id], keys: ['cod'] }, operator)).status).toBe(403);
  });
});

describe('warning state and handling', () => {
  it('keeps a pending count across a restart', async () => {
    const g = await createGateway(t, projectId, [{ key: 'nh3n', type: 'float', decimals: 2 }]);
    await rule({ gatewayIndicatorId: g.indicators.nh3n, kind: 'above', high: 5, delayCount: 3 });
    await publish(g, 'nh3n', [6, 7], t0);
    expect(await warningsOf(g.indicators.nh3n!)).toEqual([]);
    t = await t.restart();
    admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
    await publish(g, 'nh3n', [8], t0 + 2 * MIN);
    expect(spans(await warningsOf(g.indicators.nh3n!))).toEqual([[2, null]]);
  });

  it('tells the project’s STOMP topic within a second of the value', async () => {
    const g = await createGateway(t, projectId, [{ key: 'tp', type: 'float', decimals: 2 }]);
    // The unit comes with the warning, for its value and threshold.
    await t.server.platform.db
      .updateTable('indicators')
      .set({ unit: 'mg/L' })
      .where('name', '=', `tp-${g.serialNumber}`)
      .execute();
    await rule({ gatewayIndicatorId: g.indicators.tp, kind: 'above', high: 0.5 });
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    const received: IMessage[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${operator}`),
      reconnectDelay: 0,
      debug: () => {},
    });
    await new Promise<void>((resolve) => {
      client.onConnect = () => {
        client.subscribe(`/topic/projects/${projectId}/warnings`, (m) => received.push(m), {
          receipt: 'sub',
        });
        client.watchForReceipt('sub', () => resolve());
      };
      client.activate();
    });
    const sent = Date.now();
    await publish(g, 'tp', [0.9], Date.now());
    await expect.poll(() => received.length).toBe(1);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      type: 'raised',
      warning: { gatewayIndicatorId: g.indicators.tp, value: '0.9', threshold: '> 0.5', unit: 'mg/L' },
    });
    await client.deactivate();
  });

  it('is handled with notes, one or many, and counted in the analysis', async () => {
    const [first, second] = (
      await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=2`, { token: admin })
    ).list;
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    await t.ok('POST', `/iot/groups/${projectId}/warnings/${first!.id}/handle`, {
      token: operator,
      body: { status: 'handling', note: '已通知现场' },
    });
    await t.ok('POST', `/iot/groups/${projectId}/warnings/handle`, {
      token: admin,
      body: { ids: [first!.id, second!.id], status: 'handled', note: '已更换探头' },
    });
    const detail = await t.ok<WarningDetail>('GET', `/iot/groups/${projectId}/warnings/${first!.id}`, {
      token: admin,
    });
    expect(detail.handleStatus).toBe('handled');
    expect(detail.handles.map((h) => [h.status, h.note, h.username, h.realname])).toEqual([
      ['handling', '已通知现场', DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.realname],
      ['handled', '已更换探头', DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.realname],
    ]);
    const noNote = await t.request('POST', `/iot/groups/${projectId}/warnings/${first!.id}/handle`, {
      token: admin,
      body: { status: 'handled', note: ' ' },
    });
    expect(noNote.body.message).toBe('note: 请填写处理说明');

    const analysis = await t.ok<WarningAnalysis>(
      'GET',
      `/iot/groups/${projectId}/warnings/analysis?startTime=${t0 - 86_400_000}&stopTime=${Date.now() + 3_600_000}`,
      { token: admin },
    );
    const all = await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=1000`, {
      token: admin,
    });
    expect(analysis.total).toBe(all.total);
    expect(analysis.byLevel.reduce((s, l) => s + l.count, 0)).toBe(all.total);
    expect(analysis.byHandleStatus.find((s) => s.handleStatus === 'handled')?.count).toBe(2);
    expect(analysis.byDay.map((d) => d.day)).toContain('2026-11-20');
    const kinds = new Map(analysis.byKind.map((k) => [k.kind, k.count]));
    for (const kind of ['above', 'outside', 'below', 'inside', 'equals', 'rate', 'offline'] as const)
      expect(kinds.get(kind)).toBe(all.list.filter((w) => w.kind === kind).length);
    // The two handled warnings: from their start to the batch handle, on average.
    const handled = (
      await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=1000&handleStatus=handled`, {
        token: admin,
      })
    ).list;
    const mean = handled.reduce((sum, w) => sum + (w.handledAt! - w.startedAt), 0) / handled.length;
    expect(analysis.meanHandleMs).toBe(Math.round(mean));
  });

  it('filters the list by kind and by a keyword on gateway or indicator', async () => {
    const list = (query: string) =>
      t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=1000&${query}`, { token: admin });
    const rates = await list('kind=rate');
    expect(rates.list.map((w) => w.gatewayIndicatorId)).toEqual([gw.indicators.level]);
    const byMetric = await list('keyword=PH');
    expect(byMetric.list.map((w) => w.gatewayIndicatorId)).toEqual([gw.indicators.ph]);
    const alias = (
      await t.server.platform.db
        .selectFrom('gateways')
        .select('alias')
        .where('id', '=', gw.id)
        .executeTakeFirstOrThrow()
    ).alias;
    const byGateway = await list(`keyword=${encodeURIComponent(alias)}`);
    expect(byGateway.total).toBe(7);
    expect((await list('keyword=100%25')).total).toBe(0);
  });

  it('refuses the operator the rule settings', async () => {
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    const refused = await t.request('POST', `/iot/groups/${projectId}/warningRules`, {
      token: operator,
      body: { gatewayIndicatorId: gw.indicators.cod, kind: 'above', high: 1 },
    });
    expect(refused.status).toBe(403);
  });
});
