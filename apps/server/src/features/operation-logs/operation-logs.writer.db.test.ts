import type { Page } from '@iot/contracts';
import type { OperationLog } from '@iot/contracts/operation-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunPostgres, type PostgresInstance, startPostgres } from '../../test/postgres-instance.js';
import { ADMIN_PASSWORD, startPeer, startServer, type TestServer } from '../../test/server.js';

/**
 * How entries reach the table (decision 0038): queued as the answer is sent, stored by the writer on
 * its own — after the flush interval, at once when a batch is full, at shutdown, after an outage —
 * never by the test asking it to. No test here calls `flush()`.
 */

const THEME = '/iot/users/current/theme';
const HOUR = 3_600_000;

/** The system log as stored, newest first, read without asking the writer for its queue. */
async function stored(t: TestServer, token: string, query = ''): Promise<Page<OperationLog>> {
  return t.ok<Page<OperationLog>>('GET', `/iot/operationLogs?size=1000${query}`, { token });
}

/** `count` theme writes, `concurrency` at a time; answers when every one is answered. */
async function themeWrites(t: TestServer, token: string, count: number, concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await t.ok('PUT', THEME, { token, body: { theme: next % 2 ? 'tech' : 'light' } });
      }
    }),
  );
}

describe('with the default flush interval', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('stores an answered write and sign-in by itself, within moments', async () => {
    expect(t.config.operationLogFlushMs).toBe(100);
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    await t.ok('PUT', THEME, { token: admin, body: { theme: 'tech' } });
    await expect
      .poll(async () => (await stored(t, admin)).list.map((e) => `${e.kind} ${e.route}`), { timeout: 5000 })
      .toEqual([`write ${THEME}`, 'signIn /iot/oauth/token']);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ trustProxy: true });
  });
  afterAll(() => t.close());

  it('stores a forwarded address cut to its column, and the entries after it', async () => {
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const forged = `${'f'.repeat(300)}, 10.0.0.1`;
    await t.request('PUT', THEME, {
      token: admin,
      body: { theme: 'tech' },
      headers: { 'x-forwarded-for': forged },
    });
    await t.ok('PUT', THEME, { token: admin, body: { theme: 'light' } });
    await expect
      .poll(async () => (await stored(t, admin, '&kind=write')).list.map((e) => e.ip.length), {
        timeout: 5000,
      })
      .toEqual([expect.any(Number), 64]);
  });
});

describe('with a flush interval of an hour', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startServer({ operationLogFlushMs: HOUR });
  });
  afterAll(() => t.close());

  it('keeps entries queued until shutdown, and the shutdown stores every one', async () => {
    const session = await t.login('admin', ADMIN_PASSWORD);
    await themeWrites(t, session.access, 5, 1);
    await t.ok('POST', `/iot/exit?accessToken=${session.access}`, { token: session.access });
    expect(t.server.operationLogs.backlog()).toBe(7);
    admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    expect((await stored(t, admin)).total).toBe(0);

    t = await t.restart();
    admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    // Newest first: the sign-in just now is still queued; the 8 before it were stored by the shutdown.
    expect((await stored(t, admin)).list.map((e) => e.kind)).toEqual([
      'signIn',
      'signOut',
      ...Array<string>(5).fill('write'),
      'signIn',
    ]);
  });

  it('stores a full batch at once, without waiting for the interval, each entry as it was answered', async () => {
    const before = (await stored(t, admin, '&kind=write')).total;
    await themeWrites(t, admin, 1050, 16);
    // 1,000 queued entries are a batch: stored well before the hour is up.
    await expect
      .poll(async () => (await stored(t, admin, '&kind=write')).total - before, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1000);

    t = await t.restart();
    admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const writes = await t.ok<Page<OperationLog>>('GET', `/iot/operationLogs?size=1000&kind=write&page=0`, {
      token: admin,
    });
    const older = await t.ok<Page<OperationLog>>('GET', `/iot/operationLogs?size=1000&kind=write&page=1`, {
      token: admin,
    });
    const all = [...writes.list, ...older.list];
    expect(writes.total).toBe(before + 1050);
    expect(all.every((e) => e.route === THEME && e.method === 'PUT')).toBe(true);
    expect(all[0]).toMatchObject({
      username: 'admin',
      realname: expect.any(String),
      projectId: null,
      code: 20000,
      status: 200,
      target: '',
      summary: expect.stringMatching(/\S/),
      userAgent: expect.stringMatching(/\S/),
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
    // Newest first, strictly: one entry per answer, none twice.
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.every((e, i) => i === 0 || e.at <= all[i - 1]!.at)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('on two nodes of one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer();
    b = await startPeer(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each node stores its own answers; either lists both', async () => {
    const onA = (await a.login('admin', ADMIN_PASSWORD)).access;
    const onB = (await b.login('admin', ADMIN_PASSWORD)).access;
    await Promise.all([themeWrites(a, onA, 40, 4), themeWrites(b, onB, 60, 4)]);
    await expect.poll(async () => (await stored(b, onB, '&kind=write')).total, { timeout: 5000 }).toBe(100);
    expect((await stored(a, onA, '&kind=signIn')).total).toBe(2);
  });
});

/**
 * The database away while sign-ins are answered (its own PostgreSQL, as database-outage.db.test.ts;
 * run once, in the SQLite project): the attempts are answered 503 at once, their entries wait in the
 * queue, and are stored once the database is back — none lost.
 */
describe.runIf(canRunPostgres() && process.env.TEST_DB !== 'postgres')('through a database outage', () => {
  let database: PostgresInstance;
  let t: TestServer;
  beforeAll(async () => {
    database = await startPostgres();
    t = await startServer({ databaseUrl: database.url, databaseSchema: undefined });
  });
  afterAll(async () => {
    try {
      if (database && !database.running) await database.start();
      await t?.close();
    } finally {
      await database?.destroy();
    }
  });

  it('stores the sign-ins answered while PostgreSQL was stopped, once it is back', async () => {
    await database.stop('fast');
    for (let i = 0; i < 3; i++) {
      const answer = await t.grant({
        grant_type: 'password',
        username: `outage-${i}`,
        password: 'Outage#Secret1',
      });
      expect(answer.status).toBe(503);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.server.operationLogs.backlog()).toBe(3);

    await database.start();
    await expect.poll(() => t.server.operationLogs.backlog(), { timeout: 15_000, interval: 100 }).toBe(0);
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const attempts = (await stored(t, admin, '&keyword=outage-')).list;
    expect(attempts.map((e) => e.username).sort()).toEqual(['outage-0', 'outage-1', 'outage-2']);
    expect(attempts.every((e) => e.kind === 'signIn' && e.status === 503 && e.code !== 20000)).toBe(true);
    expect(JSON.stringify(attempts)).not.toContain('Outage#Secret1');
  }, 60_000);
});
