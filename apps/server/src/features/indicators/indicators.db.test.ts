import { Messages, type Page } from '@iot/contracts';
import type { GatewayWithCredentials } from '@iot/contracts/gateways';
import { type Indicator, IndicatorMessages, type IndicatorQuota } from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let otherAdmin: string;
const ids = { project: 0, site: 0, otherProject: 0 };

const ok = <T>(method: string, url: string, body?: unknown, token = projectAdmin) =>
  t.ok<T>(method, url, { token, body });

const url = (path = '', groupId = ids.project) => `/iot/groups/${groupId}/indicators${path}`;
const quotaUrl = (groupId = ids.project) => `/iot/groups/${groupId}/getLeftAccessGatewayIndicatorByGroupId`;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  ids.site = (await projectTree(t, admin, ids.project)).areas[0]!.sites[0]!;
  const other = await projectWithAdmin(t, admin, '乙项目', 'b-admin');
  ids.otherProject = other.projectId;
  otherAdmin = other.token;
});
afterAll(() => t.close());

describe('project indicators', () => {
  it('creates, reads, lists, updates and deletes, through any group id of the project', async () => {
    const created = await ok<Indicator>('POST', url('', ids.site), {
      name: ' 出水氨氮 ',
      type: 'float',
      unit: 'mg/L',
      decimalPlaces: 3,
    });
    expect(created).toMatchObject({
      projectId: ids.project,
      name: '出水氨氮',
      type: 'float',
      unit: 'mg/L',
      decimalPlaces: 3,
      indicatorEnums: [],
      usedCount: 0,
    });
    expect(await ok('GET', url(`/${created.id}`))).toEqual(created);
    const defaults = await ok<Indicator>('POST', url(), { name: '运行时长', type: 'integer' });
    expect(defaults).toMatchObject({ unit: '', decimalPlaces: 2 });
    const valve = await ok<Indicator>('POST', url(), {
      name: '阀门状态',
      type: 'enum',
      indicatorEnums: [
        { value: 0, label: '关' },
        { value: 1, label: '开' },
      ],
    });
    expect(valve.indicatorEnums).toHaveLength(2);

    const list = await ok<Page<Indicator>>('GET', url());
    expect(list.list.map((i) => i.name)).toEqual(['出水氨氮', '运行时长', '阀门状态']);
    const byKeyword = await ok<Page<Indicator>>('GET', url(`?keyword=${encodeURIComponent('氨氮')}`));
    expect(byKeyword.list.map((i) => i.id)).toEqual([created.id]);
    const byType = await ok<Page<Indicator>>('GET', url('?type=enum'));
    expect(byType.list.map((i) => i.id)).toEqual([valve.id]);
    expect(await ok<Page<Indicator>>('GET', url('?page=1&size=2'))).toMatchObject({
      total: 3,
      list: [{ id: valve.id }],
    });

    const updated = await ok<Indicator>('PUT', url(`/${created.id}`), {
      name: '出水NH3-N',
      type: 'float',
      unit: 'mg/L',
      decimalPlaces: 2,
    });
    expect(updated).toMatchObject({ id: created.id, name: '出水NH3-N', decimalPlaces: 2 });

    await ok('DELETE', url(`/${defaults.id}`));
    expect(await t.request('GET', url(`/${defaults.id}`), { token: projectAdmin })).toMatchObject({
      status: 404,
      body: { message: IndicatorMessages.NOT_FOUND },
    });
  });

  it('validates types, decimal places and enum values', async () => {
    const cases: [object, string][] = [
      [{ name: '', type: 'float' }, 'name: 不能为空'],
      [{ name: 'x', type: 'double' }, 'type:'],
      [{ name: 'x', type: 'float', decimalPlaces: 7 }, 'decimalPlaces:'],
      [{ name: 'x', type: 'float', decimalPlaces: -1 }, 'decimalPlaces:'],
      [{ name: 'x', type: 'enum' }, `indicatorEnums: ${IndicatorMessages.ENUMS_REQUIRED}`],
      [
        { name: 'x', type: 'enum', indicatorEnums: [] },
        `indicatorEnums: ${IndicatorMessages.ENUMS_REQUIRED}`,
      ],
      [
        {
          name: 'x',
          type: 'enum',
          indicatorEnums: [
            { value: 1, label: '开' },
            { value: 1, label: '启' },
          ],
        },
        `indicatorEnums: ${IndicatorMessages.ENUMS_UNIQUE}`,
      ],
      [
        { name: 'x', type: 'integer', indicatorEnums: [{ value: 1, label: '开' }] },
        `indicatorEnums: ${IndicatorMessages.ENUMS_ONLY_FOR_ENUM}`,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await t.request('POST', url(), { token: projectAdmin, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 40000 } });
      expect(answer.body.message).toContain(message);
    }
  });

  it('keeps names unique within the project only', async () => {
    const duplicate = await t.request('POST', url(), {
      token: projectAdmin,
      body: { name: '阀门状态', type: 'text' },
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 40000, message: IndicatorMessages.NAME_TAKEN },
    });
    const mine = (await ok<Page<Indicator>>('GET', url())).list;
    const rename = await t.request('PUT', url(`/${mine[0]!.id}`), {
      token: projectAdmin,
      body: { name: '阀门状态', type: 'float' },
    });
    expect(rename).toMatchObject({ status: 409, body: { message: IndicatorMessages.NAME_TAKEN } });
    await ok('POST', url('', ids.otherProject), { name: '阀门状态', type: 'text' }, otherAdmin);
  });

  it('refuses deleting, or changing the type of, an indicator gateway indicators use', async () => {
    const indicator = await ok<Indicator>('POST', url(), { name: '溶解氧', type: 'float', unit: 'mg/L' });
    const gateway = await ok<GatewayWithCredentials>('POST', `/iot/groups/${ids.project}/gateways`, {
      serialNumber: 'IND-0001',
      alias: '溶氧仪',
    });
    await ok('POST', `/iot/groups/${ids.project}/gateways/${gateway.id}/indicators`, {
      indicatorId: indicator.id,
      alias: '溶解氧',
      dataIdentification: 'do',
    });
    expect((await ok<Indicator>('GET', url(`/${indicator.id}`))).usedCount).toBe(1);
    const remove = await t.request('DELETE', url(`/${indicator.id}`), { token: projectAdmin });
    expect(remove).toMatchObject({ status: 400, body: { code: 40000, message: IndicatorMessages.IN_USE } });
    const retype = await t.request('PUT', url(`/${indicator.id}`), {
      token: projectAdmin,
      body: { name: '溶解氧', type: 'text' },
    });
    expect(retype).toMatchObject({ status: 400, body: { message: IndicatorMessages.TYPE_IN_USE } });
    // Other changes are fine.
    expect(
      await ok<Indicator>('PUT', url(`/${indicator.id}`), {
        name: '溶解氧',
        type: 'float',
        unit: 'ppm',
        decimalPlaces: 1,
      }),
    ).toMatchObject({ unit: 'ppm', decimalPlaces: 1, usedCount: 1 });
  });

  it('another project’s indicator is not found here; outsiders and demo-operator are refused', async () => {
    const foreign = (await ok<Page<Indicator>>('GET', url('', ids.otherProject), undefined, otherAdmin))
      .list[0]!;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: '抢', type: 'text' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await t.request(method, url(`/${foreign.id}`), { token: projectAdmin, body });
      expect(answer, method).toMatchObject({ status: 404, body: { message: IndicatorMessages.NOT_FOUND } });
    }
    const first = (await ok<Page<Indicator>>('GET', url())).list[0]!;
    for (const [token, method, path, body] of [
      [otherAdmin, 'GET', '', undefined],
      [operator, 'GET', '', undefined],
      [operator, 'GET', `/${first.id}`, undefined],
      [operator, 'POST', '', { name: '运维建的', type: 'float' }],
      [operator, 'PUT', `/${first.id}`, { name: '运维改的', type: 'float' }],
      [operator, 'DELETE', `/${first.id}`, undefined],
    ] as const) {
      const answer = await t.request(method, url(path), { token, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: Messages.FORBIDDEN },
      });
    }
  });
});

