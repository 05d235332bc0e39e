// Telemetry benchmarks (issue 4): MQTT ingest rate with QoS 1 and no loss, against a plain batched
// SQLite insert of the same rows (the ceiling), and the chart query over a year of minutes and
// over ten million 1-second points, from raw points and from hourly rollups. Prints figures and
// ratios; never fails on slowness.
//
// The server runs in this process from apps/server/dist (npm run build first); the MQTT devices
// run in a worker thread. Sizes: BENCH_SECONDS (ingest run length, default 60),
// BENCH_GATEWAYS (default 100), BENCH_INFLIGHT (QoS 1 messages in flight per device, default 8),
// BENCH_BIG_POINTS (default 10000000).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/server/dist');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 100);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 8);
const BIG = Number(process.env.BENCH_BIG_POINTS ?? 10_000_000);
/** `ingest` or `chart` runs only that part (profiling); the figure table needs both. */
const ONLY = process.env.BENCH_ONLY;
const YEAR_MINUTES = 525_600;

const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Synthetic float indicators k0…k{n-1}. */
function profiles(n) {
  return Array.from({ length: n }, (_, i) => ({
    key: `k${i}`,
    name: `bench-${n}-${i}`,
    unit: '',
    type: 'float',
    decimals: 2,
    base: 10,
    amplitude: 1,
    peakHour: 0,
    noise: 0.1,
    min: 0,
    max: 100,
    excursionChance: 0,
    excursion: 1,
  }));
}

async function startServer() {
  const { buildApp } = await load('app.js');
  const { loadConfig } = await load('platform/config.js');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'iot-bench-telemetry-'));
  const config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    mqttPort: 0,
    mqttPortFixed: true,
    dataDir,
    databaseUrl: undefined,
    adminPassword: 'Admin@2026',
    tokenRateLimitPerMinute: 1_000_000,
    // The rollup job runs when the benchmark says, so raw and rolled-up reads are timed apart.
    rollupIntervalSeconds: 0,
    logLevel: 'warn',
    webDist: path.join(dataDir, 'no-web'),
  };
  const server = await buildApp(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address();
  return { server, baseUrl: `http://127.0.0.1:${port}`, dataDir };
}

/** Runs the devices in a worker: each publishes {ts, values} with QoS 1, INFLIGHT at a time. */
function runDevices(devices, mqttUrl, seconds) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { devices, mqttUrl, seconds, inflight: INFLIGHT },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** A warning rule on each of the devices' gateway indicators, one that the values never break. */
async function addRules(admin, ctx, projectId, devices) {
  const ids = (
    await ctx.server.platform.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
      .select('gi.id')
      .where(
        'g.serial_number',
        'in',
        devices.map((d) => d.serialNumber),
      )
      .execute()
  ).map((row) => row.id);
  for (let i = 0; i < ids.length; i += 500) {
    await admin.call('POST', `/iot/groups/${projectId}/warningRules/batch`, {
      gatewayIndicatorIds: ids.slice(i, i + 500),
      kind: 'above',
      high: 1e12,
    });
  }
  return ids.length;
}

async function ingestRun(ctx, pointsPerMessage, { rules = false } = {}) {
  const { PlatformClient, provisionGateways } = await load('simulator/provision.js');
  const admin = new PlatformClient(ctx.baseUrl);
  await admin.login('admin', 'Admin@2026');
  const projectId = ctx.server.seeded.demoProjectId;
  await admin.call('PUT', `/iot/projects/${projectId}/terms`, { accessGatewayIndicatorMaxNum: -1 });
  const devices = await provisionGateways(
    admin,
    projectId,
    Array.from({ length: GATEWAYS }, (_, i) => ({
      alias: `bench-${pointsPerMessage}${rules ? 'r' : ''}-${i}`,
      protocol: 'native',
    })),
    profiles(pointsPerMessage),
  );
  if (rules) await addRules(admin, ctx, projectId, devices);
  const db = ctx.server.platform.db;
  const before = Number(
    (
      await db
        .selectFrom('telemetry')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    ).n,
  );
  const result = await runDevices(
    devices.map((d) => ({
      serialNumber: d.serialNumber,
      secret: d.secret,
      keys: d.profiles.map((p) => p.key),
    })),
    `mqtt://127.0.0.1:${ctx.server.telemetry.mqttPort}`,
    SECONDS,
  );
  const after = Number(
    (
      await db
        .selectFrom('telemetry')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    ).n,
  );
  return {
    pointsPerMessage,
    rules,
    messagesPerSecond: result.acked / result.seconds,
    pointsPerSecond: (result.acked * pointsPerMessage) / result.seconds,
    acked: result.acked,
    stored: after - before,
    expected: result.acked * pointsPerMessage,
    latency: result.latency,
  };
}

