import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WATER_QUALITY_TEMPLATES } from '@iot/contracts/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../app.js';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../seed.js';
import { seedDemoShare } from '../seed-sharing.js';
import { type BackfillReport, BackfillStopped, backfill, type HistorySink } from './backfill.js';
import { type CaptureAt, linkDemoCameras, snapshotDemoWarnings, stockDemoCameras } from './demo-cameras.js';
import { stockDemoEquipment } from './demo-equipment.js';
import { stockDemoEquipmentWork } from './demo-equipment-work.js';
import { stockDemoMalfunctions } from './demo-malfunctions.js';
import { runSimulation, type SimulatedGateway, type Simulation } from './devices.js';
import { localMidnight, WATER_PROFILES } from './profiles.js';
import { PlatformClient, provisionGateways } from './provision.js';
import { DEMO_SITES, type DemoSite, HANDLING_NOTES } from './sites.js';

const DAY_MS = 86_400_000;
/** Time between two backfilled readings: a month of 5-minute readings draws every chart range. */
export const BACKFILL_STEP_MS = 5 * 60_000;
/** How often the live demo devices publish. */
const LIVE_INTERVAL_MS = 10_000;

interface StoredGateway {
  site: string;
  serialNumber: string;
  secret: string;
  protocol: SimulatedGateway['protocol'];
  gatewayId: number;
  indicatorIds: Record<string, number>;
}

/** DATA_DIR/demo-devices.json: the demo's devices and how far its first-start set-up got. */
interface Stored {
  version: 2;
  projectId: number;
  gateways: StoredGateway[];
  /** Where the backfilled history ends; kept so a start interrupted during set-up redoes the same. */
  historyTo: number;
  /** Written once rules, history and handled warnings are in place. */
  setUp?: { at: number; backfill: BackfillReport };
}

/** Before issue 11: every site measured WATER_PROFILES, no history. Kept running as it was. */
interface LegacyStored {
  version?: undefined;
  gateways: { serialNumber: string; secret: string; protocol: SimulatedGateway['protocol'] }[];
}

export interface DemoOptions {
  baseUrl: string;
  mqttPort: number;
  dataDir: string;
  webClientSecret: string;
  log: FastifyBaseLogger;
  /** The server's storage path, warning engine and rollups, for the history. */
  sink: HistorySink;
  /** Days of history written on the first start (config DEMO_HISTORY_DAYS, 30). */
  historyDays: number;
  /** Live publishing interval (tests publish faster). */
  intervalMs?: number;
  /** Snapshots of the demo cameras for the latest warnings, at their time (demoCameraCapture). */
  capture?: CaptureAt;
}

export interface Demo {
  /** Settles once the devices run; on the first start after the history, rules and warnings are in place. */
  ready: Promise<{ backfill: BackfillReport | undefined }>;
  stop(): Promise<void>;
}

/** The server's public functions the history goes through. */
export function historySink(server: App): HistorySink {
  return {
    store: (points) => server.telemetry.store(points),
    evaluate: (points) => server.warnings.engine.evaluate(points),
    recomputeRollups: () => server.history.recomputeRollups(),
  };
}

/** The cameras service's capture with flag 'W', for the demo's warnings. */
export function demoCameraCapture(server: App): CaptureAt {
  return (projectId, cameraIds, at) => server.cameras.service.capture(projectId, cameraIds, 'W', at);
}

const siteNamed = (name: string): DemoSite => {
  const site = DEMO_SITES.find((s) => s.name === name);
  if (!site) throw new Error(`no demo site ${name}`);
  return site;
};

/**
 * With DEMO=1 the server plays the demo project's devices itself, so a fresh install shows the
 * product at once (docs/decisions/0037-demo-plant.md). On the first start it provisions one gateway
 * per site through its own API (as the demo project administrator) with the site's own
 * measurements (DEMO_SITES) and keeps their secrets in DATA_DIR/demo-devices.json (mode 0600);
 * then, while the server already answers, it creates the warning rules, writes `historyDays` of
 * history through the storage path (warnings raised by the engine as they happened), handles the
 * older warnings, and starts the live devices.
 */
