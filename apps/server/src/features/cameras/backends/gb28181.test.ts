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
    const invites: { deviceId: string; channelId: string; mediaPort: number; streamId: string }[] = [];
    // The SIP platform is outside this server; here the "device" starts sending once invited.
    const platform: Gb28181Signalling = {
      invite: async (request) => {
        invites.push(request);
        setTimeout(() => zlm.publish('rtp', request.streamId), 300);
      },
      bye: async () => undefined,
    };
    const url = await new Gb28181Backend(settings(), platform).playUrl(camera(3));
    expect(url).toBe('http://media.example:8080/rtp/34020000001320000001_3.live.flv');
    expect(invites).toEqual([
      {
        deviceId: '34020000001320000001',
        channelId: '3',
        mediaPort: zlm.rtpServers.get('34020000001320000001_3'),
        streamId: '34020000001320000001_3',
      },
    ]);
  });

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

  it('says 不支持云台 / 不支持对讲 / 不支持回放 for what needs SIP signalling not built yet', async () => {
    const backend = new Gb28181Backend(settings());
    expect(backend.supports).toEqual({ ptz: false, talk: false, playback: false, presets: false });
    expect((await failure(backend.ptz())).message).toBe(CameraMessages.NO_PTZ);
    expect((await failure(backend.talkUrl())).message).toBe(CameraMessages.NO_TALK);
    expect((await failure(backend.playbacks())).message).toBe(CameraMessages.NO_PLAYBACK);
  });
});
