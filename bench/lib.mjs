// What the benchmarks share: the server started in this process from apps/server/dist (so
// `npm run build` first) on fresh storage — a temporary SQLite data directory or a new bench_…
// schema of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) — signing in,
// the demo project made ready for provisioning, and the formatting of figures. Each bench keeps its
// own load, measurements and output.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'apps/server/dist');
export const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN = { username: 'admin', password: 'Admin@2026' };
export const DEMO_ADMIN = { username: 'demo-admin', password: 'Demo@2026' };
const WEB_BASIC = `Basic ${Buffer.from('iot-web:iot-web').toString('base64')}`;

/** A module of the built server, e.g. `load('simulator/provision.js')`. */
export const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);
export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** Milliseconds with the digits that matter: 2 below 10, 1 below 100, none above; – for none. */
export const ms = (v) =>
  Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cores, CPU make and Node version, for the heading and the Markdown block of a bench. */
export const describeMachine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model.split(' ')[0] ?? '?'}), Node ${process.version}`;

/** Nearest-rank percentile of a sorted list (the ⌈p·n⌉-th value); NaN when empty. */
export function nearestRank(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle value of a list of numbers, sorted or not (the mean of the two middle ones when even). */
export function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value at index ⌊p·n⌋ of a sorted list (one above the nearest rank on a boundary); NaN when empty. */
export function floorRank(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The address without its password, for messages. */
export const redact = (url) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

/** Removes the storage once, however often it is asked (a finally and a Ctrl-C may both ask). */
function once(drop) {
  let done;
  return () => {
    done ??= drop();
    return done;
  };
}

/** A temporary SQLite data directory, named iot-bench-<prefix>-…; `drop` removes it. */
export function sqliteStorage(prefix) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `iot-bench-${prefix}-`));
  return {
    label: 'SQLite',
    dataDir,
    databaseUrl: undefined,
    databaseSchema: undefined,
    drop: once(async () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/**
 * A new bench_… schema of PG_URL and a data directory for the server's other files; `drop` removes
 * both (with `keep`, the schema stays and its name is printed, for EXPLAIN). `{ skipped: why }`
 * when PostgreSQL does not answer.
 */
export async function postgresStorage(prefix, { keep = false } = {}) {
  const { default: pg } = await import('pg');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  } catch (error) {
    return {
      skipped: `${redact(PG_URL)} did not answer: ${error instanceof Error ? error.message || error.name : error}`,
    };
  } finally {
    await admin.end().catch(() => {});
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `iot-bench-${prefix}-pg-`));
  return {
    label: 'PostgreSQL',
    dataDir,
    databaseUrl: PG_URL,
    databaseSchema: schema,
    drop: once(async () => {
      try {
        if (keep) {
          console.log(`PostgreSQL schema kept: ${schema}`);
          return;
        }
        const dropper = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
        await dropper.connect();
        try {
          await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await dropper.end();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }),
  };
}

/**
 * The server on `storage`, listening on an ephemeral port of 127.0.0.1 (the MQTT and DTU ports
 * too), log level warn, no token rate limit to speak of, the rollup job only when a bench runs it;
 * `overrides` change any of the configuration. `stop` closes it and removes the storage (as does a
 * failed start).
 */
export async function startServer(storage, overrides = {}) {
  try {
    if (!existsSync(path.join(DIST, 'app.js')))
      throw new Error('apps/server/dist is missing: run `npm run build` (or `npm run bench`)');
    const { buildApp } = await load('app.js');
    const { loadConfig } = await load('platform/config.js');
    const server = await buildApp({
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      mqttPort: 0,
      mqttPortFixed: true,
      dtuPort: 0,
      dtuPortFixed: true,
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl,
      databaseSchema: storage.databaseSchema,
      adminPassword: ADMIN.password,
      tokenRateLimitPerMinute: 1_000_000,
      rollupIntervalSeconds: 0,
      logLevel: 'warn',
      webDist: path.join(storage.dataDir, 'no-web'),
      ...overrides,
    });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
    } catch (error) {
      await server.close();
      throw error;
    }
    return {
      server,
      baseUrl: `http://127.0.0.1:${server.app.server.address().port}`,
      dataDir: storage.dataDir,
      schema: storage.databaseSchema,
      async stop() {
        try {
          await server.close();
        } finally {
          await storage.drop();
        }
      },
    };
  } catch (error) {
    await storage.drop();
    throw error;
  }
}

/**
 * `work(ctx, label)` on a server on fresh SQLite storage, then on one on a fresh PostgreSQL schema
 * (a line says so when PostgreSQL does not answer); each server stopped and its storage removed
 * afterwards, also on Ctrl-C. `only`: 'sqlite' or 'postgres'. Answers [{ label, result }].
 */
export async function onBothDatabases(prefix, work, { overrides, only = '', keep = false } = {}) {
  const results = [];
  for (const [label, name] of [
    ['SQLite', 'sqlite'],
    ['PostgreSQL', 'postgres'],
  ]) {
    if (only && only !== name) continue;
    const storage = name === 'sqlite' ? sqliteStorage(prefix) : await postgresStorage(prefix, { keep });
    if (storage.skipped) {
      console.log(`PostgreSQL: skipped (${storage.skipped})`);
      continue;
    }
    const onSignal = () => void storage.drop().finally(() => process.exit(130));
    process.once('SIGINT', onSignal);
    try {
      const ctx = await startServer(storage, overrides);
      try {
        results.push({ label, result: await work(ctx, label) });
      } finally {
        await ctx.stop();
      }
    } finally {
      process.off('SIGINT', onSignal);
    }
  }
  return results;
}

/** Password sign-in as the web client; answers the access and refresh tokens. */
export async function signIn(baseUrl, { username, password }, loginWay = 'web') {
  const response = await fetch(`${baseUrl}/iot/oauth/token`, {
    method: 'POST',
    headers: { authorization: WEB_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password, loginWay }).toString(),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in as ${username} failed: ${body.message}`);
  return { access: body.access_token, refresh: body.refresh_token };
}

/** An API call with a bearer token; answers `data`, throws on any code but 20000. */
export async function call(baseUrl, token, method, url, body) {
  const response = await fetch(baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await response.json();
  if (answer.code !== 20000) throw new Error(`${method} ${url}: ${answer.message}`);
  return answer.data;
}

/**
 * The demo project and a simulator client signed in as `account` (the system administrator unless
 * told), with `terms` set first (e.g. `{ accessGatewayIndicatorMaxNum: -1 }`: no cap on the
 * gateway indicators a bench provisions). `provision(aliases, profiles)` makes gateways in it.
 */
export async function demoProject(ctx, { account = ADMIN, terms } = {}) {
  const { PlatformClient, provisionGateways } = await load('simulator/provision.js');
  const client = new PlatformClient(ctx.baseUrl);
  await client.login(account.username, account.password);
  const projectId = ctx.server.seeded.demoProjectId;
  if (terms) await client.call('PUT', `/iot/projects/${projectId}/terms`, terms);
  return {
    client,
    projectId,
    provision: (aliases, profiles) => provisionGateways(client, projectId, aliases, profiles),
  };
}

/**
 * Float indicators k0…k{n-1} named <prefix>-<i> for the simulator's provisioning: values near 10,
 * or as `look(i)` changes them.
 */
export function floatProfiles(n, prefix, look = () => ({})) {
  return Array.from({ length: n }, (_, i) => ({
    key: `k${i}`,
    name: `${prefix}-${i}`,
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
    ...look(i),
  }));
}
