// Benchmarks of the platform foundation: sign-in, token rotation, an authorised read through the
// permission hook against a public read, and a write with the operation log against the same write
// with the log off (servers started in turn, BENCH_WRITE_ROUNDS alternating rounds). Prints figures
// and ratios; it never fails on slowness.
//
// The server runs in this process (buildApp from apps/server/dist, so `npm run build` first); the HTTP
// client (Node's global fetch) runs in a worker thread so that generating load does not steal the
// server's event loop. Usage: `npm run bench`, or `node bench/run.mjs` after a build.
// BENCH_DATABASE_URL: the PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/test).
// BENCH_ONLY=writes: only the logged / unlogged writes. BENCH_WRITE_CONTROL=1: both sides unlogged.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { postgresStorage, sqliteStorage } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/server/dist');

const ADMIN = { username: 'admin', password: 'Admin@2026' };
const DEMO_ADMIN = { username: 'demo-admin', password: 'Demo@2026' };
const WEB_BASIC = `Basic ${Buffer.from('iot-web:iot-web').toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';

/** Sizes: bounded counts, and a time cap per load run, so two databases fit in ~90 s on 2 cores. */
const PLAN = {
  signIn: { count: 40, warmup: 3 },
  rotation: { count: 200, warmup: 10 },
  load: { count: 3000, warmup: 300, maxMs: 15_000 },
  writes: { count: 3000, warmup: 300, maxMs: 15_000 },
  /** Logged and unlogged servers, each booted in turn this many times (BENCH_WRITE_ROUNDS). */
  writesOnly: process.env.BENCH_ONLY === 'writes',
  /** BENCH_WRITE_CONTROL=1: the "logged" side runs with the log off too — the method's own noise. */
  writeControl: process.env.BENCH_WRITE_CONTROL === '1',
  writeRounds: Math.max(1, Number(process.env.BENCH_WRITE_ROUNDS) || 3),
  concurrencies: [1, 32],
};

// ---------------------------------------------------------------------------------------------
// Main thread: storage, server, orchestration, report.

async function main() {
  const cleanups = new Set();
  let client;
  const onSignal = async (signal) => {
    console.error(`\n${signal}: cleaning up…`);
    // Stop the load first, so that the server can close its connections.
    await client?.close().catch(() => {});
    for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const started = performance.now();
  try {
    const { buildApp, loadConfig } = await loadServer();
    client = new Client();
    const machine = describeMachine();
    console.log(`Platform benchmark — ${machine}`);
    console.log(
      `load: ${PLAN.load.count} requests per run (after ${PLAN.load.warmup} warm-up), ` +
        `stop after ${PLAN.load.maxMs / 1000} s; concurrency ${PLAN.concurrencies.join(' and ')}\n`,
    );

    const results = [];
    const sqlite = sqliteStorage('run');
    results.push(await benchDatabase(sqlite, { buildApp, loadConfig, client, cleanups }));

    const postgres = await postgresStorage('run');
    if (!postgres.skipped) {
      results.push(await benchDatabase(postgres, { buildApp, loadConfig, client, cleanups }));
    } else {
      console.log(`PostgreSQL: skipped (${postgres.skipped})\n`);
      results.push({ label: 'PostgreSQL', skipped: postgres.skipped });
    }

    console.log(markdown(results, machine));
    console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exitCode = 1;
  } finally {
    await client?.close();
    for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function loadServer() {
  const appJs = path.join(DIST, 'app.js');
  const configJs = path.join(DIST, 'platform/config.js');
  if (!existsSync(appJs) || !existsSync(configJs)) {
    throw new Error(`${path.relative(ROOT, appJs)} is missing: run \`npm run build\` (or \`npm run bench\`)`);
  }
  const { buildApp } = await import(pathToFileURL(appJs).href);
  const { loadConfig } = await import(pathToFileURL(configJs).href);
  return { buildApp, loadConfig };
}

