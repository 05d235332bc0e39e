/**
 * Helpers shared by scripts/start.mjs and scripts/test.mjs, so that `npm start` and `npm test` behave the
 * same on a fresh clone: install only when needed, run tools without a shell, stop at the first failure.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the parent of scripts/), so the scripts work from any working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** npm's hidden lockfile: npm rewrites it on every reify, so its age tells when we last installed. */
const hiddenLockfile = path.join(repoRoot, 'node_modules', '.package-lock.json');

/** Modification time in ms, or undefined when the file does not exist. */
function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Workspace directories from the root package.json; a trailing `/*` pattern expands to its subfolders. */
function workspaceDirs() {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const patterns = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces?.packages ?? []);
  const dirs = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(repoRoot, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(path.join(parent, entry.name));
      }
    } else {
      dirs.push(path.join(repoRoot, pattern));
    }
  }
  return dirs;
}

/**
 * Why an install is needed, or undefined when node_modules is current. Installed means the hidden lockfile
 * is at least as new as package-lock.json and every package.json (root and workspaces).
 */
export function installReason() {
  const installedAt = mtimeOf(hiddenLockfile);
  if (installedAt === undefined) return 'node_modules/.package-lock.json is missing';
  const manifests = [
    path.join(repoRoot, 'package-lock.json'),
    path.join(repoRoot, 'package.json'),
    ...workspaceDirs().map((dir) => path.join(dir, 'package.json')),
  ];
  for (const file of manifests) {
    const changedAt = mtimeOf(file);
    if (file.endsWith('package-lock.json') && changedAt === undefined) return 'package-lock.json is missing';
    if (changedAt !== undefined && changedAt > installedAt) {
      return `${path.relative(repoRoot, file)} is newer than node_modules`;
    }
  }
  return undefined;
}

/**
 * Runs a command with inherited stdio and env, without a shell (no quoting surprises), and resolves with
 * its exit code; a spawn failure (e.g. command not found) resolves 127 so callers handle one shape.
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', shell: false, ...options });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? exitCodeForSignal(signal)));
  });
}

/** Shell convention for a child killed by a signal: 128 + signal number. */
export function exitCodeForSignal(signal) {
  return 128 + ((signal && constants.signals[signal]) || 0);
}

/**
 * Installs dependencies when node_modules is missing or stale, printing progress with `tag`.
 * Resolves with 0 on success (or skip) and the npm exit code otherwise.
 */
export async function ensureInstalled(tag) {
  const reason = installReason();
  if (reason === undefined) {
    console.log(`[${tag}] dependencies up to date, skipping npm install`);
    return 0;
  }
  console.log(`[${tag}] installing dependencies… (${reason})`);
  const code = await run('npm', ['install', '--no-audit', '--no-fund']);
  // npm may leave the hidden lockfile untouched when nothing changed (or rewrite package-lock.json after
  // it); marking it fresh keeps the next run from reinstalling for nothing.
  if (code === 0 && existsSync(hiddenLockfile)) {
    const now = new Date();
    utimesSync(hiddenLockfile, now, now);
  }
  return code;
}

/** Runs one named step, announcing it first so a failure in CI output is easy to attribute. */
export async function step(tag, label, command, args) {
  console.log(`[${tag}] ${label}…`);
  const code = await run(command, args);
  if (code !== 0) console.error(`[${tag}] ${label} failed (exit ${code})`);
  return code;
}

/**
 * Debian packages from the system (Chromium for the browser tests, a CJK font for their screenshots,
 * ffmpeg for the camera streams), installed with apt-get when missing — as root, or through sudo
 * when that needs no password; never a prompt. Resolves with the names still missing afterwards.
 */
export async function ensureSystemPackages(tag, packages) {
  const missing = packages.filter(({ file }) => !existsSync(file)).map(({ name }) => name);
  if (missing.length === 0) return [];
  console.log(`[${tag}] installing system packages: ${missing.join(', ')}…`);
  const asRoot = process.getuid?.() === 0;
  const apt = (args) =>
    asRoot
      ? run('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      : run('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
  if ((await apt(['update', '-qq'])) === 0) await apt(['install', '-y', '-qq', ...missing]);
  const still = packages.filter(({ file }) => !existsSync(file)).map(({ name }) => name);
  if (still.length > 0) console.warn(`[${tag}] could not install ${still.join(', ')}`);
  return still;
}

/**
 * The demo cameras play a test pattern made by Debian's ffmpeg (docs/decisions/0064, "Demo cameras").
 * Without it the platform still starts and the demo cameras say 演示视频源不可用.
 */
export async function ensureFfmpeg(tag) {
  if ((process.env.DEMO ?? '1') === '0') return;
  const still = await ensureSystemPackages(tag, [{ name: 'ffmpeg', file: '/usr/bin/ffmpeg' }]);
  if (still.length > 0)
    console.warn(`[${tag}] ffmpeg is missing: the demo cameras will not play (apt-get install -y ffmpeg)`);
}
