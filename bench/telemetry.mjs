// Telemetry benchmarks (issue 4): MQTT ingest rate with QoS 1 and no loss, against a plain batched
// SQLite insert of the same rows (the ceiling), and the chart query over a year of minutes and
// over ten million 1-second points, from raw points and from hourly rollups. Prints figures and
// ratios; never fails on slowness. The chart and the storage write path are measured on SQLite and
// on PostgreSQL (a bench_… schema in BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test, dropped afterwards; skipped if it does not answer).
//
// The server runs in this process from apps/server/dist (npm run build first); the MQTT devices
// run in a worker thread. Sizes: BENCH_SECONDS (ingest run length, default 60),
// BENCH_GATEWAYS (default 100), BENCH_INFLIGHT (QoS 1 messages in flight per device, default 8),
// BENCH_BIG_POINTS (default 10000000), BENCH_WRITE_ROWS (write path, default 600000).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  demoProject,
  describeMachine,
  floatProfiles,
  floorRank,
  fmt,
  load,
  onBothDatabases,
  sqliteStorage,
  startServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 100);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 8);
const BIG = Number(process.env.BENCH_BIG_POINTS ?? 10_000_000);
/** `ingest`, `chart` or `write` runs only that part (profiling); the figure table needs them all. */
const ONLY = process.env.BENCH_ONLY;
const YEAR_MINUTES = 525_600;
const WRITE_ROWS = Number(process.env.BENCH_WRITE_ROWS ?? 600_000);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
      // The largest threshold the rules accept (nine digits); the values stay within 0…100.
      high: 999_999_999,
    });
  }
  return ids.length;
}

