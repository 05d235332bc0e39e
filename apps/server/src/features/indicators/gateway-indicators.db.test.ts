import { Messages, type Page } from '@iot/contracts';
import { GatewayMessages, type GatewayWithCredentials } from '@iot/contracts/gateways';
import {
  type GatewayIndicator,
  type Indicator,
  IndicatorMessages,
  type IndicatorQuota,
  isQuotaRefusal,
} from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let otherAdmin: string;
const ids = {
  project: 0,
  otherProject: 0,
  gateway: 0,
  otherGateway: 0,
  cod: 0,
  pump: 0,
  foreignIndicator: 0,
};

const ok = <T>(method: string, url: string, body?: unknown, token = projectAdmin) =>
  t.ok<T>(method, url, { token, body });

const url = (path = '', gatewayId = ids.gateway, groupId = ids.project) =>
  `/iot/groups/${groupId}/gateways/${gatewayId}/indicators${path}`;
const setMax = (max: number, projectId = ids.project) =>
  ok('PUT', `/iot/projects/${projectId}/terms`, { accessGatewayIndicatorMaxNum: max }, admin);
const quota = () =>
  ok<IndicatorQuota>('GET', `/iot/groups/${ids.project}/getLeftAccessGatewayIndicatorByGroupId`);
const gatewayIn = async (groupId: number, serialNumber: string, token: string) =>
  (
    await ok<GatewayWithCredentials>(
      'POST',
      `/iot/groups/${groupId}/gateways`,
      { serialNumber, alias: serialNumber },
      token,
    )
  ).id;
const point = (key: string, extra: object = {}) => ({
  indicatorId: ids.cod,
  alias: `测点${key.slice(0, 16)}`,
  dataIdentification: key,
  ...extra,
});

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  const other = await projectWithAdmin(t, admin, '乙项目', 'b-admin');
  ids.otherProject = other.projectId;
  otherAdmin = other.token;
  ids.gateway = await gatewayIn(ids.project, 'GI-0001', projectAdmin);
  ids.otherGateway = await gatewayIn(ids.otherProject, 'GI-B001', otherAdmin);
  const indicator = (body: object, groupId = ids.project, token = projectAdmin) =>
    ok<Indicator>('POST', `/iot/groups/${groupId}/indicators`, body, token);
  ids.cod = (await indicator({ name: 'COD', type: 'float', unit: 'mg/L' })).id;
  ids.pump = (
    await indicator({
      name: '泵状态',
      type: 'enum',
      indicatorEnums: [
        { value: 0, label: '停' },
        { value: 1, label: '运行' },
      ],
    })
  ).id;
  ids.foreignIndicator = (
    await indicator({ name: '乙指标', type: 'float' }, ids.otherProject, otherAdmin)
  ).id;
});
afterAll(() => t.close());

