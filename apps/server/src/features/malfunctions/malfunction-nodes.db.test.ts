import type { Page } from '@iot/contracts';
import type { Equipment } from '@iot/contracts/equipment';
import type { Malfunction } from '@iot/contracts/malfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { startPeer, startServer, type TestServer } from '../../test/server.js';

/**
 * Two server nodes on one PostgreSQL database, both handed the same fault-signal points at the same
 * moment (an external broker may give a device's messages to either node, and a device may send a
 * message again): each transition opens or closes exactly one malfunction and tells once (decision 0056).
 */
const PIECES = 8;
let a: TestServer;
let b: TestServer;
let projectId: number;
let admin: string;

describe.runIf(process.env.TEST_DB === 'postgres')('malfunctions on two nodes', () => {
  beforeAll(async () => {
    a = await startServer();
    b = await startPeer(a);
    projectId = a.server.seeded.demoProjectId!;
    admin = (await a.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('opens one malfunction per fault and closes it once, whichever node sees the points', async () => {
    const keys = Array.from({ length: PIECES }, (_, i) => `f${i}`);
    const gw = await createGateway(
      a,
      projectId,
      keys.map((key) => ({ key, type: 'boolean' as const })),
    );
    const pieces: Equipment[] = [];
    for (const [i, key] of keys.entries())
      pieces.push(
        await a.ok<Equipment>('POST', `/iot/groups/${projectId}/equipment`, {
          token: admin,
          body: {
            name: `节点设备${i}`,
            code: `NODE-${i}`,
            bindings: [{ role: 'fault', gatewayIndicatorId: gw.indicators[key] }],
          },
        }),
      );
    const ts = Date.now() - 10_000;
    const points = (offset: number, value: number) =>
      keys.map((key) => ({ gatewayIndicatorId: gw.indicators[key]!, ts: ts + offset, value }));
    // Off, on, on again, off: each step handed twice over to each node at once. The steps follow
    // one another, as a device sends them; points of one fault out of order across nodes are the
    // limit decision 0056 names (the later point opens the malfunction).
    const nodes = [a, b, a, b];
    const step = (batches: ReturnType<typeof points>[]) =>
      Promise.all(
        nodes.flatMap((node) => batches.map((batch) => node.server.malfunctions.watch(projectId, batch))),
      );
    await step([
      [...points(0, 0), ...points(1000, 1)],
      [...points(0, 0), ...points(1000, 1)],
    ]);
    await step([points(2000, 1), [...points(1000, 1), ...points(2000, 1)]]);
    await step([points(3000, 0)]);
    await Promise.all([a.server.malfunctions.drain(), b.server.malfunctions.drain()]);
    await Promise.all([a.server.messages.drain(), b.server.messages.drain()]);

    const { list } = await b.ok<Page<Malfunction>>('GET', `/iot/groups/${projectId}/malfunctions?size=100`, {
      token: admin,
    });
    expect(list.map((m) => [m.equipmentId, m.startedAt, m.endedAt]).sort()).toEqual(
      pieces.map((p) => [p.id, ts + 1000, ts + 3000]).sort(),
    );
    // Each opening and each closing told once (every recipient got one message of each).
    const told = await a.server.platform.db
      .selectFrom('messages')
      .select(['type', 'relation_id', 'user_id'])
      .where('type', 'in', ['malfunction', 'malfunctionRelease'])
      .execute();
    const perMalfunction = new Map<string, number>();
    for (const m of told) {
      const key = `${m.type}:${m.relation_id}:${m.user_id}`;
      perMalfunction.set(key, (perMalfunction.get(key) ?? 0) + 1);
    }
    expect(told.length).toBeGreaterThan(0);
    expect([...perMalfunction.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(told.map((m) => m.relation_id))).toEqual(new Set(list.map((m) => m.id)));
  });
});