async function ingestRun(ctx, pointsPerMessage, { rules = false } = {}) {
  const {
    client: admin,
    projectId,
    provision,
  } = await demoProject(ctx, { terms: { accessGatewayIndicatorMaxNum: -1 } });
  const devices = await provision(
    Array.from({ length: GATEWAYS }, (_, i) => ({
      alias: `bench-${pointsPerMessage}${rules ? 'r' : ''}-${i}`,
      protocol: 'native',
    })),
    floatProfiles(pointsPerMessage, `bench-${pointsPerMessage}`),
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
 * Writes `count` points of one series straight into the server's database, `intervalMs` apart,
 * ending before the current hour (rollups cover closed hours).
 */
function seedSeries(ctx, gatewayIndicatorId, count, intervalMs) {
  return ctx.schema
    ? seedPostgres(ctx, gatewayIndicatorId, count, intervalMs)
    : seedSqlite(ctx.dataDir, gatewayIndicatorId, count, intervalMs);
}

/**
 * PostgreSQL: generated in the server, in 1 M-row statements, into day partitions made first (as
 * the retention job would have made them while the data came in), then analysed as autovacuum would.
 */
async function seedPostgres(ctx, gatewayIndicatorId, count, intervalMs) {
  const { addPartition, partitionsOf } = await load('platform/db/partitions.js');
  const { sql } = await import('kysely');
  const db = ctx.server.platform.db;
  const start = Math.floor(Date.now() / HOUR) * HOUR - count * intervalMs;
  const existing = (await partitionsOf(db, 'telemetry')).filter((p) => !p.isDefault);
  for (let day = Math.floor(start / DAY) * DAY; day < Date.now(); day += DAY) {
    const taken = existing.some((p) => (p.from ?? -Infinity) < day + DAY && (p.to ?? Infinity) > day);
    if (!taken)
      existing.push({ from: day, to: day + DAY, name: await addPartition(db, 'telemetry', day, day + DAY) });
  }
  for (let i = 0; i < count; i += 1_000_000) {
    const n = Math.min(count, i + 1_000_000);
    await sql`
      insert into telemetry (gateway_indicator_id, ts, num_value)
      select ${gatewayIndicatorId}, ${start}::bigint + i * ${intervalMs}::bigint,
             20 + 10 * sin(i / 720.0) + case when i % 10007 = 0 then 500 else 0 end
      from generate_series(${i}::bigint, ${n - 1}::bigint) as i`.execute(db);
  }
  await sql`
    insert into telemetry_dirty_hours (gateway_indicator_id, hour, version)
    select ${gatewayIndicatorId}, h, 0
    from generate_series(${Math.floor(start / HOUR) * HOUR}::bigint, ${start + count * intervalMs - 1}::bigint, ${HOUR}::bigint) as h
    on conflict do nothing`.execute(db);
  await sql`analyze telemetry`.execute(db);
  return { start, stop: start + count * intervalMs };
}

async function seedSqlite(dataDir, gatewayIndicatorId, count, intervalMs) {
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
  const { client: admin, provision } = await demoProject(ctx);
  const [device] = await provision(
    [{ alias: `chart-${label}`, protocol: 'native' }],
    floatProfiles(1, 'chart', () => ({ name: `chart-${label}` })),
  );
  const gateway = await ctx.server.platform.db
    .selectFrom('gateways as g')
    .innerJoin('gateway_indicators as gi', 'gi.gateway_id', 'g.id')
    .select(['g.id', 'gi.id as giId'])
    .where('g.serial_number', '=', device.serialNumber)
    .executeTakeFirstOrThrow();
  const seeded = performance.now();
  const range = await seedSeries(ctx, gateway.giId, count, intervalMs);
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
    return { buckets, p50: floorRank(times, 50), p95: floorRank(times, 95) };
  };
  // Before the rollup job has run the chart reads raw points (the fallback), then rollups.
  const raw = await time(3, 0);
  const rolling = performance.now();
  const hours = await ctx.server.history.recomputeRollups();
  const rollupSeconds = (performance.now() - rolling) / 1000;
  if (ctx.schema)
    await (await import('kysely')).sql`analyze telemetry_hourly`.execute(ctx.server.platform.db);
  const rolled = await time(20, 2);
  return { label, count, seedSeconds, hours, rollupSeconds, raw, ...rolled };
}

/**
 * The storage write path alone (TelemetryRepository.write, as the group-commit writer calls it):
 * batches of `batch` points over 150 series, each batch its own commit.
 */
async function writeRun(ctx, batch) {
  const { TelemetryRepository } = await load('features/telemetry/telemetry.repository.js');
  const repository = new TelemetryRepository(ctx.server.platform.db, ctx.server.platform.dialect);
  const SERIES = 150;
  let ts = Date.now() - HOUR;
  let written = 0;
  const next = () => {
    const points = [];
    for (let i = 0; i < batch; i++) {
      const series = (written + i) % SERIES;
      if (series === 0) ts += 2;
      points.push({ gatewayIndicatorId: 1_000_000 + series, ts, value: (i % 97) * 1.5 });
    }
    written += batch;
    return points;
  };
  for (let i = 0; i < 5; i++) await repository.write(next());
  const started = performance.now();
  let rows = 0;
  while (rows < WRITE_ROWS) {
    await repository.write(next());
    rows += batch;
  }
  return { batch, rowsPerSecond: rows / ((performance.now() - started) / 1000) };
}

async function chartsOnBoth() {
  const all = await onBothDatabases('telemetry', async (ctx) => [
    await chartRun(ctx, 'year', YEAR_MINUTES, 60_000),
    await chartRun(ctx, 'big', BIG, 1000),
  ]);
  for (const { label, result } of all)
    for (const c of result)
      console.log(
        `${label} chart, ${fmt(c.count)} points → ${c.buckets} buckets: p50 ${fmt(c.p50, 1)} ms, p95 ${fmt(c.p95, 1)} ms from rollups; ` +
          `raw points p50 ${fmt(c.raw.p50, 1)} ms (seeded in ${fmt(c.seedSeconds, 1)} s; ${fmt(c.hours)} hours rolled up in ${fmt(c.rollupSeconds, 1)} s = ${fmt(c.count / c.rollupSeconds)} points/s)`,
      );
  return all;
}

async function writesOnBoth() {
  const all = await onBothDatabases('telemetry', async (ctx) => [
    await writeRun(ctx, 500),
    await writeRun(ctx, 2400),
  ]);
  for (const { label, result } of all)
    console.log(
      `${label} write path: ${result.map((w) => `${fmt(w.rowsPerSecond)} rows/s at ${fmt(w.batch)}-point batches`).join(', ')}`,
    );
  return all;
}

async function main() {
  const machine = describeMachine();
  console.log(`Telemetry benchmark — ${machine}`);
  if (ONLY === 'chart') return void (await chartsOnBoth());
  if (ONLY === 'write') return void (await writesOnBoth());
  console.log(`ingest: ${GATEWAYS} MQTT devices, QoS 1, ${INFLIGHT} in flight each, ${SECONDS} s per run\n`);
  const runs = [];
  let ceiling;
  const ctx = await startServer(sqliteStorage('telemetry'));
  try {
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
    ceiling = await sqliteCeiling(Math.max(500_000, Math.round(runs[0].pointsPerSecond * 10)));
    console.log(`plain better-sqlite3 batched insert (ceiling): ${fmt(ceiling)} points/s`);
  } finally {
    await ctx.stop();
  }
  const charts = await chartsOnBoth();
  const writes = await writesOnBoth();
  const [three, twenty, withRules] = runs;
  console.log('\n<!-- bench-telemetry:start -->');
  console.log(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ingest on SQLite, chart and write path on both (\`npm run bench\`).\n`,
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
  for (const { label, result } of charts)
    for (const c of result) {
      console.log(
        `| ${label}: chart, ${fmt(c.count)} points → 1,000 buckets, p50 / p95 (hourly rollups) | ${fmt(c.p50, 1)} / ${fmt(c.p95, 1)} ms |`,
      );
      console.log(
        `| ${label}: same chart from raw points (before the rollup job), p50; rollup job over the backlog | ${fmt(c.raw.p50, 1)} ms; ${fmt(c.count / c.rollupSeconds)} points/s |`,
      );
    }
  for (const { label, result } of writes)
    console.log(
      `| ${label}: storage write path, 500 / 2,400-point batches | ${result.map((w) => fmt(w.rowsPerSecond)).join(' / ')} rows/s |`,
    );
  console.log('<!-- bench-telemetry:end -->');
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
    latency: { p50: floorRank(latencies, 50), p99: floorRank(latencies, 99) },
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
