import type { FastifyBaseLogger } from 'fastify';
import type { StoredPoint, TelemetryRepository } from './telemetry.repository.js';

interface Pending {
  points: StoredPoint[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Batches points from all devices into one transaction per flush: every `intervalMs`, or at once
 * when `maxPoints` are waiting. Each caller's promise settles when its points are committed, so a
 * QoS 1 device is acknowledged only then. `close()` flushes what is left.
 */
export class TelemetryWriter {
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 20,
    private readonly maxPoints = 5000,
  ) {}

  write(points: StoredPoint[]): Promise<void> {
    if (points.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ points, resolve, reject });
      this.queued += points.length;
      if (this.queued >= this.maxPoints) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    });
  }

  /** Writes everything queued so far; flushes run one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.queued = 0;
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      try {
        await this.repository.write(batch.flatMap((pending) => pending.points));
        for (const pending of batch) pending.resolve();
      } catch (error) {
        this.log.error({ err: error, points: batch.length }, 'telemetry batch not stored');
        for (const pending of batch) pending.reject(error);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
