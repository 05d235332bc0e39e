import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, gatewayRow, storedPoints } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let projectId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => t.close());

/** A real MQTT client connected to the server's embedded broker. */
async function connect(username: string, password?: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    // Native: the serial number (the username) as client id; a token alone: the broker makes one up.
    clientId: password !== undefined ? username : '',
    username,
    ...(password !== undefined ? { password } : {}),
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return client;
}

const waterQuality = [
  { key: 'cod', type: 'float' as const, decimals: 2 },
  { key: 'ph', type: 'float' as const, decimals: 1 },
  { key: 'pump', type: 'boolean' as const },
  {
    key: 'mode',
    type: 'enum' as const,
    enums: [
      { value: 0, label: '手动' },
      { value: 1, label: '自动' },
    ],
  },
];

describe('MQTT, native topics', () => {
  it('stores normalised values once the QoS 1 message is acknowledged, and the gateway is online', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const client = await connect(gw.serialNumber, gw.secret);
    await client.publishAsync(
      `gateways/${gw.serialNumber}/telemetry`,
      JSON.stringify({ cod: 12.345, ph: '7.26', pump: true, mode: '自动' }),
      {
        qos: 1,
      },
    );
    // The acknowledgement came after the commit: the points are there now, no waiting.
    expect((await storedPoints(t, gw.indicators.cod!))[0]?.num_value).toBe(12.35);
    expect((await storedPoints(t, gw.indicators.ph!))[0]?.num_value).toBe(7.3);
    expect((await storedPoints(t, gw.indicators.pump!))[0]?.num_value).toBe(1);
    expect((await storedPoints(t, gw.indicators.mode!))[0]?.num_value).toBe(1);
    expect((await gatewayRow(t, gw.id)).online_status).toBe('online');
  });

  it('refuses a wrong secret or somebody else’s serial number', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const other = await createGateway(t, projectId, waterQuality);
    await expect(connect(gw.serialNumber, 'wrong')).rejects.toThrow();
    await expect(connect(other.serialNumber, gw.secret)).rejects.toThrow();
  });

  it('lets a device touch only its own topics', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const other = await createGateway(t, projectId, waterQuality);
    const client = await connect(gw.serialNumber, gw.secret);
    // Refused with SUBACK 0x80; the connection stays up for what the device may do.
    await expect(
      client.subscribeAsync(`gateways/${other.serialNumber}/commands`, { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    const own = await client.subscribeAsync(`gateways/${gw.serialNumber}/commands`, { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    await client.publishAsync(`gateways/${other.serialNumber}/telemetry`, JSON.stringify({ cod: 99 }), {
      qos: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedPoints(t, other.indicators.cod!)).toEqual([]);
  });
});

describe('MQTT, ThingsBoard-compatible topics', () => {
  it('takes the access token as username and stores {ts, values} at the device time', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const client = await connect(gw.secret);
    const ts = Date.now() - 60_000;
    await client.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify([
        { ts, values: { cod: 10 } },
        { ts: ts + 1000, values: { cod: 11 } },
      ]),
      {
        qos: 1,
      },
    );
    expect(await storedPoints(t, gw.indicators.cod!)).toEqual([
      { ts, num_value: 10, text_value: null },
      { ts: ts + 1000, num_value: 11, text_value: null },
    ]);
    await expect(connect('not-a-token')).rejects.toThrow();
  });
});

describe('HTTP', () => {
  it('stores telemetry posted with the device token and refuses an unknown token', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const response = await fetch(`${t.baseUrl}/api/v1/${gw.secret}/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cod: 3.14659 }),
    });
    expect(await response.json()).toMatchObject({ code: 20000, data: { stored: 1 } });
    expect((await storedPoints(t, gw.indicators.cod!))[0]?.num_value).toBe(3.15);
    const refused = await fetch(`${t.baseUrl}/api/v1/nope/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
  });
});

describe('bad input', () => {
  it('counts unknown keys and wrong values on the gateway and keeps going', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const client = await connect(gw.serialNumber, gw.secret);
    const topic = `gateways/${gw.serialNumber}/telemetry`;
    await client.publishAsync(topic, JSON.stringify({ cod: 'high', unknown: 1, ph: 7 }), { qos: 1 });
    await client.publishAsync(topic, 'this is not json', { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ mode: 7, pump: 'maybe' }), { qos: 1 });
    await client.publishAsync(topic, JSON.stringify({ cod: 8 }), { qos: 1 });
    const row = await gatewayRow(t, gw.id);
    expect(row.unknown_key_count).toBe(1);
    expect(row.rejected_value_count).toBe(4);
    expect((await storedPoints(t, gw.indicators.ph!)).map((p) => p.num_value)).toEqual([7]);
    expect((await storedPoints(t, gw.indicators.cod!)).map((p) => p.num_value)).toEqual([8]);
  });
});

