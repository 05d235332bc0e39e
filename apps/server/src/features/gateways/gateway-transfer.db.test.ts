import { Messages, type Page } from '@iot/contracts';
import {
  type Gateway,
  type GatewayEntryRecord,
  GatewayMessages,
  type GatewayWithCredentials,
} from '@iot/contracts/gateways';
import { type GatewayIndicator, type Indicator, IndicatorMessages } from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let admin: string;
let firmAdmin: string;
let projectAdmin: string;
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
  ids.project = t.server.seeded.demoProjectId!;
  ids.firm = (await ok<Page<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin))
    .list[0]!.id;
  tree = await projectTree(t, admin, ids.project);
  const other = await projectWithAdmin(t, admin, '乙项目', 'b-admin');
  ids.otherProject = other.projectId;
  otherAdmin = other.token;
});
afterAll(() => t.close());

describe('transferring to another project', () => {
  it('carries the indicator configuration, matching indicators by name', async () => {
    const gateway = await bind(await firmGateway('TRF-0001'), '转移网关');
    const cod = await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, {
      name: 'COD',
      type: 'float',
      unit: 'mg/L',
      decimalPlaces: 1,
    });
    const pump = await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, {
      name: '泵状态',
      type: 'enum',
      indicatorEnums: [
        { value: 0, label: '停' },
        { value: 1, label: '运行' },
      ],
    });
    for (const [indicatorId, key] of [
      [cod.id, 'cod'],
      [cod.id, 'cod2'],
      [pump.id, 'pump'],
    ] as const) {
      await ok('POST', url(`/${gateway.id}/indicators`), {
        indicatorId,
        alias: key,
        dataIdentification: key,
      });
    }
    // Project B already has a COD indicator: it is reused, 泵状态 is created there.
    const bCod = await ok<Indicator>(
      'POST',
      `/iot/groups/${ids.otherProject}/indicators`,
      { name: 'COD', type: 'float' },
      otherAdmin,
    );
    // demo-admin may create gateways in project B too.
    const roles = await ok<{ id: number; builtin: string | null }[]>(
      'GET',
      `/iot/groups/${ids.otherProject}/roles/options`,
      undefined,
      admin,
    );
    await ok(
      'POST',
      `/iot/groups/${ids.otherProject}/users`,
      { account: DEMO_ACCOUNTS.projectAdmin.username, roleId: roles.find((r) => r.builtin === 'admin')!.id },
      admin,
    );

    const same = await t.request('POST', url(`/${gateway.id}/transfer`), {
      token: projectAdmin,
      body: { targetGroupId: tree.areas[0]!.id },
    });
    expect(same).toMatchObject({ status: 400, body: { message: GatewayMessages.TRANSFER_SAME_PROJECT } });

    const moved = await ok<Gateway>('POST', url(`/${gateway.id}/transfer`), {
      targetGroupId: ids.otherProject,
    });
    expect(moved).toMatchObject({ id: gateway.id, projectId: ids.otherProject, groupId: ids.otherProject });
    expect((await t.request('GET', url(`/${gateway.id}`), { token: projectAdmin })).status).toBe(404);

    const carried = await ok<Page<GatewayIndicator>>(
      'GET',
      url(`/${gateway.id}/indicators`, ids.otherProject),
      undefined,
      otherAdmin,
    );
    expect(carried.list.map((gi) => [gi.dataIdentification, gi.indicator.name])).toEqual([
      ['cod', 'COD'],
      ['cod2', 'COD'],
      ['pump', '泵状态'],
    ]);
    expect(carried.list[0]!.indicatorId).toBe(bCod.id);
    const bPump = carried.list[2]!.indicator;
    expect(bPump).toMatchObject({ type: 'enum', indicatorEnums: pump.indicatorEnums });
    expect(bPump.id).not.toBe(pump.id);
    // Project A's indicators are free again.
    expect((await ok<Indicator>('GET', `/iot/groups/${ids.project}/indicators/${cod.id}`)).usedCount).toBe(0);

    // Both projects see the transfer; project B sees nothing from before it.
    expect((await records(gateway.id, ids.otherProject, otherAdmin)).map((r) => r.action)).toEqual([
      'transfer',
    ]);
    const [transfer] = await records(gateway.id, ids.otherProject, otherAdmin);
    expect(transfer).toMatchObject({ projectId: ids.project, targetProjectId: ids.otherProject });
    const history = await t.server.platform.db
      .selectFrom('gateway_entry_records')
      .select('action')
      .where('gateway_id', '=', gateway.id)
      .orderBy('id')
      .execute();
    expect(history.map((r) => r.action)).toEqual(['created', 'bound', 'transfer']);
  });

  it('refuses a target the caller may not create gateways in, a taken alias, and another type of the same name', async () => {
    const third = await projectWithAdmin(t, admin, '丙项目', 'c-admin');
    const gateway = await bind(await firmGateway('TRF-0002'), '转移网关');
    const forbidden = await t.request('POST', url(`/${gateway.id}/transfer`), {
      token: projectAdmin,
      body: { targetGroupId: third.projectId },
    });
    expect(forbidden).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });

    // 转移网关 already names a gateway in project B (the first transfer).
    const alias = await t.request('POST', url(`/${gateway.id}/transfer`), {
      token: projectAdmin,
      body: { targetGroupId: ids.otherProject },
    });
    expect(alias).toMatchObject({ status: 409, body: { message: GatewayMessages.TARGET_ALIAS_TAKEN } });

    await ok('PUT', url(`/${gateway.id}`), { alias: '类型冲突' });
    const level = await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, {
      name: '流量',
      type: 'float',
    });
    await ok('POST', url(`/${gateway.id}/indicators`), {
      indicatorId: level.id,
      alias: '流量',
      dataIdentification: 'flow',
    });
    await ok(
      'POST',
      `/iot/groups/${ids.otherProject}/indicators`,
      { name: '流量', type: 'text' },
      otherAdmin,
    );
    const type = await t.request('POST', url(`/${gateway.id}/transfer`), {
      token: projectAdmin,
      body: { targetGroupId: ids.otherProject },
    });
    expect(type).toMatchObject({
      status: 409,
      body: { message: `${IndicatorMessages.TYPE_CONFLICT}：流量` },
    });
    // Nothing moved.
    expect((await ok<Gateway>('GET', url(`/${gateway.id}`))).projectId).toBe(ids.project);

    await setFlags({ canUnbindGateway: false });
    const flag = await t.request('POST', url(`/${gateway.id}/transfer`), {
      token: projectAdmin,
      body: { targetGroupId: ids.otherProject },
    });
    expect(flag).toMatchObject({ status: 400, body: { message: GatewayMessages.UNBIND_DISABLED } });
    await setFlags({ canUnbindGateway: true });
  });

  it('refuses a transfer beyond the target’s indicator quota with 411 data, moving nothing', async () => {
    const gateway = await bind(await firmGateway('TRF-0003'), '配额网关');
    const indicator = await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, {
      name: '浊度',
      type: 'float',
    });
    for (const key of ['t1', 't2', 't3'])
      await ok('POST', url(`/${gateway.id}/indicators`), {
        indicatorId: indicator.id,
        alias: key,
        dataIdentification: key,
      });
    const { used } = await ok<{ used: number }>(
      'GET',
      `/iot/groups/${ids.otherProject}/getLeftAccessGatewayIndicatorByGroupId`,
      undefined,
      otherAdmin,
    );
    await ok(
      'PUT',
      `/iot/projects/${ids.otherProject}/terms`,
      { accessGatewayIndicatorMaxNum: used + 2 },
      admin,
    );
    const refused = await t.request('POST', url(`/${gateway.id}/transfer`), {
      token: projectAdmin,
      body: { targetGroupId: ids.otherProject },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: IndicatorMessages.QUOTA_EXCEEDED, data: `411:${used + 2}:${used}:3` },
    });
    expect((await ok<Gateway>('GET', url(`/${gateway.id}`))).projectId).toBe(ids.project);
    expect((await ok<Page<GatewayIndicator>>('GET', url(`/${gateway.id}/indicators`))).total).toBe(3);

    await ok('PUT', `/iot/projects/${ids.otherProject}/terms`, { accessGatewayIndicatorMaxNum: -1 }, admin);
    expect(
      (await ok<Gateway>('POST', url(`/${gateway.id}/transfer`), { targetGroupId: ids.otherProject }))
        .projectId,
    ).toBe(ids.otherProject);
  });
});
