import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, startServer, type TestServer } from '../test/server.js';
import { Jobs, postgresJobLock } from './jobs.js';

/** Scheduled jobs about shared data run on one node at a time (ARCHITECTURE: scale-out). */
let a: TestServer;
let b: TestServer;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DB === 'postgres')('jobs on two nodes', () => {
  beforeAll(async () => {
    a = await startServer();
    b = await startPeer(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a one-node job runs on one node per round, the other skips it; others run on both', async () => {
    const ran: string[] = [];
    const nodes = [a, b].map((t, i) => {
      const jobs = new Jobs(t.server.platform.log, postgresJobLock(t.server.platform.db));
      const work = (name: string) => async () => {
        ran.push(`${name}@${i}`);
        await pause(200);
      };
      jobs.every(3_600_000, 'shared', work('shared'), { oneNode: true });
      jobs.every(3_600_000, 'local', work('local'));
      return jobs;
    });
    await Promise.all(nodes.flatMap((jobs) => [jobs.run('shared'), jobs.run('local')]));
    expect(ran.filter((r) => r.startsWith('shared'))).toHaveLength(1);
    expect(ran.filter((r) => r.startsWith('local')).sort()).toEqual(['local@0', 'local@1']);
    // The lock goes with the round: the next one may run anywhere.
    await nodes[1]!.run('shared');
    await nodes[0]!.run('shared');
    expect(ran.filter((r) => r.startsWith('shared'))).toHaveLength(3);
    for (const jobs of nodes) jobs.stop();
  });
});
