import type { LoginInfo } from '@iot/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { startServer, type TestServer } from '../../test/server.js';

/** 新手引导 read state (feature-areas §3 isReadGuide, §4 Guide, §7 set guide read). */
let t: TestServer;
let newcomer: string;
let colleague: string;

beforeAll(async () => {
  t = await startServer();
  const projectId = t.server.seeded.demoProjectId!;
  const admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name: '引导测试', description: '', functions: [{ code: 'router-equipment', permission: 1 }] },
  });
  for (const username of ['guide-newcomer', 'guide-colleague'])
    await t.ok('POST', `/iot/groups/${projectId}/users`, {
      token: admin,
      body: { username, realname: username, password: 'Passw0rd!', roleId: role.id },
    });
  newcomer = (await t.login('guide-newcomer', 'Passw0rd!')).access;
  colleague = (await t.login('guide-colleague', 'Passw0rd!')).access;
});
afterAll(() => t?.close());

const guideRead = async (token: string) =>
  ((await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token })).isReadGuide & 1) === 1;

describe('read guide', () => {
  it('a new user has not read the guide; finishing it sets bit 1 for that user only, once and for all', async () => {
    expect(await guideRead(newcomer)).toBe(false);
    await t.ok('PUT', '/iot/users/current/readGuide', { token: newcomer });
    expect(await guideRead(newcomer)).toBe(true);
    expect(await guideRead(colleague)).toBe(false);
    // Finishing again (the guide opened from the avatar menu) keeps it read.
    await t.ok('PUT', '/iot/users/current/readGuide', { token: newcomer });
    expect(
      (await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token: newcomer })).isReadGuide,
    ).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.request('PUT', '/iot/users/current/readGuide', {});
    expect(response.status).toBe(401);
  });
});
