import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer, withoutDemoReminders } from '../../test/server.js';
import { messageCenterTopic, projectTopic } from './index.js';

/** The STOMP socket driven by @stomp/stompjs, the client the web app uses. */
let t: TestServer;
let admin: string;
let operator: { token: string; userId: number };
let projectId: number;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startServer();
  // The operator's topic carries the test's frames only, not the demo plans' start-up reminders.
  await withoutDemoReminders(t);
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectId = t.server.seeded.demoProjectId!;
  const { username, password } = DEMO_ACCOUNTS.operator;
  const token = (await t.login(username, password)).access;
  const me = await t.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', { token });
  operator = { token, userId: me.userId };
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await t.close();
});

interface Connection {
  client: Client;
  connected: IFrame;
  errors: IFrame[];
  closed: () => boolean;
}

async function connect(token: string): Promise<Connection> {
  const errors: IFrame[] = [];
  let closed = false;
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${token}`),
    reconnectDelay: 0,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    debug: () => {},
    onStompError: (frame) => errors.push(frame),
    onWebSocketClose: () => {
      closed = true;
    },
  });
  clients.push(client);
  const connected = await new Promise<IFrame>((resolve, reject) => {
    client.onConnect = resolve;
    client.onWebSocketError = reject;
    client.activate();
  });
  return { client, connected, errors, closed: () => closed };
}

function inbox(client: Client, destination: string): IMessage[] {
  const received: IMessage[] = [];
  client.subscribe(destination, (message) => received.push(message));
  return received;
}

describe('STOMP message socket', () => {
  it('connects with STOMP 1.2 and heart-beats, and delivers to the user’s own topic within a second', async () => {
    const { client, connected } = await connect(operator.token);
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['heart-beat']).toBe('10000,10000');
    const received = inbox(client, messageCenterTopic(operator.userId));
    // Delivered once the SUBSCRIBE has been handled (deliver answers how many subscriptions got it).
    await expect
      .poll(() => t.server.messages.socket.deliver(messageCenterTopic(operator.userId), { title: '测试' }))
      .toBe(1);
    const sent = Date.now();
    await expect.poll(() => received.length).toBe(1);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(JSON.parse(received[0]!.body)).toEqual({ title: '测试' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it('refuses another user’s topic with an ERROR frame and closes', async () => {
    const connection = await connect(operator.token);
    connection.client.subscribe(messageCenterTopic(operator.userId + 1), () => {});
    await expect
      .poll(() => connection.errors.map((e) => e.headers.message))
      .toEqual([`无权订阅 ${messageCenterTopic(operator.userId + 1)}`]);
    await expect.poll(connection.closed).toBe(true);
  });

  it('lets project members subscribe to the project’s topics, and no one else', async () => {
    const member = await connect(operator.token);
    const received = inbox(member.client, projectTopic(projectId, 'warnings'));
    await expect
      .poll(() => t.server.messages.socket.deliver(projectTopic(projectId, 'warnings'), { n: 1 }))
      .toBe(1);
    await expect.poll(() => received.length).toBe(1);

    const outsider = await t.ok<{ userId: number }>('POST', '/iot/users', {
      token: admin,
      body: { username: 'stomp-outsider', password: 'Outsider@2026', realname: '外部人员' },
    });
    expect(outsider.userId).toBeGreaterThan(0);
    const stranger = await connect((await t.login('stomp-outsider', 'Outsider@2026')).access);
    stranger.client.subscribe(projectTopic(projectId, 'warnings'), () => {});
    await expect.poll(() => stranger.errors.length).toBe(1);
  });

  it('answers SEND and a malformed frame with ERROR and closes', async () => {
    const connection = await connect(operator.token);
    connection.client.publish({ destination: `/topic/projects/${projectId}/warnings`, body: 'x' });
    await expect.poll(() => connection.errors[0]?.headers.message).toBe('SEND is not supported');

    const raw = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${operator.token}`);
    const frames: string[] = [];
    raw.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send('CONNECT\naccept-version:1.2\n\n\0');
    raw.send('this is not stomp\n\n\0');
    await expect.poll(() => frames.at(-1) ?? '').toMatch(/^ERROR\nmessage:malformed frame/);
    await expect.poll(() => raw.readyState).toBe(WebSocket.CLOSED);
  });

  it('tells a deactivated account and an expired one at once, then closes', async () => {
    const created = await t.ok<{ userId: number }>('POST', '/iot/users', {
      token: admin,
      body: { username: 'stomp-leaver', password: 'Leaver@2026', realname: '离职人员' },
    });
    const connection = await connect((await t.login('stomp-leaver', 'Leaver@2026')).access);
    const inboxOfLeaver = inbox(connection.client, messageCenterTopic(created.userId));
    await expect.poll(() => t.server.messages.socket.deliver(messageCenterTopic(created.userId), {})).toBe(1);
    // Told at once, not at the next periodic check.
    await t.ok('PUT', `/iot/users/${created.userId}`, { token: admin, body: { status: 'disabled' } });
    await expect
      .poll(() => connection.errors.map((e) => e.headers.message))
      .toEqual(['account is deactivate']);
    // The spec's text is the body (feature-areas §8): of a message on the user's topic, then of the ERROR.
    expect(inboxOfLeaver.map((m) => m.body)).toEqual(['{}', 'account is deactivate']);
    expect(inboxOfLeaver[1]!.headers['content-type']).toBe('text/plain');
    expect(connection.errors[0]!.body).toBe('account is deactivate');
    await expect.poll(connection.closed).toBe(true);

    const expiring = await t.ok<{ userId: number }>('POST', '/iot/users', {
      token: admin,
      body: { username: 'stomp-temp', password: 'Temp@2026x', realname: '临时人员' },
    });
    const temp = await connect((await t.login('stomp-temp', 'Temp@2026x')).access);
    const tempToken = (await t.login('stomp-temp', 'Temp@2026x')).access;
    await t.ok('PUT', `/iot/users/${expiring.userId}`, {
      token: admin,
      body: { expireAt: Date.now() - 1000 },
    });
    await expect.poll(() => temp.errors.map((e) => e.headers.message)).toEqual(['account is expired']);
    expect(temp.errors[0]!.body).toBe('account is expired');

    // Connecting again is refused with the same body.
    const again = new Client({
      webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${tempToken}`),
      reconnectDelay: 0,
      debug: () => {},
    });
    clients.push(again);
    const refusal = await new Promise<IFrame>((resolve) => {
      again.onStompError = resolve;
      again.activate();
    });
    expect([refusal.headers.message, refusal.body]).toEqual(['account is expired', 'account is expired']);
  });

  it('refuses a connection without a valid token', async () => {
    const errors: string[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=not-a-token`),
      reconnectDelay: 0,
      debug: () => {},
      onStompError: (frame) => errors.push(frame.headers.message ?? ''),
    });
    clients.push(client);
    let connected = false;
    client.onConnect = () => {
      connected = true;
    };
    client.activate();
    await expect.poll(() => errors).toEqual(['invalid token']);
    expect(connected).toBe(false);
  });
});
