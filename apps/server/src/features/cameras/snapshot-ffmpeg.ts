import { spawn, spawnSync } from 'node:child_process';

let available: boolean | undefined;

/** Whether Debian's ffmpeg is on the PATH (checked once per process). */
export function ffmpegAvailable(): boolean {
  if (available === undefined) {
    const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5000 });
    available = probe.status === 0;
  }
  return available;
}

/**
 * One JPEG frame of a stream, grabbed by ffmpeg; null when the stream gave none in time. The URL is
 * passed as an argument, never through a shell.
 */
export function grabFrame(url: string, timeoutMs = 15_000): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = spawn(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-rw_timeout', String(timeoutMs * 1000), '-i', url].concat([
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        '-q:v',
        '4',
        'pipe:1',
      ]),
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const jpeg = Buffer.concat(chunks);
      resolve(code === 0 && jpeg.length > 0 ? jpeg : null);
    });
  });
}