export function startDemo(options: DemoOptions): Demo {
  let simulation: Simulation | undefined;
  let stopped = false;
  const ready = (async () => {
    const file = path.join(options.dataDir, 'demo-devices.json');
    const found = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Stored | LegacyStored)
      : undefined;
    if (found && found.version === undefined) {
      simulation = await runLegacy(found, options);
      return { backfill: undefined };
    }
    const client = new PlatformClient(options.baseUrl, options.webClientSecret);
    await client.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
    let stored = found ?? (await provision(client, options.log));
    if (!stored) return { backfill: undefined };
    await stockDemoFirm(options);
    const save = (value: Stored) => writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 });
    if (!found) save(stored);
    let report: BackfillReport | undefined;
    if (!stored.setUp) {
      try {
        report = await setUp(client, stored, options, () => stopped);
      } catch (error) {
        // Shut down during the set-up: the next start does it again, from where it is idempotent.
        if (error instanceof BackfillStopped) return { backfill: undefined };
        throw error;
      }
      stored = { ...stored, setUp: { at: Date.now(), backfill: report } };
      save(stored);
    }
    if (stopped) return { backfill: report };
    await stockDemoEquipment(client, stored.projectId, stored.gateways, options.log);
    await stockDemoMalfunctions(client, stored.projectId, options.log);
    await stockDemoCameras(client, stored.projectId, options.log);
    // The field work is the operator's; the acceptance check the administrator's (decision 0050).
    const operator = new PlatformClient(options.baseUrl, options.webClientSecret);
    await operator.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password);
    await stockDemoEquipmentWork(client, operator, stored.projectId, options.log);
    simulation = await runSimulation(
      stored.gateways.map((g) => ({
        serialNumber: g.serialNumber,
        secret: g.secret,
        protocol: g.protocol,
        profiles: siteNamed(g.site).profiles,
        gatewayId: g.gatewayId,
        indicatorIds: g.indicatorIds,
        demo: { state: {} },
      })),
      {
        mqttUrl: `mqtt://127.0.0.1:${options.mqttPort}`,
        intervalMs: options.intervalMs ?? LIVE_INTERVAL_MS,
        onError: (serialNumber, error) => options.log.warn({ serialNumber, err: error }, 'demo device error'),
      },
    );
    return { backfill: report };
  })();
  return {
    ready,
    async stop() {
      stopped = true;
      await ready.catch(() => undefined);
      await simulation?.stop();
    },
  };
}

/** Gateways the demo firm keeps in stock, made unbound through its own API (decision 0045). */
export const DEMO_FIRM_STOCK = 6;

/**
 * The demo firm's warehouse: six gateways made and not yet bound to a project, so 我的网关厂商 and the
 * firm's 网关管理 show what a firm holds. Only while the firm has no gateway at all (a firm that made
 * or deleted its own is left alone); a failure is logged, never stops the demo.
 */
async function stockDemoFirm(options: DemoOptions): Promise<void> {
  try {
    const firm = new PlatformClient(options.baseUrl, options.webClientSecret);
    await firm.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password);
    const [mine] = (
      await firm.call<{ list: { id: number; identificationCode: string }[] }>(
        'GET',
        '/iot/gatewayFirms/byCurUser?size=1',
      )
    ).list;
    if (!mine) return;
    const base = `/iot/gatewayFirms/${mine.id}/gateways`;
    if ((await firm.call<{ total: number }>('GET', `${base}?size=1`)).total > 0) return;
    for (let n = 1; n <= DEMO_FIRM_STOCK; n++)
      await firm.call('POST', base, {
        serialNumber: `${mine.identificationCode}-2026-${String(n).padStart(4, '0')}`,
        alias: `出厂网关${String(n).padStart(2, '0')}`,
        batchOrContract: '2026年第一批',
      });
    options.log.info({ gateways: DEMO_FIRM_STOCK }, 'demo firm stocked');
  } catch (error) {
    options.log.warn({ err: error }, 'demo firm stock not made');
  }
}

/** One gateway per site of the demo project, with that site's points. */
async function provision(client: PlatformClient, log: FastifyBaseLogger): Promise<Stored | undefined> {
  const projects = await client.call<{ list: { id: number; name: string }[] }>(
    'GET',
    '/iot/projects/byCurUser?size=100',
  );
  const project = projects.list.find((p) => p.name === DEMO_PROJECT_NAME);
  if (!project) return undefined;
  const tree = await client.call<{ children: { children: { id: number; name: string }[] }[] }>(
    'GET',
    `/iot/groups/${project.id}/tree`,
  );
  const sites = tree.children
    .flatMap((area) => area.children)
    .flatMap((group) => {
      const site = DEMO_SITES.find((s) => s.name === group.name);
      return site ? [{ group, site }] : [];
    });
  const devices = await provisionGateways(
    client,
    project.id,
    sites.map(({ group, site }) => ({
      alias: `${site.name}网关`,
      groupId: group.id,
      protocol: site.protocol,
      profiles: site.profiles,
    })),
    [],
  );
  log.info({ gateways: devices.length }, 'demo devices provisioned');
  if (devices[0]?.gatewayId) await seedDemoShare(client, project.id, devices[0].gatewayId);
  return {
    version: 2,
    projectId: project.id,
    gateways: devices.map((d, i) => ({
      site: sites[i]!.site.name,
      serialNumber: d.serialNumber,
      secret: d.secret,
      protocol: d.protocol,
      gatewayId: d.gatewayId!,
      indicatorIds: d.indicatorIds!,
    })),
    historyTo: Date.now(),
  };
}

/**
 * The first start's set-up, each step safe to repeat: the GB 18918 template on the effluent
 * gateways and an offline rule on every gateway (through the warnings API, as an administrator
 * would), the history, then the older warnings handled the way operators would have.
 */
