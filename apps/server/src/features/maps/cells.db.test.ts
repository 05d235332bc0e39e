import {
  type CellImportResult,
  type CellSettings,
  type CellStats,
  emptyLocation,
  type Location,
} from '@iot/contracts/maps';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, createGateway, type TestGateway } from '../../test/factories.js';
import { type FakeOpenCellid, startFakeOpenCellid } from '../../test/fake-opencellid.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/** Base-station positioning (decision 0066): the cell table imported, gateways moved by LAC/CELLID. */
const KEY = 'pk.opencellid-integration-key';
const EXPORT = [
  'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
  'LTE,460,0,4311,20993281,0,116.240512,40.213671,1000,12,1,1459692240,1500000000,0',
  'GSM,460,1,42149,3912,0,116.2451,40.2166,584,3,1,1459692240,1500000000,-81',
  'UMTS,262,2,801,86355,0,13.285512,52.522202,1000,7,1,1282569574,1300155341,0',
  'bad line',
].join('\n');

let t: TestServer;
let fake: FakeOpenCellid;
let admin: string;
let a: { projectId: number; token: string };
let gw: TestGateway;
let device: MqttClient;
let seeded: number;

async function upload(token: string, text: string, name = '460.csv') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  const response = await fetch(`${t.baseUrl}/iot/system/maps/cells/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; message: string; data: CellImportResult },
  };
}

const location = () =>
  t.ok<Location>('GET', `/iot/groups/${a.projectId}/locations/gateways/${gw.id}`, { token: a.token });

async function report(values: Record<string, number | string>) {
  await device.publishAsync(
    `gateways/${gw.serialNumber}/telemetry`,
    JSON.stringify({ ts: Date.now(), values }),
    {
      qos: 1,
    },
  );
}

beforeAll(async () => {
  t = await startServer();
  fake = await startFakeOpenCellid(KEY, [
    { mcc: 460, mnc: 0, lac: 4302, cellid: 77, lat: 39.9087, lon: 116.3975, range: 800 },
  ]);
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  a = await projectWithAdmin(t, admin, '基站项目', 'cell-a');
  gw = await createGateway(t, a.projectId, [
    { key: 'LAC', type: 'integer' },
    { key: 'CELLID', type: 'integer' },
    { key: 'MNC', type: 'integer' },
    { key: 'temp', type: 'float' },
  ]);
  device = await connectDevice(t, gw);
  // Automatic, base station: locateType 0 with the default identifiers LAC / CELLID.
  const saved = await t.ok<Location>('PUT', `/iot/groups/${a.projectId}/locations/gateways/${gw.id}`, {
    token: a.token,
    body: { ...emptyLocation(), xAxis: 100, yAxis: 30, locationMode: 1, locateType: 0 },
  });
  expect(saved).toMatchObject({
    locateByReportData: 1,
    lonIdentification: 'LAC',
    latIdentification: 'CELLID',
  });
});
afterAll(async () => {
  await device?.endAsync();
  await t?.close();
  await fake?.close();
});

describe('the cell table', () => {
  it('is imported only by a system administrator', async () => {
    const refused = await upload(a.token, EXPORT);
    expect(refused.status).toBe(403);
    expect((await t.request('GET', '/iot/system/maps/cells/stats', { token: a.token })).status).toBe(403);
    // The demo seed's cells around the plant (tests start with the demo).
    seeded = (await t.ok<CellStats>('GET', '/iot/system/maps/cells/stats', { token: admin })).imported;
  });

  it("imports OpenCelliD's export: China's rows, the others counted", async () => {
    const answer = await upload(admin, EXPORT);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ lines: 4, imported: 2, otherCountries: 1, invalid: 1 });
    // Imported again: the same cells, replaced rather than doubled.
    await upload(admin, EXPORT);
    expect(await t.ok<CellStats>('GET', '/iot/system/maps/cells/stats', { token: admin })).toMatchObject({
      imported: seeded + 2,
      learnt: 0,
    });
  });

  it('refuses a file that is not a cell export with a clear message', async () => {
    const answer = await upload(admin, '名称,地址\n泵站,昌平', 'book.csv');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('文件格式错误');
  });
});

describe('a gateway reporting LAC / CELLID', () => {
  it('moves to the cell (the configured MNC 0 when it reports none)', async () => {
    await report({ LAC: 4311, CELLID: 20993281, temp: 20 });
    await expect.poll(async () => (await location()).xAxis, { timeout: 10_000 }).toBe(116.240512);
    await t.server.maps.drain();
    const moved = await location();
    expect(moved.yAxis).toBe(40.213671);
    expect(moved.positionAt).not.toBeNull();
  });

  it('takes the MNC the gateway reports', async () => {
    await report({ LAC: 42149, CELLID: 3912, MNC: 1 });
    await expect.poll(async () => (await location()).xAxis, { timeout: 10_000 }).toBe(116.2451);
  });

  it('stays where it is on an unknown cell, which 系统配置 counts', async () => {
    const before = await location();
    const misses = async () =>
      (await t.ok<CellStats>('GET', '/iot/system/maps/cells/stats', { token: admin })).missReports;
    // One report at a time: reports of one batch would be one lookup.
    await report({ LAC: 9999, CELLID: 1234, MNC: 0 });
    await expect.poll(misses, { timeout: 10_000 }).toBe(1);
    await report({ LAC: 9999, CELLID: 1234, MNC: 0 });
    await expect
      .poll(
        async () =>
          (await t.ok<CellStats>('GET', '/iot/system/maps/cells/stats', { token: admin })).missReports,
        {
          timeout: 10_000,
        },
      )
      .toBe(2);
    await t.server.maps.drain();
    expect((await location()).xAxis).toBe(before.xAxis);
    const stats = await t.ok<CellStats>('GET', '/iot/system/maps/cells/stats', { token: admin });
    expect(stats.missCells).toBe(1);
    expect(stats.misses[0]).toMatchObject({
      mcc: 460,
      mnc: 0,
      lac: 9999,
      cellId: 1234,
      gatewayId: gw.id,
      count: 2,
    });
    // The gateway's own location says so too.
    expect((await location()).unknownCell).toMatchObject({ lac: 9999, cellId: 1234, count: 2 });
    expect((await t.request('GET', '/iot/system/maps/cells/stats', { token: a.token })).status).toBe(403);
  });
});

describe('the online service (OpenCelliD)', () => {
  it('keeps its key sealed and needs one', async () => {
    const missing = await t.request('PUT', '/iot/system/maps/cells', {
      token: admin,
      body: { online: 'opencellid', mnc: 0 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('未配置 OpenCelliD Key');
    const saved = await t.ok<CellSettings>('PUT', '/iot/system/maps/cells', {
      token: admin,
      body: { online: 'opencellid', key: KEY, baseUrl: fake.baseUrl, mnc: 0 },
    });
    expect(saved).toEqual({ online: 'opencellid', keyConfigured: true, baseUrl: fake.baseUrl, mnc: 0 });
    const row = await t.server.platform.db
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', 'cell-location')
      .executeTakeFirstOrThrow();
    expect(row.value).not.toContain(KEY);
    expect(
      (await t.request('PUT', '/iot/system/maps/cells', { token: a.token, body: { online: 'none', mnc: 0 } }))
        .status,
    ).toBe(403);
  });

  it('is asked for a cell the table lacks; the answer moves the gateway, is kept and not asked again', async () => {
    fake.requests.length = 0;
    await report({ LAC: 4302, CELLID: 77, MNC: 0 });
    await expect.poll(async () => (await location()).xAxis, { timeout: 10_000 }).toBe(116.3975);
    // Moved since the unknown cell: no longer said.
    expect((await location()).unknownCell).toBeNull();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.query).toMatchObject({
      key: KEY,
      mcc: '460',
      mnc: '0',
      lac: '4302',
      cellid: '77',
    });
    // Elsewhere and back: the second time it comes from the cache / the table.
    await report({ LAC: 4311, CELLID: 20993281, MNC: 0 });
    await expect.poll(async () => (await location()).xAxis, { timeout: 10_000 }).toBe(116.240512);
    await report({ LAC: 4302, CELLID: 77, MNC: 0 });
    await expect.poll(async () => (await location()).xAxis, { timeout: 10_000 }).toBe(116.3975);
    expect(fake.requests).toHaveLength(1);
    expect((await t.ok<CellStats>('GET', '/iot/system/maps/cells/stats', { token: admin })).learnt).toBe(1);
  });

  it('leaves the position when the service fails, logs it without the key, and asks again next time', async () => {
    fake.failing = true;
    fake.requests.length = 0;
    const before = await location();
    await report({ LAC: 5555, CELLID: 66, MNC: 0 });
    await expect.poll(() => fake.requests.length, { timeout: 10_000 }).toBe(1);
    await t.server.maps.drain();
    expect((await location()).xAxis).toBe(before.xAxis);
    await report({ LAC: 5555, CELLID: 66, MNC: 0 });
    await expect.poll(() => fake.requests.length, { timeout: 10_000 }).toBe(2);
    await t.server.maps.drain();
    expect(JSON.stringify(t.logs)).toContain('cell location service failed');
    expect(JSON.stringify(t.logs)).not.toContain(KEY);
    fake.failing = false;
  });
});
