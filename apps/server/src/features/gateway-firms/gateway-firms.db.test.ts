import { Messages, type Page } from '@iot/contracts';
import { type GatewayFirm, GatewayFirmMessages, type MyGatewayFirm } from '@iot/contracts/gateway-firms';
import type { GatewayWithCredentials } from '@iot/contracts/gateways';
import type { Member } from '@iot/contracts/memberships';
import { BUILTIN_ROLE_NAMES, type Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { connectDevice, gatewayRow } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let firmAdmin: string;
let operator: string;
let demoFirm: GatewayFirm;

const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });

const checkName = (name: string, extra = '') =>
  ok<boolean>('GET', `/iot/gatewayFirms/checkName?name=${encodeURIComponent(name)}${extra}`);

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  firmAdmin = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const [mine] = (await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin))
    .list;
  demoFirm = await ok<GatewayFirm>('GET', `/iot/gatewayFirms/${mine!.id}`, undefined, firmAdmin);
});
afterAll(() => t.close());

describe('gateway firm CRUD', () => {
  it('creates a firm with its built-in administrator role, updates and deletes it', async () => {
    const created = await ok<GatewayFirm>('POST', '/iot/gatewayFirms', {
      name: '  新网关厂商 ',
      identificationCode: 'NEWF01',
    });
    expect(created).toMatchObject({ name: '新网关厂商', identificationCode: 'NEWF01' });
    expect(created.createdAt).toBeGreaterThan(0);
    const roles = (await ok<Page<Role>>('GET', `/iot/gatewayFirms/${created.id}/roles`)).list;
    expect(roles).toEqual([
      expect.objectContaining({ name: BUILTIN_ROLE_NAMES.firm, builtin: 'admin', functions: [] }),
    ]);
    expect(await ok<GatewayFirm>('GET', `/iot/gatewayFirms/${created.id}`)).toEqual(created);

    const list = await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms?size=100');
    expect(list.list.map((f) => f.name)).toEqual([demoFirm.name, '新网关厂商']);
    expect(list.total).toBe(2);
    const keyword = await ok<Page<GatewayFirm>>(
      'GET',
      `/iot/gatewayFirms?keyword=${encodeURIComponent('新')}`,
    );
    expect(keyword.list.map((f) => f.id)).toEqual([created.id]);

    const updated = await ok<GatewayFirm>('PUT', `/iot/gatewayFirms/${created.id}`, {
      name: '改名厂商',
      identificationCode: 'NEWF02',
    });
    expect(updated).toMatchObject({ id: created.id, name: '改名厂商', identificationCode: 'NEWF02' });
    // Saving a firm unchanged is no conflict with itself.
    await ok('PUT', `/iot/gatewayFirms/${created.id}`, { name: '改名厂商', identificationCode: 'NEWF02' });

    // A member comes along with the firm; deleting the firm takes roles and members with it.
    await ok('POST', '/iot/users', { username: 'firm-member', realname: '厂商成员', password: 'Passw0rd!' });
    await ok('POST', `/iot/gatewayFirms/${created.id}/users`, {
      account: 'firm-member',
      roleId: roles[0]!.id,
    });
    const { access } = await t.login('firm-member', 'Passw0rd!');
    expect((await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser', undefined, access)).total).toBe(
      1,
    );

    await ok('DELETE', `/iot/gatewayFirms/${created.id}`);
    expect(await t.request('GET', `/iot/gatewayFirms/${created.id}`, { token: admin })).toMatchObject({
      status: 404,
      body: { code: 40000 },
    });
    expect((await t.request('GET', `/iot/gatewayFirms/${created.id}`, { token: access })).status).toBe(403);
    expect((await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser', undefined, access)).total).toBe(
      0,
    );
    expect(await checkName('改名厂商')).toBe(true);
    const again = await t.request('DELETE', `/iot/gatewayFirms/${created.id}`, { token: admin });
    expect(again.status).toBe(404);
    const update = await t.request('PUT', `/iot/gatewayFirms/${created.id}`, {
      token: admin,
      body: { name: '幽灵厂商', identificationCode: 'GHOST' },
    });
    expect(update.status).toBe(404);
  });

  it('validates the identification code', async () => {
    for (const identificationCode of ['A', 'has space', 'TOO-LONG-CODE-0000', '中文']) {
      const answer = await t.request('POST', '/iot/gatewayFirms', {
        token: admin,
        body: { name: '校验厂商', identificationCode },
      });
      expect(answer, identificationCode).toMatchObject({ status: 400, body: { code: 40000 } });
      expect(answer.body.message).toContain('识别码只能包含字母和数字');
    }
  });
});

describe('gateway firm uniqueness', () => {
  it('answers the name check and refuses a taken name or identification code with 409', async () => {
    expect(await checkName(demoFirm.name)).toBe(false);
    expect(await checkName(demoFirm.name, `&excludeId=${demoFirm.id}`)).toBe(true);
    expect(await checkName('尚无此厂商')).toBe(true);

    const name = await t.request('POST', '/iot/gatewayFirms', {
      token: admin,
      body: { name: demoFirm.name, identificationCode: 'OTHER1' },
    });
    expect(name).toMatchObject({
      status: 409,
      body: { code: 40000, message: GatewayFirmMessages.NAME_TAKEN },
    });
    const code = await t.request('POST', '/iot/gatewayFirms', {
      token: admin,
      body: { name: '另一厂商', identificationCode: demoFirm.identificationCode },
    });
    expect(code).toMatchObject({
      status: 409,
      body: { code: 40000, message: GatewayFirmMessages.CODE_TAKEN },
    });

    const other = await ok<GatewayFirm>('POST', '/iot/gatewayFirms', {
      name: '另一厂商',
      identificationCode: 'OTHER1',
    });
    for (const [body, message] of [
      [{ name: demoFirm.name, identificationCode: 'OTHER1' }, GatewayFirmMessages.NAME_TAKEN],
      [{ name: '另一厂商', identificationCode: demoFirm.identificationCode }, GatewayFirmMessages.CODE_TAKEN],
    ] as const) {
      const answer = await t.request('PUT', `/iot/gatewayFirms/${other.id}`, { token: admin, body });
      expect(answer).toMatchObject({ status: 409, body: { message } });
    }
  });

  it('only system administration may check names', async () => {
    const answer = await t.request('GET', '/iot/gatewayFirms/checkName?name=x', { token: firmAdmin });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('gateway firms by member', () => {
  it('byCurUser lists the caller’s firms; every firm for a system administrator', async () => {
    const mine = await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin);
    expect(mine).toMatchObject({ total: 1, page: 0, size: 10 });
    expect(mine.list).toEqual([
      { ...demoFirm, roleName: BUILTIN_ROLE_NAMES.firm, gateways: 0, boundGateways: 0, onlineGateways: 0 },
    ]);
    expect(await ok('GET', '/iot/gatewayFirms/byCurUser', undefined, operator)).toEqual({
      list: [],
      total: 0,
      page: 0,
      size: 10,
    });
    const all = await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser?size=1');
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.list).toHaveLength(1);
    // The system administrator holds no role in the firm: none is named.
    expect(all.list[0]).toMatchObject({ ...demoFirm, roleName: null });
    const secondPage = await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser?size=1&page=1');
    expect(secondPage.list[0]!.id).not.toBe(demoFirm.id);
  });

  it('a firm member reads the firm; a non-member is refused', async () => {
    expect(await ok('GET', `/iot/gatewayFirms/${demoFirm.id}`, undefined, firmAdmin)).toEqual(demoFirm);
    const other = (await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms?size=100')).list.find(
      (f) => f.id !== demoFirm.id,
    )!;
    for (const [token, id] of [
      [operator, demoFirm.id],
      [firmAdmin, other.id],
      [firmAdmin, 99999],
    ] as const) {
      const answer = await t.request('GET', `/iot/gatewayFirms/${id}`, { token });
      expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
  });

  it('a firm administrator cannot change or delete firms; that is system administration', async () => {
    for (const [method, body] of [
      ['PUT', { name: '自改', identificationCode: 'SELF' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await t.request(method, `/iot/gatewayFirms/${demoFirm.id}`, { token: firmAdmin, body });
      expect(answer, method).toMatchObject({ status: 403, body: { code: 40000 } });
    }
    for (const url of ['/iot/gatewayFirms', '/iot/gatewayFirms?size=5']) {
      expect((await t.request('GET', url, { token: firmAdmin })).status).toBe(403);
    }
    const create = await t.request('POST', '/iot/gatewayFirms', {
      token: firmAdmin,
      body: { name: '自建厂商', identificationCode: 'SELF' },
    });
    expect(create.status).toBe(403);
    const members = (
      await ok<Page<Member>>('GET', `/iot/gatewayFirms/${demoFirm.id}/users`, undefined, firmAdmin)
    ).list;
    expect(members.map((m) => m.username)).toEqual([DEMO_ACCOUNTS.firmAdmin.username]);
  });
});

describe('gateway firm search', () => {
  it('ignores case on both databases and takes % and _ literally', async () => {
    await ok('POST', '/iot/gatewayFirms', { name: 'Acme 网关', identificationCode: 'acme' });
    await ok('POST', '/iot/gatewayFirms', { name: 'beta_100% 网关', identificationCode: 'BETA' });
    const search = async (keyword: string) =>
      (
        await ok<Page<GatewayFirm>>('GET', `/iot/gatewayFirms?keyword=${encodeURIComponent(keyword)}`)
      ).list.map((f) => f.name);
    expect(await search('acme')).toEqual(['Acme 网关']);
    expect(await search('ACME')).toEqual(['Acme 网关']);
    expect(await search('_')).toEqual(['beta_100% 网关']);
    expect(await search('%')).toEqual(['beta_100% 网关']);
  });

  it('keeps one spelling of an identification code', async () => {
    const firms = await ok<Page<GatewayFirm>>('GET', '/iot/gatewayFirms?keyword=acme');
    expect(firms.list[0]?.identificationCode).toBe('ACME');
    const clash = await t.request('POST', '/iot/gatewayFirms', {
      token: admin,
      body: { name: '另一个', identificationCode: 'Acme' },
    });
    expect(clash).toMatchObject({ status: 409, body: { message: GatewayFirmMessages.CODE_TAKEN } });
  });
});

describe('我的网关厂商', () => {
  it('a member with the least role sees their own role and the firm’s gateways: all, bound, online; nothing of another firm', async () => {
    const firm = await ok<GatewayFirm>('POST', '/iot/gatewayFirms', {
      name: '城东仪表厂',
      identificationCode: 'CDYB',
    });
    const role = await ok<Role>('POST', `/iot/gatewayFirms/${firm.id}/roles`, {
      name: '网关查看员',
      functions: [{ code: 'router-firmGateway', permission: 1 }],
    });
    await ok('POST', '/iot/users', { username: 'firm-viewer', realname: '查看员', password: 'Passw0rd!' });
    await ok('POST', `/iot/gatewayFirms/${firm.id}/users`, { account: 'firm-viewer', roleId: role.id });
    const viewer = (await t.login('firm-viewer', 'Passw0rd!')).access;
    const made: GatewayWithCredentials[] = [];
    for (const n of [1, 2, 3])
      made.push(
        await ok<GatewayWithCredentials>('POST', `/iot/gatewayFirms/${firm.id}/gateways`, {
          serialNumber: `CDYB-000${n}`,
          alias: `仪表${n}`,
        }),
      );
    // One is bound to the demo project by its administrator, and its device speaks.
    const projectAdmin = (
      await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)
    ).access;
    const projectId = t.server.seeded.demoProjectId!;
    await ok(
      'POST',
      `/iot/groups/${projectId}/gateways/bind`,
      { serialNumber: made[0]!.serialNumber, bindCode: made[0]!.bindCode, alias: '进水仪表' },
      projectAdmin,
    );
    const device = await connectDevice(t, { ...made[0]!, indicators: {} });
    try {
      await device.publishAsync(`gateways/${made[0]!.serialNumber}/telemetry`, JSON.stringify({ cod: 1 }), {
        qos: 1,
      });
      await expect.poll(async () => (await gatewayRow(t, made[0]!.id)).online_status).toBe('online');

      const mine = await ok<Page<MyGatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser', undefined, viewer);
      expect(mine).toMatchObject({ total: 1, page: 0, size: 10 });
      expect(mine.list).toEqual([
        { ...firm, roleName: '网关查看员', gateways: 3, boundGateways: 1, onlineGateways: 1 },
      ]);
      // The demo firm's administrator sees neither the firm nor its gateways in their own row.
      const demo = await ok<Page<MyGatewayFirm>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin);
      expect(demo.list.map((f) => [f.id, f.gateways])).toEqual([[demoFirm.id, 0]]);
      // Entering: the firm's menu holds what the role grants; the demo firm's admin is refused there.
      const menus = await ok<{ code: string }[]>(
        'GET',
        `/iot/users/current/menus?type=firm&id=${firm.id}`,
        undefined,
        viewer,
      );
      expect(menus.map((m) => m.code)).toEqual(['router-firmGateway']);
      const refused = await t.request('GET', `/iot/gatewayFirms/${firm.id}/gateways`, { token: firmAdmin });
      expect(refused.status).toBe(403);
    } finally {
      await device.endAsync();
    }
  });
});
