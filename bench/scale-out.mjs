// Scale-out benchmark (issue 10): the same device load through (a) Mosquitto alone, to a plain QoS 1
// subscriber that stores nothing, (b) the platform on its embedded broker and (c) the platform
// consuming from that Mosquitto (MQTT_URL), on SQLite and on PostgreSQL, with the devices publishing
// as fast as they are acknowledged, then (d) through Mosquitto again with the devices paced to the
// rate (b) stored. Prints msg/s, the ratios embedded/Mosquitto, external/embedded and
// paced-external/embedded, and checks that every acknowledged point arrived.
//
// Devices run in a worker thread; the server (apps/server/dist: `npm run build` first) and the
// subscriber in this process. A private Mosquitto (/usr/sbin/mosquitto) on an ephemeral port.
// BENCH_SECONDS (default 15), BENCH_GATEWAYS (50), BENCH_INFLIGHT (16 QoS 1 messages in flight per
// device), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_DATABASES
// (default "sqlite,postgres": which to run), BENCH_ROUNDS (default 3: every run repeated, ratios
// taken within a round).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  DIST,
  demoProject,
  describeMachine,
  floatProfiles,
  fmt,
  median,
  sleep as pause,
  postgresStorage,
  sqliteStorage,
  startServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 50);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim());
const MOSQUITTO = '/usr/sbin/mosquitto';
const POINTS = 3;
/** How long stored points may trail the last acknowledgement (the broker's queue drains). */
const DRAIN_LIMIT_MS = 120_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A private Mosquitto as a deployment would run it: persistence on, a queue deep enough for the load. */
async function startMosquitto() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'iot-bench-mosquitto-'));
  const port = await freePort();
  const file = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    file,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      `user ${os.userInfo().username}`,
      'persistence true',
      `persistence_location ${dir}/`,
      'autosave_interval 30',
      'max_queued_messages 10000000',
      'log_dest none',
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', file], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 100 && !(await answers(port)); i++) await pause(50);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Gateways with 3 float indicators each (k0…k2), as the devices' credentials. */
async function provision(ctx, label) {
  const { provision } = await demoProject(ctx, { terms: { accessGatewayIndicatorMaxNum: -1 } });
  const devices = await provision(
    Array.from({ length: GATEWAYS }, (_, i) => ({ alias: `scale-${label}-${i}`, protocol: 'native' })),
    floatProfiles(POINTS, 'scale'),
  );
  return devices.map((d) => ({ serialNumber: d.serialNumber, secret: d.secret }));
}

/** `rate`: messages per second offered by all devices together; 0 publishes as fast as acknowledged. */
function runDevices(devices, mqttUrl, rate) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { devices, mqttUrl, seconds: SECONDS, inflight: INFLIGHT, rate },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * Runs the devices, then waits until `arrived()` reaches every acknowledged message. The rate is
 * messages over the time until the last one arrived: a broker acknowledges before its subscriber
 * has the message, so what it queued counts only once it is through.
 */
async function measure(devices, mqttUrl, arrived, rate = 0, inStore = arrived) {
  const started = performance.now();
  const result = await runDevices(devices, mqttUrl, rate);
  const deadline = performance.now() + DRAIN_LIMIT_MS;
  let count = await arrived();
  const atStop = count;
  while (count < result.acked && performance.now() < deadline) {
    await pause(50);
    count = await arrived();
  }
  // A message delivered again after a reconnection is committed twice but stored once: the fast
  // counter can reach the total early. The store itself decides, read at most once a second.
  count = await inStore();
  while (count < result.acked && performance.now() < deadline) {
    await pause(1000);
    count = await inStore();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    acked: result.acked,
    arrived: count,
    ackedPerSecond: result.acked / result.seconds,
    perSecond: Math.min(count, result.acked) / seconds,
    drainSeconds: seconds - result.seconds,
    // With the devices stopped, the rate at which the backlog is stored: the store's own pace,
    // no longer sharing the cores with devices publishing.
    drainPerSecond: seconds - result.seconds > 1 ? (count - atStop) / (seconds - result.seconds) : undefined,
    lost: Math.max(0, result.acked - count),
  };
}

/** (a) Mosquitto alone: devices publish, one plain QoS 1 subscriber takes everything, stores nothing. */
async function transportOnly(broker) {
  const { default: mqtt } = await import('mqtt');
  const subscriber = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clean: true });
  let received = 0;
  subscriber.on('message', () => {
    received += 1;
  });
  await subscriber.subscribeAsync('gateways/+/telemetry', { qos: 1 });
  const devices = Array.from({ length: GATEWAYS }, (_, i) => ({
    serialNumber: `transport-${i}`,
    secret: 'x',
  }));
  const result = await measure(devices, broker.url, async () => received);
  await subscriber.endAsync();
  return result;
}

