import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCloudA, startFakeCloudA } from './fake-cloud-a.js';
import { type FakeCloudB, startFakeCloudB } from './fake-cloud-b.js';
import { type FakeZlm, startFakeZlm } from './fake-zlmediakit.js';
import { FFMPEG_MISSING, flvReader } from './flv-source.js';

/**
 * The camera fakes serve real media a browser can play (decision 0065 "Browser players"): FLV with
 * video and audio tags whose timestamps advance, and live HLS whose playlist names segments that
 * are MPEG-TS — each with the CORS header a vendor CDN sends.
 */
let fakeA: FakeCloudA;
let fakeB: FakeCloudB;
let zlm: FakeZlm;

beforeAll(async () => {
  fakeA = await startFakeCloudA({ appKey: 'k', appSecret: 's' });
  fakeA.addDevice({ serial: 'EZ1', channels: 1, online: true });
  fakeA.addDevice({ serial: 'OFF', channels: 1, online: false });
  fakeB = await startFakeCloudB({ appId: 'a', appSecret: 's' });
  fakeB.addDevice({ deviceId: 'IMOU1', channels: 1, online: true, liveBound: true });
  fakeB.addDevice({ deviceId: 'UNBOUND', channels: 1, online: true });
  zlm = await startFakeZlm({ secret: 'z' });
  zlm.publish('rtp', 'dev_1');
});
afterAll(async () => {
  await Promise.all([fakeA?.close(), fakeB?.close(), zlm?.close()]);
});

/** Reads an FLV address for a while; answers what the stream held and the CORS header. */
async function readFlv(url: string, ms = 2500) {
  const controller = new AbortController();
  const answer = await fetch(url, { signal: controller.signal });
  const reader = flvReader();
  const body = answer.body!.getReader();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      reader.push(value);
    }
  } catch {
    // Aborted after the time read.
  } finally {
    clearTimeout(timer);
  }
  return { cors: answer.headers.get('access-control-allow-origin'), ...reader.reading };
}

describe.skipIf(FFMPEG_MISSING !== null)('the camera fakes serve real media', () => {
  it('cloud A: live and record FLV with CORS; an offline device has none', async () => {
    const live = await readFlv(`${fakeA.baseUrl}/flv/EZ1/1.live.flv`);
    expect(live).toMatchObject({ cors: '*', header: true, hasVideo: true, hasAudio: true });
    expect(live.videoTimestamps.at(-1)!).toBeGreaterThan(500);
    const record = await readFlv(`${fakeA.baseUrl}/flv/EZ1/1.rec.flv`, 1500);
    expect(record).toMatchObject({ cors: '*', header: true, hasVideo: true });
    expect((await fetch(`${fakeA.baseUrl}/flv/OFF/1.live.flv`)).status).toBe(404);
  }, 20_000);

  it('GB28181: the media server plays a published stream as FLV, not an unpublished one', async () => {
    const flv = await readFlv(`${zlm.baseUrl}/rtp/dev_1.live.flv`);
    expect(flv).toMatchObject({ cors: '*', header: true, hasVideo: true });
    expect(flv.videoTimestamps.length).toBeGreaterThan(5);
    expect((await fetch(`${zlm.baseUrl}/rtp/dev_2.live.flv`)).status).toBe(404);
  }, 20_000);

  it('cloud B: a live HLS playlist whose segments are MPEG-TS, for a bound device only', async () => {
    const playlist = await fetch(`${fakeB.baseUrl}/hls/IMOU1/0/0.m3u8`);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('access-control-allow-origin')).toBe('*');
    const text = await playlist.text();
    expect(text).toContain('#EXTM3U');
    const segment = text.split('\n').find((line) => line.endsWith('.ts'))!;
    expect(segment).toMatch(/^0-\d+\.ts$/);
    const bytes = new Uint8Array(
      await (await fetch(`${fakeB.baseUrl}/hls/IMOU1/0/${segment}`)).arrayBuffer(),
    );
    // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
    expect(bytes.length).toBeGreaterThan(188 * 10);
    expect([bytes[0], bytes[188], bytes[376]]).toEqual([0x47, 0x47, 0x47]);
    expect((await fetch(`${fakeB.baseUrl}/hls/UNBOUND/0/0.m3u8`)).status).toBe(404);
  }, 30_000);
});