describe('gateway indicators', () => {
  it('creates, reads, lists, updates and deletes', async () => {
    const created = await ok<GatewayIndicator>('POST', url(), {
      indicatorId: ids.cod,
      alias: '出水COD',
      dataIdentification: 'out.cod:1',
      ioType: 'rw',
      decimalPlaces: 1,
      isAutoReposition: true,
      repositionDelay: 30,
    });
    expect(created).toMatchObject({
      gatewayId: ids.gateway,
      indicatorId: ids.cod,
      indicator: {
        id: ids.cod,
        name: 'COD',
        type: 'float',
        unit: 'mg/L',
        decimalPlaces: 2,
        indicatorEnums: [],
      },
      alias: '出水COD',
      dataIdentification: 'out.cod:1',
      ioType: 'rw',
      decimalPlaces: 1,
      isAutoReposition: true,
      repositionDelay: 30,
    });
    const defaults = await ok<GatewayIndicator>('POST', url(), {
      indicatorId: ids.pump,
      alias: '1号泵',
      dataIdentification: 'pump_1',
    });
    expect(defaults).toMatchObject({
      ioType: 'r',
      decimalPlaces: null,
      isAutoReposition: false,
      repositionDelay: 0,
    });
    expect(defaults.indicator.indicatorEnums).toHaveLength(2);
    expect(await ok('GET', url(`/${created.id}`))).toEqual(created);

    const list = await ok<Page<GatewayIndicator>>('GET', url());
    expect(list).toMatchObject({ total: 2, page: 0, size: 64 });
    expect(list.list.map((gi) => gi.id)).toEqual([created.id, defaults.id]);
    const keyword = await ok<Page<GatewayIndicator>>('GET', url('?keyword=PUMP'));
    expect(keyword.list.map((gi) => gi.id)).toEqual([defaults.id]);

    const updated = await ok<GatewayIndicator>('PUT', url(`/${defaults.id}`), {
      indicatorId: ids.pump,
      alias: '2号泵',
      dataIdentification: 'pump_2',
      ioType: 'w',
    });
    expect(updated).toMatchObject({
      id: defaults.id,
      alias: '2号泵',
      dataIdentification: 'pump_2',
      ioType: 'w',
    });

    await ok('DELETE', url(`/${defaults.id}`));
    expect(await t.request('GET', url(`/${defaults.id}`), { token: projectAdmin })).toMatchObject({
      status: 404,
      body: { message: IndicatorMessages.GATEWAY_INDICATOR_NOT_FOUND },
    });
  });

  it('validates the payload key, IO type and numbers; keys are unique per gateway', async () => {
    for (const [body, message] of [
      [point('has space'), `dataIdentification: ${IndicatorMessages.DATA_IDENTIFICATION_FORMAT}`],
      [point('x'.repeat(65)), 'dataIdentification:'],
      [point('中文'), 'dataIdentification:'],
      [point('k1', { ioType: 'x' }), 'ioType:'],
      [point('k1', { decimalPlaces: 7 }), 'decimalPlaces:'],
      [point('k1', { repositionDelay: -1 }), 'repositionDelay:'],
      [point('k1', { alias: '' }), 'alias: 不能为空'],
    ] as const) {
      const answer = await t.request('POST', url(), { token: projectAdmin, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 40000 } });
      expect(answer.body.message).toContain(message);
    }
    const duplicate = await t.request('POST', url(), { token: projectAdmin, body: point('out.cod:1') });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 40000, message: IndicatorMessages.DATA_IDENTIFICATION_TAKEN },
    });
    // The same key on another gateway is fine.
    const second = await gatewayIn(ids.project, 'GI-0002', projectAdmin);
    await ok('POST', url('', second), point('out.cod:1'));
    const mine = (await ok<Page<GatewayIndicator>>('GET', url('', second))).list[0]!;
    await ok('POST', url('', second), point('other'));
    const rename = await t.request('PUT', url(`/${mine.id}`, second), {
      token: projectAdmin,
      body: point('other'),
    });
    expect(rename).toMatchObject({
      status: 409,
      body: { message: IndicatorMessages.DATA_IDENTIFICATION_TAKEN },
    });
  });

  it('a gateway or an indicator of another project is not found', async () => {
    const foreign = await t.request('GET', url('', ids.otherGateway), { token: projectAdmin });
    expect(foreign).toMatchObject({ status: 404, body: { code: 40000, message: GatewayMessages.NOT_FOUND } });
    const into = await t.request('POST', url('', ids.otherGateway), {
      token: projectAdmin,
      body: point('k'),
    });
    expect(into).toMatchObject({ status: 404, body: { message: GatewayMessages.NOT_FOUND } });
    const borrowed = await t.request('POST', url(), {
      token: projectAdmin,
      body: point('k', { indicatorId: ids.foreignIndicator }),
    });
    expect(borrowed).toMatchObject({ status: 404, body: { message: IndicatorMessages.NOT_FOUND } });
    const mine = (await ok<Page<GatewayIndicator>>('GET', url())).list[0]!;
    // A gateway indicator id under another gateway of the same project is not found either.
    const second = (
      await ok<Page<{ id: number; serialNumber: string }>>('GET', `/iot/groups/${ids.project}/gateways`)
    ).list.find((g) => g.serialNumber === 'GI-0002')!;
    expect((await t.request('GET', url(`/${mine.id}`, second.id), { token: projectAdmin })).status).toBe(404);
    expect(
      (await t.request('GET', url('', ids.gateway, ids.otherProject), { token: projectAdmin })).status,
    ).toBe(403);
  });

  it('demo-operator, without the indicator configuration entry, may read but not change them', async () => {
    const mine = (await ok<Page<GatewayIndicator>>('GET', url())).list[0]!;
    // Reading is a monitoring read (decision 0031; monitoring-reads.db.test.ts covers it).
    expect((await t.request('GET', url(`/${mine.id}`), { token: operator })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '', point('op')],
      ['PUT', `/${mine.id}`, point('op')],
      ['DELETE', `/${mine.id}`, undefined],
      ['POST', '/importThingModel', { fileName: 'm.json', model: { properties: [] } }],
    ] as const) {
      const answer = await t.request(method, url(path), { token: operator, body });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: Messages.FORBIDDEN },
      });
    }
  });
});

describe('the quota on gateway indicators', () => {
  it('refuses one past the maximum with code 40000 and data 411:max:used:needed; -1 is unlimited', async () => {
    const { used } = await quota();
    await setMax(used);
    const refused = await t.request('POST', url(), { token: projectAdmin, body: point('over') });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: IndicatorMessages.QUOTA_EXCEEDED, data: `411:${used}:${used}:1` },
    });
    expect(isQuotaRefusal(refused.body.data)).toBe(true);
    expect(await quota()).toEqual({ max: used, used, left: 0 });

    await setMax(-1);
    await ok('POST', url(), point('over'));
    expect(await quota()).toEqual({ max: -1, used: used + 1, left: -1 });
    await setMax(256);
  });

  it('lets only one of several simultaneous requests take the last place', async () => {
    const { used } = await quota();
    await setMax(used + 1);
    const answers = await Promise.all(
      ['race1', 'race2', 'race3', 'race4', 'race5'].map((key) =>
        t.request('POST', url(), { token: projectAdmin, body: point(key) }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 20000)).toHaveLength(1);
    expect(answers.filter((a) => isQuotaRefusal(a.body.data))).toHaveLength(4);
    expect(await quota()).toEqual({ max: used + 1, used: used + 1, left: 0 });
    await setMax(256);
  });

  it('counts across all the project’s gateways, not another project’s', async () => {
    const before = await quota();
    const second = await gatewayIn(ids.project, 'GI-0003', projectAdmin);
    await ok('POST', url('', second), point('a'));
    await ok('POST', url('', second), point('b'));
    await ok(
      'POST',
      url('', ids.otherGateway, ids.otherProject),
      point('x', { indicatorId: ids.foreignIndicator }),
      otherAdmin,
    );
    expect(await quota()).toMatchObject({ used: before.used + 2 });
    // Deleting a gateway gives its indicators back.
    await ok('DELETE', `/iot/groups/${ids.project}/gateways/${second}`);
    expect(await quota()).toEqual(before);
  });
});