/** (b) or (c): the platform stores; a message counts once its three points are in the database. */
async function platformRun(storage, label, mqttUrl, brokerUrl, rate = 0) {
  const ctx = await startServer(storage, mqttUrl ? { mqttUrl, mqttShareGroup: `bench-${label}` } : {});
  try {
    const devices = await provision(ctx, label);
    const db = ctx.server.platform.db;
    const storedMessages = async () =>
      Math.floor(
        Number(
          (
            await db
              .selectFrom('telemetry')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          ).n,
        ) / POINTS,
      );
    const before = await storedMessages();
    // Progress comes from the pipeline's own "committed" callback: counting the table every 50 ms
    // was a parallel scan of millions of rows on PostgreSQL, competing with what it measured.
    let committedPoints = 0;
    ctx.server.telemetry.ingest.onStored((_device, points) => {
      committedPoints += points.length;
    });
    const url = brokerUrl ?? `mqtt://127.0.0.1:${ctx.server.telemetry.mqttPort}`;
    const inTable = async () => (await storedMessages()) - before;
    return await measure(devices, url, async () => Math.floor(committedPoints / POINTS), rate, inTable);
  } finally {
    await ctx.stop();
  }
}

/** "0.83× (0.77–0.90×)": the median of the rounds' ratios and their range. */
function ratioCell(ratios) {
  if (ratios.length === 1) return `${fmt(ratios[0], 2)}×`;
  return `${fmt(median(ratios), 2)}× (${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}×)`;
}

const MODES = [
  ['embedded', false, '(b) embedded broker'],
  ['external', true, '(c) external Mosquitto'],
  ['paced', true, "(d) external Mosquitto at (b)'s rate"],
];

/** (b), (c) and (d) on one database, one after the other. */
async function databaseRound(name, storageOf) {
  const results = {};
  // (d) offers the external path the load the embedded broker stored: on one machine, devices
  // that Mosquitto acknowledges at once publish faster than anything stores and take the cores
  // the server and the database need; (d) asks whether the external path keeps up with that load.
  for (const [mode, external, title] of MODES) {
    const storage = await storageOf();
    // A fresh broker for each run: the persistent session of an earlier run's server stays on
    // a broker (MQTT_SESSION_EXPIRY) and would be handed a copy of every message meanwhile.
    const own = external ? await startMosquitto() : null;
    try {
      results[mode] = await platformRun(
        storage,
        `${name.toLowerCase()}-${mode}`,
        own?.url,
        own?.url,
        mode === 'paced' ? results.embedded.perSecond : 0,
      );
    } finally {
      await own?.close();
      await storage.drop();
    }
    const r = results[mode];
    console.log(
      `${name}, ${title}: ${fmt(r.perSecond)} msg/s stored ` +
        `(acknowledged ${fmt(r.ackedPerSecond)} msg/s, last stored ${fmt(r.drainSeconds, 1)} s after the devices stopped` +
        `${r.drainPerSecond === undefined ? '' : `, backlog stored at ${fmt(r.drainPerSecond)} msg/s`}; ` +
        `${r.lost === 0 ? 'no loss' : `${fmt(r.lost)} acknowledged messages NOT STORED`})`,
    );
  }
  return results;
}