/** The ceiling: the same rows inserted by better-sqlite3 directly, in batches of 5,000 per transaction. */
async function sqliteCeiling(rows) {
  const { default: Database } = await import('better-sqlite3');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'iot-bench-ceiling-'));
  const db = new Database(path.join(dir, 'c.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(
    'create table telemetry (gateway_indicator_id integer not null, ts integer not null, num_value real, text_value text, primary key (gateway_indicator_id, ts)) without rowid',
  );
  const insert = db.prepare('insert into telemetry values (?, ?, ?, null)');
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++) insert.run(i % 1000, 1_700_000_000_000 + Math.floor(i / 1000), i % 97);
  });
  const started = performance.now();
  for (let i = 0; i < rows; i += 5000) batch(i, Math.min(rows, i + 5000));
  const seconds = (performance.now() - started) / 1000;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return rows / seconds;
}

/**
 * Writes `count` points of one series straight into the server's SQLite file, `intervalMs` apart,
 * ending before the current hour (rollups cover closed hours).
 */
async function seedSeries(dataDir, gatewayIndicatorId, count, intervalMs) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'iot.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare('insert into telemetry values (?, ?, ?, null)');
  const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - count * intervalMs;
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++)
      insert.run(
        gatewayIndicatorId,
        start + i * intervalMs,
        20 + 10 * Math.sin(i / 720) + (i % 10007 === 0 ? 500 : 0),
      );
  });
  for (let i = 0; i < count; i += 50_000) batch(i, Math.min(count, i + 50_000));
  // As a write through the server would: every hour touched is marked for the rollup job.
  db.prepare(
    `insert into telemetry_dirty_hours (gateway_indicator_id, hour, version)
     select distinct gateway_indicator_id, ts - (ts % 3600000), 0 from telemetry where gateway_indicator_id = ?
     on conflict do nothing`,
  ).run(gatewayIndicatorId);
  db.close();
  return { start, stop: start + count * intervalMs };
}

