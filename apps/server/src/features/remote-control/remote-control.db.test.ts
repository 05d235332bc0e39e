import type { InstructionRecord } from '@iot/contracts/remote-control';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let projectId: number;
let admin: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await startServer({ commandTimeoutSeconds: 2 });
  projectId = t.server.seeded.demoProjectId!;
  const { username, password } = DEMO_ACCOUNTS.projectAdmin;
  admin = (await t.login(username, password)).access;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => t.close());

const pumpStation = [
  { key: 'valve', type: 'boolean' as const, ioType: 'rw' as const },
  { key: 'setpoint', type: 'float' as const, decimals: 2, ioType: 'w' as const },
  { key: 'flow', type: 'float' as const, decimals: 2, ioType: 'r' as const },
];

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

interface Received {
  topic: string;
  body: Record<string, unknown>;
}

/** Everything a client receives, as it arrives. */
function inbox(client: MqttClient): Received[] {
  const received: Received[] = [];
  client.on('message', (topic, payload) => {
    received.push({ topic, body: JSON.parse(payload.toString('utf8')) as Record<string, unknown> });
  });
  return received;
}

async function nativeDevice(gw: TestGateway) {
  const client = await connect(gw.serialNumber, gw.secret);
  const received = inbox(client);
  await client.subscribeAsync(`gateways/${gw.serialNumber}/commands`, { qos: 1 });
  return { client, received };
}

async function thingsBoardDevice(gw: TestGateway) {
  const client = await connect(gw.secret);
  const received = inbox(client);
  await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
  return { client, received };
}

const control = (gatewayId: number, body: unknown, token = admin) =>
  t.request<InstructionRecord>('POST', `/data-server/api/v2/gateways/${gatewayId}/control`, { token, body });

async function records(gatewayId: number): Promise<InstructionRecord[]> {
  const answer = await t.request<{ list: InstructionRecord[]; total: number }>(
    'GET',
    `/data-server/api/v2/gateways/${gatewayId}/instructionRecords?page=0&size=20`,
    { token: admin },
  );
  expect(answer.body.code).toBe(20000);
  return answer.body.data.list;
}

const statusOf = async (gatewayId: number, id: number) =>
  (await records(gatewayId)).find((r) => r.id === id)?.status;

describe('remote control on native topics', () => {
  it('sends the normalised value, answers 20100, and the acknowledgement closes the record with 20000', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const device = await nativeDevice(gw);
    const answer = await control(gw.id, { metric: 'valve', value: 'on' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 20100, data: { status: 20100, metric: 'valve', value: '1' } });
    const id = answer.body.data.id;
    await expect.poll(() => device.received.length).toBe(1);
    expect(device.received[0]).toEqual({
      topic: `gateways/${gw.serialNumber}/commands`,
      body: { id, metric: 'valve', value: 1 },
    });
    await device.client.publishAsync(
      `gateways/${gw.serialNumber}/commands/ack`,
      JSON.stringify({ id, success: true }),
      { qos: 1 },
    );
    const [record] = await records(gw.id);
    expect(record).toMatchObject({ id, status: 20000, gatewayIndicatorId: gw.indicators.valve });
    expect(record!.acknowledgedAt).toBeGreaterThanOrEqual(record!.createdAt);
  });

  it('closes the record with 40000 and the device’s message when the device answers failure', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const device = await nativeDevice(gw);
    const answer = await control(gw.id, { metric: 'setpoint', value: '3.14159' });
    expect(answer.body.data.value).toBe('3.14');
    await expect.poll(() => device.received.length).toBe(1);
    await device.client.publishAsync(
      `gateways/${gw.serialNumber}/commands/ack`,
      JSON.stringify({ id: answer.body.data.id, success: false, message: '阀门故障' }),
      { qos: 1 },
    );
    expect((await records(gw.id))[0]).toMatchObject({ status: 40000, message: '阀门故障' });
  });

  it('closes an unanswered command as timed out (40800) and ignores a late answer', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const device = await nativeDevice(gw);
    const answer = await control(gw.id, { metric: 'valve', value: false });
    const id = answer.body.data.id;
    expect(answer.body.code).toBe(20100);
    await expect.poll(() => statusOf(gw.id, id), { timeout: 8000, interval: 200 }).toBe(40800);
    await device.client.publishAsync(
      `gateways/${gw.serialNumber}/commands/ack`,
      JSON.stringify({ id, success: true }),
      { qos: 1 },
    );
    expect((await records(gw.id))[0]).toMatchObject({ status: 40800, message: '设备响应超时' });
  });
});

describe('remote control over ThingsBoard RPC', () => {
  it('reaches only the device’s own session, and the RPC response closes the record', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const other = await createGateway(t, projectId, pumpStation);
    const device = await thingsBoardDevice(gw);
    const bystander = await thingsBoardDevice(other);
    const answer = await control(gw.id, { metric: 'setpoint', value: 12.345 });
    expect(answer.body.code).toBe(20100);
    const id = answer.body.data.id;
    await expect.poll(() => device.received.length).toBe(1);
    expect(device.received[0]).toEqual({
      topic: `v1/devices/me/rpc/request/${id}`,
      body: { method: 'setValue', params: { setpoint: 12.35 } },
    });
    await device.client.publishAsync(`v1/devices/me/rpc/response/${id}`, JSON.stringify({ ok: 1 }), {
      qos: 1,
    });
    expect((await records(gw.id))[0]).toMatchObject({ id, status: 20000 });
    // Every ThingsBoard device subscribes the same topic name: the other one got nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystander.received).toEqual([]);
    expect(await records(other.id)).toEqual([]);
  });

  it('takes an RPC response with "error" as failure, and a device cannot close another’s record', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const other = await createGateway(t, projectId, pumpStation);
    const device = await thingsBoardDevice(gw);
    const intruder = await thingsBoardDevice(other);
    const id = (await control(gw.id, { metric: 'valve', value: 1 })).body.data.id;
    await expect.poll(() => device.received.length).toBe(1);
    await intruder.client.publishAsync(`v1/devices/me/rpc/response/${id}`, '{}', { qos: 1 });
    expect((await records(gw.id))[0]?.status).toBe(20100);
    await device.client.publishAsync(`v1/devices/me/rpc/response/${id}`, JSON.stringify({ error: 'busy' }), {
      qos: 1,
    });
    expect((await records(gw.id))[0]).toMatchObject({ status: 40000, message: 'busy' });
  });
});

