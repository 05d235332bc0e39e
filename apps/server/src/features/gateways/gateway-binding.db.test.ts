import { Messages, type Page } from '@iot/contracts';
import {
  type Gateway,
  type GatewayEntryRecord,
  GatewayMessages,
  type GatewayWithCredentials,
} from '@iot/contracts/gateways';
import type { GatewayIndicator, Indicator } from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let admin: string;
let firmAdmin: string;
let projectAdmin: string;
let operator: string;
let otherAdmin: string;
let tree: Awaited<ReturnType<typeof projectTree>>;
const ids = { project: 0, otherProject: 0, firm: 0 };

const ok = <T>(method: string, url: string, body?: unknown, token = projectAdmin) =>
  t.ok<T>(method, url, { token, body });

const url = (path = '', groupId = ids.project) => `/iot/groups/${groupId}/gateways${path}`;
const firmGateway = (serialNumber: string) =>
  ok<GatewayWithCredentials>(
    'POST',
    `/iot/gatewayFirms/${ids.firm}/gateways`,
    { serialNumber, alias: `厂商-${serialNumber}` },
    firmAdmin,
  );
const bind = (gateway: GatewayWithCredentials, alias: string, groupId?: number) =>
  ok<Gateway>('POST', url('/bind'), {
    serialNumber: gateway.serialNumber,
    bindCode: gateway.bindCode,
    alias,
    ...(groupId ? { groupId } : {}),
  });
const setFlags = (flags: { canUnbindGateway?: boolean; canChangeBindGateway?: boolean }) =>
  ok('PUT', `/iot/projects/${ids.project}`, flags);
const records = async (id: number, groupId = ids.project, token = projectAdmin) =>
  (await ok<Page<GatewayEntryRecord>>('GET', url(`/${id}/entryRecords`, groupId), undefined, token)).list;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  firmAdmin = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  ids.firm = (await ok<Page<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin))
    .list[0]!.id;
  tree = await projectTree(t, admin, ids.project);
  const other = await projectWithAdmin(t, admin, '乙项目', 'b-admin');
  ids.otherProject = other.projectId;
  otherAdmin = other.token;
});
afterAll(() => t.close());

describe('binding a firm gateway', () => {
  it('refuses a wrong code and an unknown serial number with one message', async () => {
    const gateway = await firmGateway('BIND-0001');
    const wrongCode = gateway.bindCode === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    for (const body of [
      { serialNumber: 'BIND-0001', bindCode: wrongCode, alias: 'x' },
      { serialNumber: 'BIND-0001', bindCode: 'short', alias: 'x' },
      { serialNumber: 'NO-SUCH-SERIAL', bindCode: gateway.bindCode, alias: 'x' },
    ]) {
      const answer = await t.request('POST', url('/bind'), { token: projectAdmin, body });
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 40000, message: GatewayMessages.BIND_FAILED },
      });
    }
    expect(
      (await ok<Gateway>('GET', `/iot/gatewayFirms/${ids.firm}/gateways/${gateway.id}`, undefined, firmAdmin))
        .projectId,
    ).toBeNull();
  });

  it('binds with the right code (any case) into a site, once', async () => {
    const gateway = await firmGateway('BIND-0002');
    const site = tree.areas[1]!.sites[0]!;
    const bound = await ok<Gateway>('POST', url('/bind', tree.areas[2]!.id), {
      serialNumber: 'BIND-0002',
      bindCode: gateway.bindCode.toLowerCase(),
      alias: '生化池网关',
      groupId: site,
    });
    expect(bound).toMatchObject({
      id: gateway.id,
      firmId: ids.firm,
      projectId: ids.project,
      groupId: site,
      alias: '生化池网关',
    });
    expect((await ok<Page<Gateway>>('GET', url())).list.map((g) => g.id)).toContain(gateway.id);

    const again = await t.request('POST', url('/bind', ids.otherProject), {
      token: otherAdmin,
      body: { serialNumber: 'BIND-0002', bindCode: gateway.bindCode, alias: '抢绑' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: GatewayMessages.ALREADY_BOUND } });

    const other = await firmGateway('BIND-0003');
    const alias = await t.request('POST', url('/bind'), {
      token: projectAdmin,
      body: { serialNumber: 'BIND-0003', bindCode: other.bindCode, alias: '生化池网关' },
    });
    expect(alias).toMatchObject({ status: 409, body: { message: GatewayMessages.ALIAS_TAKEN } });
    const group = await t.request('POST', url('/bind'), {
      token: projectAdmin,
      body: { serialNumber: 'BIND-0003', bindCode: other.bindCode, alias: '别处', groupId: ids.otherProject },
    });
    expect(group).toMatchObject({ status: 404, body: { message: GatewayMessages.GROUP_NOT_FOUND } });

    expect((await records(gateway.id)).map((r) => [r.action, r.projectId, r.groupId])).toEqual([
      ['bound', ids.project, site],
    ]);
  });
});

