import type { FastifyBaseLogger } from 'fastify';
import type { OperationRecord } from '../../platform/http/operation.js';
import type { OperationLogsRepository } from './operation-logs.repository.js';

/** Entries kept in memory while the database is away; beyond it the oldest are given up (and said so). */
const MAX_PENDING = 20_000;
/** A flush at most this often: one INSERT for what a busy second brings. */
const FLUSH_DELAY_MS = 200;

/**
 * Writes operation-log entries off the request path: an entry is queued after the answer left and
 * written with the others of the next 200 ms in one statement. A failed write keeps its entries
 * for the next attempt, so a database restart loses none (up to MAX_PENDING).
 */
export class OperationLogWriter {
  private pending: OperationRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private dropped = 0;

  constructor(
    private readonly repository: OperationLogsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(record: OperationRecord): void {
    this.pending.push(record);
    if (this.pending.length > MAX_PENDING) {
      this.dropped += this.pending.length - MAX_PENDING;
      this.pending.splice(0, this.pending.length - MAX_PENDING);
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_DELAY_MS);
  }

  /** Writes what is queued; resolves when it is stored (or kept for the next attempt). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.running = this.repository.insert(batch).then(
      () => {
        if (this.dropped > 0) {
          this.log.error(
            { dropped: this.dropped },
            'operation-log entries given up while the database was away',
          );
          this.dropped = 0;
        }
      },
      (error: unknown) => {
        this.log.warn({ err: error, entries: batch.length }, 'operation-log entries not written yet');
        this.pending = batch.concat(this.pending);
        this.timer ??= setTimeout(() => {
          this.timer = null;
          void this.flush();
        }, 5_000);
      },
    );
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