async function chartRun(ctx, label, count, intervalMs) {
  const { PlatformClient, provisionGateways } = await load('simulator/provision.js');
  const admin = new PlatformClient(ctx.baseUrl);
  await admin.login('admin', 'Admin@2026');
  const projectId = ctx.server.seeded.demoProjectId;
  const [device] = await provisionGateways(
    admin,
    projectId,
    [{ alias: `chart-${label}`, protocol: 'native' }],
    profiles(1).map((p) => ({ ...p, name: `chart-${label}` })),
  );
  const gateway = await ctx.server.platform.db
    .selectFrom('gateways as g')
    .innerJoin('gateway_indicators as gi', 'gi.gateway_id', 'g.id')
    .select(['g.id', 'gi.id as giId'])
    .where('g.serial_number', '=', device.serialNumber)
    .executeTakeFirstOrThrow();
  const seeded = performance.now();
  const range = await seedSeries(ctx.dataDir, gateway.giId, count, intervalMs);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const query = () =>
    admin.call('POST', '/data-server/api/v2/gateways/chart', {
      gatewayIds: [gateway.id],
      startTime: range.start,
      stopTime: range.stop,
      buckets: 1000,
    });
  const time = async (runs, warm) => {
    const times = [];
    let buckets = 0;
    for (let i = 0; i < runs + warm; i++) {
      const started = performance.now();
      const answer = await query();
      if (i >= warm) times.push(performance.now() - started);
      buckets = answer.series[0].points.length;
    }
    times.sort((a, b) => a - b);
    return { buckets, p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  // Before the rollup job has run the chart reads raw points (the fallback), then rollups.
  const raw = await time(3, 0);
  const rolling = performance.now();
  const hours = await ctx.server.history.recomputeRollups();
  const rollupSeconds = (performance.now() - rolling) / 1000;
  const rolled = await time(20, 2);
  return { label, count, seedSeconds, hours, rollupSeconds, raw, ...rolled };
}

async function main() {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.split(' ')[0] ?? '?'}), Node ${process.version}`;
  console.log(`Telemetry benchmark — ${machine}`);
  console.log(`ingest: ${GATEWAYS} MQTT devices, QoS 1, ${INFLIGHT} in flight each, ${SECONDS} s per run\n`);
  const ctx = await startServer();
  try {
    if (ONLY === 'chart') {
      for (const c of [
        await chartRun(ctx, 'year', YEAR_MINUTES, 60_000),
        await chartRun(ctx, 'big', BIG, 1000),
      ])
        console.log(
          `chart, ${fmt(c.count)} points: p50 ${fmt(c.p50, 1)} ms from rollups, ${fmt(c.raw.p50, 1)} ms raw`,
        );
      return;
    }
    const runs = [];
    const plans = [
      [3, false],
      [20, false],
      [3, true],
    ].filter(([n]) => ONLY !== 'ingest' || n === 3);
    for (const [n, rules] of plans) {
      const r = await ingestRun(ctx, n, { rules });
      runs.push(r);
      console.log(
        `${n} points/message${rules ? ', a warning rule on every indicator' : ''}: ${fmt(r.messagesPerSecond)} msg/s = ${fmt(r.pointsPerSecond)} points/s; ` +
          `acked points ${fmt(r.expected)}, stored ${fmt(r.stored)} (${r.stored === r.expected ? 'no loss' : 'MISMATCH'}); ` +
          `publish→ack p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms`,
      );
    }
    if (ONLY === 'ingest') return;
    const ceiling = await sqliteCeiling(Math.max(500_000, Math.round(runs[0].pointsPerSecond * 10)));
    console.log(`plain better-sqlite3 batched insert (ceiling): ${fmt(ceiling)} points/s`);
    const charts = [await chartRun(ctx, 'year', YEAR_MINUTES, 60_000), await chartRun(ctx, 'big', BIG, 1000)];
    for (const c of charts) {
      console.log(
        `chart, ${fmt(c.count)} points → ${c.buckets} buckets: p50 ${fmt(c.p50, 1)} ms, p95 ${fmt(c.p95, 1)} ms from rollups; ` +
          `raw points p50 ${fmt(c.raw.p50, 1)} ms (seeded in ${fmt(c.seedSeconds, 1)} s; ${fmt(c.hours)} hours rolled up in ${fmt(c.rollupSeconds, 1)} s = ${fmt(c.count / c.rollupSeconds)} points/s)`,
      );
    }
    const [three, twenty, withRules] = runs;
    console.log('\n<!-- bench-telemetry:start -->');
    console.log(
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, SQLite (\`npm run bench\`).\n`,
    );
    console.log('| Benchmark | Figure |');
    console.log('|---|---:|');
    console.log(
      `| MQTT ingest, 3 points/message, QoS 1, no loss | ${fmt(three.messagesPerSecond)} msg/s = ${fmt(three.pointsPerSecond)} points/s |`,
    );
    console.log(
      `| MQTT ingest, 20 points/message, QoS 1, no loss | ${fmt(twenty.messagesPerSecond)} msg/s = ${fmt(twenty.pointsPerSecond)} points/s |`,
    );
    console.log(
      `| MQTT ingest, 3 points/message, a warning rule on every indicator | ${fmt(withRules.messagesPerSecond)} msg/s = ${fmt(withRules.pointsPerSecond)} points/s |`,
    );
    console.log(`| Plain batched SQLite insert (ceiling) | ${fmt(ceiling)} points/s |`);
    console.log(`| Ingest / ceiling (20 points/message) | ${fmt(twenty.pointsPerSecond / ceiling, 2)}× |`);
    console.log(
      `| Publish → acknowledgement (3 points), p50 / p99 | ${fmt(three.latency.p50, 1)} / ${fmt(three.latency.p99, 1)} ms |`,
    );
    for (const c of charts) {
      console.log(
        `| Chart, ${fmt(c.count)} points → 1,000 buckets, p50 / p95 (hourly rollups) | ${fmt(c.p50, 1)} / ${fmt(c.p95, 1)} ms |`,
      );
      console.log(
        `| Same chart from raw points (before the rollup job), p50; rollup job over the backlog | ${fmt(c.raw.p50, 1)} ms; ${fmt(c.count / c.rollupSeconds)} points/s |`,
      );
    }
    console.log('<!-- bench-telemetry:end -->');
  } finally {
    await ctx.server.close();
    rmSync(ctx.dataDir, { recursive: true, force: true });
  }
}

/** Worker: the devices. */
async function devicesWorker() {
  const { default: mqtt } = await import('mqtt');
  const { devices, mqttUrl, seconds, inflight } = workerData;
  const clients = await Promise.all(
    devices.map((d) =>
      mqtt.connectAsync(mqttUrl, {
        clientId: d.serialNumber,
        username: d.serialNumber,
        password: d.secret,
        reconnectPeriod: 0,
      }),
    ),
  );
  let acked = 0;
  const latencies = [];
  let stop = false;
  const started = performance.now();
  const base = Date.now() - 3_600_000;
  await Promise.all(
    clients.map(async (client, index) => {
      const device = devices[index];
      let seq = 0;
      const lane = async () => {
        while (!stop) {
          const ts = base + seq++ * 2 + (seq % 2);
          const values = Object.fromEntries(device.keys.map((k, i) => [k, (seq + i) % 100]));
          const sent = performance.now();
          await client.publishAsync(
            `gateways/${device.serialNumber}/telemetry`,
            JSON.stringify({ ts, values }),
            { qos: 1 },
          );
          acked += 1;
          if (latencies.length < 200_000) latencies.push(performance.now() - sent);
        }
      };
      const timer = setTimeout(() => {
        stop = true;
      }, seconds * 1000);
      await Promise.all(Array.from({ length: inflight }, lane));
      clearTimeout(timer);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync()));
  latencies.sort((a, b) => a - b);
  parentPort.postMessage({
    acked,
    seconds: elapsed,
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
  });
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  devicesWorker();
}
