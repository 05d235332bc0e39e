import { AggType, CameraMessages, PTZ_DIRECTIONS } from '@iot/contracts/cameras';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCloudB, startFakeCloudB } from '../../../test/fake-cloud-b.js';
import { CameraBackendError, type CameraRef } from '../backend.js';
import { CloudBBackend } from './cloud-b.js';
import { cloudBSign } from './cloud-b-sign.js';

/** Cloud service B's adapter against a local server speaking its documented API (test/fake-cloud-b.ts). */
let clock = Date.UTC(2026, 10, 25, 2, 0, 0);
const now = () => clock;
let fake: FakeCloudB;
let backend: CloudBBackend;

beforeAll(async () => {
  fake = await startFakeCloudB({
    appId: 'lc-app',
    appSecret: 'lc-secret',
    tokenTtlSeconds: 3 * 24 * 3600,
    now,
  });
  fake.addDevice({
    deviceId: 'IMOU1',
    channels: 1,
    online: true,
    records: [
      { beginTime: '2026-11-25 09:00:00', endTime: '2026-11-25 09:05:00' },
      { beginTime: '2026-11-24 09:00:00', endTime: '2026-11-24 09:05:00' },
    ],
  });
  fake.addDevice({ deviceId: 'OFF', channels: 1, online: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  backend = new CloudBBackend({ defaultBaseUrl: 'http://127.0.0.1:9', timeoutMs: 2000, now });
  fake.calls.length = 0;
});

const camera = (deviceSerial = 'IMOU1', overrides: Partial<CameraRef> = {}): CameraRef => ({
  id: 2,
  groupId: 7,
  deviceSerial,
  channelNo: 0,
  videoUrl: null,
  validateCode: null,
  account: {
    id: 4,
    aggType: AggType.CLOUD_B,
    baseUrl: fake.baseUrl,
    appKey: 'lc-app',
    appSecret: 'lc-secret',
  },
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<CameraBackendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CameraBackendError);
  return error as CameraBackendError;
}

const calls = (method: string) => fake.calls.filter((c) => c.path === `/openapi/${method}`);
const params = (method: string) =>
  (calls(method).at(-1)?.json as { params: Record<string, string> } | undefined)?.params ?? {};

describe('cloud service B (Imou-style) adapter', () => {
  it('signs every request as the platform checks it: md5 of time, nonce and appSecret, a fresh nonce each', async () => {
    await backend.playerToken(camera());
    const bodies = fake.calls.map(
      (c) => c.json as { system: { sign: string; time: number; nonce: string; appId: string } },
    );
    expect(bodies.length).toBe(2);
    for (const { system } of bodies) {
      expect(system.appId).toBe('lc-app');
      expect(system.time).toBe(Math.floor(clock / 1000));
      expect(system.sign).toBe(cloudBSign(system.time, system.nonce, 'lc-secret'));
    }
    expect(bodies[0]?.system.nonce).not.toBe(bodies[1]?.system.nonce);
    // The secret itself never travels.
    expect(JSON.stringify(fake.calls.map((c) => c.json))).not.toContain('lc-secret');
  });

  it('keeps the access token per account until near its expiry, and the kit token per camera', async () => {
    const kit = await backend.playerToken(camera());
    expect(kit).toMatch(/^Kt_/);
    expect(params('getKitToken')).toMatchObject({ deviceId: 'IMOU1', channelId: '0', type: '0' });
    expect(await backend.playerToken(camera())).toBe(kit);
    await backend.ptz(camera(), { action: 'start', direction: 'up', speed: 1 });
    expect(calls('accessToken').length).toBe(1);
    expect(calls('getKitToken').length).toBe(1);

    clock += 61 * 60_000; // past the hour a kit token is kept
    expect(await backend.playerToken(camera())).not.toBe(kit);
    expect(calls('getKitToken').length).toBe(2);

    clock += 3 * 24 * 3600_000 - 30 * 60_000; // within the last hour of the 3 days
    await backend.ptz(camera(), { action: 'stop', direction: 'up', speed: 1 });
    expect(calls('accessToken').length).toBe(2);
  });

  it('replaces a token the platform calls expired (TK1002) once; a refused signature is 获取证书失败！', async () => {
    await backend.ptz(camera(), { action: 'start', direction: 'left', speed: 1 });
    fake.expireTokens();
    await backend.ptz(camera(), { action: 'stop', direction: 'left', speed: 1 });
    expect(calls('accessToken').length).toBe(2);
    const wrong = await failure(
      backend.playUrl(camera('IMOU1', { account: { ...camera().account!, id: 9, appSecret: 'bad' } })),
    );
    expect([wrong.message, wrong.vendorCode]).toEqual([CameraMessages.TOKEN_FAILED, 'SN1001']);
  });

  it('moves with operation codes 0–9 for 1000 ms and stops with operation 10', async () => {
    for (const direction of PTZ_DIRECTIONS)
      await backend.ptz(camera(), { action: 'start', direction, speed: 1 });
    expect(
      calls('controlMovePTZ').map((c) => (c.json as { params: { operation: string } }).params.operation),
    ).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(params('controlMovePTZ').duration).toBe('1000');
    await backend.ptz(camera(), { action: 'stop', direction: 'zoomIn', speed: 1 });
    expect(params('controlMovePTZ')).toMatchObject({ operation: '10', duration: '1000', deviceId: 'IMOU1' });
    const offline = await failure(backend.ptz(camera('OFF'), { action: 'start', direction: 'up', speed: 1 }));
    expect([offline.message, offline.vendorCode]).toEqual(['云台控制失败', 'DV1007']);
  });

  it('creates the live address when it does not exist yet (LV1002), then reads it', async () => {
    const url = await backend.playUrl(camera());
    expect(url).toBe(`${fake.baseUrl}/hls/IMOU1/0/0.m3u8`);
    expect(calls('bindDeviceLive').length).toBe(1);
    expect(await backend.playUrl(camera())).toBe(url);
    expect(calls('bindDeviceLive').length).toBe(1);
    expect(calls('getLiveStreamInfo').length).toBe(2);
    const offline = await failure(backend.playUrl(camera('OFF')));
    expect([offline.message, offline.vendorCode]).toEqual([CameraMessages.NO_PLAY_URL, 'DV1007']);
  });

  it('answers the talk address of the vendor player, or 无法对讲，未获得对讲地址', async () => {
    expect(await backend.talkUrl(camera())).toBe('imou://open.lechange.com/IMOU1/0/1?streamId=0');
    const unknown = await failure(backend.talkUrl(camera('NOPE')));
    expect([unknown.message, unknown.vendorCode]).toEqual([CameraMessages.NO_TALK_URL, 'DV1003']);
  });

  it('lists local records over the range in China time', async () => {
    const begin = new Date(Date.UTC(2026, 10, 25, 0, 0, 0));
    const end = new Date(Date.UTC(2026, 10, 25, 2, 0, 0));
    const result = await backend.playbacks(camera(), begin, end);
    expect(result.playbacks).toEqual([{ beginTime: '2026-11-25 09:00:00', endTime: '2026-11-25 09:05:00' }]);
    expect(params('queryLocalRecords')).toMatchObject({
      beginTime: '2026-11-25 08:00:00',
      endTime: '2026-11-25 10:00:00',
    });
    expect(result.url).toContain('imou://open.lechange.com/IMOU1/0/2?recordType=localRecord');
    expect(
      await backend.playbacks(camera(), new Date(Date.UTC(2026, 0, 1)), new Date(Date.UTC(2026, 0, 1, 1))),
    ).toEqual({
      url: '',
      playbacks: [],
    });
    const offline = await failure(backend.playbacks(camera('OFF'), begin, end));
    expect(offline.message).toBe(CameraMessages.PLAYBACK_FETCH_FAILED);
  });

  it('fetches the snapshot, null while the picture is not stored yet, 抓取截图异常 on a timeout', async () => {
    const jpeg = await backend.snapshot(camera());
    expect(jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    fake.device('IMOU1')!.snapPending = true;
    expect(await backend.snapshot(camera())).toBeNull();
    fake.device('IMOU1')!.snapPending = false;

    const slow = new CloudBBackend({ defaultBaseUrl: fake.baseUrl, timeoutMs: 200, now });
    await slow.playerToken(camera());
    fake.delay('/openapi/setDeviceSnapEnhanced', 1000);
    const error = await failure(slow.snapshot(camera()));
    expect([error.message, error.vendorCode]).toEqual([CameraMessages.SNAPSHOT_FAILED, 'timeout']);
    fake.delay('/openapi/setDeviceSnapEnhanced', 0);
  });
});
