import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm start` as an operator runs it (issue 11, item 13; decision 0036): the built server on a terminal
 * prints one readable line per request; with its output going elsewhere it keeps pino's JSON. The
 * server is the built one (`apps/server/dist/main.js`, as `npm start` runs it after `tsc -b`); the
 * terminal is a real pseudo-terminal from util-linux `script`. Nothing here depends on the database,
 * so it runs on SQLite only.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const main = path.join(root, 'apps/server/dist/main.js');
const hasScript = spawnSync('script', ['--version']).status === 0;
const runs = existsSync(main) && hasScript && process.env.TEST_DB !== 'postgres';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server, on a terminal or not; resolves with its port and its output so far. */
async function start(onTerminal: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iot-log-'));
  dirs.push(dataDir);
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: '0',
    ADMIN_PASSWORD: 'Admin#2026x',
    MQTT_PORT: String(await freePort()),
    DTU_PORT: String(await freePort()),
    DATABASE_URL: '',
    LOG_FORMAT: '',
  };
  // `script -q -f -e -c <command> /dev/null`: runs the command with its stdout on a pseudo-terminal.
  const child = onTerminal
    ? spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} ${JSON.stringify(main)}`, '/dev/null'], {
        env,
        cwd: root,
      })
    : spawn(process.execPath, [main], { env, cwd: root });
  children.push(child);
  let output = '';
  // Colours (a terminal gets them) are taken out to read the text.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape of terminal colours
  const plain = (chunk: Buffer) => chunk.toString().replace(/\u001b\[[0-9;]*m/g, '');
  child.stdout!.on('data', (chunk: Buffer) => {
    output += plain(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += plain(chunk);
  });
  await expect.poll(() => output, { timeout: 20_000 }).toContain('平台已启动');
  return { port, output: () => output };
}

describe.runIf(runs)('the server log as npm start prints it', () => {
  it('on a terminal: one readable line per request, no JSON', async () => {
    const server = await start(true);
    const answer = await fetch(`http://127.0.0.1:${server.port}/iot/users/current`);
    expect(answer.status).toBe(401);
    // `09:05:07 INFO  GET /iot/users/current → 401 3.1 ms` (levels padded).
    await expect
      .poll(server.output, { timeout: 10_000 })
      .toMatch(/\d{2}:\d{2}:\d{2} INFO +GET \/iot\/users\/current → 401 [\d.]+ ms/);
    const lines = server.output().split(/\r?\n/);
    expect(lines.filter((l) => l.includes('/iot/users/current'))).toHaveLength(1);
    expect(lines.some((l) => l.trim().startsWith('{"level"'))).toBe(false);
  }, 40_000);

  it('with its output in a pipe (a file, systemd, a collector): pino JSON lines', async () => {
    const server = await start(false);
    await fetch(`http://127.0.0.1:${server.port}/iot/users/current`);
    await expect.poll(server.output, { timeout: 10_000 }).toContain('"msg":"request completed"');
    const completed = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"request completed"'))
      .map((l) => JSON.parse(l) as { res?: { statusCode?: number } });
    expect(completed.some((l) => l.res?.statusCode === 401)).toBe(true);
  }, 40_000);
});
