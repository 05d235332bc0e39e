import type { Page } from '@iot/contracts';
import type { GatewayTypeDetail, GatewayTypeSummary } from '@iot/contracts/gateway-types';
import type { GatewayWithCredentials } from '@iot/contracts/gateways';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import type { ModbusConfig } from '@iot/contracts/modbus';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * 网关类型 (decision 0042): CRUD and name uniqueness in firm and project scopes, a gateway created
 * or imported with a type gets the template's type, model, indicators and Modbus points (all or
 * nothing), a firm gateway's indicators follow it into the project it is bound to, and another
 * firm's or project's caller is refused.
 */
let t: TestServer;
let system: string;
let firmAdmin: string;
let projectAdmin: string;
let operator: string;
let firmId: number;
let projectId: number;
let other: { projectId: number; token: string };

const projectBase = (id = projectId) => `/iot/groups/${id}/gatewayTypes`;
const firmBase = (id = firmId) => `/iot/gatewayFirms/${id}/gatewayTypes`;

const template = (name: string, extra: object = {}) => ({
  name,
  type: 'smart',
  model: 'dtuModbus',
  description: '水质监测箱',
  modbusSettings: { baudRate: 19200, dataBits: 8, stopBits: 1, parity: 'even', pollIntervalSeconds: 30 },
  indicators: [
    {
      name: '模板浊度',
      identifier: 'turbidity',
      type: 'float',
      unit: 'NTU',
      decimalPlaces: 2,
      ioType: 'r',
      modbus: { slaveId: 1, functionCode: 3, address: 10, dataType: 'float32', byteOrder: 'ABCD' },
    },
    {
      name: '模板泵状态',
      identifier: 'pump',
      type: 'enum',
      unit: '',
      decimalPlaces: 0,
      indicatorEnums: [
        { value: 0, label: '停' },
        { value: 1, label: '运行' },
      ],
      ioType: 'rw',
    },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await startServer();
  system = (await t.login('admin', ADMIN_PASSWORD)).access;
  firmAdmin = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  firmId = (await t.ok<Page<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', { token: firmAdmin }))
    .list[0]!.id;
  projectId = t.server.seeded.demoProjectId!;
  other = await projectWithAdmin(t, system, '别的项目', 'gwtypes-other');
});
afterAll(() => t.close());

describe('gateway types of a project', () => {
  let typeId: number;

  it('creates, reads, pages, searches and renames a type, unique by name in the project', async () => {
    const created = await t.ok<GatewayTypeDetail>('POST', projectBase(), {
      token: projectAdmin,
      body: template('水质箱A'),
    });
    typeId = created.id;
    expect(created).toMatchObject({
      name: '水质箱A',
      type: 'smart',
      model: 'dtuModbus',
      indicatorCount: 2,
      modbusPointCount: 1,
      gatewayCount: 0,
      modbusSettings: { baudRate: 19200, parity: 'even' },
    });
    expect(created.indicators[0]).toMatchObject({
      identifier: 'turbidity',
      unit: 'NTU',
      modbus: { address: 10 },
    });
    expect(created.indicators[1]).toMatchObject({ identifier: 'pump', ioType: 'rw', modbus: null });

    const dup = await t.request('POST', projectBase(), { token: projectAdmin, body: template('水质箱A') });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('网关类型名称已存在');
    const check = (name: string, excludeId?: number) =>
      t.ok<boolean>(
        'GET',
        `${projectBase()}/checkName?name=${encodeURIComponent(name)}${excludeId ? `&excludeId=${excludeId}` : ''}`,
        { token: projectAdmin },
      );
    expect(await check('水质箱A')).toBe(false);
    expect(await check('水质箱A', typeId)).toBe(true);
    expect(await check('水质箱B')).toBe(true);
    // The same name in another project is free: uniqueness is per owner.
    expect(
      await t.ok<boolean>(
        'GET',
        `${projectBase(other.projectId)}/checkName?name=${encodeURIComponent('水质箱A')}`,
        {
          token: other.token,
        },
      ),
    ).toBe(true);

    await t.ok('POST', projectBase(), { token: projectAdmin, body: template('泵站箱', { indicators: [] }) });
    const page = await t.ok<Page<GatewayTypeSummary>>(
      'GET',
      `${projectBase()}?keyword=${encodeURIComponent('泵站')}`,
      {
        token: projectAdmin,
      },
    );
    expect(page.list.map((x) => x.name)).toEqual(['泵站箱']);
    const renamed = await t.request('PUT', `${projectBase()}/${page.list[0]!.id}`, {
      token: projectAdmin,
      body: template('水质箱A'),
    });
    expect(renamed.status).toBe(409);
  });

  it('refuses a template with a repeated key and an enum indicator without values', async () => {
    const repeated = template('重复', {
      indicators: [
        { name: '一', identifier: 'k', type: 'float' },
        { name: '二', identifier: 'k', type: 'float' },
      ],
    });
    const answer = await t.request('POST', projectBase(), { token: projectAdmin, body: repeated });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('指标模板中的数据标识「k」重复');
    const noEnums = template('无枚举', { indicators: [{ name: '状态', identifier: 's', type: 'enum' }] });
    const refused = await t.request('POST', projectBase(), { token: projectAdmin, body: noEnums });
    expect(refused.body.message).toContain('枚举类型的指标至少需要一个枚举值');
  });

  it('creates a gateway with the type: type, model, indicators and Modbus points from the template', async () => {
    const gateway = await t.ok<GatewayWithCredentials>('POST', `/iot/groups/${projectId}/gateways`, {
      token: projectAdmin,
      body: { serialNumber: 'TYPED-0001', alias: '套用类型的网关', typeId },
    });
    expect(gateway).toMatchObject({ type: 'smart', model: 'dtuModbus' });
    const indicators = await t.ok<Page<GatewayIndicator>>(
      'GET',
      `/iot/groups/${projectId}/gateways/${gateway.id}/indicators`,
      { token: projectAdmin },
    );
    expect(indicators.list.map((i) => [i.dataIdentification, i.alias, i.ioType, i.indicator.type])).toEqual([
      ['turbidity', '模板浊度', 'r', 'float'],
      ['pump', '模板泵状态', 'rw', 'enum'],
    ]);
    expect(indicators.list[1]!.indicator.indicatorEnums).toEqual([
      { value: 0, label: '停' },
      { value: 1, label: '运行' },
    ]);
    const modbus = await t.ok<ModbusConfig>(
      'GET',
      `/iot/groups/${projectId}/gateways/${gateway.id}/modbusConfig`,
      {
        token: projectAdmin,
      },
    );
    expect(modbus).toMatchObject({ baudRate: 19200, parity: 'even', pollIntervalSeconds: 30 });
    expect(modbus.indicators).toEqual([
      expect.objectContaining({ dataIdentification: 'turbidity', slaveId: 1, functionCode: 3, address: 10 }),
    ]);

    // A second gateway reuses the project's indicators of those names.
    const second = await t.ok<GatewayWithCredentials>('POST', `/iot/groups/${projectId}/gateways`, {
      token: projectAdmin,
      body: { serialNumber: 'TYPED-0002', alias: '第二个', typeId },
    });
    const again = await t.ok<Page<GatewayIndicator>>(
      'GET',
      `/iot/groups/${projectId}/gateways/${second.id}/indicators`,
      { token: projectAdmin },
    );
    expect(again.list.map((i) => i.indicatorId)).toEqual(indicators.list.map((i) => i.indicatorId));

    // In use: the list counts its gateways and delete is refused.
    const used = await t.ok<GatewayTypeDetail>('GET', `${projectBase()}/${typeId}`, { token: projectAdmin });
    expect(used.gatewayCount).toBe(2);
    const refused = await t.request('DELETE', `${projectBase()}/${typeId}`, { token: projectAdmin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该网关类型已被 2 个网关使用，不能删除');
  });

  it('creates nothing when the template cannot be applied (same transaction)', async () => {
    // A project indicator of the template's name but another type: the gateway is not created either.
    await t.ok('POST', `/iot/groups/${other.projectId}/indicators`, {
      token: other.token,
      body: { name: '模板浊度', type: 'text' },
    });
    const otherType = await t.ok<GatewayTypeDetail>('POST', projectBase(other.projectId), {
      token: other.token,
      body: template('冲突类型'),
    });
    const answer = await t.request('POST', `/iot/groups/${other.projectId}/gateways`, {
      token: other.token,
      body: { serialNumber: 'TYPED-FAIL', alias: '失败', typeId: otherType.id },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('模板浊度');
    const row = await t.server.platform.db
      .selectFrom('gateways')
      .select('id')
      .where('serial_number', '=', 'TYPED-FAIL')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('imports gateways with the type', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('网关');
    sheet.addRow(['序列号', '别名']);
    sheet.addRow(['TYPED-IMP1', '导入一']);
    const response = await fetch(
      `${t.baseUrl}/iot/groups/${projectId}/gateways/import?fileName=a.xlsx&rule=skip&typeId=${typeId}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${projectAdmin}`,
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
        body: Buffer.from(await book.xlsx.writeBuffer()),
      },
    );
    const report = (await response.json()) as { data: { created: number; errors: unknown[] } };
    expect(report.data).toMatchObject({ created: 1, errors: [] });
    const id = (
      await t.server.platform.db
        .selectFrom('gateways')
        .select(['id', 'model', 'gateway_type_id'])
        .where('serial_number', '=', 'TYPED-IMP1')
        .executeTakeFirstOrThrow()
    ).id;
    const indicators = await t.ok<Page<GatewayIndicator>>(
      'GET',
      `/iot/groups/${projectId}/gateways/${id}/indicators`,
      {
        token: projectAdmin,
      },
    );
    expect(indicators.list.map((i) => i.dataIdentification)).toEqual(['turbidity', 'pump']);
  });

  it('refuses another project, a read-only operator, and another project’s type at gateway creation', async () => {
    const cross = await t.request('GET', projectBase(), { token: other.token });
    expect(cross.status).toBe(403);
    const crossDetail = await t.request('GET', `${projectBase(other.projectId)}/${typeId}`, {
      token: other.token,
    });
    expect(crossDetail.status).toBe(404);
    const readOnly = await t.request('POST', projectBase(), { token: operator, body: template('操作员的') });
    expect(readOnly.status).toBe(403);
    const foreign = await t.request('POST', `/iot/groups/${other.projectId}/gateways`, {
      token: other.token,
      body: { serialNumber: 'TYPED-X', alias: 'x', typeId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('网关类型不存在');
  });

  it('deletes a type no gateway uses', async () => {
    const unused = await t.ok<GatewayTypeDetail>('POST', projectBase(), {
      token: projectAdmin,
      body: template('待删除'),
    });
    await t.ok('DELETE', `${projectBase()}/${unused.id}`, { token: projectAdmin });
    expect((await t.request('GET', `${projectBase()}/${unused.id}`, { token: projectAdmin })).status).toBe(
      404,
    );
  });
});

describe('gateway types of a firm', () => {
  it('a firm gateway made with a type carries its indicators into the project it is bound to', async () => {
    const type = await t.ok<GatewayTypeDetail>('POST', firmBase(), {
      token: firmAdmin,
      body: template('厂商箱'),
    });
    const dup = await t.request('POST', firmBase(), { token: firmAdmin, body: template('厂商箱') });
    expect(dup.body.message).toBe('网关类型名称已存在');
    const options = await t.ok<{ id: number; name: string }[]>('GET', `${firmBase()}/options`, {
      token: firmAdmin,
    });
    expect(options.map((o) => o.name)).toContain('厂商箱');

    const gateway = await t.ok<GatewayWithCredentials>('POST', `/iot/gatewayFirms/${firmId}/gateways`, {
      token: firmAdmin,
      body: { serialNumber: 'FIRM-TYPED-1', alias: '厂商套用', typeId: type.id },
    });
    expect(gateway).toMatchObject({ type: 'smart', model: 'dtuModbus' });
    const third = await projectWithAdmin(t, system, '第三个项目', 'gwtypes-third');
    await t.ok('POST', `/iot/groups/${third.projectId}/gateways/bind`, {
      token: third.token,
      body: { serialNumber: 'FIRM-TYPED-1', bindCode: gateway.bindCode, alias: '绑定来的' },
    });
    const indicators = await t.ok<Page<GatewayIndicator>>(
      'GET',
      `/iot/groups/${third.projectId}/gateways/${gateway.id}/indicators`,
      { token: third.token },
    );
    expect(indicators.list.map((i) => i.dataIdentification)).toEqual(['turbidity', 'pump']);
    expect(indicators.list[1]!.indicator.name).toBe('模板泵状态');
  });

  it('refuses another firm and a project administrator', async () => {
    const otherFirm = (
      await t.ok<{ id: number }>('POST', '/iot/gatewayFirms', {
        token: system,
        body: { name: '丙厂商', identificationCode: 'BING' },
      })
    ).id;
    expect((await t.request('GET', firmBase(otherFirm), { token: firmAdmin })).status).toBe(403);
    expect((await t.request('GET', firmBase(), { token: projectAdmin })).status).toBe(403);
  });
});
