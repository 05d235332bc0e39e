import { performance } from 'node:perf_hooks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a question held back asks again whether devices are still sending. */
const RECHECK_MS = 100;

/**
 * The share of a node's time the assistant's data tools may take (docs/decisions/0060, "Ingest
 * first"). The same event loop runs the embedded broker and the ingest pipeline, and on SQLite a
 * tool's queries block it while they run: twenty chats asking back to back left ingest a tenth of
 * its rate. While `contended()` says devices are waiting to be stored, tools run one at a time per
 * node and a token bucket holds their time to `share` of wall time on average, after a free burst
 * of `burstMs`. Otherwise they run at once and cost nothing: with no ingest to protect, holding a
 * question back would help nobody.
 */
export class ToolBudget {
  private tokens: number;
  private last: number;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly share: number,
    private readonly burstMs: number,
    private readonly contended: () => boolean,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(share > 0 && share <= 1)) throw new Error(`the tools' share must be in (0, 1], got ${share}`);
    this.tokens = burstMs;
    this.last = now();
  }

  /** Runs `work` when its turn comes and the bucket allows, and charges the time it took. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.share >= 1 || !this.contended()) return work();
    const turn = this.tail.then(async () => {
      await this.admit();
      const started = this.now();
      try {
        return await work();
      } finally {
        this.refill();
        this.tokens -= this.now() - started;
      }
    });
    this.tail = turn.catch(() => {});
    return turn;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burstMs, this.tokens + (now - this.last) * this.share);
    this.last = now;
  }

  /**
   * Waits for the bucket, re-checking at least every `RECHECK_MS` whether ingest still needs the
   * time: questions queued while devices were sending go on as soon as they stop, instead of
   * draining at the share long after (and into the next burst of device traffic).
   */
  private async admit(): Promise<void> {
    this.refill();
    while (this.tokens < 0 && this.contended()) {
      await sleep(Math.min(-this.tokens / this.share, RECHECK_MS));
      this.refill();
    }
  }
}
