import type { FastifyBaseLogger } from 'fastify';

/**
 * In-process timers for housekeeping. A job's failure is logged and the next run tries again.
 * (Scale-out will run each job on one node at a time behind a database lock; see ARCHITECTURE.)
 */
export class Jobs {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  every(intervalMs: number, name: string, job: () => Promise<void>): void {
    const run = () => job().catch((err: unknown) => this.log.error({ err, job: name }, 'job failed'));
    const timer = setInterval(run, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
