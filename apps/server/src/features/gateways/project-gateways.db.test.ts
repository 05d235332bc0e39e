import { Messages, type Page } from '@iot/contracts';
import {
  type Gateway,
  type GatewayDetail,
  GatewayMessages,
  type GatewayWithCredentials,
  type GatewayWithSecret,
} from '@iot/contracts/gateways';
import type { Indicator } from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.js';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let otherAdmin: string;
let tree: Awaited<ReturnType<typeof projectTree>>;
const ids = { project: 0, otherProject: 0 };

const ok = <T>(method: string, url: string, body?: unknown, token = projectAdmin) =>
  t.ok<T>(method, url, { token, body });

const url = (path = '', groupId = ids.project) => `/iot/groups/${groupId}/gateways${path}`;
const create = (serialNumber: string, extra: object = {}, groupId = ids.project, token = projectAdmin) =>
  ok<GatewayWithCredentials>(
    'POST',
    url('', groupId),
    { serialNumber, alias: serialNumber, ...extra },
    token,
  );
const serials = (page: Page<Gateway>) => page.list.map((g) => g.serialNumber);

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  tree = await projectTree(t, admin, ids.project);
  const other = await projectWithAdmin(t, admin, '乙项目', 'b-admin');
  ids.otherProject = other.projectId;
  otherAdmin = other.token;
});
afterAll(() => t.close());

