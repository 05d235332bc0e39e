import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's automatic WAL checkpoint runs inside whichever commit crosses 1000 pages: that commit
 * copies the log into the database file and syncs it, on the event loop, while every device and
 * socket waits. Instead the server's connection never checkpoints (`wal_autocheckpoint = 0`) and
 * this worker thread, on its own connection, runs a PASSIVE checkpoint every `intervalMs` — it
 * never takes the write lock, so writers go on meanwhile. Stopping runs a last TRUNCATE checkpoint.
 * See docs/decisions/0026-sqlite-checkpoints.md for what it measured.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const checkpoint = (mode) => {
  try {
    db.pragma('wal_checkpoint(' + mode + ')');
  } catch {
    // Busy or locked: the next round tries again.
  }
};
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint('TRUNCATE');
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, intervalMs = 1000): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  // Never what keeps the process alive; a crash of the worker only means checkpoints at close.
  worker.unref();
  worker.on('error', () => undefined);
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }).then(() => worker.terminate().then(() => undefined));
      return stopped;
    },
  };
}
