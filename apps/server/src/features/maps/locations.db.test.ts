import { emptyLocation, type Location, type MapMarker } from '@iot/contracts/maps';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { gcoord } from './coordinates.js';

/** Locations of sites, gateways and equipment, and gateways that move as they report (decision 0066). */
let t: TestServer;
let a: { projectId: number; token: string };
let b: { projectId: number; token: string };
let gw: TestGateway;
let site: number;
let device: MqttClient;
let equipmentId: number;

beforeAll(async () => {
  t = await startServer();
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  a = await projectWithAdmin(t, admin, '定位甲', 'loc-a');
  b = await projectWithAdmin(t, admin, '定位乙', 'loc-b');
  site = (
    await t.ok<{ id: number }>('POST', `/iot/groups/${a.projectId}/children`, {
      token: a.token,
      body: { name: '一号泵站', groupType: 'site' },
    })
  ).id;
  gw = await createGateway(t, a.projectId, [
    { key: 'LNG', type: 'float', decimals: 6 },
    { key: 'LAT', type: 'float', decimals: 6 },
    { key: 'temp', type: 'float' },
  ]);
  device = await connectDevice(t, gw);
});
afterAll(async () => {
  await device?.endAsync();
  await t?.close();
});

const url = (kind: string, id: number, p = a) => `/iot/groups/${p.projectId}/locations/${kind}/${id}`;