describe('a project’s own gateways', () => {
  it('creates one in a site, answering the secret and bind code once', async () => {
    const site = tree.areas[0]!.sites[1]!;
    const created = await create('P-0001', { alias: '进水泵房网关', model: 'dtuModbus', groupId: site });
    expect(created).toMatchObject({
      serialNumber: 'P-0001',
      alias: '进水泵房网关',
      model: 'dtuModbus',
      firmId: null,
      projectId: ids.project,
      groupId: site,
    });
    expect(created.secret.length).toBeGreaterThanOrEqual(32);
    expect(created.bindCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const detail = await ok<GatewayDetail>('GET', url(`/${created.id}`));
    expect(detail).toMatchObject({
      id: created.id,
      groupName: '进水泵房',
      firmName: null,
      indicatorCount: 0,
      unknownKeyCount: 0,
      rejectedValueCount: 0,
    });
    for (const answer of [
      detail,
      await ok('GET', url()),
      await ok('PUT', url(`/${created.id}`), { alias: '进水泵房网关' }),
      await ok('GET', url(`/${created.id}/entryRecords`)),
    ]) {
      expect(JSON.stringify(answer)).not.toContain(created.secret);
      expect(JSON.stringify(answer)).not.toContain(created.bindCode);
    }
  });

  it('places a gateway at the project root unless a group of this project is named', async () => {
    expect((await create('P-0002')).groupId).toBe(ids.project);
    expect((await create('P-0003', { groupId: ids.project })).groupId).toBe(ids.project);
    const area = tree.areas[1]!.id;
    expect((await create('P-0004', { groupId: area })).groupId).toBe(area);
    // Through a site's address, in another area: still the same project.
    expect((await create('P-0005', { groupId: area }, tree.areas[2]!.sites[0]!)).projectId).toBe(ids.project);

    const foreign = await t.request('POST', url(), {
      token: projectAdmin,
      body: { serialNumber: 'P-0006', alias: 'x', groupId: ids.otherProject },
    });
    expect(foreign).toMatchObject({ status: 404, body: { message: GatewayMessages.GROUP_NOT_FOUND } });
  });

  it('lists with paging, keyword, online status and a group subtree', async () => {
    const all = await ok<Page<Gateway>>('GET', url('?size=100'));
    expect(serials(all)).toEqual(['P-0001', 'P-0002', 'P-0003', 'P-0004', 'P-0005']);
    expect(await ok('GET', url('?size=100', tree.areas[0]!.sites[0]!))).toEqual(all);
    const page = await ok<Page<Gateway>>('GET', url('?page=2&size=2'));
    expect(page).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(serials(page)).toEqual(['P-0005']);

    const keyword = async (value: string) =>
      serials(await ok<Page<Gateway>>('GET', url(`?keyword=${encodeURIComponent(value)}`)));
    expect(await keyword('泵房')).toEqual(['P-0001']);
    expect(await keyword('p-000')).toHaveLength(5);

    const group = async (groupId: number) =>
      serials(await ok<Page<Gateway>>('GET', url(`?groupId=${groupId}`)));
    expect(await group(tree.areas[0]!.id)).toEqual(['P-0001']);
    expect(await group(tree.areas[0]!.sites[1]!)).toEqual(['P-0001']);
    expect(await group(tree.areas[0]!.sites[0]!)).toEqual([]);
    expect(await group(tree.areas[1]!.id)).toEqual(['P-0004', 'P-0005']);
    expect(await group(ids.project)).toHaveLength(5);
    const foreignGroup = await t.request('GET', url(`?groupId=${ids.otherProject}`), { token: projectAdmin });
    expect(foreignGroup.status).toBe(404);

    await t.server.platform.db
      .updateTable('gateways')
      .set({ online_status: 'offlineTimeout' })
      .where('serial_number', '=', 'P-0003')
      .execute();
    const status = async (value: string) =>
      serials(await ok<Page<Gateway>>('GET', url(`?onlineStatus=${value}`)));
    expect(await status('offlineTimeout')).toEqual(['P-0003']);
    expect(await status('offline')).toHaveLength(5);
    expect(await status('online')).toEqual([]);
  });

  it('keeps aliases unique within the project, and answers the checks', async () => {
    const check = (query: string, groupId = ids.project) =>
      ok<boolean>('GET', url(`/checkAlias?${query}`, groupId));
    const first = (await ok<Page<Gateway>>('GET', url('?keyword=P-0001'))).list[0]!;
    const alias = encodeURIComponent(first.alias);
    expect(await check(`alias=${alias}`)).toBe(false);
    expect(await check(`alias=${alias}`, tree.areas[1]!.id)).toBe(false);
    expect(await check(`alias=${alias}&excludeId=${first.id}`)).toBe(true);
    expect(await check('alias=P-0002')).toBe(false);
    expect(await check(`alias=${encodeURIComponent('新别名')}`)).toBe(true);
    // Another project may use the same alias.
    expect(await ok('GET', url(`/checkAlias?alias=${alias}`, ids.otherProject), undefined, otherAdmin)).toBe(
      true,
    );
    await create('B-0001', { alias: first.alias }, ids.otherProject, otherAdmin);

    const duplicate = await t.request('POST', url(), {
      token: projectAdmin,
      body: { serialNumber: 'P-0100', alias: first.alias },
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 40000, message: GatewayMessages.ALIAS_TAKEN },
    });
    const rename = await t.request('PUT', url(`/${first.id}`), {
      token: projectAdmin,
      body: { alias: 'P-0002' },
    });
    expect(rename).toMatchObject({ status: 409, body: { message: GatewayMessages.ALIAS_TAKEN } });

    const serial = (value: string) => ok<boolean>('GET', url(`/checkSerialNumber?serialNumber=${value}`));
    expect(await serial('B-0001')).toBe(false);
    expect(await serial('P-0999')).toBe(true);
    const taken = await t.request('POST', url(), {
      token: projectAdmin,
      body: { serialNumber: 'B-0001', alias: 'x' },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: GatewayMessages.SERIAL_TAKEN } });
  });

  it('updates the editable fields, not the serial number', async () => {
    const gateway = await create('P-0200');
    const updated = await ok<Gateway>('PUT', url(`/${gateway.id}`), {
      serialNumber: 'CHANGED',
      alias: '新名字',
      type: 'iotDevice',
      model: 'kboxA',
      iccid: '8986001234567890123',
      batchOrContract: '合同-1',
    });
    expect(updated).toMatchObject({
      serialNumber: 'P-0200',
      alias: '新名字',
      type: 'iotDevice',
      model: 'kboxA',
      iccid: '8986001234567890123',
      batchOrContract: '合同-1',
    });
  });

  it('deletes its own gateways; a firm’s gateway can only be unbound', async () => {
    const own = await create('P-0300');
    await ok('DELETE', url(`/${own.id}`));
    expect((await t.request('GET', url(`/${own.id}`), { token: projectAdmin })).status).toBe(404);

    const firmId = (await ok<Page<{ id: number }>>('GET', '/iot/gatewayFirms?size=1', undefined, admin))
      .list[0]!.id;
    const firmGateway = await ok<GatewayWithCredentials>(
      'POST',
      `/iot/gatewayFirms/${firmId}/gateways`,
      { serialNumber: 'F-0001', alias: 'F' },
      admin,
    );
    const bound = await ok<Gateway>('POST', url('/bind'), {
      serialNumber: 'F-0001',
      bindCode: firmGateway.bindCode,
      alias: '厂商网关',
    });
    const refused = await t.request('DELETE', url(`/${bound.id}`), { token: projectAdmin });
    expect(refused).toMatchObject({ status: 400, body: { message: GatewayMessages.FIRM_GATEWAY_NO_DELETE } });
    expect((await ok<GatewayDetail>('GET', url(`/${bound.id}`))).firmName).toBe('示范网关厂商');
  });
});

