import { ClientMessages } from '@iot/contracts/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

type Client = { id: number; clientId: string; name: string; enabled: boolean; clientSecret?: string };
type Page<T> = { list: T[]; total: number };

describe('开放平台 (integration clients)', () => {
  it('pages, searches and checks clientId; the secret answers once', async () => {
    const { projectId, token } = await projectWithAdmin(t, admin, '开放平台项目', 'open-admin');
    const users = await t.ok<Page<{ userId: number; username: string }>>(
      'GET',
      '/iot/users?keyword=open-admin',
      {
        token: admin,
      },
    );
    const userId = users.list[0]!.userId;
    for (const n of [1, 2, 3])
      await t.ok('POST', '/iot/system/clients', {
        token: admin,
        body: { name: `对接系统${n}`, clientId: `erp-${n}`, userId },
      });
    const created = await t.ok<Client>('POST', '/iot/system/clients', {
      token: admin,
      body: { name: '大屏', clientId: 'screen-1', userId: 1 },
    });
    expect(created.clientSecret).toMatch(/.{20,}/);

    const page = await t.ok<Page<Client>>('GET', '/iot/system/clients?page=0&size=2', { token: admin });
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    expect(JSON.stringify(page)).not.toContain(created.clientSecret);
    const found = await t.ok<Page<Client>>('GET', '/iot/system/clients?keyword=ERP-2', { token: admin });
    expect(found.list.map((c) => c.clientId)).toEqual(['erp-2']);
    const byAccount = await t.ok<Page<Client>>('GET', '/iot/system/clients?keyword=open-admin', {
      token: admin,
    });
    expect(byAccount.total).toBe(3);

    expect(await t.ok('GET', '/iot/system/clients/checkClientId?clientId=erp-1', { token: admin })).toBe(
      false,
    );
    expect(await t.ok('GET', '/iot/system/clients/checkClientId?clientId=iot-web', { token: admin })).toBe(
      false,
    );
    expect(await t.ok('GET', '/iot/system/clients/checkClientId?clientId=erp-9', { token: admin })).toBe(
      true,
    );
    const taken = await t.request('POST', '/iot/system/clients', {
      token: admin,
      body: { name: '重复', clientId: 'erp-1', userId },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: ClientMessages.CLIENT_ID_TAKEN } });
    const bad = await t.request('POST', '/iot/system/clients', {
      token: admin,
      body: { name: ' ', clientId: 'a b', userId },
    });
    expect(bad.body.code).toBe(40000);
    expect(bad.body.message).toMatch(/name: 不能为空|clientId: clientId 只能包含/);

    // The project's 开放接口 lists the clients signing in as its members, and nothing else.
    const ofProject = await t.ok<Page<Client>>(`GET`, `/iot/groups/${projectId}/openApi/clients`, { token });
    expect(ofProject.list.map((c) => c.clientId)).toEqual(['erp-1', 'erp-2', 'erp-3']);
    const other = await projectWithAdmin(t, admin, '另一个项目', 'other-admin');
    const ofOther = await t.ok<Page<Client>>('GET', `/iot/groups/${other.projectId}/openApi/clients`, {
      token: other.token,
    });
    expect(ofOther.total).toBe(0);
    expect(
      (await t.request('GET', `/iot/groups/${projectId}/openApi/clients`, { token: other.token })).status,
    ).toBe(403);

    // Rotated, the old secret stops working; disabled, the client cannot sign in.
    const rotated = await t.ok<Client>('POST', `/iot/system/clients/${created.id}/secret`, { token: admin });
    expect(rotated.clientSecret).not.toBe(created.clientSecret);
    const old = await t.grant({
      grant_type: 'client_credentials',
      clientId: 'screen-1',
      clientSecret: created.clientSecret!,
    });
    expect(old.body.code).not.toBe(20000);
    const fresh = await t.grant({
      grant_type: 'client_credentials',
      clientId: 'screen-1',
      clientSecret: rotated.clientSecret!,
    });
    expect(fresh.body.code).toBe(20000);
    await t.ok('PUT', `/iot/system/clients/${created.id}`, { token: admin, body: { enabled: false } });
    const disabled = await t.grant({
      grant_type: 'client_credentials',
      clientId: 'screen-1',
      clientSecret: rotated.clientSecret!,
    });
    expect(disabled.body.code).not.toBe(20000);
  });

  it('belongs to system administration', async () => {
    const { access } = await t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    expect((await t.request('GET', '/iot/system/clients', { token: access })).status).toBe(403);
    expect(
      (await t.request('GET', '/iot/system/clients/checkClientId?clientId=x', { token: access })).status,
    ).toBe(403);
  });
});
