import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, gatewayRow, type TestGateway } from '../../test/factories.js';
import { MOSQUITTO_URL, mosquittoReachable } from '../../test/mosquitto.js';
import { startPeer, startServer, type TestServer } from '../../test/server.js';

/**
 * Presence with several nodes on one database: an external broker shares one device's messages
 * among the nodes, so no node's memory alone may decide that a gateway went silent.
 */
let a: TestServer;
let b: TestServer;
let projectId: number;
let timeoutMs: number;

/** One value over HTTP telemetry to node `t`; answers when it is stored. */
async function send(t: TestServer, gw: TestGateway, cod: number) {
  const response = await fetch(`${t.baseUrl}/api/v1/${gw.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cod }),
  });
  expect(response.status).toBe(200);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  a = await startServer();
  b = await startPeer(a);
  projectId = a.server.seeded.demoProjectId!;
  timeoutMs = a.config.offlineTimeoutSeconds * 1000;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('presence across nodes', () => {
  it('a gateway quiet on one node but heard on another stays online', async () => {
    const gw = await createGateway(a, projectId, [{ key: 'cod', type: 'float' }]);
    await send(a, gw, 1);
    const heardByA = Date.now();
    await pause(100);
    const beforeB = Date.now();
    await send(b, gw, 2);
    await b.server.telemetry.ingest.sweep();

    // Past the timeout for what node A heard, within it for node B.
    await a.server.telemetry.ingest.sweep(heardByA + timeoutMs + 50);
    const row = await gatewayRow(a, gw.id);
    expect(row.online_status).toBe('online');
    // Node A's older time does not overwrite node B's.
    expect(Number(row.last_seen_at)).toBeGreaterThanOrEqual(beforeB);

    await a.server.telemetry.ingest.sweep(Date.now() + timeoutMs + 1000);
    expect((await gatewayRow(a, gw.id)).online_status).toBe('offlineTimeout');
    // Heard again on node A: online again, although node A had it online in memory before.
    await send(a, gw, 3);
    expect((await gatewayRow(a, gw.id)).online_status).toBe('online');
  });

  it('a node times out a gateway it never heard, once the node that did is gone', async () => {
    const gw = await createGateway(a, projectId, [{ key: 'cod', type: 'float' }]);
    const c = await startPeer(a);
    await send(c, gw, 1);
    await c.close();
    expect((await gatewayRow(a, gw.id)).online_status).toBe('online');
    await a.server.telemetry.ingest.sweep(Date.now() + timeoutMs + 1000);
    expect((await gatewayRow(a, gw.id)).online_status).toBe('offlineTimeout');
  });
});

describe.runIf(await mosquittoReachable())('a node joining on an external broker', () => {
  it('leaves the gateways the other nodes have online as they are', async () => {
    const gw = await createGateway(a, projectId, [{ key: 'cod', type: 'float' }]);
    await send(a, gw, 1);
    expect((await gatewayRow(a, gw.id)).online_status).toBe('online');
    const joining = await startPeer(a, {
      mqttUrl: MOSQUITTO_URL,
      mqttShareGroup: `presence-${process.env.TEST_DB}-${process.pid}`,
    });
    try {
      expect((await gatewayRow(a, gw.id)).online_status).toBe('online');
    } finally {
      await joining.close();
    }
  });
});