/** An authenticated write (the caller's own theme, written each time), with and without the operation log. */
async function writeRuns(client, base, token) {
  const runs = [];
  for (const concurrency of PLAN.concurrencies) {
    runs.push(
      await client.run({
        kind: 'load',
        url: `${base}/iot/users/current/theme`,
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ theme: 'tech' }),
        concurrency,
        ...PLAN.writes,
      }),
    );
  }
  return runs;
}

async function benchDatabase(storage, { buildApp, loadConfig, client, cleanups }) {
  cleanups.add(storage.drop);
  let server;
  const closeServer = async () => {
    const closing = server;
    server = undefined;
    await closing?.close();
  };
  cleanups.add(closeServer);
  try {
    const baseConfig = {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      // The embedded MQTT broker on a free port: 1883 may belong to another broker on this machine.
      mqttPort: 0,
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl,
      databaseSchema: storage.databaseSchema,
      adminPassword: ADMIN.password,
      tokenRateLimitPerMinute: 100_000_000,
      logLevel: 'warn',
      webDist: path.join(storage.dataDir, 'no-web'),
    };
    const boot = async (config) => {
      server = await buildApp(config);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      if (!address || typeof address === 'string') throw new Error('server has no TCP address');
      return `http://127.0.0.1:${address.port}`;
    };
    const bootStart = performance.now();
    let base = await boot(baseConfig);
    const bootMs = performance.now() - bootStart;
    const where = storage.databaseSchema ? ` (schema ${storage.databaseSchema})` : '';
    console.log(`${storage.label}${where}: server up in ${bootMs.toFixed(0)} ms (migrate + seed) at ${base}`);

    const foundation = PLAN.writesOnly ? null : await foundationRuns(client, base);

    // 5. Writes with the operation log (every one recorded) against the same write with it off, on
    // servers started in turn on the same data: rounds alternate which goes first (ABBA), so that a
    // neighbour's load or the data growing weighs on both sides alike.
    const writeRounds = [];
    for (let round = 0; round < PLAN.writeRounds; round++) {
      const order = round % 2 === 0 ? [true, false] : [false, true];
      const runs = {};
      for (const logging of order) {
        await closeServer();
        base = await boot({ ...baseConfig, operationLogEnabled: logging && !PLAN.writeControl });
        const token = (await login(`${base}/iot/oauth/token`, DEMO_ADMIN)).access;
        runs[logging ? 'logged' : 'unlogged'] = await writeRuns(client, base, token);
      }
      writeRounds.push(runs);
    }

    const result = {
      label: storage.label,
      bootMs,
      signIn: foundation?.signIn,
      rotation: foundation?.rotation,
      reads: foundation?.reads ?? [],
      writes: PLAN.concurrencies.map((concurrency, i) => {
        const logged = writeRounds.map((runs) => runs.logged[i]);
        const unlogged = writeRounds.map((runs) => runs.unlogged[i]);
        return {
          concurrency,
          // Every round's requests pooled: req/s over the rounds' summed time, percentiles over all.
          logged: summarise(pooled(logged)),
          unlogged: summarise(pooled(unlogged)),
          roundRatios: logged.map((run, round) => summarise(run).rps / summarise(unlogged[round]).rps),
        };
      }),
    };
    console.log(textTable(result));
    return result;
  } finally {
    await closeServer();
    cleanups.delete(closeServer);
    await storage.drop();
    cleanups.delete(storage.drop);
  }
}

