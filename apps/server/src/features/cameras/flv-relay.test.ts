import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { FlvRelay, type Viewer } from './flv-relay.js';

/** The relay against real local HTTP servers standing in for cameras (no database needed). */
const log = pino({ level: 'silent' });
let server: Server | undefined;

async function camera(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; requests: () => number }> {
  let count = 0;
  server = createServer((request, response) => {
    count++;
    handler!(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.flv`,
    requests: () => count,
  };
}

function viewer(): Viewer & { bytes: Buffer[]; ended: string | null } {
  const v = {
    bytes: [] as Buffer[],
    ended: null as string | null,
    send: (b: Buffer) => void v.bytes.push(b),
    buffered: () => 0,
    end: (reason?: string) => {
      v.ended = reason ?? '';
    },
  };
  return v;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = undefined;
});

describe('the FLV relay', () => {
  it('gives up a camera that answers but never sends a byte, and reports it unreachable', async () => {
    const cam = await camera((_request, response) =>
      response.writeHead(200, { 'content-type': 'video/x-flv' }),
    );
    const reports: [number, boolean][] = [];
    const relay = new FlvRelay(log, (id, reached) => reports.push([id, reached]), 300);
    const v = viewer();
    const { ready } = relay.watch(7, cam.url, v);
    expect(await ready).toBe(false);
    expect(v.ended).toBe('视频流超时');
    expect(v.bytes).toEqual([]);
    expect(reports).toEqual([[7, false]]);
    expect(relay.stats()).toEqual({ channels: 0, viewers: 0 });
  });

  it('opens one upstream for every viewer of a camera and ends them all when the camera stops', async () => {
    const flv = Buffer.concat([
      Buffer.from([0x46, 0x4c, 0x56, 1, 1, 0, 0, 0, 9, 0, 0, 0, 0]),
      // An AVC sequence header, then a key frame.
      Buffer.from([9, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0x17, 0, 0, 0, 0, 0, 0, 0, 16]),
      Buffer.from([9, 0, 0, 5, 0, 0, 40, 0, 0, 0, 0, 0x17, 1, 0, 0, 0, 0, 0, 0, 16]),
    ]);
    const cam = await camera((_request, response) => {
      response.writeHead(200, { 'content-type': 'video/x-flv' });
      response.write(flv);
      setTimeout(() => response.end(), 300);
    });
    const reports: [number, boolean][] = [];
    const relay = new FlvRelay(log, (id, reached) => reports.push([id, reached]), 5000);
    const a = viewer();
    const b = viewer();
    const first = relay.watch(9, cam.url, a);
    relay.watch(9, cam.url, b);
    expect(await first.ready).toBe(true);
    await expect.poll(() => a.ended !== null && b.ended !== null).toBe(true);
    expect(cam.requests()).toBe(1);
    for (const v of [a, b]) {
      const bytes = Buffer.concat(v.bytes);
      expect(bytes.subarray(0, 3).toString()).toBe('FLV');
      expect(bytes.length).toBe(flv.length);
    }
    expect(reports).toEqual([[9, true]]);
  });
});
