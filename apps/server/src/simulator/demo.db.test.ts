import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Equipment } from '@iot/contracts/equipment';
import type { Malfunction } from '@iot/contracts/malfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.js';
import { DEMO_ACCOUNTS } from '../seed.js';
import { startServer, type TestServer } from '../test/server.js';
import type { BackfillReport } from './backfill.js';
import { BACKFILL_STEP_MS, DEMO_FIRM_STOCK, type Demo, historySink, startDemo } from './demo.js';
import { DEMO_EQUIPMENT } from './demo-equipment.js';
import { localHour, localMidnight } from './profiles.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TestServer;
let demo: Demo;
let report: BackfillReport;
let admin: string;
let operator: string;
let projectId: number;
let gateways: Map<string, number>;
/** Requests answered while the history was written, and the slowest of them (ms). */
const during = { answered: 0, slowest: 0, wallMs: 0, loopMaxMs: 0 };

beforeAll(async () => {
  // The real default: a month of history.
  t = await startServer();
  const started = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  demo = startDemo({
    baseUrl: t.baseUrl,
    mqttPort: t.server.telemetry.mqttPort,
    dataDir: t.config.dataDir,
    webClientSecret: t.config.webClientSecret,
    log: t.server.app.log,
    sink: historySink(t.server),
    historyDays: t.config.demoHistoryDays,
    intervalMs: 1000,
  });
  let done = false;
  const ready = demo.ready.finally(() => {
    done = true;
  });
  // The first page while the history fills: the server keeps answering.
  while (!done) {
    const before = performance.now();
    const answer = await t.request('GET', '/iot/system/info');
    expect(answer.status).toBe(200);
    if (!done) {
      during.answered += 1;
      during.slowest = Math.max(during.slowest, performance.now() - before);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  report = (await ready).backfill!;
  during.wallMs = Math.round(performance.now() - started);
  loop.disable();
  during.loopMaxMs = Math.round(loop.max / 1e6);
  process.stdout.write(
    `demo first start (${process.env.TEST_DB ?? 'sqlite'}): ${report.points} points in ${report.storeMs} ms, ` +
      `${report.rollupHours} hour rollups in ${report.rollupMs} ms, set-up ${during.wallMs} ms; ` +
      `${during.answered} requests answered meanwhile, slowest ${Math.round(during.slowest)} ms, ` +
      `event loop held at most ${during.loopMaxMs} ms\n`,
  );
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  projectId = t.server.seeded.demoProjectId!;
  const list = await t.ok<{ list: { id: number; alias: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/gateways?size=100`,
    { token: admin },
  );
  gateways = new Map(list.list.map((g) => [g.alias, g.id]));
}, 240_000);

afterAll(async () => {
  await demo?.stop();
  await t?.close();
});

/** Hourly buckets (from rollups) of one gateway's metric over the whole history, as the operator reads them. */
async function hourly(alias: string, metric: string) {
  const chart = await t.ok<{ series: { points: { ts: number; avg: number; count: number }[] }[] }>(
    'POST',
    '/data-server/api/v2/gateways/chart',
    {
      token: operator,
      body: {
        gatewayIds: [gateways.get(alias)],
        metrics: [metric],
        startTime: report.from,
        stopTime: report.to,
        buckets: (report.to - report.from) / HOUR,
      },
    },
  );
  return chart.series[0]?.points ?? [];
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('the demo on a fresh install', () => {
  it('writes the default month of history while the server answers', () => {
    expect(loadConfig({}).demoHistoryDays).toBe(30);
    expect(report.to - report.from).toBe(30 * DAY);
    // Six sites, 33 points, every 5 minutes.
    expect(report.points).toBe(33 * ((30 * DAY) / BACKFILL_STEP_MS));
    // Requests every 50 ms were answered all along (several seconds of set-up), none held for long.
    expect(during.answered).toBeGreaterThan(5);
    expect(during.slowest).toBeLessThan(2000);
  });

  it('gives every site a month of hourly rollups with a daily cycle, influent worse than effluent', async () => {
    expect([...gateways.keys()].sort()).toEqual(
      ['AAO生化池网关', '二沉池网关', '在线监测站网关', '格栅间网关', '消毒池网关', '进水泵房网关'].sort(),
    );
    const firstMetric: Record<string, string> = {
      格栅间网关: 'cod',
      进水泵房网关: 'flow',
      AAO生化池网关: 'mlss',
      二沉池网关: 'turbidity',
      消毒池网关: 'flow',
      在线监测站网关: 'cod',
    };
    for (const [alias, metric] of Object.entries(firstMetric)) {
      const points = await hourly(alias, metric);
      expect(points.length, alias).toBeGreaterThanOrEqual(30 * 24 - 1);
      expect(points[0]!.ts).toBeLessThanOrEqual(report.from + HOUR);
      // 12 readings in each hour: every hour comes from the rollups of 5-minute readings.
      expect(points.filter((p) => p.count === 12).length).toBeGreaterThanOrEqual(30 * 24 - 2);
    }
    // Flow follows the day: mornings far above the small hours, on a 24 h period (not minutes).
    const flow = await hourly('进水泵房网关', 'flow');
    const at = (from: number, to: number) =>
      mean(flow.filter((p) => localHour(p.ts) >= from && localHour(p.ts) < to).map((p) => p.avg));
    expect(at(8, 12)).toBeGreaterThan(at(20, 24) * 1.2);
    expect(at(8, 12)).toBeGreaterThan(at(0, 4) * 1.4);
    // Raw sewage in, treated water out.
    const influent = mean((await hourly('格栅间网关', 'cod')).map((p) => p.avg));
    const effluent = mean((await hourly('在线监测站网关', 'cod')).map((p) => p.avg));
    expect(influent).toBeGreaterThan(200);
    expect(effluent).toBeLessThan(40);
    const outflow = mean((await hourly('消毒池网关', 'flow')).map((p) => p.avg));
    expect(outflow).toBeGreaterThan(600);
    expect(outflow).toBeLessThan(1100);
  });

  it('answers 最近30天 daily statistics from the month, the excursions in their days', async () => {
    const midnight = localMidnight(report.to);
    const statistics = await t.ok<{
      series: { points: { ts: number; max: number; maxTs: number; count: number }[] }[];
    }>('POST', '/data-server/api/v2/gateways/periodStatistics', {
      token: operator,
      body: {
        gatewayIds: [gateways.get('在线监测站网关')],
        metrics: ['nh3n'],
        startTime: midnight - 29 * DAY,
        stopTime: midnight,
        period: 'day',
      },
    });
    const days = statistics.series[0]!.points;
    expect(days).toHaveLength(29);
    expect(days.every((d) => d.count === 288)).toBe(true);
    // Yesterday's and 20 days ago's ammonia excursions, dated at their samples.
    const high = days.filter((d) => d.max > 5);
    expect(high.map((d) => Math.round((midnight - d.ts) / DAY)).sort((a, b) => a - b)).toEqual([1, 20]);
    for (const d of high) expect(localHour(d.maxTs)).toBeGreaterThan(14);
  });

  it('has the water-quality template on the effluent gateways only, and an offline rule', async () => {
    const rules = await t.ok<{ list: { gatewayAlias: string; kind: string; metric: string | null }[] }>(
      'GET',
      `/iot/groups/${projectId}/warningRules?size=1000`,
      { token: admin },
    );
    const template = rules.list.filter((r) => r.kind !== 'offline');
    expect(new Set(template.map((r) => r.gatewayAlias))).toEqual(new Set(['消毒池网关', '在线监测站网关']));
    expect(template.map((r) => `${r.gatewayAlias}/${r.metric}`).sort()).toEqual(
      [
        '在线监测站网关/cod',
        '在线监测站网关/nh3n',
        '在线监测站网关/ph',
        '在线监测站网关/tn',
        '在线监测站网关/tp',
        '消毒池网关/atcc',
        '消毒池网关/ph',
        '消毒池网关/ss',
      ].sort(),
    );
    expect(rules.list.filter((r) => r.kind === 'offline')).toHaveLength(6);
  });

  it('has warnings raised by the history: recent ones open, older ones handled', async () => {
    const warnings = await t.ok<{
      list: {
        gatewayAlias: string;
        metric: string;
        startedAt: number;
        releasedAt: number | null;
        handleStatus: string;
        handledBy: string | null;
      }[];
    }>('GET', `/iot/groups/${projectId}/warnings?size=100`, { token: operator });
    const by = (status: string) => warnings.list.filter((w) => w.handleStatus === status);
    expect(by('unhandled').length).toBeGreaterThanOrEqual(2);
    expect(by('handling').length).toBeGreaterThanOrEqual(1);
    // What the operators wrote stays with the warning.
    const handled = by('handled')[0]!;
    expect(handled.handledBy).toBeTruthy();
    expect(by('handled').length).toBeGreaterThanOrEqual(5);
    // Yesterday's ammonia excursion at the monitoring station: raised, released, still open.
    const nh3n = warnings.list.find(
      (w) => w.metric === 'nh3n' && report.to - w.startedAt < 2 * DAY && w.handleStatus === 'unhandled',
    );
    expect(nh3n?.gatewayAlias).toBe('在线监测站网关');
    expect(nh3n?.releasedAt).toBeGreaterThan(nh3n!.startedAt);
    // Nothing on the influent: the template covers effluent only.
    expect(warnings.list.some((w) => w.gatewayAlias === '格栅间网关')).toBe(false);
    // The warning being checked on site became a work order, given to the operator.
    const fromWarning = await t.ok<{
      list: { source: string; status: number; assignees: { realname: string }[] }[];
    }>('GET', `/iot/groups/${projectId}/workOrders?source=warning`, { token: operator });
    expect(fromWarning.list).toHaveLength(1);
    expect(fromWarning.list[0]).toMatchObject({
      status: 6,
      assignees: [{ realname: DEMO_ACCOUNTS.operator.realname }],
    });
  });

  it('has writable points the simulated devices carry out (native and ThingsBoard)', async () => {
    const writable = async (alias: string) => {
      const points = await t.ok<{ list: { dataIdentification: string; ioType: string }[] }>(
        'GET',
        `/iot/groups/${projectId}/gateways/${gateways.get(alias)}/indicators?size=100`,
        { token: admin },
      );
      return points.list.filter((p) => p.ioType === 'rw').map((p) => p.dataIdentification);
    };
    expect(await writable('进水泵房网关')).toEqual(['pump']);
    expect(await writable('AAO生化池网关')).toEqual(['doSet']);

    const last = async (alias: string) => {
      const id = gateways.get(alias)!;
      const values = await t.ok<Record<string, Record<string, { value: number }>>>(
        'POST',
        '/data-server/api/v2/gateways/lastMetrics',
        { token: operator, body: { gatewayIds: [id] } },
      );
      return values[id] ?? {};
    };
    const control = async (alias: string, metric: string, value: number | boolean) => {
      const id = gateways.get(alias)!;
      // Answered with 20100: sent, waiting for the device.
      const sent = await t.request<{ id: number }>('POST', `/data-server/api/v2/gateways/${id}/control`, {
        token: admin,
        body: { metric, value },
      });
      expect(sent.body.code).toBe(20100);
      const record = sent.body.data;
      await expect
        .poll(
          async () => {
            const records = await t.ok<{ list: { id: number; status: number }[] }>(
              'GET',
              `/data-server/api/v2/gateways/${id}/instructionRecords?size=10`,
              { token: admin },
            );
            return records.list.find((r) => r.id === record.id)?.status;
          },
          { timeout: 10_000 },
        )
        .toBe(20000);
    };

    // The DO setpoint (native device): the setpoint reads the new value, DO moves towards it.
    await control('AAO生化池网关', 'doSet', 3.5);
    await expect.poll(async () => (await last('AAO生化池网关')).doSet?.value, { timeout: 10_000 }).toBe(3.5);
    await expect
      .poll(async () => (await last('AAO生化池网关')).do?.value ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(2.8);

    // The lift pump (ThingsBoard device): stopped, it reads 0 and draws no current.
    await control('进水泵房网关', 'pump', false);
    await expect.poll(async () => (await last('进水泵房网关')).pump?.value, { timeout: 10_000 }).toBe(0);
    expect((await last('进水泵房网关')).current?.value).toBe(0);
    await control('进水泵房网关', 'pump', true);
    await expect.poll(async () => (await last('进水泵房网关')).pump?.value, { timeout: 10_000 }).toBe(1);
  });

  it('stocks the demo firm with gateways not yet bound, for 我的网关厂商 and the firm’s 网关管理', async () => {
    const firm = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
    const mine = await t.ok<{ list: { gateways: number; boundGateways: number; roleName: string }[] }>(
      'GET',
      '/iot/gatewayFirms/byCurUser',
      { token: firm },
    );
    expect(mine.list).toEqual([
      expect.objectContaining({ gateways: DEMO_FIRM_STOCK, boundGateways: 0, roleName: '厂商管理员' }),
    ]);
  });

  it('has equipment bound to the simulated signals, with run hours counted from the history', async () => {
    const ledger = await t.ok<{ list: Equipment[]; total: number }>(
      'GET',
      `/iot/groups/${projectId}/equipment?size=100`,
      { token: operator },
    );
    expect(ledger.total).toBe(DEMO_EQUIPMENT.length);
    const pump = ledger.list.find((e) => e.code === 'TS-01')!;
    expect(pump.bindings.map((b) => b.role)).toEqual(['run', 'current', 'flow']);
    expect(pump.groupName).toBe('进水泵房');
    expect(ledger.list.find((e) => e.code === 'TS-02')!.status).toBe('maintenance');
    await t.server.equipment.accountRunHours();
    const rake = await t.ok<Equipment>(
      'GET',
      `/iot/groups/${projectId}/equipment/${ledger.list.find((e) => e.code === 'GS-01')!.id}`,
      { token: operator },
    );
    // 12 minutes an hour over the month: about a fifth of the time, many starts a day.
    expect(rake.run!.totalMs).toBeGreaterThan(20 * 24 * HOUR * 0.15);
    expect(rake.run!.starts).toBeGreaterThan(20 * 24);
  });

  it('has one closed and one open malfunction on the demo equipment', async () => {
    const records = await t.ok<{ list: Malfunction[] }>('GET', `/iot/groups/${projectId}/malfunctions`, {
      token: operator,
    });
    expect(records.list.map((m) => [m.equipmentCode, m.endedAt === null])).toEqual([
      ['GF-01', true],
      ['TS-02', false],
    ]);
  });

  it("has work orders on the demo equipment: the pump's done and accepted, the blower's open", async () => {
    const ledger = await t.ok<{ list: Equipment[] }>('GET', `/iot/groups/${projectId}/equipment?size=100`, {
      token: operator,
    });
    const idOf = (code: string) => ledger.list.find((e) => e.code === code)!.id;
    const orders = (q: string) =>
      t.ok<{ list: { title: string; status: number }[] }>('GET', `/iot/groups/${projectId}/workOrders?${q}`, {
        token: operator,
      });
    expect((await orders(`equipmentId=${idOf('TS-02')}`)).list.map((o) => [o.title, o.status])).toEqual([
      ['2号提升泵机械密封更换', 11],
    ]);
    const records = await t.ok<{ total: number }>(
      'GET',
      `/iot/groups/${projectId}/maintenanceRecords?equipmentId=${idOf('TS-02')}`,
      { token: operator },
    );
    expect(records.total).toBe(1);
    expect((await orders(`equipmentId=${idOf('GF-01')}&open=true`)).list).toHaveLength(1);
  });
});

describe('a first start stopped during the set-up', () => {
  it('does the set-up again on the next start, without doubling rules or warnings', async () => {
    const s = await startServer();
    try {
      const options = {
        baseUrl: s.baseUrl,
        mqttPort: s.server.telemetry.mqttPort,
        dataDir: s.config.dataDir,
        webClientSecret: s.config.webClientSecret,
        log: s.server.app.log,
        historyDays: 10,
        intervalMs: 1000,
      };
      const sink = historySink(s.server);
      let stopping: Promise<void> | undefined;
      const first: Demo = startDemo({
        ...options,
        sink: {
          ...sink,
          // Shut down once the history has begun.
          store: async (points) => {
            await sink.store(points);
            stopping ??= first.stop();
          },
        },
      });
      expect((await first.ready).backfill).toBeUndefined();
      await stopping;
      const stored = JSON.parse(readFileSync(path.join(s.config.dataDir, 'demo-devices.json'), 'utf8'));
      expect(stored.setUp).toBeUndefined();

      const second = startDemo({ ...options, sink });
      const again = (await second.ready).backfill!;
      await second.stop();
      expect(again.to).toBe(stored.historyTo - (stored.historyTo % BACKFILL_STEP_MS));
      const token = (await s.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
        .access;
      const project = s.server.seeded.demoProjectId!;
      const rules = await s.ok<{ total: number }>('GET', `/iot/groups/${project}/warningRules?size=1`, {
        token,
      });
      expect(rules.total).toBe(8 + 6);
      const warnings = await s.ok<{ list: { metric: string; handleStatus: string }[] }>(
        'GET',
        `/iot/groups/${project}/warnings?size=100`,
        { token },
      );
      // The scripted excursions of the last ten days, once each: nh3n, ss, cod, tp, tn.
      expect(warnings.list.map((w) => w.metric).sort()).toEqual(['cod', 'nh3n', 'ss', 'tn', 'tp']);
      expect(warnings.list.filter((w) => w.handleStatus === 'handled')).toHaveLength(2);
      // The firm's stock is made once, not again on the second start.
      const firm = (await s.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
      const [mine] = (
        await s.ok<{ list: { gateways: number }[] }>('GET', '/iot/gatewayFirms/byCurUser', { token: firm })
      ).list;
      expect(mine!.gateways).toBe(DEMO_FIRM_STOCK);
    } finally {
      await s.close();
    }
  }, 120_000);
});
