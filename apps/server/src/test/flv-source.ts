import { type ChildProcess, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamTestPatternFlv } from './media-streams.js';

/** Whether Debian's ffmpeg is installed (the FLV tests skip with this reason otherwise). */
export const FFMPEG_MISSING =
  spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0
    ? null
    : 'ffmpeg is not installed (apt-get install -y ffmpeg): no FLV test stream can be made';

export interface FlvSource {
  /** The stream's URL: a camera's videoUrl. */
  url: string;
  /** How many stream requests the source has answered (the relay should make one per camera). */
  requests(): number;
  close(): Promise<void>;
}

/**
 * A stand-in for an HTTP-FLV camera or media server: every GET starts Debian's ffmpeg on a generated
 * test pattern (and a tone), H.264 + AAC in FLV, in real time, and streams its output.
 */
export async function startFlvSource(options: { fps?: number; size?: string } = {}): Promise<FlvSource> {
  const children = new Set<ChildProcess>();
  let count = 0;
  const server: Server = createServer((request, response) => {
    count++;
    const child = streamTestPatternFlv(request, response, { fps: options.fps, size: options.size });
    children.add(child);
    child.on('exit', () => children.delete(child));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/live/test.flv`,
    requests: () => count,
    async close() {
      for (const child of children) child.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What an FLV byte stream held so far, read independently of the server's own parser. */
export interface FlvReading {
  header: boolean;
  hasVideo: boolean;
  hasAudio: boolean;
  videoTimestamps: number[];
  bytes: number;
}

/** Reads FLV bytes in chunks of any size: header check, then tag types and video timestamps. */
export function flvReader(): { push(chunk: Uint8Array): void; reading: FlvReading } {
  let pending = Buffer.alloc(0);
  let headerDone = false;
  const reading: FlvReading = {
    header: false,
    hasVideo: false,
    hasAudio: false,
    videoTimestamps: [],
    bytes: 0,
  };
  return {
    reading,
    push(chunk) {
      reading.bytes += chunk.length;
      pending = Buffer.concat([pending, Buffer.from(chunk)]);
      if (!headerDone) {
        if (pending.length < 13) return;
        reading.header = pending.toString('latin1', 0, 3) === 'FLV' && pending[3] === 1;
        reading.hasAudio = (pending[4]! & 4) !== 0;
        reading.hasVideo = (pending[4]! & 1) !== 0;
        pending = pending.subarray(pending.readUInt32BE(5) + 4);
        headerDone = true;
      }
      while (pending.length >= 11) {
        const size = pending.readUIntBE(1, 3);
        if (pending.length < 11 + size + 4) break;
        const ts = (pending.readUIntBE(4, 3) | (pending[7]! << 24)) >>> 0;
        if ((pending[0]! & 0x1f) === 9) reading.videoTimestamps.push(ts);
        pending = pending.subarray(11 + size + 4);
      }
    },
  };
}
