import type { Page } from '@iot/contracts';
import type { OperationLog } from '@iot/contracts/operation-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let projectId: number;
let otherProjectId: number;

const DAY = 86_400_000;

/** The system log, as the administrator reads it, after the writer's queue is stored. */
async function systemLog(query = ''): Promise<Page<OperationLog>> {
  await t.server.operationLogs.flush();
  return t.ok<Page<OperationLog>>('GET', `/iot/operationLogs?size=100${query}`, { token: admin });
}

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  projectId = t.server.seeded.demoProjectId!;
  otherProjectId = (
    await t.ok<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: admin,
      body: { name: '乙项目' },
    })
  ).projectGroupId;
});
afterAll(() => t.close());

describe('what is recorded', () => {
  it('records sign-ins, allowed and refused, with the account as typed and never the password', async () => {
    await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password);
    const refused = await t.grant({
      grant_type: 'password',
      username: 'demo-operator',
      password: 'Wrong#Secret9',
    });
    expect(refused.body).toMatchObject({ code: 40000 });

    const signIns = (await systemLog('&kind=signIn&keyword=demo-operator')).list;
    expect(signIns.slice(0, 2)).toMatchObject([
      { kind: 'signIn', username: 'demo-operator', userId: null, summary: '登录（账号密码）' },
      { kind: 'signIn', username: 'demo-operator', realname: DEMO_ACCOUNTS.operator.realname, code: 20000 },
    ]);
    expect(signIns[0]!.code).not.toBe(20000);
    expect(signIns[0]!.ip).toMatch(/127\.0\.0\.1/);
    const everything = JSON.stringify((await systemLog()).list);
    expect(everything).not.toContain('Wrong#Secret9');
    expect(everything).not.toContain(DEMO_ACCOUNTS.operator.password);
  });

  it('records a write in a project with its summary, target and project, and nothing for reads', async () => {
    const before = (await systemLog()).total;
    await t.ok('GET', `/iot/groups/${projectId}/tree`, { token: projectAdmin });
    expect((await systemLog()).total).toBe(before);

    const site = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/children`, {
      token: projectAdmin,
      body: { name: '日志测试站点', groupType: 'site', siteType: 'container', parentId: projectId },
    });
    const [entry] = (await systemLog('&kind=write')).list;
    expect(entry).toMatchObject({
      kind: 'write',
      username: DEMO_ACCOUNTS.projectAdmin.username,
      projectId,
      method: 'POST',
      route: '/iot/groups/:groupId/children',
      target: `groupId=${projectId}`,
      code: 20000,
      status: 200,
    });
    expect(entry!.summary).not.toBe('');
    expect(site.id).toBeGreaterThan(0);
  });

  it('records a refused write with its code, and a sign-out; not a token refresh', async () => {
    const operator = await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password);
    const refused = await t.request('POST', `/iot/groups/${projectId}/children`, {
      token: operator.access,
      body: { name: '无权创建', groupType: 'site', siteType: 'container', parentId: projectId },
    });
    expect(refused.status).toBe(403);
    const [write] = (await systemLog('&kind=write&result=failure')).list;
    expect(write).toMatchObject({
      username: 'demo-operator',
      status: 403,
      route: '/iot/groups/:groupId/children',
    });

    const before = (await systemLog()).total;
    await t.grant({ grant_type: 'refresh_token', refresh_token: operator.refresh });
    expect((await systemLog()).total).toBe(before);

    await t.ok('POST', `/iot/exit?accessToken=${operator.access}`, { token: operator.access });
    const [signOut] = (await systemLog('&kind=signOut')).list;
    expect(signOut).toMatchObject({ kind: 'signOut', username: 'demo-operator', code: 20000 });
  });
});

describe('never a secret', () => {
  it('records password changes, client secrets and tokens as operations, never their values', async () => {
    const client = await t.ok<{ clientSecret: string }>('POST', '/iot/system/clients', {
      token: admin,
      body: { name: '日志对接', clientId: 'oplog-client', userId: 1 },
    });
    const viaClient = await t.grant({
      grant_type: 'client_credentials',
      clientId: 'oplog-client',
      clientSecret: client.clientSecret,
    });
    expect(viaClient.body.code).toBe(20000);
    await t.grant({
      grant_type: 'client_credentials',
      clientId: 'oplog-client',
      clientSecret: 'Guess#Secret42',
    });

    const { password } = DEMO_ACCOUNTS.projectAdmin;
    const changed = 'Changed#Secret77';
    await t.ok('PUT', '/iot/users/changePassword', {
      token: projectAdmin,
      body: { oldPassword: password, newPassword: changed },
    });
    await t.ok('PUT', '/iot/users/changePassword', {
      token: projectAdmin,
      body: { oldPassword: changed, newPassword: password },
    });
    const session = await t.login('admin', ADMIN_PASSWORD);
    await t.ok('POST', `/iot/exit?accessToken=${session.access}`, { token: session.access });

    const log = await systemLog();
    expect(log.list.filter((e) => e.route === '/iot/users/changePassword')).toHaveLength(2);
    // The refused one as typed (the client id), the granted one as the account the client acts for.
    expect(log.list.filter((e) => e.summary === '登录（客户端凭据）').map((e) => e.username)).toEqual([
      'oplog-client',
      'admin',
    ]);
    const text = JSON.stringify(log.list);
    for (const secret of [
      client.clientSecret,
      'Guess#Secret42',
      changed,
      password,
      ADMIN_PASSWORD,
      session.access,
      session.refresh,
      String(viaClient.body.access_token),
    ])
      expect(text).not.toContain(secret);
  });
});

describe('who reads what', () => {
  it('shows a project only its own writes, and refuses the project log to those without the right', async () => {
    await t.ok('POST', `/iot/groups/${otherProjectId}/children`, {
      token: admin,
      body: { name: '乙站点', groupType: 'site', siteType: 'container', parentId: otherProjectId },
    });
    await t.server.operationLogs.flush();
    const own = await t.ok<Page<OperationLog>>('GET', `/iot/groups/${projectId}/operationLogs?size=100`, {
      token: projectAdmin,
    });
    expect(own.total).toBeGreaterThan(0);
    expect(own.list.every((e) => e.projectId === projectId)).toBe(true);
    expect(own.list.some((e) => e.kind === 'signIn')).toBe(false);

    const other = await t.request('GET', `/iot/groups/${otherProjectId}/operationLogs`, {
      token: projectAdmin,
    });
    expect(other.status).toBe(403);
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    expect(
      (await t.request('GET', `/iot/groups/${projectId}/operationLogs`, { token: operator })).status,
    ).toBe(403);
    expect((await t.request('GET', '/iot/operationLogs', { token: projectAdmin })).status).toBe(403);
  });

  it('filters by user, time and keyword, pages up to 1000 and refuses more', async () => {
    const operatorId = (
      await t.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', {
        token: (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access,
      })
    ).userId;
    const byUser = await systemLog(`&userId=${operatorId}`);
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.list.every((e) => e.userId === operatorId)).toBe(true);
    const byName = await systemLog(`&user=${encodeURIComponent('示范运维')}`);
    expect(byName.total).toBe(byUser.total);
    expect((await systemLog(`&startTime=${Date.now() + DAY}`)).total).toBe(0);
    expect((await systemLog('&keyword=乙项目')).list.every((e) => e.projectName === '乙项目')).toBe(true);
    expect((await t.request('GET', '/iot/operationLogs?size=1000', { token: admin })).status).toBe(200);
    const tooMany = await t.request('GET', '/iot/operationLogs?size=1001', { token: admin });
    expect(tooMany).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});

describe('retention', () => {
  it('removes entries older than the configured days and keeps the rest', async () => {
    const total = (await systemLog()).total;
    expect(await t.server.operationLogs.purge(Date.now() + 179 * DAY)).toBe(0);
    expect(await t.server.operationLogs.purge(Date.now() + 181 * DAY)).toBe(total);
    expect((await systemLog()).total).toBe(0);
  });
});
