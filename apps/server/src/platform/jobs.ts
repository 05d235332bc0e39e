import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from './db/schema.js';

/** Runs a job unless another node is running the same one (scale-out: a database lock). */
export interface JobLock {
  runAlone(name: string, job: () => Promise<void>): Promise<void>;
}

/** The advisory-lock key space of our jobs (the second key is the hash of the job's name). */
const JOB_LOCK_SPACE = 7_301;

/**
 * PostgreSQL: the job runs inside a transaction holding a transaction-level advisory lock on its
 * name, taken without waiting; a node that finds it taken skips this round. The lock goes with the
 * transaction, also when the node dies.
 */
export function postgresJobLock(db: Kysely<Database>): JobLock {
  return {
    async runAlone(name, job) {
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(${name})) as locked
        `.execute(trx);
        if (rows[0]?.locked) await job();
      });
    },
  };
}

interface Job {
  run: () => Promise<void>;
  running: Promise<void> | null;
}

/**
 * In-process timers for housekeeping. A job's failure is logged and the next run tries again; a
 * run still going when the next is due is not started twice. Jobs about shared data may ask to run
 * on one node at a time (`oneNode`, ARCHITECTURE): with a lock (PostgreSQL) other nodes skip the
 * round; jobs about this node's own state (its sockets, its buffers) run everywhere.
 */
export class Jobs {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly lock?: JobLock,
  ) {}

  every(
    intervalMs: number,
    name: string,
    job: () => Promise<void>,
    options: { oneNode?: boolean } = {},
  ): void {
    const lock = options.oneNode ? this.lock : undefined;
    const entry: Job = {
      running: null,
      run: () => {
        entry.running ??= (lock ? lock.runAlone(name, job) : job())
          .catch((err: unknown) => this.log.error({ err, job: name }, 'job failed'))
          .finally(() => {
            entry.running = null;
          });
        return entry.running;
      },
    };
    this.jobs.set(name, entry);
    const timer = setInterval(() => void entry.run(), intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** Runs a job now, as its timer would (tests, and a shutdown that wants a last round). */
  run(name: string): Promise<void> {
    return this.jobs.get(name)?.run() ?? Promise.resolve();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
