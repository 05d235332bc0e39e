import type { Page } from '@iot/contracts';
import type { DutyChange, OnDuty, Rotation, Shift } from '@iot/contracts/duty';
import type { Message, MessagePush, RecipientSetting } from '@iot/contracts/messages';
import type { Role } from '@iot/contracts/roles';
import { Client } from '@stomp/stompjs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { startServer, type TestServer, withoutDemoReminders } from '../../test/server.js';
import { messageCenterTopic } from '../messages/index.js';

/**
 * A warning recipient setting naming 值班人员, end to end: a value arrives over MQTT and crosses a
 * limit, the person on duty at that moment gets 监测预警通知 on the STOMP socket and in the message
 * center; the operator, off duty and not named otherwise, gets nothing.
 */

let t: TestServer;
let projectId: number;
let admin: string;
let operator: { token: string; userId: number };
let watcher: { token: string; userId: number };
let gw: TestGateway;
const clients: Client[] = [];
const base = () => `/iot/groups/${projectId}/duty`;

beforeAll(async () => {
  t = await startServer();
  await withoutDemoReminders(t);
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const me = async (token: string) =>
    (await t.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', { token })).userId;
  const operatorToken = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password))
    .access;
  operator = { token: operatorToken, userId: await me(operatorToken) };
  // The watcher cannot even read the warning list: only being on duty brings them the message.
  const role = await t.ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name: '值班员', functions: [{ code: 'router-dutySchedule', permission: 1 }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: 'duty-watcher', realname: '值班员小王', password: 'Watcher@2026', roleId: role.id },
  });
  const watcherToken = (await t.login('duty-watcher', 'Watcher@2026')).access;
  watcher = { token: watcherToken, userId: await me(watcherToken) };
  gw = await createGateway(t, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
  await t.ok('POST', `/iot/groups/${projectId}/warningRules`, {
    token: admin,
    body: { gatewayIndicatorId: gw.indicators.cod, kind: 'above', high: 50, level: 2 },
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await t?.close();
});

/** One value from the device over MQTT; waits until the warning engine and messages are done. */
async function publish(value: number): Promise<void> {
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    clientId: gw.serialNumber,
    username: gw.serialNumber,
    password: gw.secret,
    reconnectPeriod: 0,
  });
  await device.publishAsync(
    `gateways/${gw.serialNumber}/telemetry`,
    JSON.stringify({ ts: Date.now(), values: { cod: value } }),
    { qos: 1 },
  );
  await device.endAsync();
  await t.server.warnings.engine.drain();
  await t.server.messages.drain();
}

/** The user's message center topic over STOMP, as the web app subscribes to it. */
async function messageCenter(token: string, userId: number): Promise<MessagePush[]> {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${token}`),
    reconnectDelay: 0,
    debug: () => {},
  });
  clients.push(client);
  await new Promise((resolve, reject) => {
    client.onConnect = resolve;
    client.onWebSocketError = reject;
    client.activate();
  });
  const received: MessagePush[] = [];
  let subscribed = false;
  client.subscribe(messageCenterTopic(userId), (frame) => {
    const body = JSON.parse(frame.body);
    if (body.probe) subscribed = true;
    else received.push(body);
  });
  await expect
    .poll(() => {
      t.server.messages.socket.deliver(messageCenterTopic(userId), { probe: true });
      return subscribed;
    })
    .toBe(true);
  return received;
}

describe('warning recipients naming 值班人员', () => {
  it('reach whoever is on duty when the warning fires, and not the one off duty', async () => {
    // The demo's schedule gives every hour to the administrator or the operator: take it away, and
    // put the watcher on a 24-hour shift (start = end) every day.
    for (const r of (await t.ok<Page<Rotation>>('GET', `${base()}/rotations?size=100`, { token: admin }))
      .list)
      await t.ok('DELETE', `${base()}/rotations/${r.id}`, { token: admin });
    for (const c of (await t.ok<Page<DutyChange>>('GET', `${base()}/changes?size=100`, { token: admin }))
      .list)
      await t.ok('DELETE', `${base()}/changes/${c.id}`, { token: admin });
    const allDay = await t.ok<Shift>('POST', `${base()}/shifts`, {
      token: admin,
      body: { name: '全天班', startTime: '08:00', endTime: '08:00' },
    });
    expect(allDay.crossesMidnight).toBe(true);
    await t.ok('POST', `${base()}/rotations`, {
      token: admin,
      body: {
        name: '全天轮值',
        shiftId: allDay.id,
        period: 'day',
        userIds: [watcher.userId],
        startDate: '2020-01-01',
      },
    });
    const now = await t.ok<OnDuty>('GET', `${base()}/onDuty`, { token: admin });
    expect(now.people.map((p) => p.id)).toEqual([watcher.userId]);

    // 值班人员 alone is a valid recipient setting; neither roles nor people is not.
    const none = await t.request('POST', `/iot/groups/${projectId}/messageRecipients`, {
      token: admin,
      body: { types: ['warning'] },
    });
    expect(none.body.message).toBe('roleIds: 请选择接收角色、接收人或值班人员');
    const setting = await t.ok<RecipientSetting>('POST', `/iot/groups/${projectId}/messageRecipients`, {
      token: admin,
      body: { name: '值班人员', types: ['warning', 'warningRelease'], onDuty: true },
    });
    expect(setting).toMatchObject({ onDuty: true, roleIds: [], userIds: [] });

    const onDutyLive = await messageCenter(watcher.token, watcher.userId);
    const offDutyLive = await messageCenter(operator.token, operator.userId);
    await publish(60);
    await expect.poll(() => onDutyLive.map((m) => m.type)).toEqual(['warning']);
    expect(onDutyLive[0]).toMatchObject({ typeName: '监测预警通知', projectId });
    const stored = await t.ok<Page<Message>>('GET', '/iot/messages?type=warning', { token: watcher.token });
    expect(stored.total).toBe(1);
    expect(offDutyLive).toEqual([]);
    expect((await t.ok<Page<Message>>('GET', '/iot/messages', { token: operator.token })).total).toBe(0);

    // Now the operator takes over the watcher's shift today: the release reaches the operator only.
    await t.ok('POST', `${base()}/changes`, {
      token: admin,
      body: {
        kind: 'override',
        date: now.people[0]!.date,
        shiftId: allDay.id,
        userId: operator.userId,
      },
    });
    await publish(40);
    await expect.poll(() => offDutyLive.map((m) => m.type)).toEqual(['warningRelease']);
    expect(onDutyLive.map((m) => m.type)).toEqual(['warning']);
  });
});
