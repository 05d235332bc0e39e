/**
 * `npm start`: installs dependencies if needed, builds, then runs the server in the foreground. Works on a
 * fresh clone with nothing but Node and npm; the server process inherits stdio and env, and we forward
 * SIGINT/SIGTERM so `kill <pid of npm start>` shuts the server down gracefully.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFfmpeg, ensureInstalled, exitCodeForSignal, repoRoot, step } from './lib.mjs';

const tag = 'start';

/** Stops with the failing step's exit code; nothing after a failed build is worth running. */
function stopOnFailure(code) {
  if (code !== 0) process.exit(code);
}

stopOnFailure(await ensureInstalled(tag));
await ensureFfmpeg(tag);
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
