import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, type BuildOptions, buildApp } from '../app.js';
import { PLAN_JOB } from '../features/maintenance/index.js';
import { type Config, loadConfig } from '../platform/config.js';

export const ADMIN_PASSWORD = 'Admin@2026';
const WEB_BASIC = `Basic ${Buffer.from('iot-web:iot-web').toString('base64')}`;

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T } & Record<string, unknown>;
}

export interface TestServer {
  baseUrl: string;
  server: App;
  config: Config;
  /** Every log line the server wrote, parsed (the built-in SMS sender writes codes here). */
  logs: Record<string, unknown>[];
  /** A real HTTP request; JSON in and out. */
  request<T = unknown>(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer<T>>;
  /** A request that must succeed (body code 20000); answers its data, or throws with the server's message. */
  ok<T = unknown>(method: string, url: string, options?: { token?: string; body?: unknown }): Promise<T>;
  /** POSTs a token grant as the web client (HTTP Basic iot-web). */
  grant(fields: Record<string, string>, basic?: string): Promise<Answer>;
  /** Password sign-in; answers the access and refresh tokens. */
  login(username: string, password: string): Promise<{ access: string; refresh: string }>;
  /** The last phone code the built-in SMS sender logged for a mobile. */
  lastSmsCode(mobile: string): string | undefined;
  /** Stops the server and restarts it on the same data (and database), answering the new instance. */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

interface Storage {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  drop(): Promise<void>;
}

/**
 * Starts the real server on an ephemeral port, on a fresh SQLite file or, when the suite runs
 * the PostgreSQL variant, in a fresh schema of TEST_DATABASE_URL.
 */
export async function startServer(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
): Promise<TestServer> {
  return start(await createStorage(), overrides, options);
}

/**
 * Another node of the deployment `first` belongs to: the same database (and data directory), the
 * same external broker and share group. Closing the first node removes the shared storage.
 */
export function startPeer(first: TestServer, overrides: Partial<Config> = {}): Promise<TestServer> {
  return startServer({
    dataDir: first.config.dataDir,
    databaseUrl: first.config.databaseUrl,
    databaseSchema: first.config.databaseSchema,
    mqttUrl: first.config.mqttUrl,
    mqttShareGroup: first.config.mqttShareGroup,
    ...overrides,
  });
}

async function createStorage(): Promise<Storage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iot-test-'));
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    return {
      dataDir,
      databaseUrl: undefined,
      databaseSchema: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    dataDir,
    databaseUrl: url,
    databaseSchema: schema,
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function start(
  storage: Storage,
  overrides: Partial<Config>,
  options: Omit<BuildOptions, 'logStream'> = {},
): Promise<TestServer> {
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: storage.dataDir,
    databaseUrl: storage.databaseUrl,
    databaseSchema: storage.databaseSchema,
    adminPassword: ADMIN_PASSWORD,
    tokenRateLimitPerMinute: 10_000,
    mqttPort: 0,
    mqttPortFixed: true,
    dtuPort: 0,
    dtuPortFixed: true,
    demoCameraPort: 0,
    demoCameraPortFixed: true,
    // Sessions left on the machine's shared Mosquitto by finished tests expire soon.
    mqttSessionExpirySeconds: 60,
    webDist: path.join(storage.dataDir, 'no-web'),
    ...overrides,
  };
  const logs: Record<string, unknown>[] = [];
  const logStream = {
    write(line: string) {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  const server = await buildApp(config, { ...options, logStream });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const request: TestServer['request'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + url, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };

  const grant: TestServer['grant'] = async (fields, basic = WEB_BASIC) => {
    const response = await fetch(`${baseUrl}/iot/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ loginWay: 'web', ...fields }).toString(),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };

  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };

  return {
    baseUrl,
    server,
    config,
    logs,
    request,
    async ok(method, url, options) {
      const answer = await request<never>(method, url, options);
      if (answer.body.code !== 20000)
        throw new Error(`${method} ${url}: ${answer.status} ${answer.body.code} ${answer.body.message}`);
      return answer.body.data;
    },
    grant,
    async login(username, password) {
      const answer = await grant({ grant_type: 'password', username, password });
      if (answer.body.code !== 20000) throw new Error(`login ${username} failed: ${answer.body.message}`);
      return { access: String(answer.body.access_token), refresh: String(answer.body.refresh_token) };
    },
    lastSmsCode(mobile) {
      for (let i = logs.length - 1; i >= 0; i--) {
        const sms = logs[i]?.sms as { mobile?: string; text?: string } | undefined;
        if (sms?.mobile === mobile) return sms.text?.match(/验证码是(\d{6})/)?.[1];
      }
      return undefined;
    },
    async restart() {
      await stop();
      return start(storage, overrides, options);
    },
    async close() {
      await stop();
      await storage.drop();
    },
  };
}

/**
 * The demo's start-up work done and its reminders gone: the catch-up run of the maintenance plans
 * (which tells the demo operator of the orders it generates) finished, every message sent, and the
 * maintenance reminders it left deleted. For tests that count one demo user's messages from zero.
 */
export async function withoutDemoReminders(t: TestServer): Promise<void> {
  await t.server.platform.jobs.run(PLAN_JOB);
  await t.server.messages.drain();
  await t.server.platform.db
    .deleteFrom('messages')
    .where('type', 'in', ['maintenance', 'maintenanceRelease'])
    .execute();
}