/** Sign-in, the authorised and public reads, and token rotation (skipped with BENCH_ONLY=writes). */
async function foundationRuns(client, base) {
  const tokenUrl = `${base}/iot/oauth/token`;
  const grantHeaders = { authorization: WEB_BASIC, 'content-type': FORM };
  const form = (fields) => new URLSearchParams({ loginWay: 'web', ...fields }).toString();

  // 1. Password sign-in, sequential: argon2id verification dominates.
  const signIn = await client.run({
    kind: 'load',
    url: tokenUrl,
    method: 'POST',
    headers: grantHeaders,
    body: form({ grant_type: 'password', ...ADMIN }),
    concurrency: 1,
    ...PLAN.signIn,
    maxMs: 60_000,
  });

  // The demo project administrator's token and project, for the authorised read.
  const demo = await login(tokenUrl, DEMO_ADMIN);
  const mine = await getJson(`${base}/iot/projects/byCurUser`, demo.access);
  const projectId = mine.data?.list?.[0]?.id;
  if (!projectId) throw new Error(`demo-admin has no project: ${JSON.stringify(mine)}`);
  const authorisedUrl = `${base}/iot/projects/getProjectByGroupId?groupId=${projectId}`;
  const check = await getJson(authorisedUrl, demo.access);
  if (check.code !== 20000) throw new Error(`authorised read refused: ${JSON.stringify(check)}`);
  const publicUrl = `${base}/iot/system/info`;

  // 2 and 3. Authorised read through the permission hook against the public route, same load.
  const reads = [];
  for (const concurrency of PLAN.concurrencies) {
    const load = { kind: 'load', method: 'GET', concurrency, ...PLAN.load };
    const publicRun = await client.run({ ...load, url: publicUrl, headers: {} });
    const authorisedRun = await client.run({
      ...load,
      url: authorisedUrl,
      headers: { authorization: `Bearer ${demo.access}` },
    });
    reads.push({ concurrency, authorised: authorisedRun, public: publicRun });
  }

  // 4. Refresh-token rotation, sequential: each answer's refresh token feeds the next request.
  const session = await login(tokenUrl, ADMIN);
  const rotation = await client.run({
    kind: 'rotate',
    url: tokenUrl,
    headers: grantHeaders,
    refreshToken: session.refresh,
    ...PLAN.rotation,
  });
  return {
    signIn: summarise(signIn),
    rotation: summarise(rotation),
    reads: reads.map((r) => ({
      concurrency: r.concurrency,
      authorised: summarise(r.authorised),
      public: summarise(r.public),
    })),
  };
}

async function login(tokenUrl, { username, password }) {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { authorization: WEB_BASIC, 'content-type': FORM },
    body: new URLSearchParams({ grant_type: 'password', username, password, loginWay: 'web' }).toString(),
  });
  const body = await response.json();
  if (body.code !== 20000) throw new Error(`sign-in as ${username} failed: ${JSON.stringify(body)}`);
  return { access: String(body.access_token), refresh: String(body.refresh_token) };
}

async function getJson(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return response.json();
}

// ---------------------------------------------------------------------------------------------
// Figures.

/** Several runs of one load as one: their latencies together, their times summed. */
function pooled(runs) {
  return {
    latencies: runs.flatMap((run) => run.latencies),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    firstFailure: runs.find((run) => run.firstFailure)?.firstFailure,
    stoppedEarly: runs.some((run) => run.stoppedEarly),
    elapsedMs: runs.reduce((sum, run) => sum + run.elapsedMs, 0),
  };
}

function summarise(run) {
  const sorted = Float64Array.from(run.latencies).sort();
  const n = sorted.length;
  const at = (p) =>
    n === 0 ? Number.NaN : sorted[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))];
  return {
    n,
    failed: run.failed,
    firstFailure: run.firstFailure,
    stoppedEarly: run.stoppedEarly,
    seconds: run.elapsedMs / 1000,
    rps: n / (run.elapsedMs / 1000),
    p50: at(50),
    p95: at(95),
    p99: at(99),
  };
}

const ms = (value) =>
  Number.isNaN(value)
    ? '—'
    : value < 10
      ? value.toFixed(2)
      : value < 100
        ? value.toFixed(1)
        : value.toFixed(0);
