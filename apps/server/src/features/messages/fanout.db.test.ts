import type { MessagePush } from '@iot/contracts/messages';
import { Client } from '@stomp/stompjs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { MOSQUITTO_URL, mosquittoReachable } from '../../test/mosquitto.js';
import { startPeer, startServer, type TestServer, withoutDemoReminders } from '../../test/server.js';
import { messageCenterTopic, projectTopic } from './index.js';

/**
 * Two server nodes on one database and the machine's Mosquitto (127.0.0.1:1883): a message made
 * on either node reaches its user's socket on the other (decision 0020).
 */
const available = await mosquittoReachable();
let a: TestServer;
let b: TestServer;
let projectId: number;
let gw: TestGateway;
let operator: { token: string; userId: number };
const clients: Client[] = [];

beforeAll(async () => {
  if (!available) return;
  // A cluster of its own: the SQLite and PostgreSQL runs share this broker at the same time.
  const mqttShareGroup = `fanout-${process.env.TEST_DB}-${process.pid}`;
  a = await startServer({ mqttUrl: MOSQUITTO_URL, mqttShareGroup });
  b = await startPeer(a);
  // The operator's topic carries the test's messages only, not the demo plans' start-up reminders.
  await withoutDemoReminders(a);
  await withoutDemoReminders(b);
  projectId = a.server.seeded.demoProjectId!;
  const token = (await b.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  operator = {
    token,
    userId: (await b.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', { token })).userId,
  };
  const admin = (await a.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  gw = await createGateway(a, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
  await a.ok('POST', `/iot/groups/${projectId}/warningRules`, {
    token: admin,
    body: { gatewayIndicatorId: gw.indicators.cod, kind: 'above', high: 50, level: 2 },
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await b?.close();
  await a?.close();
});

/** A STOMP client on node `t`, subscribed to `destination`. */
async function subscribe<T>(t: TestServer, destination: string): Promise<T[]> {
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${operator.token}`),
    reconnectDelay: 0,
    debug: () => {},
  });
  clients.push(client);
  await new Promise((resolve, reject) => {
    client.onConnect = resolve;
    client.onWebSocketError = reject;
    client.activate();
  });
  const received: T[] = [];
  let subscribed = false;
  client.subscribe(destination, (frame) => {
    const body = JSON.parse(frame.body);
    if (body.probe) subscribed = true;
    else received.push(body);
  });
  await expect
    .poll(() => {
      t.server.messages.socket.deliver(destination, { probe: true });
      return subscribed;
    })
    .toBe(true);
  return received;
}

describe.skipIf(!available)('socket fan-out between nodes through the external broker', () => {
  it('a message made on one node reaches the user connected to the other, once', async () => {
    const live = await subscribe<MessagePush>(b, messageCenterTopic(operator.userId));
    const project = await subscribe<{ n: number }>(b, projectTopic(projectId, 'warnings'));
    await a.server.messages.notify({
      projectId,
      type: 'other',
      level: null,
      relationId: null,
      variables: { title: '系统维护', detail: '今晚 22:00 升级' },
    });
    await expect
      .poll(() => live.map((m) => [m.title, m.content, m.typeName]))
      .toEqual([['系统维护', '今晚 22:00 升级', '其它']]);
    a.server.messages.fanout.publish(projectTopic(projectId, 'warnings'), { n: 1 });
    await expect.poll(() => project).toEqual([{ n: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live).toHaveLength(1);
  });

  it('a device value through the broker raises a warning whose message reaches either node within a second', async () => {
    const onB = await subscribe<MessagePush>(b, messageCenterTopic(operator.userId));
    const onA = await subscribe<MessagePush>(a, messageCenterTopic(operator.userId));
    const device = await mqtt.connectAsync(MOSQUITTO_URL, { reconnectPeriod: 0 });
    const sent = Date.now();
    await device.publishAsync(
      `gateways/${gw.serialNumber}/telemetry`,
      JSON.stringify({ ts: sent, values: { cod: 77 } }),
      { qos: 1 },
    );
    await device.endAsync();
    await expect.poll(() => onB.length + onA.length, { interval: 5 }).toBe(2);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(onB.map((m) => m.type)).toEqual(['warning']);
    expect(onA).toEqual(onB);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB).toHaveLength(1);
  });
});
