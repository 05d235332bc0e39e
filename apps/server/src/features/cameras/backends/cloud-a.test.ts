import { AggType, CameraMessages, PTZ_DIRECTIONS } from '@iot/contracts/cameras';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCloudA, startFakeCloudA } from '../../../test/fake-cloud-a.js';
import { CameraBackendError, type CameraRef } from '../backend.js';
import { CloudABackend } from './cloud-a.js';

/** Cloud service A's adapter against a local server speaking its documented API (test/fake-cloud-a.ts). */
let clock = Date.UTC(2026, 10, 25, 2, 0, 0);
const now = () => clock;
let fake: FakeCloudA;
let backend: CloudABackend;

beforeAll(async () => {
  fake = await startFakeCloudA({ appKey: 'ak-1', appSecret: 'secret-1', tokenTtlMs: 7 * 24 * 3600_000, now });
  fake.addDevice({
    serial: 'C001',
    channels: 2,
    online: true,
    records: [
      { startTime: Date.UTC(2026, 10, 25, 1, 0, 0), endTime: Date.UTC(2026, 10, 25, 1, 10, 0) },
      { startTime: Date.UTC(2026, 10, 25, 1, 20, 0), endTime: Date.UTC(2026, 10, 25, 1, 30, 0) },
    ],
  });
  fake.addDevice({ serial: 'ENC1', channels: 1, online: true, encryptCode: 'ABCDEF' });
  fake.addDevice({
    serial: 'CLOUD1',
    channels: 1,
    online: true,
    records: [
      { startTime: Date.UTC(2026, 10, 25, 1, 0, 0), endTime: Date.UTC(2026, 10, 25, 1, 10, 0), recType: 1 },
    ],
  });
  fake.addDevice({ serial: 'OFF1', channels: 1, online: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  backend = new CloudABackend({ defaultBaseUrl: 'http://127.0.0.1:9', timeoutMs: 2000, now });
  fake.calls.length = 0;
});

const camera = (serial = 'C001', overrides: Partial<CameraRef> = {}): CameraRef => ({
  id: 1,
  groupId: 7,
  deviceSerial: serial,
  channelNo: 1,
  videoUrl: null,
  validateCode: null,
  account: { id: 3, aggType: AggType.CLOUD_A, baseUrl: fake.baseUrl, appKey: 'ak-1', appSecret: 'secret-1' },
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

const tokenCalls = () => fake.calls.filter((c) => c.path === '/api/lapp/token/get').length;

describe('cloud service A (Ezviz-style) adapter', () => {
  it('takes an access token by appKey/appSecret once, keeps it, and takes a new one near its expiry', async () => {
    const url = await backend.playUrl(camera());
    expect(url).toBe(`${fake.baseUrl}/flv/C001/1.live.flv`);
    await backend.playUrl(camera());
    await backend.snapshot(camera());
    expect(tokenCalls()).toBe(1);
    const live = fake.calls.find((c) => c.path === '/api/lapp/v2/live/address/get');
    expect(live?.form).toMatchObject({ deviceSerial: 'C001', channelNo: '1', protocol: '4', type: '1' });
    expect(live?.form.accessToken).toMatch(/^at\./);

    clock += 7 * 24 * 3600_000 - 30 * 60_000; // half an hour before the 7 days end
    await backend.playUrl(camera());
    expect(tokenCalls()).toBe(2);
    clock += 3600_000;
  });

  it('replaces a token the platform calls expired (10002) and repeats the call once', async () => {
    await backend.playUrl(camera());
    fake.expireTokens();
    expect(await backend.playUrl(camera())).toContain('/flv/C001/');
    expect(tokenCalls()).toBe(2);
  });

  it('words a refused key as 获取证书失败！ and never sends the secret anywhere but the token call', async () => {
    const error = await failure(
      backend.playUrl(camera('C001', { account: { ...camera().account!, appSecret: 'wrong' } })),
    );
    expect(error.message).toBe(CameraMessages.TOKEN_FAILED);
    expect(error.vendorCode).toBe('10030');
    expect((await failure(backend.playUrl(camera('C001', { account: null })))).message).toBe(
      CameraMessages.TOKEN_FAILED,
    );
    expect(
      fake.calls.filter((c) => c.path !== '/api/lapp/token/get').every((c) => !('appSecret' in c.form)),
    ).toBe(true);
  });

  it('maps device codes to the §8 messages: offline, unknown, encrypted without its password', async () => {
    const offline = await failure(backend.playUrl(camera('OFF1')));
    expect([offline.message, offline.vendorCode]).toEqual([CameraMessages.NO_PLAY_URL, '20007']);
    const unknown = await failure(backend.talkUrl(camera('NOPE')));
    expect([unknown.message, unknown.vendorCode]).toEqual([CameraMessages.NO_TALK_URL, '20002']);
    const locked = await failure(backend.playUrl(camera('ENC1')));
    expect(locked.vendorCode).toBe('60019');
    expect(await backend.playUrl(camera('ENC1', { validateCode: 'ABCDEF' }))).toContain(
      '/flv/ENC1/1.live.flv',
    );
    const snap = await failure(backend.snapshot(camera('OFF1')));
    expect(snap.message).toBe(CameraMessages.SNAPSHOT_FAILED);
  });

  it('gives the ezopen address for talk and the token the vendor player needs', async () => {
    expect(await backend.talkUrl(camera())).toBe('ezopen://open.ys7.com/C001/1.live');
    expect(await backend.playerToken(camera())).toMatch(/^at\./);
  });

  it('lists records by time in China time and asks a local-playback FLV address over the range', async () => {
    const begin = new Date(Date.UTC(2026, 10, 25, 0, 59, 0));
    const end = new Date(Date.UTC(2026, 10, 25, 2, 0, 0));
    const result = await backend.playbacks(camera(), begin, end);
    expect(result.playbacks).toEqual([
      { beginTime: '2026-11-25 09:00:00', endTime: '2026-11-25 09:10:00' },
      { beginTime: '2026-11-25 09:20:00', endTime: '2026-11-25 09:30:00' },
    ]);
    expect(result.url).toBe(`${fake.baseUrl}/flv/C001/1.rec.flv`);
    const records = fake.calls.find((c) => c.path === '/api/lapp/video/by/time');
    expect(records?.form).toMatchObject({
      startTime: String(begin.getTime()),
      endTime: String(end.getTime()),
    });
    const address = fake.calls.filter((c) => c.path === '/api/lapp/v2/live/address/get').at(-1);
    expect(address?.form).toMatchObject({
      type: '2',
      startTime: '2026-11-25 08:59:00',
      stopTime: '2026-11-25 10:00:00',
    });

    const none = await backend.playbacks(
      camera(),
      new Date(Date.UTC(2026, 0, 1)),
      new Date(Date.UTC(2026, 0, 2)),
    );
    expect(none).toEqual({ url: '', playbacks: [] });
  });

  it('maps every PTZ direction to the platform codes 0–9, speed clamped to 0–2, and stops', async () => {
    for (const direction of PTZ_DIRECTIONS)
      await backend.ptz(camera(), { action: 'start', direction, speed: 160 });
    const starts = fake.calls.filter((c) => c.path === '/api/lapp/device/ptz/start');
    expect(starts.map((c) => c.form.direction)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(new Set(starts.map((c) => c.form.speed))).toEqual(new Set(['2']));
    await backend.ptz(camera(), { action: 'start', direction: 'left', speed: 1 });
    expect(fake.calls.at(-1)?.form.speed).toBe('1');
    await backend.ptz(camera(), { action: 'stop', direction: 'left', speed: 1 });
    expect(fake.calls.at(-1)).toMatchObject({ path: '/api/lapp/device/ptz/stop', form: { direction: '2' } });
    const offline = await failure(
      backend.ptz(camera('OFF1'), { action: 'start', direction: 'up', speed: 1 }),
    );
    expect([offline.message, offline.vendorCode]).toEqual(['云台控制失败', '20007']);
    await backend.presetGoto(camera(), 3);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/api/lapp/device/preset/move', form: { index: '3' } });
  });

  it('fetches the captured picture, and only ever a picture', async () => {
    const jpeg = await backend.snapshot(camera());
    expect(jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg?.toString('latin1')).toContain('C001-1');
    // A picture address that answers something else (here: JSON) is not passed on.
    fake.addDevice({
      serial: 'ODD1',
      channels: 1,
      online: true,
      pictureUrl: `${fake.baseUrl}/pictures/status.json`,
    });
    const odd = await failure(backend.snapshot(camera('ODD1')));
    expect([odd.message, odd.vendorCode]).toEqual([CameraMessages.SNAPSHOT_FAILED, 'format']);
  });

  it('gives up after its timeout with the operation message', async () => {
    await backend.playUrl(camera());
    const slow = new CloudABackend({ defaultBaseUrl: fake.baseUrl, timeoutMs: 200, now });
    fake.delay('/api/lapp/device/capture', 1000);
    const error = await failure(slow.snapshot(camera()));
    expect([error.message, error.vendorCode]).toEqual([CameraMessages.SNAPSHOT_FAILED, 'timeout']);
    fake.delay('/api/lapp/device/capture', 0);
    const refused = new CloudABackend({ defaultBaseUrl: 'http://127.0.0.1:9', timeoutMs: 500, now });
    const network = await failure(
      refused.playUrl(camera('C001', { account: { ...camera().account!, baseUrl: null } })),
    );
    expect([network.message, network.vendorCode]).toEqual([CameraMessages.TOKEN_FAILED, 'network']);
  });
});