const rate = (value) =>
  Number.isFinite(value) ? (value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')) : '—';
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');

function textTable(result) {
  const rows = [['', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'n', 'failed', 'time s']];
  const row = (name, s, withP99 = true) =>
    rows.push([
      name,
      rate(s.rps),
      ms(s.p50),
      ms(s.p95),
      withP99 ? ms(s.p99) : '—',
      String(s.n) + (s.stoppedEarly ? '*' : ''),
      String(s.failed),
      s.seconds.toFixed(1),
    ]);
  if (result.signIn) row('password sign-in (sequential)', result.signIn, false);
  if (result.rotation) row('refresh rotation (sequential)', result.rotation);
  for (const read of result.reads) {
    row(`authorised read  c=${read.concurrency}`, read.authorised);
    row(`public read      c=${read.concurrency}`, read.public);
  }
  for (const write of result.writes) {
    row(`write, logged    c=${write.concurrency}`, write.logged);
    row(`write, unlogged  c=${write.concurrency}`, write.unlogged);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  const ratios = result.reads
    .map(
      (r) =>
        `c=${r.concurrency} ${ratio(r.authorised.rps, r.public.rps)} ` +
        `(+${ms(r.authorised.p50 - r.public.p50)} ms at p50)`,
    )
    .join(', ');
  if (ratios) lines.push(`authorised / public throughput: ${ratios}`);
  lines.push(
    `operation log, ${PLAN.writeControl ? 'CONTROL (log off on both sides)' : 'logged / unlogged'} write throughput over ${PLAN.writeRounds} round${PLAN.writeRounds === 1 ? '' : 's'}: ${result.writes
      .map((w) => `c=${w.concurrency} ${ratio(w.logged.rps, w.unlogged.rps)} ${roundRange(w)}`.trim())
      .join(', ')}`,
  );
  const failures = [
    result.signIn,
    result.rotation,
    ...result.reads.flatMap((r) => [r.authorised, r.public]),
    ...result.writes.flatMap((w) => [w.logged, w.unlogged]),
  ]
    .map((s) => s?.firstFailure)
    .filter(Boolean);
  if (failures.length > 0) lines.push(`first failure: ${failures[0]}`);
  if (lines.some((l) => l.includes('*'))) lines.push('* stopped at the time cap before the full count');
  return `${lines.join('\n')}\n`;
}

/** `(rounds 0.97–1.04×)`: the spread of the per-round ratios, which says how noisy the machine was. */
function roundRange(write) {
  const ratios = write.roundRatios.filter(Number.isFinite);
  if (ratios.length < 2) return '';
  return `(rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)`;
}

function markdown(results, machine) {
  const columns = results.map((r) => (r.skipped ? `${r.label} (skipped)` : r.label));
  const cell = (r, f) => (r.skipped ? '—' : f(r));
  const lat = (s) => `${ms(s.p50)} / ${ms(s.p95)} ms`;
  const load = (s) => `${rate(s.rps)} req/s · ${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} ms`;
  const rows = [];
  if (!PLAN.writesOnly) {
    rows.push(
      ['Password sign-in, p50 / p95', (r) => lat(r.signIn)],
      ['Refresh-token rotation, p50 / p95', (r) => lat(r.rotation)],
    );
  }
  for (const [i, c] of PLAN.writesOnly ? [] : PLAN.concurrencies.entries()) {
    rows.push(
      [`Authorised read, c=${c} (p50 / p95 / p99)`, (r) => load(r.reads[i].authorised)],
      [`Public read, c=${c} (p50 / p95 / p99)`, (r) => load(r.reads[i].public)],
      [
        `**Authorised / public throughput, c=${c}**`,
        (r) => `**${ratio(r.reads[i].authorised.rps, r.reads[i].public.rps)}**`,
      ],
    );
  }
  for (const [i, c] of PLAN.concurrencies.entries()) {
    rows.push(
      [
        `Write with the operation log${PLAN.writeControl ? ' (CONTROL: off)' : ''}, c=${c} (p50 / p95 / p99)`,
        (r) => load(r.writes[i].logged),
      ],
      [`Same write, log off, c=${c}`, (r) => load(r.writes[i].unlogged)],
      [
        `**Logged / unlogged write throughput, c=${c}**`,
        (r) =>
          `**${ratio(r.writes[i].logged.rps, r.writes[i].unlogged.rps)}** ${roundRange(r.writes[i])}`.trim(),
      ],
    );
  }
  const lines = [
    '<!-- bench:start -->',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} (\`npm run bench\`).`,
    '',
    `| Benchmark | ${columns.join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    ...rows.map(([name, f]) => `| ${name} | ${results.map((r) => cell(r, f)).join(' | ')} |`),
    '<!-- bench:end -->',
  ];
  return lines.join('\n');
}

function describeMachine() {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const model = os.cpus()[0]?.model?.replace(/\s+/g, ' ').trim();
  return `${cores} cores${model ? ` (${model})` : ''}, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

/** The load generator in its worker thread, driven by messages. */
class Client {
  constructor() {
    this.worker = new Worker(new URL(import.meta.url));
    this.pending = new Map();
    this.nextId = 1;
    this.worker.on('message', ({ id, result, error }) => {
      const waiter = this.pending.get(id);
      this.pending.delete(id);
      if (error) waiter?.reject(new Error(error));
      else waiter?.resolve(result);
    });
    this.worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    });
  }

  run(task) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, task });
    });
  }

  async close() {
    await this.worker.terminate();
  }
}