describe('offline devices', () => {
  it('queues commands (20101), keeps only the newest per indicator (20104), and delivers on connect (20102)', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const first = await control(gw.id, { metric: 'setpoint', value: 1 });
    const second = await control(gw.id, { metric: 'setpoint', value: 2 });
    const valve = await control(gw.id, { metric: 'valve', value: 'off' });
    for (const answer of [first, second, valve]) {
      expect(answer.body).toMatchObject({ code: 20101, data: { status: 20101 } });
    }
    expect(await statusOf(gw.id, first.body.data.id)).toBe(20104);

    const device = await nativeDevice(gw);
    await expect.poll(() => device.received.length).toBe(2);
    expect(device.received.map((m) => m.body)).toEqual([
      { id: second.body.data.id, metric: 'setpoint', value: 2 },
      { id: valve.body.data.id, metric: 'valve', value: 0 },
    ]);
    await expect.poll(() => statusOf(gw.id, second.body.data.id)).toBe(20103);
    for (const message of device.received) {
      await device.client.publishAsync(
        `gateways/${gw.serialNumber}/commands/ack`,
        JSON.stringify({ id: message.body.id, success: true }),
        { qos: 1 },
      );
    }
    expect((await records(gw.id)).map((r) => [r.id, r.status])).toEqual([
      [valve.body.data.id, 20102],
      [second.body.data.id, 20102],
      [first.body.data.id, 20104],
    ]);
  });
});

describe('refusals', () => {
  it('refuses a read-only or unknown indicator and a bad value, with a Chinese message and no record', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const readOnly = await control(gw.id, { metric: 'flow', value: 1 });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body).toMatchObject({ code: 40000, message: '只读指标不能远程控制' });
    const unknown = await control(gw.id, { metric: 'nope', value: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('网关没有指标 nope');
    const bad = await control(gw.id, { metric: 'setpoint', value: 'high' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 40000, message: '控制值无效：不是数值' });
    const notBoolean = await control(gw.id, { metric: 'valve', value: 'maybe' });
    expect(notBoolean.body.message).toBe('控制值无效：不是布尔值');
    expect(await records(gw.id)).toEqual([]);
  });

  it('refuses the operator, who holds no router-equipmentRemoteControl', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    const { username, password } = DEMO_ACCOUNTS.operator;
    const operator = (await t.login(username, password)).access;
    const refused = await control(gw.id, { metric: 'valve', value: 1 }, operator);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(40000);
    const list = await t.request('GET', `/data-server/api/v2/gateways/${gw.id}/instructionRecords`, {
      token: operator,
    });
    expect(list.status).toBe(403);
    expect(await records(gw.id)).toEqual([]);
  });
});

describe('auto-reposition', () => {
  it('returns the indicator to its previous value repositionDelay seconds after a successful command', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    await t.server.platform.db
      .updateTable('gateway_indicators')
      .set({ is_auto_reposition: 1, reposition_delay: 1 })
      .where('id', '=', gw.indicators.valve!)
      .execute();
    const device = await nativeDevice(gw);
    await device.client.publishAsync(
      `gateways/${gw.serialNumber}/telemetry`,
      JSON.stringify({ valve: false }),
      {
        qos: 1,
      },
    );
    const ack = (id: unknown) =>
      device.client.publishAsync(
        `gateways/${gw.serialNumber}/commands/ack`,
        JSON.stringify({ id, success: true }),
        {
          qos: 1,
        },
      );

    const started = Date.now();
    const command = await control(gw.id, { metric: 'valve', value: true });
    expect(command.body.code).toBe(20100);
    await expect.poll(() => device.received.length).toBe(1);
    await ack(command.body.data.id);
    // After the delay the return goes out as a command of its own, with the value before.
    await expect.poll(() => device.received.length, { timeout: 5000 }).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(device.received[1]!.body).toMatchObject({ metric: 'valve', value: 0 });
    const back = (await records(gw.id)).find((r) => r.repositionOf === command.body.data.id);
    expect(back).toMatchObject({ userId: null, value: '0', status: 20100 });
    await ack(back!.id);
    await expect.poll(async () => (await records(gw.id)).find((r) => r.id === back!.id)?.status).toBe(20000);
    // A return is not returned from.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(device.received).toHaveLength(2);
  });

  it('does not return after a failed command', async () => {
    const gw = await createGateway(t, projectId, pumpStation);
    await t.server.platform.db
      .updateTable('gateway_indicators')
      .set({ is_auto_reposition: 1, reposition_delay: 0 })
      .where('id', '=', gw.indicators.valve!)
      .execute();
    const device = await nativeDevice(gw);
    const command = await control(gw.id, { metric: 'valve', value: true });
    await expect.poll(() => device.received.length).toBe(1);
    await device.client.publishAsync(
      `gateways/${gw.serialNumber}/commands/ack`,
      JSON.stringify({ id: command.body.data.id, success: false }),
      { qos: 1 },
    );
    await expect.poll(async () => (await records(gw.id))[0]?.status).toBe(40000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(device.received).toHaveLength(1);
  });
});