describe('the indicator quota', () => {
  it('answers max, used and left to any member; -1 left when unlimited', async () => {
    const quota = await ok<IndicatorQuota>('GET', quotaUrl(ids.site), undefined, operator);
    expect(quota).toEqual({ max: 256, used: 1, left: 255 });
    await ok('PUT', `/iot/projects/${ids.project}/terms`, { accessGatewayIndicatorMaxNum: -1 }, admin);
    expect(await ok('GET', quotaUrl())).toEqual({ max: -1, used: 1, left: -1 });
    // An administrator may lower the maximum below use: left goes negative (spec core §4).
    await ok('PUT', `/iot/projects/${ids.project}/terms`, { accessGatewayIndicatorMaxNum: 0 }, admin);
    expect(await ok('GET', quotaUrl())).toEqual({ max: 0, used: 1, left: -1 });
    await ok('PUT', `/iot/projects/${ids.project}/terms`, { accessGatewayIndicatorMaxNum: 256 }, admin);

    expect(await ok('GET', quotaUrl(ids.otherProject), undefined, otherAdmin)).toEqual({
      max: 256,
      used: 0,
      left: 256,
    });
    const outsider = await t.request('GET', quotaUrl(ids.otherProject), { token: operator });
    expect(outsider).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
  });
});
