import type { Camera } from '@iot/contracts/cameras';
import { AggType } from '@iot/contracts/cameras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { FFMPEG_MISSING, type FlvSource, flvReader, startFlvSource } from '../../test/flv-source.js';
import { startServer, type TestServer } from '../../test/server.js';
import { formatSpecTime } from './spec-time.js';

/**
 * The HTTP-FLV relay (decision 0064) on a real FLV stream: Debian's ffmpeg encodes a generated test
 * pattern, a local HTTP server serves it like a camera, and the relay's HTTP and WebSocket doors
 * both deliver an FLV header and tags whose timestamps grow — from one upstream connection.
 */
let t: TestServer;
let source: FlvSource;
let admin: string;
let camera: Camera;
const cams = () => `/iot/groups/${t.server.seeded.demoProjectId}/cameras`;

async function playUrl(): Promise<string> {
  const { url } = await t.ok<{ url: string }>('GET', `${cams()}/${camera.id}/playUrl`, { token: admin });
  return `${t.baseUrl}${url}`;
}

describe.skipIf(FFMPEG_MISSING !== null)(
  `the relay on an ffmpeg stream${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
  () => {
    beforeAll(async () => {
      t = await startServer();
      source = await startFlvSource();
      admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
        .access;
      camera = await t.ok<Camera>('POST', cams(), {
        token: admin,
        body: { name: '测试图案', aggType: AggType.HTTP_FLV, videoUrl: source.url },
      });
    });
    afterAll(async () => {
      await t?.close();
      await source?.close();
    });

    it('serves HTTP-FLV and WebSocket-FLV at once from one upstream connection, timestamps growing', async () => {
      const url = await playUrl();
      const http = flvReader();
      const abort = new AbortController();
      const response = await fetch(url, { signal: abort.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/x-flv');
      const reading = (async () => {
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) http.push(chunk);
        } catch {
          // aborted at the end of the test
        }
      })();

      const ws = new WebSocket(url.replace(/^http/, 'ws'));
      ws.binaryType = 'nodebuffer';
      const socket = flvReader();
      ws.on('message', (data: Buffer) => socket.push(data));
      await new Promise((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      });

      for (const { reading: r } of [http, socket]) {
        await expect.poll(() => r.videoTimestamps.length, { timeout: 20_000 }).toBeGreaterThan(15);
        expect(r.header).toBe(true);
        expect(r.hasVideo).toBe(true);
        const ts = r.videoTimestamps;
        expect(ts.every((v, i) => i === 0 || v >= ts[i - 1]!)).toBe(true);
        expect(ts.at(-1)! - ts[0]!).toBeGreaterThan(500);
      }
      expect(source.requests()).toBe(1);
      expect(t.server.cameras.relay.stats()).toEqual({ channels: 1, viewers: 2 });
      expect((await t.ok<Camera>('GET', `${cams()}/${camera.id}`, { token: admin })).isOnline).toBe(1);

      ws.close();
      abort.abort();
      await reading;
      await expect.poll(() => t.server.cameras.relay.stats().viewers).toBe(0);
    });

    it('gives a late viewer the codec headers and a key frame first, so it decodes at once', async () => {
      const url = await playUrl();
      const first = new WebSocket(url.replace(/^http/, 'ws'));
      const early = flvReader();
      first.on('message', (data: Buffer) => early.push(data));
      await expect.poll(() => early.reading.videoTimestamps.length, { timeout: 20_000 }).toBeGreaterThan(25);
      const late = new WebSocket(url.replace(/^http/, 'ws'));
      const chunks: Buffer[] = [];
      late.on('message', (data: Buffer) => chunks.push(data));
      await expect.poll(() => chunks.length, { timeout: 10_000 }).toBeGreaterThan(0);
      // The first message: FLV header, then the AVC sequence header, then (after any audio config) a key frame.
      const firstMessage = chunks[0]!;
      expect(firstMessage.toString('latin1', 0, 3)).toBe('FLV');
      const tags: { type: number; first: number; second: number }[] = [];
      for (let o = firstMessage.readUInt32BE(5) + 4; o + 11 <= firstMessage.length; ) {
        const size = firstMessage.readUIntBE(o + 1, 3);
        tags.push({
          type: firstMessage[o]! & 0x1f,
          first: firstMessage[o + 11]!,
          second: firstMessage[o + 12]!,
        });
        o += 11 + size + 4;
      }
      const video = tags.filter((tag) => tag.type === 9);
      expect(video[0]).toMatchObject({ first: 0x17, second: 0 }); // key frame, AVC sequence header
      expect(video[1]?.first).toBe(0x17); // a key frame follows at once
      // The upstream lingers 5 s after its last viewer: these two joined it, no new connection.
      expect(source.requests()).toBe(1);
      first.close();
      late.close();
    });

    it("grabs a snapshot with ffmpeg and answers it by the time and flag 'W'", async () => {
      const taken = await t.ok<Record<string, string>>('POST', `${cams()}/snapshots`, {
        token: admin,
        body: { cameraIds: [camera.id], flag: 'W' },
      });
      const url = taken[String(camera.id)]!;
      expect(url).toMatch(/\.jpg$/);
      const image = await fetch(`${t.baseUrl}${url}`);
      expect(image.status).toBe(200);
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const now = formatSpecTime(Date.now());
      const found = await t.ok<Record<string, string>>(
        'GET',
        `${cams()}/snapshots?cameraIds=${camera.id}&time=${now}&flag=W`,
        { token: admin },
      );
      expect(found).toEqual({ [camera.id]: url });
    });
  },
);
