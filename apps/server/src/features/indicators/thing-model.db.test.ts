import type { Page } from '@iot/contracts';
import type { GatewayWithCredentials } from '@iot/contracts/gateways';
import {
  type GatewayIndicator,
  type Indicator,
  IndicatorMessages,
  type IndicatorQuota,
  type ThingModelImportResult,
} from '@iot/contracts/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
const ids = { project: 0, gateway: 0, cod: 0 };

const ok = <T>(method: string, url: string, body?: unknown, token = projectAdmin) =>
  t.ok<T>(method, url, { token, body });

const url = (path = '', gatewayId = ids.gateway) =>
  `/iot/groups/${ids.project}/gateways/${gatewayId}/indicators${path}`;
const setMax = (max: number) =>
  ok('PUT', `/iot/projects/${ids.project}/terms`, { accessGatewayIndicatorMaxNum: max }, admin);
const quota = () =>
  ok<IndicatorQuota>('GET', `/iot/groups/${ids.project}/getLeftAccessGatewayIndicatorByGroupId`);
const gatewayIn = async (serialNumber: string) =>
  (
    await ok<GatewayWithCredentials>('POST', `/iot/groups/${ids.project}/gateways`, {
      serialNumber,
      alias: serialNumber,
    })
  ).id;
const point = (key: string) => ({ indicatorId: ids.cod, alias: `测点${key}`, dataIdentification: key });

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  ids.project = t.server.seeded.demoProjectId!;
  ids.gateway = await gatewayIn('TM-0000');
  ids.cod = (
    await ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, { name: 'COD', type: 'float' })
  ).id;
});
afterAll(() => t.close());

describe('thing-model import', () => {
  const model = {
    properties: [
      {
        name: 'COD',
        identifier: 'cod',
        desc: '化学需氧量',
        accessMode: 'r',
        dataType: { type: 'double', specs: { step: '0.1', unit: 'mg/L' } },
      },
      {
        name: '水温',
        identifier: 'temp',
        accessMode: 'r',
        dataType: { type: 'float', specs: { step: 0.01, unit: '℃', min: '0', max: '100' } },
      },
      { name: '运行', identifier: 'run', accessMode: 'rw', dataType: { type: 'bool', specs: {} } },
      { name: '累计', identifier: 'total', accessMode: 'r', dataType: { type: 'int', specs: { step: 1 } } },
      { name: '备注', identifier: 'memo', accessMode: 'w', dataType: { type: 'text' } },
      {
        name: '模式',
        identifier: 'mode',
        accessMode: 'rw',
        dataType: { type: 'enum', specs: { enum: { '0': '手动', '1': '自动' } } },
      },
      { name: '水温', identifier: 'temp', accessMode: 'r', dataType: { type: 'float' } },
    ],
  };

  it('refuses a file that is not .json with the spec’s message', async () => {
    for (const fileName of ['model.xlsx', 'model.json.txt', 'model']) {
      const answer = await t.request('POST', url('/importThingModel'), {
        token: projectAdmin,
        body: { fileName, model },
      });
      expect(answer, fileName).toMatchObject({
        status: 400,
        body: { code: 40000, message: '上传的文件格式不正确,请选择.json类型的物模型文件' },
      });
    }
  });

  it('creates missing indicators and gateway indicators, skipping keys the gateway has', async () => {
    const gateway = await gatewayIn('TM-0001');
    await ok('POST', url('', gateway), point('cod'));
    const result = await ok<ThingModelImportResult>('POST', url('/importThingModel', gateway), {
      fileName: '水质仪.JSON',
      model,
    });
    // cod exists on the gateway, the second temp repeats the first; COD exists in the project.
    expect(result).toEqual({ created: 5, skipped: 2, indicatorsCreated: 5 });

    const list = await ok<Page<GatewayIndicator>>('GET', url('', gateway));
    expect(
      list.list.map((gi) => [
        gi.dataIdentification,
        gi.alias,
        gi.ioType,
        gi.indicator.name,
        gi.indicator.type,
      ]),
    ).toEqual([
      ['cod', '测点cod', 'r', 'COD', 'float'],
      ['temp', '水温', 'r', '水温', 'float'],
      ['run', '运行', 'rw', '运行', 'boolean'],
      ['total', '累计', 'r', '累计', 'integer'],
      ['memo', '备注', 'w', '备注', 'text'],
      ['mode', '模式', 'rw', '模式', 'enum'],
    ]);
    const temp = list.list[1]!.indicator;
    expect(temp).toMatchObject({ unit: '℃', decimalPlaces: 2 });
    expect(list.list[5]!.indicator.indicatorEnums).toEqual([
      { value: 0, label: '手动' },
      { value: 1, label: '自动' },
    ]);

    // Importing again changes nothing; another gateway reuses the indicators just created.
    expect(await ok('POST', url('/importThingModel', gateway), { fileName: 'a.json', model })).toEqual({
      created: 0,
      skipped: 7,
      indicatorsCreated: 0,
    });
    const other = await gatewayIn('TM-0002');
    expect(await ok('POST', url('/importThingModel', other), { fileName: 'a.json', model })).toEqual({
      created: 6,
      skipped: 1,
      indicatorsCreated: 0,
    });
  });

  it('imports all or nothing: refused past the quota, or on a bad property', async () => {
    const gateway = await gatewayIn('TM-0003');
    const { used } = await quota();
    await setMax(used + 5);
    const refused = await t.request('POST', url('/importThingModel', gateway), {
      token: projectAdmin,
      body: { fileName: 'a.json', model },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: IndicatorMessages.QUOTA_EXCEEDED, data: `411:${used + 5}:${used}:6` },
    });
    expect((await ok<Page<GatewayIndicator>>('GET', url('', gateway))).total).toBe(0);
    await setMax(256);

    const badEnum = {
      properties: [
        { name: '新指标', identifier: 'fresh', dataType: { type: 'float' } },
        { name: '无值枚举', identifier: 'e', dataType: { type: 'enum', specs: {} } },
      ],
    };
    const bad = await t.request('POST', url('/importThingModel', gateway), {
      token: projectAdmin,
      body: { fileName: 'a.json', model: badEnum },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: '物模型属性「无值枚举」为枚举类型，但没有枚举值' },
    });
    expect((await ok<Page<GatewayIndicator>>('GET', url('', gateway))).total).toBe(0);
    const names = (
      await ok<Page<Indicator>>('GET', `/iot/groups/${ids.project}/indicators?size=100`)
    ).list.map((i) => i.name);
    expect(names).not.toContain('新指标');

    const badKey = await t.request('POST', url('/importThingModel', gateway), {
      token: projectAdmin,
      body: {
        fileName: 'a.json',
        model: { properties: [{ name: 'x', identifier: 'bad key', dataType: { type: 'int' } }] },
      },
    });
    expect(badKey).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(badKey.body.message).toContain('model.properties.0.identifier');
  });

  it('the web’s first page holds 64 gateway indicators', async () => {
    const gateway = await gatewayIn('TM-0064');
    const properties = Array.from({ length: 70 }, (_, i) => ({
      name: 'COD',
      identifier: `cod_${i}`,
      dataType: { type: 'double' },
    }));
    await ok('POST', url('/importThingModel', gateway), { fileName: 'big.json', model: { properties } });
    const first = await ok<Page<GatewayIndicator>>('GET', url('', gateway));
    expect(first).toMatchObject({ total: 70, page: 0, size: 64 });
    expect(first.list).toHaveLength(64);
    expect((await ok<Page<GatewayIndicator>>('GET', url('?page=1', gateway))).list).toHaveLength(6);
  });
});
