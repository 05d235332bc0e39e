import type { Page } from '@iot/contracts';
import type { Division, MapProviderSettings, Place, ReverseGeocode } from '@iot/contracts/maps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/** The built-in offline provider over real HTTP, and who may ask it (docs/decisions/0066). */
let t: TestServer;
let admin: string;
let a: { projectId: number; token: string };
let b: { projectId: number; token: string };

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  a = await projectWithAdmin(t, admin, '地图甲', 'map-a');
  b = await projectWithAdmin(t, admin, '地图乙', 'map-b');
});
afterAll(() => t?.close());

const maps = (p = a) => `/iot/groups/${p.projectId}/maps`;

describe('the built-in provider (offline gazetteer)', () => {
  it('finds a county by name, itself first, with its WGS-84 centre and full name', async () => {
    const found = await t.ok<Page<Place>>('GET', `${maps()}/places?keyword=${encodeURIComponent('昌平区')}`, {
      token: a.token,
    });
    expect(found.size).toBe(30);
    expect(found.list[0]).toMatchObject({ name: '昌平区', address: '北京市昌平区', adcode: '110114' });
    expect(found.list[0]!.location.lng).toBeCloseTo(116.23, 1);
    expect(found.list[0]!.location.lat).toBeCloseTo(40.22, 1);
  });

  it('pages results 30, 50 or 100 at a time and refuses other sizes', async () => {
    const q = (page: number, size: number) =>
      `${maps()}/places?keyword=${encodeURIComponent('区')}&page=${page}&size=${size}`;
    const first = await t.ok<Page<Place>>('GET', q(0, 30), { token: a.token });
    const second = await t.ok<Page<Place>>('GET', q(1, 30), { token: a.token });
    const fifty = await t.ok<Page<Place>>('GET', q(0, 50), { token: a.token });
    expect(first.total).toBeGreaterThan(100);
    expect(first.list).toHaveLength(30);
    expect(fifty.list).toHaveLength(50);
    expect(fifty.list.slice(30).map((p) => p.adcode)).toEqual(second.list.slice(0, 20).map((p) => p.adcode));
    const wrong = await t.request('GET', q(0, 40), { token: a.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('每页条数只能为30、50或100');
  });

  it('autocompletes, geocodes an address and searches cities', async () => {
    const tips = await t.ok<Place[]>('GET', `${maps()}/inputtips?keyword=${encodeURIComponent('昌平')}`, {
      token: a.token,
    });
    expect(tips[0]!.name).toBe('昌平区');
    expect(tips.length).toBeLessThanOrEqual(10);
    const geo = await t.ok<Place[]>(
      'GET',
      `${maps()}/geocode?address=${encodeURIComponent('北京市昌平区回龙观东大街')}`,
      {
        token: a.token,
      },
    );
    expect(geo[0]).toMatchObject({ name: '昌平区' });
    const cities = await t.ok<Division[]>('GET', `${maps()}/cities?keyword=${encodeURIComponent('杭州')}`, {
      token: a.token,
    });
    expect(cities[0]).toMatchObject({ name: '杭州市', level: 2, code: '330100' });
  });

  it('reverse geocodes a point to its county and three-level codes; outside China, nothing', async () => {
    const at = await t.ok<ReverseGeocode>('GET', `${maps()}/regeocode?lng=116.2312&lat=40.2206`, {
      token: a.token,
    });
    expect(at).toEqual({
      fullAddress: '北京市昌平区',
      address: ['11', '1101', '110114'],
      names: ['北京市', '北京市', '昌平区'],
    });
    // Tiananmen, the picker's default centre (WGS-84 of 116.397, 39.908 GCJ-02 is a little west).
    const centre = await t.ok<ReverseGeocode>('GET', `${maps()}/regeocode?lng=116.391&lat=39.907`, {
      token: a.token,
    });
    expect(centre.address[2]).toBe('110101');
    const sea = await t.ok<ReverseGeocode>('GET', `${maps()}/regeocode?lng=150&lat=20`, { token: a.token });
    expect(sea.address).toEqual([]);
  });

  it('lists divisions level by level for the address cascader, and serves the base map', async () => {
    const provinces = await t.ok<Division[]>('GET', '/iot/maps/divisions', { token: a.token });
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    const beijing = await t.ok<Division[]>('GET', '/iot/maps/divisions?parent=110000', { token: a.token });
    expect(beijing.map((d) => d.code)).toEqual(['110100']);
    const districts = await t.ok<Division[]>('GET', '/iot/maps/divisions?parent=110100', { token: a.token });
    expect(districts.map((d) => d.name)).toContain('昌平区');
    expect((await t.request('GET', '/iot/maps/divisions')).status).toBe(401);
    const response = await fetch(`${t.baseUrl}/iot/maps/basemap.json`);
    const base = (await response.json()) as { type: string; features: { properties: { name: string } }[] };
    expect(base.type).toBe('FeatureCollection');
    expect(base.features.length).toBeGreaterThan(2500);
    expect(base.features.some((f) => f.properties.name === '昌平区')).toBe(true);
  });

  it("serves the offline map's labels and says which county a point is in, to the signed-in", async () => {
    const response = await fetch(`${t.baseUrl}/iot/maps/labels.json`);
    expect(response.headers.get('cache-control')).toContain('max-age');
    const labels = (await response.json()) as [string, number, number, number][];
    expect(labels.length).toBeGreaterThan(3000);
    const changping = labels.find(([name, level]) => name === '昌平区' && level === 3)!;
    expect(changping[2]).toBeCloseTo(116.23, 1);
    expect(changping[3]).toBeCloseTo(40.22, 1);
    expect(labels.find(([name]) => name === '北京市')?.[1]).toBe(1);
    expect(labels.every(([, , lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat))).toBe(true);
    const at = await t.ok<{ fullAddress: string }>('GET', '/iot/maps/whereis?lng=116.2402&lat=40.2135', {
      token: a.token,
    });
    expect(at.fullAddress).toBe('北京市昌平区');
    expect((await t.request('GET', '/iot/maps/whereis?lng=116.2402&lat=40.2135')).status).toBe(401);
  });

  it('answers the built-in provider as one without satellite imagery', async () => {
    expect(await t.ok('GET', `${maps()}/capabilities`, { token: a.token })).toEqual({
      provider: 'builtin',
      satellite: false,
    });
  });

  it("refuses a user of another project, and the settings to anyone but the system's administrators", async () => {
    const other = await t.request('GET', `${maps()}/places?keyword=x`, { token: b.token });
    expect(other.status).toBe(403);
    expect((await t.request('GET', '/iot/system/maps', { token: a.token })).status).toBe(403);
    const settings = await t.ok<MapProviderSettings>('GET', '/iot/system/maps', { token: admin });
    expect(settings).toEqual({
      provider: 'builtin',
      amapKeyConfigured: false,
      amapBaseUrl: 'https://restapi.amap.com',
    });
    const noKey = await t.request('PUT', '/iot/system/maps', { token: admin, body: { provider: 'amap' } });
    expect(noKey.body.message).toBe('未配置高德地图Key');
  });
});
