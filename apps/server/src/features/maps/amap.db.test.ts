import type { Page } from '@iot/contracts';
import type { Division, MapProviderSettings, Place, ReverseGeocode } from '@iot/contracts/maps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAmap, startFakeAmap } from '../../test/fake-amap.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/** The AMap adapter against a local fake of AMap's web-service API (docs/decisions/0066). */
const KEY = 'amap-test-key-0123456789abcdef';
let t: TestServer;
let fake: FakeAmap;
let admin: string;
let a: { projectId: number; token: string };

beforeAll(async () => {
  t = await startServer();
  fake = await startFakeAmap(KEY);
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  a = await projectWithAdmin(t, admin, '高德项目', 'amap-a');
  const saved = await t.ok<MapProviderSettings>('PUT', '/iot/system/maps', {
    token: admin,
    body: { provider: 'amap', amapKey: KEY, amapBaseUrl: fake.baseUrl },
  });
  expect(saved).toEqual({ provider: 'amap', amapKeyConfigured: true, amapBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const maps = () => `/iot/groups/${a.projectId}/maps`;

describe('the AMap adapter', () => {
  it('keeps the key sealed: never answered, never stored in clear', async () => {
    const row = await t.server.platform.db
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', 'map-provider')
      .executeTakeFirstOrThrow();
    expect(row.value).not.toContain(KEY);
    expect(JSON.stringify(await t.ok('GET', '/iot/system/maps', { token: admin }))).not.toContain(KEY);
    expect(JSON.stringify(t.logs)).not.toContain(KEY);
  });

  it('pages 30 at a time over AMap pages of 25, converting GCJ-02 to WGS-84', async () => {
    fake.requests.length = 0;
    const second = await t.ok<Page<Place>>(
      'GET',
      `${maps()}/places?keyword=${encodeURIComponent('泵站')}&page=1&size=30`,
      {
        token: a.token,
      },
    );
    expect(second.total).toBe(60);
    expect(second.list.map((p) => p.name)).toEqual(Array.from({ length: 30 }, (_, i) => `泵站${i + 31}`));
    // Items 31–60 are on AMap's pages 2 and 3 of 25.
    expect(fake.requests.map((r) => [r.path, r.query.page, r.query.offset, r.query.key])).toEqual([
      ['/v3/place/text', '2', '25', KEY],
      ['/v3/place/text', '3', '25', KEY],
    ]);
    const first = await t.ok<Page<Place>>('GET', `${maps()}/places?keyword=${encodeURIComponent('泵站')}`, {
      token: a.token,
    });
    // AMap's [] for an empty address; GCJ-02 116.3,40.08 is about 0.006° east of WGS-84.
    expect(first.list[0]).toMatchObject({ name: '泵站1', address: '北京市昌平区', adcode: '110114' });
    expect(first.list[0]!.location.lng).toBeCloseTo(116.2939, 3);
    expect(first.list[0]!.location.lat).toBeCloseTo(40.0787, 3);
  });

  it('autocompletes (tips without a location left out), geocodes, reverse geocodes and finds cities', async () => {
    const tips = await t.ok<Place[]>('GET', `${maps()}/inputtips?keyword=${encodeURIComponent('回龙观')}`, {
      token: a.token,
    });
    expect(tips.map((p) => p.name)).toEqual(['回龙观站']);
    const geo = await t.ok<Place[]>('GET', `${maps()}/geocode?address=${encodeURIComponent('政府街19号')}`, {
      token: a.token,
    });
    expect(geo[0]!.name).toBe('北京市昌平区政府街19号');
    fake.requests.length = 0;
    const at = await t.ok<ReverseGeocode>('GET', `${maps()}/regeocode?lng=116.225&lat=40.219`, {
      token: a.token,
    });
    expect(at).toEqual({
      fullAddress: '北京市昌平区城北街道政府街19号',
      address: ['11', '1101', '110114'],
      names: ['北京市', '昌平区'],
    });
    // Our WGS-84 point went to AMap as GCJ-02.
    const [lng] = fake.requests[0]!.query.location!.split(',').map(Number);
    expect(lng).toBeGreaterThan(116.23);
    const cities = await t.ok<Division[]>('GET', `${maps()}/cities?keyword=${encodeURIComponent('昌平')}`, {
      token: a.token,
    });
    expect(cities[0]).toMatchObject({ code: '110114', level: 3 });
    expect(await t.ok('GET', `${maps()}/capabilities`, { token: a.token })).toEqual({
      provider: 'amap',
      satellite: true,
    });
  });

  it('answers 地图服务暂时不可用 when AMap refuses the key, and the built-in provider again when switched back', async () => {
    await t.ok('PUT', '/iot/system/maps', { token: admin, body: { provider: 'amap', amapKey: 'wrong-key' } });
    const refused = await t.request('GET', `${maps()}/inputtips?keyword=x`, { token: a.token });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('地图服务暂时不可用');
    expect(JSON.stringify(t.logs)).not.toContain('wrong-key');
    await t.ok('PUT', '/iot/system/maps', { token: admin, body: { provider: 'builtin' } });
    const offline = await t.ok<Place[]>('GET', `${maps()}/inputtips?keyword=${encodeURIComponent('昌平')}`, {
      token: a.token,
    });
    expect(offline[0]!.name).toBe('昌平区');
  });
});