describe('moving a gateway within its project', () => {
  it('changeBind moves it to another area or site, unless the project forbids it', async () => {
    const gateway = await bind(await firmGateway('MOVE-0001'), '换绑网关');
    const target = tree.areas[2]!.sites[1]!;
    const moved = await ok<Gateway>('PUT', url(`/${gateway.id}/changeBind`), { groupId: target });
    expect(moved).toMatchObject({ id: gateway.id, groupId: target, projectId: ids.project });
    const foreign = await t.request('PUT', url(`/${gateway.id}/changeBind`), {
      token: projectAdmin,
      body: { groupId: ids.otherProject },
    });
    expect(foreign).toMatchObject({ status: 404, body: { message: GatewayMessages.GROUP_NOT_FOUND } });

    await setFlags({ canChangeBindGateway: false });
    const refused = await t.request('PUT', url(`/${gateway.id}/changeBind`), {
      token: projectAdmin,
      body: { groupId: tree.areas[0]!.id },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: GatewayMessages.CHANGE_BIND_DISABLED },
    });
    await setFlags({ canChangeBindGateway: true });

    const [latest] = await records(gateway.id);
    expect(latest).toMatchObject({ action: 'changeBind', groupId: target, realname: '示范项目管理员' });
  });
});

describe('unbinding', () => {
  it('is refused while the project forbids it; then the gateway returns to its firm without indicators', async () => {
    const made = await firmGateway('UNB-0001');
    const gateway = await bind(made, '待解绑');
    const indicator = await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, {
      name: '液位',
      type: 'float',
    });
    await ok('POST', url(`/${gateway.id}/indicators`), {
      indicatorId: indicator.id,
      alias: '液位',
      dataIdentification: 'level',
    });

    await setFlags({ canUnbindGateway: false });
    const refused = await t.request('POST', url(`/${gateway.id}/unbind`), { token: projectAdmin });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: GatewayMessages.UNBIND_DISABLED },
    });
    await setFlags({ canUnbindGateway: true });

    const unbound = await ok<Gateway>('POST', url(`/${gateway.id}/unbind`));
    expect(unbound).toMatchObject({ id: gateway.id, projectId: null, groupId: null });
    expect((await t.request('GET', url(`/${gateway.id}`), { token: projectAdmin })).status).toBe(404);
    const atFirm = await ok<Gateway>(
      'GET',
      `/iot/gatewayFirms/${ids.firm}/gateways/${gateway.id}`,
      undefined,
      firmAdmin,
    );
    expect(atFirm.projectId).toBeNull();
    // Its indicator configuration stayed behind (deleted); the project's indicator is free again.
    expect(
      (await ok<Indicator>('GET', `/iot/groups/${ids.project}/indicators/${indicator.id}`)).usedCount,
    ).toBe(0);

    // The records stay with the project that wrote them.
    const rows = await t.server.platform.db
      .selectFrom('gateway_entry_records')
      .select(['action', 'project_id'])
      .where('gateway_id', '=', gateway.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['created', 'bound', 'unbound']);

    // Bound again elsewhere, it starts clean; its firm may delete it once it is free again.
    const rebound = await ok<Gateway>(
      'POST',
      url('/bind', ids.otherProject),
      { serialNumber: 'UNB-0001', bindCode: made.bindCode, alias: '乙的网关' },
      otherAdmin,
    );
    expect(rebound.projectId).toBe(ids.otherProject);
    expect((await records(gateway.id, ids.otherProject, otherAdmin)).map((r) => r.action)).toEqual(['bound']);
  });
});

