import type { LiveMessage } from '@iot/contracts/live-data';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let gateway: TestGateway;
let otherProjectGateway: TestGateway;
let operatorToken: string;

/** A real WebSocket client that records every message. */
async function openSocket(query: string): Promise<{ ws: WebSocket; messages: LiveMessage[] }> {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/data-server/ws?${query}`);
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages };
}

const notifies = (messages: LiveMessage[], gatewayId: number) =>
  messages.filter(
    (m): m is Extract<LiveMessage, { type: 'notify' }> =>
      m.type === 'notify' && m.data.gateway === String(gatewayId),
  );

async function publish(gw: TestGateway, values: Record<string, number>): Promise<void> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    clientId: gw.serialNumber,
    username: gw.serialNumber,
    password: gw.secret,
    reconnectPeriod: 0,
  });
  await client.publishAsync(`gateways/${gw.serialNumber}/telemetry`, JSON.stringify(values), { qos: 1 });
  await client.endAsync();
}

beforeAll(async () => {
  t = await startServer({ liveSocketIdleSeconds: 1 });
  const projectId = t.server.seeded.demoProjectId!;
  gateway = await createGateway(t, projectId, [{ key: 'cod', type: 'float' }]);
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const other = await t.request<{ projectGroupId: number }>('POST', '/iot/projects', {
    token: admin,
    body: { name: '别的项目' },
  });
  otherProjectGateway = await createGateway(t, other.body.data.projectGroupId, [
    { key: 'cod', type: 'float' },
  ]);
  operatorToken = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
});
afterAll(() => t.close());

describe('live data socket', () => {
  it('refuses a handshake without a valid token', async () => {
    await expect(openSocket('')).rejects.toThrow(/401/);
    await expect(openSocket('token=forged')).rejects.toThrow(/401/);
  });

  it('answers ping with pong of the same id', async () => {
    const { ws, messages } = await openSocket(`token=${operatorToken}`);
    ws.send(JSON.stringify({ id: 7, type: 'ping' }));
    await expect.poll(() => messages).toContainEqual({ type: 'pong', id: 7 });
    ws.close();
  });

  it('sends the last data on subscribe, then every new value; nothing after unsubscribe', async () => {
    await publish(gateway, { cod: 5.5 });
    const { ws, messages } = await openSocket(`token=${operatorToken}`);
    ws.send(JSON.stringify({ id: 1, type: 'subscribe', gateways: [String(gateway.id)], getLastData: true }));
    await expect.poll(() => notifies(messages, gateway.id).map((m) => m.data.params.cod)).toEqual([5.5]);

    await publish(gateway, { cod: 6.25 });
    await expect
      .poll(() => notifies(messages, gateway.id).map((m) => m.data.params.cod))
      .toEqual([5.5, 6.25]);

    ws.send(JSON.stringify({ id: 2, type: 'unsubscribe', gateways: [String(gateway.id)] }));
    await expect.poll(() => messages.some((m) => m.type === 'unsubscribed')).toBe(true);
    await publish(gateway, { cod: 7 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notifies(messages, gateway.id)).toHaveLength(2);
    ws.close();
  });

  it('delivers every value of a burst, in order', async () => {
    const { ws, messages } = await openSocket(`token=${operatorToken}`);
    ws.send(JSON.stringify({ id: 5, type: 'subscribe', gateways: [String(gateway.id)] }));
    await expect.poll(() => messages.some((m) => m.type === 'subscribed')).toBe(true);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
      clientId: gateway.serialNumber,
      username: gateway.serialNumber,
      password: gateway.secret,
      reconnectPeriod: 0,
    });
    const values = Array.from({ length: 30 }, (_, i) => 100 + i);
    // Published without waiting: the values are committed, and notified, together.
    await Promise.all(
      values.map((cod) =>
        client.publishAsync(`gateways/${gateway.serialNumber}/telemetry`, JSON.stringify({ cod }), {
          qos: 1,
        }),
      ),
    );
    await client.endAsync();
    await expect.poll(() => notifies(messages, gateway.id).map((m) => m.data.params.cod)).toEqual(values);
    ws.close();
  });

  it('gives a user only the gateways of their own projects', async () => {
    const { ws, messages } = await openSocket(`token=${operatorToken}`);
    ws.send(
      JSON.stringify({
        id: 3,
        type: 'subscribe',
        gateways: [String(otherProjectGateway.id), String(gateway.id)],
      }),
    );
    await expect
      .poll(() => messages.find((m) => m.type === 'subscribed'))
      .toEqual({
        type: 'subscribed',
        id: 3,
        gateways: [String(gateway.id)],
        refused: [String(otherProjectGateway.id)],
      });
    await publish(otherProjectGateway, { cod: 1 });
    await publish(gateway, { cod: 2 });
    await expect.poll(() => notifies(messages, gateway.id).length).toBe(1);
    expect(notifies(messages, otherProjectGateway.id)).toEqual([]);
    ws.close();
  });

  it('lets an anonymous socket watch only demo projects', async () => {
    const { ws, messages } = await openSocket('isAnonymous=true');
    ws.send(JSON.stringify({ id: 4, type: 'subscribe', gateways: [String(gateway.id)] }));
    await expect.poll(() => messages.find((m) => m.type === 'subscribed')).toMatchObject({ gateways: [] });
    ws.close();
  });

  it('closes a socket that stops pinging', async () => {
    const { ws } = await openSocket(`token=${operatorToken}`);
    const code = await new Promise<number>((resolve) => ws.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4008);
  });

  it('answers a malformed command with an error and keeps the socket', async () => {
    const { ws, messages } = await openSocket(`token=${operatorToken}`);
    ws.send('not json');
    ws.send(JSON.stringify({ id: 9, type: 'dance' }));
    ws.send(JSON.stringify({ id: 10, type: 'ping' }));
    await expect.poll(() => messages.filter((m) => m.type === 'error').length).toBe(2);
    await expect.poll(() => messages).toContainEqual({ type: 'pong', id: 10 });
    ws.close();
  });
});
