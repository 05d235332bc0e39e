import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Jobs } from './jobs.js';

describe('jobs', () => {
  it('never run twice at once on one node, and keep going after a failure', async () => {
    const failures: unknown[] = [];
    const log = { error: (entry: unknown) => failures.push(entry) } as unknown as FastifyBaseLogger;
    const jobs = new Jobs(log);
    let runs = 0;
    let fail = true;
    let release = () => {};
    jobs.every(3_600_000, 'slow', async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (fail) throw new Error('once');
    });
    const first = jobs.run('slow');
    const second = jobs.run('slow');
    expect(runs).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(failures).toHaveLength(1);
    fail = false;
    const third = jobs.run('slow');
    expect(runs).toBe(2);
    release();
    await third;
    expect(failures).toHaveLength(1);
    jobs.stop();
  });
});