async function setUp(
  client: PlatformClient,
  stored: Stored,
  options: DemoOptions,
  stopping: () => boolean,
): Promise<BackfillReport> {
  const base = `/iot/groups/${stored.projectId}`;
  const effluent = stored.gateways.filter((g) => siteNamed(g.site).role === 'effluent');
  await client.call('POST', `${base}/warningTemplates/waterQuality/apply`, {
    gatewayIds: effluent.map((g) => g.gatewayId),
    keys: WATER_QUALITY_TEMPLATES.map((t) => t.key),
    level: 2,
  });
  const rules = await client.call<{ list: { kind: string }[] }>('GET', `${base}/warningRules?size=1000`);
  if (!rules.list.some((r) => r.kind === 'offline')) {
    await client.call('POST', `${base}/warningRules/batch`, {
      gatewayIds: stored.gateways.map((g) => g.gatewayId),
      name: '网关离线',
      kind: 'offline',
      level: 3,
      offlineMinutes: 10,
    });
  }
  // The sites' cameras on their gateways' rules, without 自动抓拍 while the history is written.
  await linkDemoCameras(client, stored.projectId, stored.gateways, false);

  options.log.info({ days: options.historyDays }, 'demo history: writing');
  const report = await backfill(
    stored.gateways.map((g) => ({ site: siteNamed(g.site), indicatorIds: g.indicatorIds })),
    options.sink,
    { to: stored.historyTo, days: options.historyDays, stepMs: BACKFILL_STEP_MS, stopping },
  );
  options.log.info(report, 'demo history: written');

  const warnings = await client.call<{
    list: { id: number; metric: string | null; startedAt: number; handleStatus: string }[];
  }>('GET', `${base}/warnings?size=1000&handleStatus=unhandled`);
  const byNote = new Map<string, { status: 'handling' | 'handled'; ids: number[] }>();
  const midnight = localMidnight(report.to);
  for (const w of warnings.list) {
    // Local days ago: 1 is yesterday. Yesterday's and the day before's stay open for the operator.
    const daysAgo = Math.ceil((midnight - w.startedAt) / DAY_MS);
    if (daysAgo <= 2 || w.metric === null) continue;
    const [status, note] =
      daysAgo === 3
        ? (['handling', '已安排运维人员现场核查'] as const)
        : (['handled', HANDLING_NOTES[w.metric] ?? '已现场核查处理'] as const);
    const entry = byNote.get(note) ?? { status, ids: [] };
    entry.ids.push(w.id);
    byNote.set(note, entry);
  }
  for (const [note, { status, ids }] of byNote)
    await client.call('POST', `${base}/warnings/handle`, { ids, status, note });
  await workOrderFromWarning(client, base, byNote.get('已安排运维人员现场核查')?.ids[0]);
  await pictureDemoWarnings(client, stored, options);
  return report;
}

/**
 * The latest warnings with cameras get their pictures, then the rules capture by themselves (自动抓拍)
 * — only where pictures can be taken (ffmpeg), or every live warning would log a failed capture.
 */
async function pictureDemoWarnings(client: PlatformClient, stored: Stored, options: DemoOptions) {
  try {
    const taken = options.capture
      ? await snapshotDemoWarnings(client, stored.projectId, options.capture, options.log)
      : 0;
    if (taken > 0) await linkDemoCameras(client, stored.projectId, stored.gateways, true);
    options.log.info({ warnings: taken }, 'demo warning snapshots taken');
  } catch (error) {
    options.log.warn({ err: error }, 'demo warning snapshots not taken');
  }
}

/**
 * 转工单 on a warning being checked on site, as the administrator would: the order made from it
 * and given to the demo operator, who has started (decision 0054). Skipped when it exists already.
 */
async function workOrderFromWarning(client: PlatformClient, base: string, warningId: number | undefined) {
  if (warningId === undefined) return;
  const existing = await client.call<unknown[]>(
    'GET',
    `${base}/workOrders/ofWarnings?warningIds=${warningId}`,
  );
  if (existing.length > 0) return;
  const people = await client.call<{ id: number; username: string }[]>(
    'GET',
    `${base}/workOrders/assigneeOptions`,
  );
  const operator = people.find((p) => p.username === DEMO_ACCOUNTS.operator.username);
  const order = await client.call<{ id: number }>('POST', `${base}/workOrders/fromWarning/${warningId}`, {
    priority: 2,
    description: '已安排运维人员现场核查',
  });
  if (operator)
    await client.call('PUT', `${base}/workOrders/${order.id}/allocate`, {
      assigneeIds: [operator.id],
      note: '请到现场核查仪表与工艺',
    });
}

async function runLegacy(stored: LegacyStored, options: DemoOptions): Promise<Simulation> {
  return runSimulation(
    stored.gateways.map((g) => ({ ...g, profiles: WATER_PROFILES })),
    {
      mqttUrl: `mqtt://127.0.0.1:${options.mqttPort}`,
      intervalMs: options.intervalMs ?? LIVE_INTERVAL_MS,
      onError: (serialNumber, error) => options.log.warn({ serialNumber, err: error }, 'demo device error'),
    },
  );
}
