import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_VIDEO_SCHEME } from '@iot/contracts/cameras';
import type { FastifyBaseLogger } from 'fastify';
import { ffmpegAvailable } from './snapshot-ffmpeg.js';

const STREAM_NAME = /^[a-z0-9-]{1,32}$/;
/** More encoders than this at once are refused: a wall of demo cameras must not take the machine. */
export const MAX_DEMO_STREAMS = 8;
const SIZE = '640x360';
const FPS = 10;
/** A CJK font for the camera's name; without one the stream's own (ASCII) name is written. */
const CJK_FONTS = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];
const LATIN_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** A camera whose videoUrl is `demo://{stream}` plays this node's demo video source. */
export function isDemoAddress(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith(DEMO_VIDEO_SCHEME);
}

/** The stream name of a `demo://name` address, or null when it names none we serve. */
export function demoStreamName(url: string): string | null {
  const name = url.slice(DEMO_VIDEO_SCHEME.length);
  return STREAM_NAME.test(name) ? name : null;
}

export interface DemoSourceOptions {
  /** 127.0.0.1:port; 0 picks a free one (tests). */
  port: number;
  /** False: when the port is taken, a free one is used instead (the address is resolved per play). */
  portFixed: boolean;
  log: FastifyBaseLogger;
}

/**
 * The demo cameras' media source: a small HTTP-FLV server on the loopback, one Debian ffmpeg per
 * stream request generating a test pattern with the camera's name and a clock burnt in (H.264,
 * 640×360 at 10 fps, ~250 kbit/s, no audio). The relay opens one request per watched camera and
 * closes it 5 s after the last viewer, so nothing is encoded while nobody watches. It listens only
 * once a demo camera is first played or snapshotted; the stored address stays `demo://{stream}`
 * and is resolved here, so a restart on another port changes nothing in the database.
 */
export class DemoVideoSource {
  private server: Server | null = null;
  private listening: Promise<number> | null = null;
  private readonly children = new Set<ChildProcess>();
  private textDir: string | null = null;
  private counter = 0;

  constructor(private readonly options: DemoSourceOptions) {}

  /** Whether the source can run here (ffmpeg on the PATH). */
  available(): boolean {
    return ffmpegAvailable();
  }

  /**
   * The HTTP-FLV address of a `demo://` camera: its name burnt in as title, the clock starting at
   * `at` (a snapshot for a warning shows the warning's time) or now.
   */
  async address(videoUrl: string, title: string, at?: number): Promise<string> {
    const name = demoStreamName(videoUrl) ?? 'demo';
    const port = await this.listen();
    const query = new URLSearchParams({ title });
    if (at !== undefined) query.set('at', String(Math.floor(at)));
    return `http://127.0.0.1:${port}/live/${name}.flv?${query}`;
  }

  /** Streams being encoded now. */
  streams(): number {
    return this.children.size;
  }

  private listen(): Promise<number> {
    this.listening ??= new Promise<number>((resolve, reject) => {
      const server = createServer((request, response) => this.serve(request.url ?? '/', request, response));
      this.server = server;
      const { port, portFixed, log } = this.options;
      let fallback = false;
      server.on('error', (error: NodeJS.ErrnoException) => {
        if (server.listening) return log.warn({ err: error }, 'demo video source error');
        if (error.code !== 'EADDRINUSE' || portFixed || fallback) return reject(error);
        fallback = true;
        log.warn({ port }, 'demo video source port taken: using a free one');
        server.listen(0, '127.0.0.1');
      });
      server.on('listening', () => {
        const bound = (server.address() as AddressInfo).port;
        log.info({ port: bound }, 'demo video source listening on 127.0.0.1');
        resolve(bound);
      });
      server.listen(port, '127.0.0.1');
    }).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  private serve(url: string, request: IncomingMessage, response: ServerResponse) {
    const parsed = new URL(url, 'http://127.0.0.1');
    const match = /^\/live\/([a-z0-9-]{1,32})\.flv$/.exec(parsed.pathname);
    if (request.method !== 'GET' || !match) {
      response.writeHead(404).end();
      return;
    }
    if (this.children.size >= MAX_DEMO_STREAMS || !ffmpegAvailable()) {
      response.writeHead(503).end();
      return;
    }
    const at = Number(parsed.searchParams.get('at'));
    const epochSeconds = Math.floor((Number.isFinite(at) && at > 0 ? at : Date.now()) / 1000);
    const title = (parsed.searchParams.get('title') ?? '').slice(0, 64) || match[1]!;
    const { args, files } = this.args(title, match[1]!, epochSeconds);
    const child = spawn('ffmpeg', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The clock in China time, as the platform shows every time.
      env: { ...process.env, TZ: 'Asia/Shanghai' },
    });
    this.children.add(child);
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (errors.length < 2000) errors += chunk.toString();
    });
    response.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store' });
    child.stdout!.pipe(response);
    let stopped = false;
    // The viewer (the relay, or a snapshot's ffmpeg) went: nothing is encoded for nobody.
    response.on('close', () => {
      stopped = true;
      child.kill('SIGKILL');
    });
    child.on('error', () => response.destroy());
    child.on('exit', (code) => {
      this.children.delete(child);
      for (const file of files) rmSync(file, { force: true });
      if (!stopped && code !== 0) this.options.log.warn({ code, errors }, 'demo video encoder failed');
      response.end();
    });
  }

  /** ffmpeg's arguments: the filter's texts come from files, so a name needs no escaping. */
  private args(title: string, stream: string, epochSeconds: number): { args: string[]; files: string[] } {
    const cjk = CJK_FONTS.find((file) => existsSync(file));
    // Without a CJK font Chinese would draw as boxes: the stream's name and a Latin label instead.
    const label = cjk ? `${title} · 演示画面` : `${/^[\x20-\x7e]*$/.test(title) ? title : stream} · DEMO`;
    const font = cjk ?? LATIN_FONT;
    const fontArg = existsSync(font) ? `fontfile=${font}` : 'font=Sans';
    const n = this.counter++;
    const titleFile = this.textFile(`${n}-title.txt`, label);
    const clockFile = this.textFile(`${n}-clock.txt`, `%{pts:localtime:${epochSeconds}}`);
    const box = 'box=1:boxcolor=black@0.55:boxborderw=8:fontcolor=white';
    const filters = [
      `drawtext=${fontArg}:textfile=${titleFile}:expansion=none:fontsize=26:x=16:y=40:${box}`,
      `drawtext=${fontArg}:textfile=${clockFile}:fontsize=24:x=16:y=h-th-20:${box}`,
    ].join(',');
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${SIZE}:rate=${FPS}`],
      ...['-vf', filters],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-b:v', '250k', '-maxrate', '250k', '-bufsize', '500k', '-g', String(FPS * 2)],
      ...['-an', '-f', 'flv', 'pipe:1'],
    ];
    return { args, files: [titleFile, clockFile] };
  }

  private textFile(name: string, text: string): string {
    this.textDir ??= mkdtempSync(path.join(tmpdir(), 'iot-demo-video-'));
    const file = path.join(this.textDir, name);
    writeFileSync(file, text);
    return file;
  }

  close(): void {
    for (const child of this.children) child.kill('SIGKILL');
    this.children.clear();
    this.server?.closeAllConnections();
    this.server?.close();
    this.server = null;
    this.listening = null;
    if (this.textDir) rmSync(this.textDir, { recursive: true, force: true });
    this.textDir = null;
  }
}
