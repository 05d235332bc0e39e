import type { FastifyBaseLogger } from 'fastify';
import type { StoredPoint, TelemetryRepository } from './telemetry.repository.js';

interface Pending {
  points: StoredPoint[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit: points from all devices are written in one transaction per flush. A flush starts
 * once the current turn of the event loop has handed over everything it read (setImmediate), and
 * never while another is running; what arrives meanwhile waits and goes in the next one. So the
 * batch grows with the load by itself: one message alone is written at once, a flood in large
 * transactions. Each caller's promise settles when its points are committed (a QoS 1 device is
 * acknowledged only then). `close()` writes what is left.
 */
export class TelemetryWriter {
  private queue: Pending[] = [];
  private scheduled = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  write(points: StoredPoint[]): Promise<void> {
    if (points.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ points, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Writes everything queued so far, after the flush in progress if there is one. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    this.running = this.store(batch).finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.schedule();
    });
    await this.running;
  }

  private async store(batch: Pending[]): Promise<void> {
    try {
      await this.repository.write(batch.flatMap((pending) => pending.points));
      for (const pending of batch) pending.resolve();
    } catch (error) {
      this.log.error({ err: error, points: batch.length }, 'telemetry batch not stored');
      for (const pending of batch) pending.reject(error);
    }
  }

  async close(): Promise<void> {
    await this.flush();
    // A flush scheduled before close may have found the queue empty; anything queued since is written here.
    while (this.queue.length > 0 || this.running) await this.flush();
  }
}
