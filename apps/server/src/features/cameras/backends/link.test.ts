import { CameraLimits, CameraMessages, PTZ_DIRECTIONS } from '@iot/contracts/cameras';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLink, startFakeLink } from '../../../test/fake-link.js';
import { CameraBackendError, type CameraRef } from '../backend.js';
import { isWebRtcBackend } from './capabilities.js';
import { LinkBackend } from './link.js';
import { linkTokenExpiry } from './link-token.js';

/** The link platform adapter against a local server speaking the protocol of decision 0065 (test/fake-link.ts). */
let clock = Date.UTC(2026, 10, 25, 2, 0, 0);
const now = () => clock;
let fake: FakeLink;
let backend: LinkBackend;

const OFFER = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=recvonly',
  '',
].join('\r\n');

beforeAll(async () => {
  fake = await startFakeLink({ secret: 'link-secret', tokenTtlSeconds: 600, now });
  fake.addCamera({
    groupId: 7,
    cameraId: 11,
    serial: '34020000001320000001',
    channels: 2,
    online: true,
    records: [{ StartTime: '2026-11-25 09:30:00', EndTime: '2026-11-25 09:45:00' }],
  });
  fake.addCamera({ groupId: 7, cameraId: 12, serial: 'OFFLINE', channels: 1, online: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  backend = new LinkBackend({ baseUrl: fake.baseUrl, secret: 'link-secret', timeoutMs: 2000, now });
  fake.calls.length = 0;
});

const camera = (overrides: Partial<CameraRef> = {}): CameraRef => ({
  id: 11,
  groupId: 7,
  deviceSerial: '34020000001320000001',
  channelNo: 1,
  videoUrl: null,
  validateCode: null,
  account: null,
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

const tokenCalls = () => fake.calls.filter((c) => c.path === '/api/v1/token').length;

describe('link platform token', () => {
  it('reads the hex expiry before the first dot', () => {
    expect(linkTokenExpiry('6a1b2c3d.abc.def')).toBe(0x6a1b2c3d * 1000);
    expect(linkTokenExpiry('nothex.abc')).toBeNull();
    expect(linkTokenExpiry('6a1b2c3d')).toBeNull();
    expect(linkTokenExpiry('.abc')).toBeNull();
  });
});

describe('link platform adapter', () => {
  it('takes a token per (groupId, cameraId) with the platform secret and keeps it until 30 s before its expiry', async () => {
    await backend.playUrl(camera());
    await backend.ptz(camera(), { action: 'start', direction: 'up', speed: 1 });
    expect(tokenCalls()).toBe(1);
    const first = fake.calls.find((c) => c.path === '/api/v1/token');
    expect(first?.json).toEqual({ groupId: 7, cameraId: 11 });
    expect(first?.headers.authorization).toBe('Bearer link-secret');
    clock += 600_000 - 20_000; // 20 s before the token's own expiry
    await backend.ptz(camera(), { action: 'stop', direction: 'up', speed: 1 });
    expect(tokenCalls()).toBe(2);
    await failure(backend.playUrl(camera({ id: 12, deviceSerial: 'OFFLINE' })));
    expect(tokenCalls()).toBe(3);
  });

  it('replaces a token the platform refuses (401) once', async () => {
    await backend.playUrl(camera());
    fake.revokeTokens();
    expect(await backend.playUrl(camera())).toMatch(/^live\//);
    expect(tokenCalls()).toBe(2);
  });

  it('says 获取证书失败！ for a refused secret and everything else when unconfigured', async () => {
    const wrong = new LinkBackend({ baseUrl: fake.baseUrl, secret: 'nope', timeoutMs: 2000, now });
    const error = await failure(wrong.playUrl(camera()));
    expect([error.message, error.vendorCode]).toEqual([CameraMessages.TOKEN_FAILED, 403]);
    const none = new LinkBackend({ baseUrl: undefined, secret: undefined, timeoutMs: 2000, now });
    expect((await failure(none.playUrl(camera()))).message).toBe(CameraMessages.TOKEN_FAILED);
  });

  it('invites a live stream and passes the browser offer through, answering the platform SDP', async () => {
    expect(isWebRtcBackend(backend)).toBe(true);
    const streamPath = await backend.playUrl(camera());
    expect(fake.calls.find((c) => c.path === '/api/v1/invite')?.json).toMatchObject({
      serial: '34020000001320000001',
      channel: 1,
    });
    const answer = await backend.webrtcAnswer(camera(), streamPath, OFFER, 'play');
    expect(answer).toMatch(/^v=0\r\n/);
    expect(answer).toContain('m=video 9 UDP/TLS/RTP/SAVPF 96');
    expect(fake.sessions.find((s) => s.streamPath === streamPath)?.offers).toEqual([
      { type: 'play', offer: OFFER },
    ]);
    const bad = await failure(backend.webrtcAnswer(camera(), streamPath, 'not sdp', 'play'));
    expect([bad.message, bad.vendorCode]).toEqual([CameraMessages.PLAY_FAILED, 400]);
    await backend.bye(camera(), streamPath);
    expect(fake.sessions.find((s) => s.streamPath === streamPath)?.closed).toBe(true);
    const gone = await failure(backend.webrtcAnswer(camera(), streamPath, OFFER, 'play'));
    expect(gone.vendorCode).toBe(404);
    const offline = await failure(backend.playUrl(camera({ id: 12, deviceSerial: 'OFFLINE' })));
    expect([offline.message, offline.vendorCode]).toEqual([CameraMessages.NO_PLAY_URL, 410]);
  });

  it('opens talk over tcp, pushes the microphone offer, starts and stops the speaker, then says bye', async () => {
    const streamPath = await backend.talkUrl(camera());
    expect(fake.calls.at(-1)?.json).toMatchObject({ protocol: 'tcp' });
    const early = await failure(backend.talk(camera(), streamPath, 'start'));
    expect(early.message).toBe(CameraMessages.TALK_NO_CHANNEL);
    await backend.webrtcAnswer(camera(), streamPath, OFFER, 'push');
    await backend.talk(camera(), streamPath, 'start');
    const session = fake.sessions.find((s) => s.streamPath === streamPath);
    expect(session?.talking).toBe(true);
    await backend.talk(camera(), streamPath, 'stop');
    expect(session?.talking).toBe(false);
    await backend.bye(camera(), streamPath);
    expect(session?.closed).toBe(true);
  });

  it('sends every PTZ direction, zoom and stop with speed 160', async () => {
    fake.ptz.length = 0;
    for (const direction of PTZ_DIRECTIONS)
      await backend.ptz(camera(), { action: 'start', direction, speed: 1 });
    await backend.ptz(camera(), { action: 'stop', direction: 'zoomOut', speed: 1 });
    expect(fake.ptz.map((p) => p.command)).toEqual([...PTZ_DIRECTIONS, 'stop']);
    expect(new Set(fake.ptz.map((p) => p.speed))).toEqual(new Set([CameraLimits.LINK_PTZ_SPEED]));
  });

  it('lists records (StartTime, EndTime) and invites a playback over the range', async () => {
    const begin = new Date(Date.UTC(2026, 10, 25, 1, 0, 0));
    const end = new Date(Date.UTC(2026, 10, 25, 2, 0, 0));
    const result = await backend.playbacks(camera(), begin, end);
    expect(result.playbacks).toEqual([{ beginTime: '2026-11-25 09:30:00', endTime: '2026-11-25 09:45:00' }]);
    expect(result.url).toMatch(/^playback\//);
    expect(fake.sessions.at(-1)).toMatchObject({
      startTime: '2026-11-25 09:00:00',
      endTime: '2026-11-25 10:00:00',
    });
    expect(
      await backend.playbacks(camera(), new Date(Date.UTC(2026, 0, 1)), new Date(Date.UTC(2026, 0, 2))),
    ).toEqual({
      url: '',
      playbacks: [],
    });
  });

  it('gives up after its timeout with the operation message', async () => {
    const slow = new LinkBackend({ baseUrl: fake.baseUrl, secret: 'link-secret', timeoutMs: 200, now });
    await slow.playUrl(camera());
    fake.delay('/api/v1/records', 1000);
    const error = await failure(slow.playbacks(camera(), new Date(0), new Date()));
    expect([error.message, error.vendorCode]).toEqual([CameraMessages.PLAYBACK_FETCH_FAILED, 'timeout']);
    fake.delay('/api/v1/records', 0);
  });
});
