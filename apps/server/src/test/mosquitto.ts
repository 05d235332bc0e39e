import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** The machine's Mosquitto (127.0.0.1:1883) stands in for an external broker cluster in tests. */
export const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';

const MOSQUITTO_BIN = '/usr/sbin/mosquitto';

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether that broker answers; tests that need it are skipped on a machine without one. */
export function mosquittoReachable(): Promise<boolean> {
  return portAnswers(1883);
}

/** Whether a private Mosquitto can be started (the binary is installed). */
export const mosquittoInstalled = existsSync(MOSQUITTO_BIN);

export interface PrivateMosquitto {
  url: string;
  port: number;
  /** Stops the broker with SIGTERM, so it saves its persistence file, and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same persistence directory. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Mosquitto of the test's own, on an ephemeral port of 127.0.0.1, with persistence in a temporary
 * directory: a broker the test may stop and start (the machine's one it must leave alone).
 * `config` lines are appended to the generated configuration.
 */
export async function startMosquitto(config: string[] = []): Promise<PrivateMosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'iot-mosquitto-'));
  const port = await freePort();
  const file = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    file,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      // Started as root, Mosquitto would switch to the user "mosquitto", who cannot write the directory.
      `user ${userInfo().username}`,
      'persistence true',
      `persistence_location ${dir}/`,
      'max_queued_messages 1000000',
      // Small messages answered at once (the cluster bus's confirmations); Nagle would hold them.
      'set_tcp_nodelay true',
      'log_dest none',
      ...config,
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const broker = spawn(MOSQUITTO_BIN, ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    broker.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child = broker;
    exited = new Promise((resolve) => broker.once('exit', () => resolve()));
    for (let i = 0; i < 100; i++) {
      if (broker.exitCode !== null || broker.signalCode !== null)
        throw new Error(`mosquitto exited: ${stderr}`);
      if (await portAnswers(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`mosquitto did not listen on ${port}: ${stderr}`);
  };
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    child = null;
  };

  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
