import { Messages, ResultCode } from '@iot/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOSQUITTO_URL, mosquittoReachable } from '../../test/mosquitto.js';
import { ADMIN_PASSWORD, startPeer, startServer, type TestServer } from '../../test/server.js';

/**
 * Two server nodes on one database and the machine's Mosquitto. Each node caches sessions,
 * accounts and memberships (decision 0030); whatever one node changes, the other refuses or allows
 * accordingly on the very next request, with no waiting.
 */
const available = await mosquittoReachable();
let a: TestServer;
let b: TestServer;
let admin: string;
let projectId: number;
let roleId: number;
let userId: number;
const PASSWORD = 'Passw0rd!';

const gatewaysOf = (t: TestServer, token: string) =>
  t.request('GET', `/iot/groups/${projectId}/gateways`, { token });
const expectAllowed = async (t: TestServer, token: string) =>
  expect((await gatewaysOf(t, token)).body.code).toBe(ResultCode.SUCCESS);
const expectForbidden = async (t: TestServer, token: string) =>
  expect(await gatewaysOf(t, token)).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
const expectSignedOut = async (t: TestServer, token: string, message: string = Messages.TOKEN_EXPIRED) =>
  expect(await gatewaysOf(t, token)).toMatchObject({
    status: 401,
    body: { code: ResultCode.TOKEN_EXPIRED, message },
  });

/** Signs in on node A and makes node B cache the session and the membership. */
async function cachedOnB(): Promise<{ access: string; refresh: string }> {
  const tokens = await a.login('cache-user', PASSWORD);
  await expectAllowed(b, tokens.access);
  await expectAllowed(b, tokens.access);
  return tokens;
}

beforeAll(async () => {
  if (!available) return;
  // A cluster of its own: the SQLite and PostgreSQL runs share this broker at the same time.
  const mqttShareGroup = `access-${process.env.TEST_DB}-${process.pid}`;
  a = await startServer({ mqttUrl: MOSQUITTO_URL, mqttShareGroup });
  b = await startPeer(a);
  admin = (await a.login('admin', ADMIN_PASSWORD)).access;
  projectId = a.server.seeded.demoProjectId!;
  roleId = (
    await a.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      token: admin,
      body: { name: '网关查看', functions: [{ code: 'router-projectGateway', permission: 1 }] },
    })
  ).id;
  userId = (
    await a.ok<{ userId: number }>('POST', `/iot/groups/${projectId}/users`, {
      token: admin,
      body: { username: 'cache-user', realname: '缓存', mobile: '13911112222', password: PASSWORD, roleId },
    })
  ).userId;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!available)('access state cached per node, changed on another', () => {
  it('a session signed out on one node is refused on the other at once', async () => {
    const { access } = await cachedOnB();
    await a.ok('POST', `/iot/exit?accessToken=${access}`, { token: access });
    await expectSignedOut(b, access);
  });

  it('a replayed refresh token ends its session on every node at once', async () => {
    const { access, refresh } = await cachedOnB();
    const rotated = await a.grant({ grant_type: 'refresh_token', refresh_token: refresh });
    expect(rotated.body.access_token).toBeTypeOf('string');
    const fresh = String(rotated.body.access_token);
    await expectAllowed(b, fresh);
    // The old refresh token again: a stolen copy being replayed ends the whole session.
    expect((await a.grant({ grant_type: 'refresh_token', refresh_token: refresh })).status).toBe(401);
    await expectSignedOut(b, fresh);
    await expectSignedOut(b, access);
  });

  it('a role losing the entry, then regaining it, applies on the other node at once', async () => {
    const { access } = await cachedOnB();
    const edit = (permission: number) =>
      a.ok('PUT', `/iot/groups/${projectId}/roles/${roleId}`, {
        token: admin,
        body: {
          name: '网关查看',
          functions: permission ? [{ code: 'router-projectGateway', permission }] : [],
        },
      });
    await edit(0);
    await expectForbidden(b, access);
    await edit(1);
    await expectAllowed(b, access);
  });

  it('a member removed on one node is refused on the other at once, and allowed once added again', async () => {
    const { access } = await cachedOnB();
    await a.ok('DELETE', `/iot/groups/${projectId}/users/${userId}`, { token: admin });
    await expectForbidden(b, access);
    await a.ok('POST', `/iot/groups/${projectId}/users`, {
      token: admin,
      body: { account: 'cache-user', roleId },
    });
    await expectAllowed(b, access);
  });

  it('an account deactivated on one node is told so on the other at once', async () => {
    const { access } = await cachedOnB();
    await a.ok('PUT', `/iot/users/${userId}`, { token: admin, body: { status: 'disabled' } });
    await expectSignedOut(b, access, Messages.ACCOUNT_DEACTIVATED);
    await a.ok('PUT', `/iot/users/${userId}`, { token: admin, body: { status: 'enabled' } });
  });

  it('an expiry date set in the past on one node applies on the other at once', async () => {
    const { access } = await cachedOnB();
    await a.ok('PUT', `/iot/users/${userId}`, { token: admin, body: { expireAt: Date.now() - 1000 } });
    await expectSignedOut(b, access, Messages.ACCOUNT_EXPIRED_OPERATION);
    await a.ok('PUT', `/iot/users/${userId}`, { token: admin, body: { expireAt: null } });
    await expectAllowed(b, access);
  });
});
