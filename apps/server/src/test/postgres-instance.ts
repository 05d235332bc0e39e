import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian puts the server binaries; PG_BIN overrides it. */
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresInstance {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** Whether it was started and not stopped since. */
  readonly running: boolean;
  /** Starts the server again on the same port and data directory; resolves once it takes connections. */
  start(): Promise<void>;
  /**
   * Stops the server: `immediate` kills it without a checkpoint (a crash, recovered from the WAL
   * at the next start), `fast` ends every session (57P01) and shuts down cleanly.
   */
  stop(mode: 'immediate' | 'fast'): Promise<void>;
  /** Stops it if it runs and removes its files. */
  destroy(): Promise<void>;
}

/** Whether this machine can run a PostgreSQL of its own (the binaries, and a non-root user to run them as). */
export function canRunPostgres(): boolean {
  const binaries = ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(BIN, name)));
  return binaries && (process.getuid?.() !== 0 || postgresUser() !== null);
}

/** uid and gid of the `postgres` account (the server refuses to run as root). */
function postgresUser(): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * A PostgreSQL server of the test's own (initdb into a temporary directory, an ephemeral port, its
 * socket in that directory), so a test can stop and start the database under a running server —
 * which it may not do to the shared one at TEST_DATABASE_URL.
 */
export async function startPostgres(): Promise<PostgresInstance> {
  const base = mkdtempSync(path.join(tmpdir(), 'iot-pg-'));
  const dataDir = path.join(base, 'data');
  const socketDir = path.join(base, 'socket');
  const logFile = path.join(base, 'server.log');
  mkdirSync(socketDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const user = postgresUser();
    if (!user) throw new Error('no postgres account to run PostgreSQL as');
    chownSync(base, user.uid, user.gid);
    chownSync(socketDir, user.uid, user.gid);
  }
  const pg = (binary: string, args: string[]) => {
    const file = path.join(BIN, binary);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  };

  await pg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    // A test server: no need to survive an operating-system crash (a PostgreSQL crash it survives).
    '-c fsync=off',
  ].join(' ');
  let running = false;

  const instance: PostgresInstance = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    get running() {
      return running;
    },
    async start() {
      await pg('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', options]);
      running = true;
    },
    async stop(mode) {
      await pg('pg_ctl', ['stop', '-w', '-t', '60', '-D', dataDir, '-m', mode]);
      running = false;
    },
    async destroy() {
      if (running) await instance.stop('immediate').catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}
