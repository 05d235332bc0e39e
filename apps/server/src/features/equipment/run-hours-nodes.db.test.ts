import type { Equipment } from '@iot/contracts/equipment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { startPeer, startServer, type TestServer } from '../../test/server.js';
import { countRun } from './run-hours.js';

/**
 * Run hours on two nodes of one PostgreSQL database: both count the same pieces at once, in
 * several batches each, and every stored point is counted once (decision 0051).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('run hours on two nodes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer();
    b = await startPeer(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('adds each point once whichever node counts it', async () => {
    const projectId = a.server.seeded.demoProjectId!;
    const token = (await a.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
      .access;
    const end = Date.now() - 3_600_000;
    const pieces: { id: number; points: { ts: number; on: boolean }[] }[] = [];
    for (let n = 0; n < 3; n++) {
      const gw = await createGateway(a, projectId, [{ key: 'run', type: 'boolean' }]);
      const points = Array.from({ length: 12_000 }, (_, i) => ({
        ts: end - (12_000 - i) * 10_000,
        on: (i * (n + 3)) % 11 < 6,
      }));
      await a.server.telemetry.store(
        points.map((p) => ({ gatewayIndicatorId: gw.indicators.run!, ts: p.ts, value: p.on ? 1 : 0 })),
      );
      const piece = await a.ok<Equipment>('POST', `/iot/groups/${projectId}/equipment`, {
        token,
        body: {
          name: `泵${n}`,
          code: `N-${n}`,
          bindings: [{ role: 'run', gatewayIndicatorId: gw.indicators.run }],
        },
      });
      pieces.push({ id: piece.id, points });
    }
    await Promise.all([
      a.server.equipment.accountRunHours(),
      b.server.equipment.accountRunHours(),
      a.server.equipment.accountRunHours(),
      b.server.equipment.accountRunHours(),
    ]);
    await Promise.all([a.server.equipment.accountRunHours(), b.server.equipment.accountRunHours()]);
    for (const piece of pieces) {
      const expected = countRun({ watermark: -1, lastOn: null }, piece.points);
      const run = (await b.ok<Equipment>('GET', `/iot/groups/${projectId}/equipment/${piece.id}`, { token }))
        .run!;
      expect(run).toMatchObject({
        totalMs: expected.runMs,
        starts: expected.starts,
        accountedTo: end - 10_000,
      });
    }
  });
});
