import { AggType, CameraMessages } from '@iot/contracts/cameras';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeZlm, startFakeZlm } from '../../../test/fake-zlmediakit.js';
import { CameraBackendError, type CameraRef } from '../backend.js';
import { Gb28181Backend, type Gb28181Signalling } from './gb28181.js';

/** The GB28181 adapter's media side against a local server speaking ZLMediaKit's HTTP API (test/fake-zlmediakit.ts). */
let zlm: FakeZlm;
beforeAll(async () => {
  zlm = await startFakeZlm({ secret: 'zlm-secret' });
});
afterAll(() => zlm.close());
beforeEach(() => {
  zlm.calls.length = 0;
});

const settings = () => ({
  apiUrl: zlm.baseUrl,
  secret: 'zlm-secret',
  playUrl: 'http://media.example:8080',
  timeoutMs: 2000,
});
const camera = (channelNo = 1): CameraRef => ({
  id: 21,
  groupId: 7,
  deviceSerial: '34020000001320000001',
  channelNo,
  videoUrl: null,
  validateCode: null,
  account: null,
});

async function failure(promise: Promise<unknown>): Promise<CameraBackendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CameraBackendError);
  return error as CameraBackendError;
}

describe('GB28181 adapter (media server side)', () => {
  it('plays a stream the media server has as HTTP-FLV from its public address', async () => {
    const backend = new Gb28181Backend(settings());
    expect(backend.aggType).toBe(AggType.GB28181);
    zlm.publish('rtp', '34020000001320000001_1');
    expect(await backend.playUrl(camera())).toBe(
      'http://media.example:8080/rtp/34020000001320000001_1.live.flv',
    );
    expect(zlm.calls[0]?.form).toMatchObject({
      secret: 'zlm-secret',
      app: 'rtp',
      stream: '34020000001320000001_1',
    });
    zlm.unpublish('rtp', '34020000001320000001_1');
  });

  it('without a signalling platform, a stream that is not there cannot play', async () => {
    const error = await failure(new Gb28181Backend(settings()).playUrl(camera(2)));
    expect([error.message, error.vendorCode]).toEqual([CameraMessages.NO_PLAY_URL, 'no-stream']);
  });

  it('opens an RTP server, has the platform INVITE the channel to it, and answers once the stream appears', async () => {
    const invites: Parameters<Gb28181Signalling['invite']>[0][] = [];
    // Here the "device" starts sending once invited (the SIP side has its own tests: gb28181/).
    const platform = fakePlatform({
      invite: async (request) => {
        invites.push(request);
        setTimeout(() => zlm.publish('rtp', request.streamId), 300);
      },
    });
    const url = await new Gb28181Backend(settings(), platform).playUrl(camera(3));
    expect(url).toBe('http://media.example:8080/rtp/34020000001320000001_3.live.flv');
    expect(invites).toEqual([
      {
        deviceId: '34020000001320000001',
        channelId: '34020000001310000003',
        mediaIp: '127.0.0.1',
        mediaPort: zlm.rtpServers.get('34020000001320000001_3'),
        streamId: '34020000001320000001_3',
      },
    ]);
  });

  it('a stream that never arrives: closeRtpServer and BYE, then 无法播放', async () => {
    const byes: string[] = [];
    const platform = fakePlatform({ bye: async (streamId) => void byes.push(streamId) });
    const backend = new Gb28181Backend({ ...settings(), rtpIp: '10.1.1.1' }, platform);
    const started = Date.now();
    const error = await failure(backend.playUrl(camera(5)));
    expect([error.message, error.vendorCode]).toEqual([CameraMessages.NO_PLAY_URL, 'stream-timeout']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(7500);
    expect(byes).toEqual(['34020000001320000001_5']);
    expect(zlm.rtpServers.has('34020000001320000001_5')).toBe(false);
  }, 15_000);

  it('snapshots through getSnap of its own FLV address; the default picture means none yet', async () => {
    const backend = new Gb28181Backend(settings());
    expect(await backend.snapshot(camera(4))).toBeNull();
    zlm.publish('rtp', '34020000001320000001_4');
    expect(await backend.snapshot(camera(4))).toBeNull();
    zlm.framed.add('rtp/34020000001320000001_4');
    const jpeg = await backend.snapshot(camera(4));
    expect(jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const snap = zlm.calls.find((c) => c.path === '/index/api/getSnap');
    expect(snap?.query.get('url')).toBe('http://media.example:8080/rtp/34020000001320000001_4.live.flv');
  });

  it('maps a refused secret, a missing configuration and a timeout to the operation messages', async () => {
    const wrong = await failure(new Gb28181Backend({ ...settings(), secret: 'nope' }).playUrl(camera()));
    expect([wrong.message, wrong.vendorCode]).toEqual([CameraMessages.NO_PLAY_URL, -100]);
    const unset = await failure(
      new Gb28181Backend({
        apiUrl: undefined,
        secret: undefined,
        playUrl: undefined,
        timeoutMs: 1000,
      }).snapshot(camera()),
    );
    expect([unset.message, unset.vendorCode]).toEqual([CameraMessages.SNAPSHOT_FAILED, 'not-configured']);
    zlm.delay('/index/api/getMediaList', 1000);
    const slow = await failure(new Gb28181Backend({ ...settings(), timeoutMs: 200 }).playUrl(camera()));
    expect(slow.vendorCode).toBe('timeout');
    zlm.delay('/index/api/getMediaList', 0);
  });

  it('without signalling says 不支持云台 / 不支持对讲 / 不支持回放; with it, PTZ and presets are PTZCmd codes', async () => {
    const backend = new Gb28181Backend(settings());
    expect(backend.supports).toEqual({ ptz: false, talk: false, playback: false, presets: false });
    const stop = { action: 'stop' as const, direction: 'up' as const, speed: 1 };
    expect((await failure(backend.ptz(camera(), stop))).message).toBe(CameraMessages.NO_PTZ);
    expect((await failure(backend.talkUrl())).message).toBe(CameraMessages.NO_TALK);
    expect((await failure(backend.playbacks(camera(), new Date(0), new Date(1)))).message).toBe(
      CameraMessages.NO_PLAYBACK,
    );
    const sent: string[] = [];
    const withSip = new Gb28181Backend(
      settings(),
      fakePlatform({ ptz: async (_d, channel, code) => void sent.push(`${channel} ${code}`) }),
    );
    expect(withSip.supports).toEqual({ ptz: true, talk: false, playback: true, presets: true });
    await withSip.ptz(camera(2), stop);
    await withSip.presetGoto(camera(2), 4);
    expect(sent).toEqual(['34020000001310000002 A50F0100000000B5', '34020000001310000002 A50F01820004003B']);
    const refused = new Gb28181Backend(
      settings(),
      fakePlatform({
        ptz: async () => {
          throw Object.assign(new Error('refused'), { status: 488 });
        },
      }),
    );
    const error = await failure(refused.ptz(camera(), stop));
    expect([error.message, error.vendorCode]).toEqual(['云台控制失败', 488]);
  });
});

/** A stand-in platform: channel n is 3402000000131000000n; no records; nothing running. */
function fakePlatform(overrides: Partial<Gb28181Signalling> = {}): Gb28181Signalling {
  return {
    channelId: async (_device, channelNo) => `3402000000131000000${channelNo}`,
    invite: async () => undefined,
    bye: async () => undefined,
    running: () => false,
    records: async () => [],
    ptz: async () => undefined,
    ...overrides,
  };
}
