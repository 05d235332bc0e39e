import { Messages, type Page } from '@iot/contracts';
import type { User } from '@iot/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/** 用户管理's list (issue 12): server paging, the keyword and the account state filter. */
let t: TestServer;
let admin: string;

const list = (query: string, token = admin) => t.ok<Page<User>>('GET', `/iot/users?${query}`, { token });
const names = async (query: string) => (await list(`${query}&size=1000`)).list.map((u) => u.username);
const create = (username: string, extra: Record<string, unknown> = {}) =>
  t.ok('POST', '/iot/users', {
    token: admin,
    body: { username, realname: `状态${username}`, password: 'Passw0rd!', ...extra },
  });

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  await create('state-enabled');
  await create('state-disabled', { status: 'disabled' });
  await create('state-expired', { expireAt: Date.now() - 86_400_000 });
  await create('state-later', { expireAt: Date.now() + 86_400_000 });
  await create('state-locked');
  for (let i = 0; i < 5; i++) {
    await t.grant({ grant_type: 'password', username: 'state-locked', password: 'Wrong@123' });
  }
});
afterAll(() => t?.close());

describe('用户管理 list', () => {
  it('filters by state: enabled, disabled, locked, expired', async () => {
    expect(await names('keyword=state-&state=disabled')).toEqual(['state-disabled']);
    expect(await names('keyword=state-&state=locked')).toEqual(['state-locked']);
    expect(await names('keyword=state-&state=expired')).toEqual(['state-expired']);
    expect(await names('keyword=state-&state=enabled')).toEqual([
      'state-enabled',
      'state-expired',
      'state-later',
      'state-locked',
    ]);
    expect(await names('keyword=state-')).toHaveLength(5);
    // Without a keyword too: the seeded accounts are enabled, none locked.
    expect(await names('state=locked')).toEqual(['state-locked']);
    expect(await names('state=disabled')).toEqual(['state-disabled']);
  });

  it('pages with the total and refuses an unknown state', async () => {
    const first = await list('keyword=state-&size=2');
    expect(first).toMatchObject({ total: 5, page: 0, size: 2 });
    expect((await list('keyword=state-&size=2&page=2')).list.map((u) => u.username)).toEqual([
      'state-locked',
    ]);
    const bad = await t.request('GET', '/iot/users?state=gone', { token: admin });
    expect(bad).toMatchObject({ status: 400, body: { code: 40000 } });
  });

  it('stays the system administration’s', async () => {
    const { access } = await t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    const answer = await t.request('GET', '/iot/users?state=locked', { token: access });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
  });
});
