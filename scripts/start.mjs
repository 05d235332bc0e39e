/**
 * `npm start`: installs dependencies if needed, builds, then runs the server in the foreground. Works on a
 * fresh clone with nothing but Node and npm; the server process inherits stdio and env, and we forward
 * SIGINT/SIGTERM so `kill <pid of npm start>` shuts the server down gracefully.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, exitCodeForSignal, repoRoot, run, step } from './lib.mjs';

const tag = 'start';

/** Stops with the failing step's exit code; nothing after a failed build is worth running. */
function stopOnFailure(code) {
  if (code !== 0) process.exit(code);
}

/** Whether a command answers `-version` (ffmpeg, apt-get, sudo). */
function has(command, args = ['-version']) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/**
 * The demo cameras play a test pattern made by Debian's ffmpeg (docs/decisions/0064, "Demo cameras").
 * When it is missing we install it the way the browser tests install Chromium: apt-get as root, or
 * through sudo when that needs no password; never a prompt. Without it the platform still starts and
 * the demo cameras say 演示视频源不可用.
 */
async function ensureFfmpeg() {
  if ((process.env.DEMO ?? '1') === '0' || has('ffmpeg')) return;
  if (!has('apt-get', ['--version'])) {
    console.warn(`[${tag}] ffmpeg is missing: the demo cameras will not play (install ffmpeg to watch them)`);
    return;
  }
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !has('sudo', ['-n', 'true'])) {
    console.warn(
      `[${tag}] ffmpeg is missing: the demo cameras will not play (sudo apt-get install -y ffmpeg)`,
    );
    return;
  }
  const apt = (args) =>
    run(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  console.log(`[${tag}] installing ffmpeg for the demo cameras (apt-get install -y ffmpeg)…`);
  const code =
    (await apt(['update', '-qq'])) ||
    (await apt(['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg']));
  if (code !== 0)
    console.warn(`[${tag}] ffmpeg not installed (exit ${code}): the demo cameras will not play`);
}

stopOnFailure(await ensureInstalled(tag));
await ensureFfmpeg();
stopOnFailure(await step(tag, 'building (tsc -b)', 'npx', ['tsc', '-b']));
stopOnFailure(
  await step(tag, 'building web app', 'npm', ['run', 'build', '--workspace', 'apps/web', '--if-present']),
);

const entry = path.join('apps', 'server', 'dist', 'main.js');
console.log(`[${tag}] starting server (node ${entry})…`);
// process.execPath is the node running this script, so the server gets the same Node version.
const server = spawn(process.execPath, [entry], {
  cwd: repoRoot,
  env: process.env,
  stdio: 'inherit',
  shell: false,
});

// Forward termination signals; the server decides how to shut down. Keeping these handlers also stops
// this wrapper from dying first and orphaning the server.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`[${tag}] could not start server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? exitCodeForSignal(signal));
});