// ---------------------------------------------------------------------------------------------
// Worker thread: the HTTP client (global fetch, i.e. undici, keep-alive connections).

function clientThread() {
  const tasks = { load: loadTask, rotate: rotateTask };
  parentPort.on('message', async ({ id, task }) => {
    try {
      parentPort.postMessage({ id, result: await tasks[task.kind](task) });
    } catch (error) {
      parentPort.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  });
}

/** Answers whether the platform said yes (HTTP 200 and code 20000), and the text when not. */
async function send(url, method, headers, body) {
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const ok = response.status === 200 && parsed?.code === 20000;
  return { ok, parsed, failure: ok ? undefined : `HTTP ${response.status} ${text.slice(0, 200)}` };
}

/** Closed loop: `concurrency` callers each send the next request when their last one answers. */
async function loadTask({ url, method, headers, body, concurrency, count, warmup, maxMs }) {
  const pass = async (total, record) => {
    let issued = 0;
    let failed = 0;
    let firstFailure;
    const latencies = [];
    const start = performance.now();
    const deadline = start + maxMs;
    const caller = async () => {
      while (issued < total && performance.now() < deadline) {
        issued++;
        const t0 = performance.now();
        try {
          const answer = await send(url, method, headers, body);
          if (answer.ok) {
            if (record) latencies.push(performance.now() - t0);
          } else {
            failed++;
            firstFailure ??= answer.failure;
          }
        } catch (error) {
          failed++;
          firstFailure ??= String(error?.cause ?? error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, total) }, caller));
    const elapsedMs = performance.now() - start;
    return { latencies, failed, firstFailure, elapsedMs, stoppedEarly: issued < total };
  };
  if (warmup > 0) await pass(warmup, false);
  return pass(count, true);
}

/** Sequential refresh-token rotation: each answer's refresh token is the next request's. */
async function rotateTask({ url, headers, refreshToken, count, warmup }) {
  let token = refreshToken;
  const rotate = async () => {
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: token,
      loginWay: 'web',
    }).toString();
    const answer = await send(url, 'POST', headers, body);
    if (!answer.ok) throw new Error(`refresh-token rotation failed: ${answer.failure}`);
    token = String(answer.parsed.refresh_token);
  };
  for (let i = 0; i < warmup; i++) await rotate();
  const latencies = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await rotate();
    latencies.push(performance.now() - t0);
  }
  return {
    latencies,
    failed: 0,
    firstFailure: undefined,
    elapsedMs: performance.now() - start,
    stoppedEarly: false,
  };
}

// Last, so that every declaration above is initialised before either thread starts.
if (isMainThread) {
  await main();
} else {
  clientThread();
}
