import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { OperationRecord } from '../../platform/http/operation.js';
import type { OperationLogsRepository } from './operation-logs.repository.js';

/** Rows per statement: a busy second's entries in a few statements, each a few milliseconds long. */
const MAX_BATCH = 1000;
/** Entries held while the database is away; beyond it answers wait for room (they are never dropped). */
const MAX_PENDING = 20_000;
/** How soon a failed write is tried again. */
const RETRY_MS = 1000;

/**
 * Stores operation-log entries off the request path (decision 0038). An entry joins the queue as its
 * answer is sent; `flushMs` after the first of them the queue goes to the database in statements of up to
 * MAX_BATCH rows, sooner when a batch is full, and at shutdown. A failed write keeps its entries for
 * the next attempt. The queue is bounded without losing anything: past MAX_PENDING, `add` answers a
 * promise and the request's answer waits until the database has taken the backlog.
 */
export class OperationLogWriter {
  private pending: OperationRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private timerDelay = 0;
  private running: Promise<void> | null = null;
  private failing = false;
  /** Answers waiting for room in the queue. */
  private waiting: (() => void)[] = [];
  /** Shutting down: no answer is held any more, the last flush takes what is left. */
  private releasing = false;

  constructor(
    private readonly repository: OperationLogsRepository,
    private readonly log: FastifyBaseLogger,
    /** How long an entry waits for the next ones before they are stored together (OPERATION_LOG_FLUSH_MS). */
    private readonly flushMs: number,
  ) {}

  /** Queues an entry; answers a promise only when the queue is full (the caller's answer waits for it). */
  add(record: OperationRecord): undefined | Promise<void> {
    this.pending.push(record);
    // While the database fails, the retry timer is set already.
    if (!this.failing) this.schedule(this.pending.length >= MAX_BATCH ? 0 : this.flushMs);
    if (this.pending.length <= MAX_PENDING || this.releasing) return undefined;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Entries not stored yet (tests, shutdown). */
  get backlog(): number {
    return this.pending.length;
  }

  /** Stores everything queued; resolves when it is stored, or kept for a later attempt after a failure. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.length === 0) return;
    this.running = this.drain();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Shutdown: holds no answer any more, stores what is queued, and says what could not be. */
  async close(): Promise<void> {
    this.release();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0)
      this.log.error(
        { entries: this.pending.length },
        'operation-log entries lost at shutdown: the database did not take them',
      );
  }

  /** Lets held answers go (the server is closing: nothing may wait on a database that is away). */
  release(): void {
    this.releasing = true;
    this.wake();
  }

  /** Sets the flush timer, unless one as soon is set already (`replace`: whatever is set). */
  private schedule(delay: number, replace = false): void {
    if (this.timer) {
      if (!replace && this.timerDelay <= delay) return;
      clearTimeout(this.timer);
    }
    this.timerDelay = delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, MAX_BATCH);
      try {
        await this.store(batch);
      } catch (error) {
        if (!this.failing)
          this.log.warn(
            { err: error, entries: this.pending.length },
            'operation-log entries not written yet',
          );
        this.failing = true;
        if (!this.releasing) this.schedule(RETRY_MS, true);
        return;
      }
      this.pending.splice(0, batch.length);
      if (this.failing) this.log.info({ entries: this.pending.length }, 'operation-log writes resumed');
      this.failing = false;
      if (this.pending.length <= MAX_PENDING) this.wake();
      // A backlog (after an outage) goes in several statements; requests are answered between them.
      if (this.pending.length > 0) await yieldToLoop();
    }
  }

  /**
   * Stores a batch. A row the database refuses for good (a value it will never take: not expected,
   * the hook clips every text to its column) must not hold the queue: the batch is then stored row
   * by row and the refused one goes to the server's own log instead. Any other failure is thrown,
   * to be tried again (an outage in the middle of that may store a few rows twice, never none).
   */
  private async store(batch: OperationRecord[]): Promise<void> {
    try {
      await this.repository.insert(batch);
      return;
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      if (batch.length === 1) {
        this.log.error({ err: error, entry: batch[0] }, 'operation-log entry refused by the database');
        return;
      }
    }
    for (const record of batch) await this.store([record]);
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** A statement the database refuses because of a value in it, not because it is away. */
function refusedForGood(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  // PostgreSQL: data exceptions (22…: too long, out of range) and integrity violations (23…).
  if (/^2[23][0-9A-Z]{3}$/.test(code)) return true;
  return /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(code);
}