describe('presence and clocks', () => {
  it('goes offline normally on disconnect, and on timeout when only HTTP traffic kept it online', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const client = await connect(gw.serialNumber, gw.secret);
    await expect.poll(async () => (await gatewayRow(t, gw.id)).online_status).toBe('online');
    await client.endAsync();
    await expect.poll(async () => (await gatewayRow(t, gw.id)).online_status).toBe('offlineNormal');

    const http = await createGateway(t, projectId, waterQuality);
    await fetch(`${t.baseUrl}/api/v1/${http.secret}/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cod: 1 }),
    });
    expect((await gatewayRow(t, http.id)).online_status).toBe('online');
    await t.server.telemetry.ingest.sweep(Date.now() + t.config.offlineTimeoutSeconds * 1000 + 1000);
    expect((await gatewayRow(t, http.id)).online_status).toBe('offlineTimeout');
  });

  it('marks clock exceptions, and stores points from a clock far ahead at arrival time', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const client = await connect(gw.secret);
    await client.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify({ ts: Date.now() - 20 * 60_000, values: { cod: 1 } }),
      { qos: 1 },
    );
    expect((await gatewayRow(t, gw.id)).clock_status).toBe('warningLag');
    const before = Date.now();
    await client.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify({ ts: Date.now() + 3 * 3600_000, values: { ph: 7 } }),
      { qos: 1 },
    );
    expect((await gatewayRow(t, gw.id)).clock_status).toBe('errorLead');
    const [point] = await storedPoints(t, gw.indicators.ph!);
    expect(point!.ts).toBeGreaterThanOrEqual(before);
    expect(point!.ts).toBeLessThanOrEqual(Date.now());
  });
});

describe('busy (the assistant yields to ingest while devices send, decision 0060)', () => {
  it('is busy while a message waits and for 100 ms after one was taken, then not', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId };
    const { ingest } = t.server.telemetry;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ingest.busy).toBe(false);
    const takenAt = performance.now();
    const stored = ingest.ingest(device, JSON.stringify({ values: { cod: 1 } }));
    expect(ingest.busy).toBe(true);
    await stored;
    // Stored, nothing pending: still busy within the 100 ms, the devices' next messages being on their way.
    expect(ingest.pending).toBe(0);
    if (performance.now() - takenAt < 90) expect(ingest.busy).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ingest.busy).toBe(false);
  });
});

describe('shutdown', () => {
  it('writes every accepted point before the server stops', async () => {
    const gw = await createGateway(t, projectId, waterQuality);
    const device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId };
    const base = Date.now() - 100_000;
    const pending = Array.from({ length: 200 }, (_, i) =>
      t.server.telemetry.ingest.ingest(device, JSON.stringify({ ts: base + i, values: { cod: i } })),
    );
    t = await t.restart();
    await Promise.all(pending);
    expect((await storedPoints(t, gw.indicators.cod!)).length).toBe(200);
  });
});