describe('device secrets and the ingestion pipeline', () => {
  it('the secret authenticates the device until rotated; problems show in the detail', async () => {
    const gateway = await create('P-0400');
    const indicator = await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, {
      name: '出水COD',
      type: 'float',
      unit: 'mg/L',
    });
    await ok('POST', url(`/${gateway.id}/indicators`), {
      indicatorId: indicator.id,
      alias: 'COD',
      dataIdentification: 'cod',
    });
    const send = (token: string, body: unknown) => t.request('POST', `/api/v1/${token}/telemetry`, { body });
    expect((await send(gateway.secret, { cod: 12.5, mystery: 1 })).status).toBe(200);
    expect((await send(gateway.secret, { cod: 'not a number' })).status).toBe(200);
    expect(await ok<GatewayDetail>('GET', url(`/${gateway.id}`))).toMatchObject({
      indicatorCount: 1,
      unknownKeyCount: 1,
      rejectedValueCount: 1,
    });

    const rotated = await ok<GatewayWithSecret>('POST', url(`/${gateway.id}/secret`));
    expect(rotated.secret).not.toBe(gateway.secret);
    const stored = await t.server.platform.db
      .selectFrom('gateways')
      .select('secret_hash')
      .where('id', '=', gateway.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).toBe(sha256(rotated.secret));
    expect((await send(gateway.secret, { cod: 1 })).status).toBe(401);
    expect((await send(rotated.secret, { cod: 1 })).status).toBe(200);
    expect(JSON.stringify(await ok('GET', url(`/${gateway.id}`)))).not.toContain(rotated.secret);
  });
});

describe('project tenancy and permissions', () => {
  it('a gateway of another project is not found through this project’s address', async () => {
    const foreign = (await ok<Page<Gateway>>('GET', url('', ids.otherProject), undefined, otherAdmin))
      .list[0]!;
    for (const [method, path, body] of [
      ['GET', `/${foreign.id}`, undefined],
      ['PUT', `/${foreign.id}`, { alias: '抢来的' }],
      ['DELETE', `/${foreign.id}`, undefined],
      ['POST', `/${foreign.id}/secret`, undefined],
      ['GET', `/${foreign.id}/entryRecords`, undefined],
      ['GET', `/${foreign.id}/indicators`, undefined],
    ] as const) {
      const answer = await t.request(method, url(path), { token: projectAdmin, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { code: 40000, message: GatewayMessages.NOT_FOUND },
      });
    }
    expect(serials(await ok<Page<Gateway>>('GET', url('?size=100')))).not.toContain(foreign.serialNumber);
    // And the other project's administrator cannot use this project's address at all.
    const answer = await t.request('GET', url(), { token: otherAdmin });
    expect(answer).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
  });

  it('demo-operator reads gateways but changes nothing', async () => {
    const list = await ok<Page<Gateway>>('GET', url(), undefined, operator);
    const first = list.list[0]!;
    expect(await ok<GatewayDetail>('GET', url(`/${first.id}`), undefined, operator)).toMatchObject({
      id: first.id,
    });
    expect(await ok('GET', url('/checkAlias?alias=x'), undefined, operator)).toBe(true);
    for (const [method, path, body] of [
      ['POST', '', { serialNumber: 'OP-0001', alias: 'x' }],
      ['PUT', `/${first.id}`, { alias: 'x' }],
      ['DELETE', `/${first.id}`, undefined],
      ['POST', `/${first.id}/secret`, undefined],
    ] as const) {
      const answer = await t.request(method, url(path), { token: operator, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 40000, message: Messages.FORBIDDEN },
      });
    }
  });
});
