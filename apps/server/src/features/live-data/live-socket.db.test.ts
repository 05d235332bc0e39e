import type { LiveMessage } from '@iot/contracts/live-data';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, storedPoints, type TestGateway } from '../../test/factories.js';
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

  describe('re-judged when access changes', () => {
    /** Pings every 300 ms: the test server closes a socket after 1 s of silence. */
    function keepAlive(ws: WebSocket): () => void {
      const timer = setInterval(() => ws.send(JSON.stringify({ id: 0, type: 'ping' })), 300);
      return () => clearInterval(timer);
    }

    async function watch(token: string, gw: TestGateway) {
      const socket = await openSocket(`token=${token}`);
      const stop = keepAlive(socket.ws);
      socket.ws.once('close', stop);
      socket.ws.send(JSON.stringify({ id: 11, type: 'subscribe', gateways: [String(gw.id)] }));
      await expect
        .poll(() => socket.messages.find((m) => m.type === 'subscribed'))
        .toMatchObject({ gateways: [String(gw.id)] });
      await publish(gw, { cod: 1 });
      await expect.poll(() => notifies(socket.messages, gw.id).length).toBe(1);
      return { ...socket, stop };
    }

    it('stops sending a gateway transferred to a project the user is not a member of', async () => {
      const projectId = t.server.seeded.demoProjectId!;
      const moving = await createGateway(t, projectId, [{ key: 'cod', type: 'float' }]);
      const { ws, messages, stop } = await watch(operatorToken, moving);
      const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
      const target = await t.ok<{ projectGroupId: number }>('POST', '/iot/projects', {
        token: admin,
        body: { name: '接收项目' },
      });
      await t.ok('POST', `/iot/groups/${projectId}/gateways/${moving.id}/transfer`, {
        token: admin,
        body: { targetGroupId: target.projectGroupId },
      });
      await publish(moving, { cod: 2 });
      // The device's value is stored (the gateway lives on in the other project) …
      await expect.poll(async () => (await storedPoints(t, moving.indicators.cod!)).length).toBe(2);
      // … but the operator of the old project no longer sees it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(notifies(messages, moving.id).map((m) => m.data.params.cod)).toEqual([1]);
      stop();
      ws.close();
    });

    it('stops sending when the user is removed from the project, and closes when their session ends', async () => {
      const projectId = t.server.seeded.demoProjectId!;
      const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
      const roles = await t.ok<{ id: number; name: string }[]>(
        'GET',
        `/iot/groups/${projectId}/roles/options`,
        {
          token: admin,
        },
      );
      const operatorRole = roles.find((r) => r.name === '运维人员')!.id;
      const user = await t.ok<{ userId: number }>('POST', '/iot/users', {
        token: admin,
        body: { username: 'live-leaver', realname: '将离开的人', password: 'Passw0rd!' },
      });
      await t.ok('POST', `/iot/groups/${projectId}/users`, {
        token: admin,
        body: { account: 'live-leaver', roleId: operatorRole },
      });
      const token = (await t.login('live-leaver', 'Passw0rd!')).access;
      const removed = await watch(token, gateway);
      await t.ok('DELETE', `/iot/groups/${projectId}/users/${user.userId}`, { token: admin });
      await publish(gateway, { cod: 3 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(notifies(removed.messages, gateway.id)).toHaveLength(1);
      removed.stop();
      removed.ws.close();

      // Deactivating an account ends its sessions: its socket is closed, not merely muted.
      const ender = await t.ok<{ userId: number }>('POST', '/iot/users', {
        token: admin,
        body: { username: 'live-ender', realname: '将停用的人', password: 'Passw0rd!' },
      });
      await t.ok('POST', `/iot/groups/${projectId}/users`, {
        token: admin,
        body: { account: 'live-ender', roleId: operatorRole },
      });
      const { ws } = await watch((await t.login('live-ender', 'Passw0rd!')).access, gateway);
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      await t.ok('PUT', `/iot/users/${ender.userId}`, { token: admin, body: { status: 'disabled' } });
      expect(await closed).toBe(4001);
    });
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
