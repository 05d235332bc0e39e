import type { Warning } from '@iot/contracts/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { startPeer, startServer, type TestServer } from '../../test/server.js';

/**
 * Two server nodes on one PostgreSQL database (scale-out: an external broker may give one device's
 * consecutive messages to different nodes). Both evaluate the same rules at the same moment; each
 * rule's evaluations must follow one another, so the same values raise exactly the warnings one
 * node alone would have (decision 0018).
 */
const RULES = 12;
let a: TestServer;
let b: TestServer;
let projectId: number;
let admin: string;

describe.runIf(process.env.TEST_DB === 'postgres')('the warning engine on two nodes', () => {
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

  it('raises one warning per rule when both nodes see values over the limit at once', async () => {
    const keys = Array.from({ length: RULES }, (_, i) => `k${i}`);
    const gw = await createGateway(
      a,
      projectId,
      keys.map((key) => ({ key, type: 'float' as const })),
    );
    for (const key of keys) {
      await a.ok('POST', `/iot/groups/${projectId}/warningRules`, {
        token: admin,
        body: { gatewayIndicatorId: gw.indicators[key], kind: 'above', high: 50 },
      });
    }
    const ts = Date.now();
    // A value within the limit first: every rule has a stored state, as in a running system.
    await a.server.warnings.engine.evaluate(
      keys.map((key) => ({ gatewayIndicatorId: gw.indicators[key]!, ts: ts - 1000, value: 10 })),
    );
    await Promise.all(
      keys.flatMap((key) => [
        a.server.warnings.engine.evaluate([{ gatewayIndicatorId: gw.indicators[key]!, ts, value: 80 }]),
        b.server.warnings.engine.evaluate([
          { gatewayIndicatorId: gw.indicators[key]!, ts: ts + 1, value: 81 },
        ]),
      ]),
    );
    const { list } = await a.ok<{ list: Warning[] }>(
      'GET',
      `/iot/groups/${projectId}/warnings?gatewayId=${gw.id}&size=100`,
      { token: admin },
    );
    const perIndicator = new Map<number, number>();
    for (const w of list) {
      perIndicator.set(w.gatewayIndicatorId!, (perIndicator.get(w.gatewayIndicatorId!) ?? 0) + 1);
    }
    expect([...perIndicator.values()]).toEqual(keys.map(() => 1));
    expect(perIndicator.size).toBe(RULES);
  });
});