describe('locations', () => {
  it('answers an empty location with the §3 defaults, then stores a manual one rounded to 6 decimals', async () => {
    const empty = await t.ok<Location>('GET', url('sites', site), { token: a.token });
    expect(empty).toMatchObject({
      xAxis: null,
      lonIdentification: 'LAC',
      latIdentification: 'CELLID',
      locationMode: 0,
    });
    const saved = await t.ok<Location>('PUT', url('sites', site), {
      token: a.token,
      body: {
        ...emptyLocation(),
        xAxis: 116.2312345678,
        yAxis: 40.2206,
        fullAddress: '北京市昌平区',
        address: ['11', '1101', '110114'],
        area: [
          [
            { lng: 116.2, lat: 40.2 },
            { lng: 116.3, lat: 40.2 },
            { lng: 116.3, lat: 40.3 },
          ],
        ],
      },
    });
    expect(saved).toMatchObject({
      xAxis: 116.231235,
      yAxis: 40.2206,
      address: ['11', '1101', '110114'],
      locateByReportData: 0,
    });
    expect(saved.area).toHaveLength(1);
    // Manual mode stores no identifiers (§4).
    expect(saved.lonIdentification).toBe('');
  });

  it('stores the locateByReportData the rules give for a gateway reporting GCJ-02 longitude/latitude', async () => {
    const saved = await t.ok<Location>('PUT', url('gateways', gw.id), {
      token: a.token,
      body: {
        ...emptyLocation(),
        xAxis: 116.3,
        yAxis: 40.0,
        locationMode: 1,
        locateType: 1,
        coordinateSystem: 1,
        lonIdentification: 'LNG',
        latIdentification: 'LAT',
        locateByReportData: 0,
      },
    });
    expect(saved).toMatchObject({
      locationMode: 1,
      locateType: 1,
      coordinateSystem: 1,
      locateByReportData: 3,
    });
  });

  it('lets a site follow the gateway, which the select lists with its identifiers', async () => {
    const options = await t.ok<{ id: number; locateByReportData: number; lonIdentification: string }[]>(
      'GET',
      `/iot/groups/${a.projectId}/locations/gatewayOptions`,
      { token: a.token },
    );
    expect(options.find((o) => o.id === gw.id)).toMatchObject({
      locateByReportData: 3,
      lonIdentification: 'LNG',
    });
    const follows = await t.ok<Location>('PUT', url('sites', site), {
      token: a.token,
      body: {
        ...emptyLocation(),
        locationMode: 1,
        gatewayId: gw.id,
        locateByReportData: 3,
        lonIdentification: 'LNG',
        latIdentification: 'LAT',
      },
    });
    expect(follows).toMatchObject({ gatewayId: gw.id, xAxis: 116.3, yAxis: 40 });
  });

  it('lets equipment follow the gateway too, and answers 404 for equipment of no project of the caller', async () => {
    const now = Date.now();
    const pump = await t.server.platform.db
      .insertInto('equipment')
      .values({
        project_id: a.projectId,
        name: '1号提升泵',
        code: 'P-01',
        category: '泵',
        model: '',
        manufacturer: '',
        serial_number: '',
        group_id: site,
        install_date: null,
        warranty_end: null,
        rated_capacity: null,
        rated_unit: '',
        attachments: '[]',
        manual_status: '',
        remark: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    equipmentId = pump.id;
    const follows = await t.ok<Location>('PUT', url('equipment', pump.id), {
      token: a.token,
      body: { ...emptyLocation(), locationMode: 1, gatewayId: gw.id },
    });
    // The gateway's settings are copied whatever the request said (§4).
    expect(follows).toMatchObject({
      gatewayId: gw.id,
      xAxis: 116.3,
      locateByReportData: 3,
      lonIdentification: 'LNG',
    });
    expect((await t.request('GET', url('equipment', pump.id, b), { token: b.token })).status).toBe(404);
  });

  it('moves the gateway and the site following it when the gateway reports its position', async () => {
    const [gcjLng, gcjLat] = [116.40387, 39.91489];
    await device.publishAsync(
      `gateways/${gw.serialNumber}/telemetry`,
      JSON.stringify({ ts: Date.now(), values: { LNG: gcjLng, LAT: gcjLat, temp: 20 } }),
      { qos: 1 },
    );
    const [wgsLng, wgsLat] = gcoord.transform([gcjLng, gcjLat], gcoord.GCJ02, gcoord.WGS84);
    await expect
      .poll(async () => (await t.ok<Location>('GET', url('gateways', gw.id), { token: a.token })).xAxis, {
        timeout: 10_000,
      })
      .toBeCloseTo(wgsLng, 5);
    await t.server.maps.drain();
    const moved = await t.ok<Location>('GET', url('gateways', gw.id), { token: a.token });
    expect(moved.yAxis).toBeCloseTo(wgsLat, 5);
    expect(moved.positionAt).not.toBeNull();
    const site1 = await t.ok<Location>('GET', url('sites', site), { token: a.token });
    expect(site1.xAxis).toBeCloseTo(wgsLng, 5);
    const pump = await t.ok<Location>('GET', url('equipment', equipmentId), { token: a.token });
    expect(pump.yAxis).toBeCloseTo(wgsLat, 5);

    const markers = await t.ok<MapMarker[]>('GET', `/iot/groups/${a.projectId}/maps/markers`, {
      token: a.token,
    });
    expect(markers.find((m) => m.kind === 'gateway')).toMatchObject({ id: gw.id, online: true, warnings: 0 });
    expect(markers.find((m) => m.kind === 'site')).toMatchObject({ id: site });
  });

  it('ignores a reported position out of range', async () => {
    const before = await t.ok<Location>('GET', url('gateways', gw.id), { token: a.token });
    await device.publishAsync(
      `gateways/${gw.serialNumber}/telemetry`,
      JSON.stringify({ values: { LNG: 999, LAT: 39 } }),
      { qos: 1 },
    );
    await new Promise((r) => setTimeout(r, 300));
    await t.server.maps.drain();
    expect((await t.ok<Location>('GET', url('gateways', gw.id), { token: a.token })).xAxis).toBe(
      before.xAxis,
    );
  });

  it("refuses another project's owners and gateways", async () => {
    // B's administrator, through B's own project id: A's gateway is not found there.
    expect((await t.request('GET', url('gateways', gw.id, b), { token: b.token })).status).toBe(404);
    // Through A's project id: no role there.
    expect((await t.request('GET', url('gateways', gw.id), { token: b.token })).status).toBe(403);
    expect(
      (await t.request('GET', `/iot/groups/${a.projectId}/maps/markers`, { token: b.token })).status,
    ).toBe(403);
    const gwB = await createGateway(t, b.projectId, [{ key: 'x', type: 'float' }]);
    const foreign = await t.request('PUT', url('sites', site), {
      token: a.token,
      body: { ...emptyLocation(), locationMode: 1, gatewayId: gwB.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('网关不存在');
  });
});
