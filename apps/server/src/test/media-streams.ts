import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Real media for the camera fakes, made by Debian's ffmpeg from a generated test pattern (and a
 * tone), H.264 + AAC: FLV streamed as it is encoded (a camera, a vendor CDN, a media server) and
 * live HLS (a playlist and segments written to a folder). Vendor CDNs answer browsers with CORS
 * headers; so do these.
 */
export const CORS = { 'access-control-allow-origin': '*' } as const;

export interface PatternOptions {
  fps?: number;
  size?: string;
  /** A recording of this many seconds (a playback); absent: endless, in real time (live). */
  seconds?: number;
}

function encoderArgs(options: PatternOptions): string[] {
  const fps = options.fps ?? 10;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-re'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${options.size ?? '320x240'}:rate=${fps}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'],
    ...(options.seconds ? ['-t', String(options.seconds)] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
    ...['-g', String(fps), '-c:a', 'aac', '-b:a', '32k'],
  ];
}

/**
 * Answers one request with the test pattern as FLV, in real time, until the client leaves or the
 * recording ends. Answers the ffmpeg process (killed when the request closes).
 */
export function streamTestPatternFlv(
  request: IncomingMessage,
  response: ServerResponse,
  options: PatternOptions & { headers?: Record<string, string> } = {},
): ChildProcess {
  const child = spawn('ffmpeg', [...encoderArgs(options), '-f', 'flv', 'pipe:1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  response.writeHead(200, { 'content-type': 'video/x-flv', ...options.headers });
  child.stdout!.pipe(response);
  request.on('close', () => child.kill('SIGKILL'));
  child.on('exit', () => response.end());
  return child;
}

/** A playlist `<name>.m3u8` and its segments `<name>-<n>.ts`. */
const HLS_FILE = /^(\w+)(-\d+)?\.(m3u8|ts)$/;
/** How long a first playlist request waits for ffmpeg's first segments. */
const PLAYLIST_WAIT_MS = 15_000;

/**
 * Live HLS test patterns, one ffmpeg per playlist (started on its first request; 1 s segments, a
 * window of 6): `serve(folder, file)` answers the playlist `<name>.m3u8` of that folder or one of
 * its segments `<name>-<n>.ts`, which the playlist names relative to itself.
 */
export class HlsPatterns {
  private readonly streams = new Map<string, { dir: string; child: ChildProcess }>();

  constructor(private readonly options: PatternOptions = {}) {}

  private start(key: string, name: string) {
    const existing = this.streams.get(key);
    if (existing) return existing;
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-hls-'));
    const child = spawn(
      'ffmpeg',
      [
        ...encoderArgs(this.options),
        ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '6'],
        ...['-hls_flags', 'delete_segments+temp_file'],
        ...['-hls_segment_filename', path.join(dir, `${name}-%d.ts`), path.join(dir, `${name}.m3u8`)],
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
    const stream = { dir, child };
    this.streams.set(key, stream);
    return stream;
  }

  serve(folder: string, file: string, response: ServerResponse): void {
    const match = HLS_FILE.exec(file);
    if (!match) {
      response.writeHead(404, CORS).end();
      return;
    }
    const name = match[1] ?? '';
    const { dir } = this.start(`${folder}/${name}`, name);
    const target = path.join(dir, file);
    const playlist = file.endsWith('.m3u8');
    const deadline = Date.now() + (playlist ? PLAYLIST_WAIT_MS : 0);
    const answer = () => {
      if (response.destroyed) return;
      if (!existsSync(target)) {
        if (Date.now() < deadline) return void setTimeout(answer, 200);
        response.writeHead(404, CORS).end();
        return;
      }
      response
        .writeHead(200, {
          ...CORS,
          'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
          'cache-control': 'no-cache',
        })
        .end(readFileSync(target));
    };
    answer();
  }

  /** How many playlists are being made now. */
  get running(): number {
    return this.streams.size;
  }

  close(): void {
    for (const { dir, child } of this.streams.values()) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
    this.streams.clear();
  }
}
