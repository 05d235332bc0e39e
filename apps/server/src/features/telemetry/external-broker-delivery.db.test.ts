import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config.js';
import { createGateway, storedPoints } from '../../test/factories.js';
import { mosquittoInstalled, type PrivateMosquitto, startMosquitto } from '../../test/mosquitto.js';
import { startServer, type TestServer } from '../../test/server.js';

/**
 * The server consuming from an external broker of the test's own (a private Mosquitto with
 * persistence): messages are handled many at once, and none the broker acknowledged is lost while
 * the server or the broker restarts.
 */
let broker: PrivateMosquitto;

beforeAll(async () => {
  if (mosquittoInstalled) broker = await startMosquitto(['autosave_interval 1']);
});
afterAll(() => broker?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withServer(overrides: Partial<Config>, run: (t: TestServer) => Promise<TestServer>) {
  let t = await startServer({ mqttUrl: broker.url, ...overrides });
  try {
    t = await run(t);
  } finally {
    await t.close();
  }
}

/**
 * A device publishing QoS 1 at about 1,000 messages/s (10 every 10 ms), each message with its own
 * timestamp and value; it reconnects quickly when the broker goes away. `acknowledged` lists the
 * values the broker acknowledged.
 */
async function steadyDevice(serialNumber: string) {
  const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 100, connectTimeout: 2000 });
  client.on('error', () => {});
  const base = Date.now() - 60_000;
  const acknowledged: number[] = [];
  let sent = 0;
  const timer = setInterval(() => {
    for (let k = 0; k < 10; k++) {
      const i = sent++;
      client
        .publishAsync(
          `gateways/${serialNumber}/telemetry`,
          JSON.stringify({ ts: base + i, values: { cod: i } }),
          {
            qos: 1,
          },
        )
        .then(
          () => acknowledged.push(i),
          () => {},
        );
    }
  }, 10);
  return {
    acknowledged,
    async stop() {
      clearInterval(timer);
      // What the device still had in flight is acknowledged meanwhile.
      await pause(1000);
      await client.endAsync(true);
    },
  };
}

/** Waits until every acknowledged value is stored; answers how many are not. */
async function expectAllStored(t: TestServer, gatewayIndicatorId: number, acknowledged: number[]) {
  const missing = async () => {
    const stored = new Set((await storedPoints(t, gatewayIndicatorId)).map((p) => Number(p.num_value)));
    return acknowledged.filter((i) => !stored.has(i)).length;
  };
  await expect.poll(missing, { timeout: 20_000, interval: 250 }).toBe(0);
}

describe.skipIf(!mosquittoInstalled)('external broker delivery', () => {
  it('hands the pipeline many relayed messages at once, so they are committed together', async () => {
    await withServer({ mqttShareGroup: `batch-${process.env.TEST_DB}` }, async (t) => {
      const gw = await createGateway(t, t.server.seeded.demoProjectId!, [{ key: 'cod', type: 'float' }]);
      // Messages committed in one write resolve in one turn of the event loop: count them by turn.
      let turn = 0;
      let counting = true;
      const nextTurn = () => {
        turn += 1;
        if (counting) setImmediate(nextTurn);
      };
      nextTurn();
      const perTurn = new Map<number, number>();
      t.server.telemetry.ingest.onStored((device) => {
        if (device.serialNumber === gw.serialNumber) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
      });

      const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
      const base = Date.now() - 60_000;
      const count = 300;
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          client.publishAsync(
            `gateways/${gw.serialNumber}/telemetry`,
            JSON.stringify({ ts: base + i, values: { cod: i } }),
            { qos: 1 },
          ),
        ),
      );
      await client.endAsync();
      await expect.poll(async () => (await storedPoints(t, gw.indicators.cod!)).length).toBe(count);
      counting = false;
      // With one message in flight at a time, every commit would hold one message.
      expect(Math.max(...perTurn.values())).toBeGreaterThan(1);
      return t;
    });
  });

  it('loses nothing the broker acknowledged while the server restarts (its session keeps them)', async () => {
    await withServer({ mqttShareGroup: `restart-${process.env.TEST_DB}` }, async (first) => {
      const gw = await createGateway(first, first.server.seeded.demoProjectId!, [
        { key: 'cod', type: 'float' },
      ]);
      const device = await steadyDevice(gw.serialNumber);
      let t = first;
      try {
        await pause(1000);
        t = await t.restart();
        await pause(1500);
      } finally {
        await device.stop();
      }
      expect(device.acknowledged.length).toBeGreaterThan(2000);
      await expectAllStored(t, gw.indicators.cod!, device.acknowledged);
      return t;
    });
  });

  // Mosquitto 2.0 keeps a persistent session's plain subscriptions over its restart but not its
  // shared ones: one node on a plain subscription (MQTT_SHARE_GROUP=none) loses nothing (0028).
  it('loses nothing the broker acknowledged while the broker restarts', async () => {
    await withServer({ mqttShareGroup: 'none' }, async (t) => {
      const gw = await createGateway(t, t.server.seeded.demoProjectId!, [{ key: 'cod', type: 'float' }]);
      const device = await steadyDevice(gw.serialNumber);
      try {
        await pause(1500);
        await broker.stop();
        await pause(500);
        await broker.start();
        await pause(2500);
      } finally {
        await device.stop();
      }
      expect(device.acknowledged.length).toBeGreaterThan(2000);
      await expectAllStored(t, gw.indicators.cod!, device.acknowledged);
      return t;
    });
  });
});