describe('entry records', () => {
  it('lists newest first, paged', async () => {
    const gateway = await firmGateway('REC-0001');
    await bind(gateway, '记录网关');
    await ok('PUT', url(`/${gateway.id}/changeBind`), { groupId: tree.areas[0]!.id });
    await ok('POST', url(`/${gateway.id}/secret`));
    const all = await records(gateway.id);
    expect(all.map((r) => r.action)).toEqual(['secretRotated', 'changeBind', 'bound']);
    expect(all.every((r) => r.userId !== null && r.gatewayId === gateway.id)).toBe(true);
    const page = await ok<Page<GatewayEntryRecord>>('GET', url(`/${gateway.id}/entryRecords?page=1&size=2`));
    expect(page).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page.list.map((r) => r.action)).toEqual(['bound']);
  });
});

describe('deleting a project', () => {
  it('deletes the gateways it created and returns a firm’s gateways to the firm, unbound', async () => {
    const doomed = await projectWithAdmin(t, admin, '待删项目', 'doomed-admin');
    const own = await ok<GatewayWithCredentials>(
      'POST',
      url('', doomed.projectId),
      { serialNumber: 'DEL-0001', alias: '自建' },
      doomed.token,
    );
    const made = await firmGateway('DEL-0002');
    const bound = await ok<Gateway>(
      'POST',
      url('/bind', doomed.projectId),
      { serialNumber: 'DEL-0002', bindCode: made.bindCode, alias: '厂商的' },
      doomed.token,
    );
    const indicator = await ok<Indicator>(
      'POST',
      `/iot/groups/${doomed.projectId}/indicators`,
      { name: '压力', type: 'float' },
      doomed.token,
    );
    for (const gateway of [own, bound])
      await ok(
        'POST',
        url(`/${gateway.id}/indicators`, doomed.projectId),
        { indicatorId: indicator.id, alias: '压力', dataIdentification: 'p' },
        doomed.token,
      );

    await ok('DELETE', `/iot/projects/${doomed.projectId}`, undefined, admin);
    const firmUrl = `/iot/gatewayFirms/${ids.firm}/gateways`;
    expect(await ok<Gateway>('GET', `${firmUrl}/${bound.id}`, undefined, firmAdmin)).toMatchObject({
      projectId: null,
      groupId: null,
    });
    const rows = await t.server.platform.db
      .selectFrom('gateways')
      .select('id')
      .where('id', 'in', [own.id, bound.id])
      .execute();
    expect(rows.map((r) => r.id)).toEqual([bound.id]);
    // Free again: the firm may delete it, or a project bind it, starting clean.
    const rebound = await bind(made, '重新绑定');
    expect((await ok<Page<GatewayIndicator>>('GET', url(`/${rebound.id}/indicators`))).total).toBe(0);
  });
});

describe('binding permissions', () => {
  it('demo-operator, who only reads gateways, can neither bind, unbind, move nor transfer', async () => {
    const gateway = await firmGateway('OP-0001');
    const bound = await bind(await firmGateway('OP-0002'), '运维看的网关');
    for (const [method, path, body] of [
      ['POST', '/bind', { serialNumber: 'OP-0001', bindCode: gateway.bindCode, alias: 'x' }],
      ['POST', `/${bound.id}/unbind`, undefined],
      ['PUT', `/${bound.id}/changeBind`, { groupId: tree.areas[0]!.id }],
      ['POST', `/${bound.id}/transfer`, { targetGroupId: ids.otherProject }],
    ] as const) {
      const answer = await t.request(method, url(path), { token: operator, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: Messages.FORBIDDEN },
      });
    }
    expect((await records(bound.id, ids.project, operator)).map((r) => r.action)).toEqual(['bound']);
  });
});