async function main() {
  if (!existsSync(path.join(DIST, 'app.js')))
    throw new Error('apps/server/dist is missing: run `npm run build`');
  if (!existsSync(MOSQUITTO)) {
    console.log(`scale-out benchmark skipped: ${MOSQUITTO} is not installed`);
    return;
  }
  const machine = describeMachine();
  console.log(`Scale-out benchmark — ${machine}`);
  console.log(
    `${GATEWAYS} devices × ${INFLIGHT} QoS 1 messages in flight, ${POINTS} points/message, ${SECONDS} s per run, ${ROUNDS} round(s)\n`,
  );
  const databases = DATABASES.includes('sqlite') ? [['SQLite', () => sqliteStorage('scale')]] : [];
  if (!DATABASES.includes('postgres')) console.log('PostgreSQL: not asked for (BENCH_DATABASES)');
  else {
    // A first schema, dropped at once, tells whether PostgreSQL answers.
    const probe = await postgresStorage('scale');
    if (probe.skipped) console.log(`PostgreSQL: skipped (${probe.skipped})`);
    else {
      await probe.drop();
      databases.push(['PostgreSQL', () => postgresStorage('scale')]);
    }
  }
  // Every round measures (a), then (b), (c) and (d) on each database, back to back: this virtual
  // machine's speed drifts from minute to minute by more than the differences measured, so a ratio
  // is only taken between runs of the same round, and the rounds give its median and spread.
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`\nRound ${round} of ${ROUNDS}`);
    const broker = await startMosquitto();
    let transport;
    try {
      transport = await transportOnly(broker);
    } finally {
      await broker.close();
    }
    console.log(
      `(a) Mosquitto alone, QoS 1 subscriber: ${fmt(transport.perSecond)} msg/s (acknowledged ${fmt(transport.ackedPerSecond)} msg/s; ${transport.lost === 0 ? 'no loss' : `${fmt(transport.lost)} LOST`})`,
    );
    const byDatabase = {};
    for (const [name, storageOf] of databases) {
      const results = await databaseRound(name, storageOf);
      byDatabase[name] = results;
      console.log(
        `${name}: embedded / Mosquitto ${fmt(results.embedded.perSecond / transport.perSecond, 2)}×, ` +
          `external / embedded ${fmt(results.external.perSecond / results.embedded.perSecond, 2)}×, ` +
          `external at the embedded rate / embedded ${fmt(results.paced.perSecond / results.embedded.perSecond, 2)}×`,
      );
    }
    rounds.push({ transport, byDatabase });
  }

  console.log('\n<!-- bench-scale-out:start -->');
  console.log(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ${GATEWAYS} devices × ${INFLIGHT} QoS 1 messages in flight, ${POINTS} points/message, ${SECONDS} s runs, ${ROUNDS} round(s) (\`node bench/scale-out.mjs\`). ` +
      'Rates are the medians of the rounds; each ratio is taken within a round, and given as the median of the rounds (their range).\n',
  );
  console.log(
    "| Database | (a) Mosquitto alone | (b) embedded broker, stored | (c) external Mosquitto, stored | (d) external at b's rate, stored | b / a | c / b | d / b | loss |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const [name] of databases) {
    const of = (mode) => rounds.map((r) => r.byDatabase[name][mode].perSecond);
    const within = (f) => rounds.map((r) => f(r.transport, r.byDatabase[name]));
    const lost = rounds.reduce(
      (sum, r) => sum + r.transport.lost + MODES.reduce((s, [mode]) => s + r.byDatabase[name][mode].lost, 0),
      0,
    );
    console.log(
      `| ${name} | ${fmt(median(rounds.map((r) => r.transport.perSecond)))} msg/s | ${fmt(median(of('embedded')))} msg/s | ` +
        `${fmt(median(of('external')))} msg/s | ${fmt(median(of('paced')))} msg/s | ` +
        `${ratioCell(within((t, d) => d.embedded.perSecond / t.perSecond))} | ` +
        `${ratioCell(within((_, d) => d.external.perSecond / d.embedded.perSecond))} | ` +
        `${ratioCell(within((_, d) => d.paced.perSecond / d.embedded.perSecond))} | ${lost === 0 ? 'none' : `${fmt(lost)} messages`} |`,
    );
  }
  console.log('<!-- bench-scale-out:end -->');
}

/** Worker: the devices; each keeps `inflight` QoS 1 publishes going with {ts, values}. */
async function devicesWorker() {
  const { default: mqtt } = await import('mqtt');
  const { devices, mqttUrl, seconds, inflight, rate } = workerData;
  // Paced runs: message n of a device is due at n / perDevice seconds after the start.
  const perDevice = rate > 0 ? rate / devices.length : 0;
  const clients = await Promise.all(
    devices.map((d) =>
      // The client id is the serial number: the embedded broker takes only ids that belong to the credential.
      mqtt.connectAsync(mqttUrl, {
        clientId: d.serialNumber,
        username: d.serialNumber,
        password: d.secret,
        reconnectPeriod: 0,
      }),
    ),
  );
  let acked = 0;
  let stop = false;
  const started = performance.now();
  const base = Date.now() - 3_600_000;
  const timer = setTimeout(() => {
    stop = true;
  }, seconds * 1000);
  await Promise.all(
    clients.map(async (client, index) => {
      const device = devices[index];
      let seq = 0;
      const lane = async () => {
        while (!stop) {
          const n = seq++;
          if (perDevice > 0) {
            const wait = started + (n * 1000) / perDevice - performance.now();
            if (wait > 1) await pause(wait);
            if (stop) break;
          }
          const values = { k0: n % 100, k1: (n + 1) % 100, k2: (n + 2) % 100 };
          await client.publishAsync(
            `gateways/${device.serialNumber}/telemetry`,
            JSON.stringify({ ts: base + n, values }),
            { qos: 1 },
          );
          acked += 1;
        }
      };
      await Promise.all(Array.from({ length: inflight }, lane));
    }),
  );
  clearTimeout(timer);
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync()));
  parentPort.postMessage({ acked, seconds: elapsed });
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  devicesWorker();
}
