import type { LiveMessage } from '@iot/contracts/live-data';
import { Client as StompClient } from '@stomp/stompjs';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messageCenterTopic } from './features/messages/index.js';
import { createGateway } from './test/factories.js';
import { canRunPostgres, type PostgresInstance, startPostgres } from './test/postgres-instance.js';
import { ADMIN_PASSWORD, type Answer, startServer, type TestServer } from './test/server.js';

/**
 * The database goes away under a running server (decision 0027): the process lives on, HTTP
 * answers 503 at once, no device is acknowledged for data that is not stored, the sockets stay
 * open, and everything works again by itself when PostgreSQL is back. It brings its own PostgreSQL
 * (stopping the shared one would break every other test), so it needs no TEST_DATABASE_URL and
 * runs once, in the SQLite project; the PostgreSQL project would only repeat it.
 */
const runs = canRunPostgres() && process.env.TEST_DB !== 'postgres';

const UNAVAILABLE = { code: 40000, message: '数据库暂时不可用，请稍后再试', data: null };

let database: PostgresInstance;
let t: TestServer;
let admin: string;
let adminUserId: number;
let projectId: number;
const cleanups: (() => unknown)[] = [];

/** A request that must be answered within 10 s (a hang fails the test instead of timing it out). */
async function answerOf(url: string): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url}: no answer within 10 s`)), 10_000);
  });
  try {
    return await Promise.race([t.request('GET', url, { token: admin }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A STOMP client (the web app's library) subscribed to the admin's message-center topic. */
async function stompSession() {
  const received: string[] = [];
  let closed = false;
  const client = new StompClient({
    webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${admin}`),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
    onWebSocketClose: () => {
      closed = true;
    },
  });
  cleanups.push(() => client.deactivate());
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketError = reject;
    client.activate();
  });
  client.subscribe(messageCenterTopic(adminUserId), (message) => received.push(message.body));
  await expect.poll(() => t.server.messages.socket.deliver(messageCenterTopic(adminUserId), {})).toBe(1);
  return { received, closed: () => closed };
}

/** The live data socket, subscribed to one gateway. */
async function liveSocket(gatewayId: number) {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/data-server/ws?token=${admin}`);
  cleanups.push(() => ws.terminate());
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', id: '1', gateways: [String(gatewayId)] }));
  await expect.poll(() => messages.some((m) => m.type === 'subscribed')).toBe(true);
  return { ws, messages };
}

/** A device publishing one QoS 1 message every 10 ms; `acked` holds the sequence numbers it got a PUBACK for. */
async function streamingDevice(serialNumber: string, secret: string) {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    username: serialNumber,
    password: secret,
    clientId: serialNumber,
    // mqtt.js resends unacknowledged QoS 1 messages after each reconnect.
    reconnectPeriod: 250,
    connectTimeout: 5000,
  });
  cleanups.push(() => client.endAsync(true));
  let reconnects = 0;
  client.on('reconnect', () => {
    reconnects += 1;
  });
  const acked = new Set<number>();
  const pending: Promise<void>[] = [];
  const start = Date.now() - 60_000;
  let sent = 0;
  const timer = setInterval(() => {
    const seq = sent++;
    const payload = JSON.stringify({ ts: start + seq, values: { seq } });
    pending.push(
      client.publishAsync(`gateways/${serialNumber}/telemetry`, payload, { qos: 1 }).then(() => {
        acked.add(seq);
      }),
    );
  }, 10);
  cleanups.push(() => clearInterval(timer));
  return {
    acked,
    sent: () => sent,
    reconnects: () => reconnects,
    /** Stops publishing and waits until every message sent is acknowledged. */
    async finish() {
      clearInterval(timer);
      await expect.poll(() => acked.size, { timeout: 30_000, interval: 100 }).toBe(sent);
      await Promise.all(pending);
    },
  };
}

/** The sequence numbers stored for an indicator, read straight from PostgreSQL. */
async function storedSeqs(gatewayIndicatorId: number): Promise<Set<number>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num_value: number }>(
      'select num_value from telemetry where gateway_indicator_id = $1',
      [gatewayIndicatorId],
    );
    return new Set(rows.map((row) => Number(row.num_value)));
  } finally {
    await client.end();
  }
}

describe.skipIf(!runs)('PostgreSQL stopped and started under a running server', () => {
  beforeAll(async () => {
    database = await startPostgres();
    t = await startServer({ databaseUrl: database.url, databaseSchema: undefined });
    admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    adminUserId = (await t.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', { token: admin }))
      .userId;
    projectId = t.server.seeded.demoProjectId!;
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    // A test that failed during the outage leaves the database stopped; the server's close writes.
    try {
      if (database && !database.running) await database.start();
      await t?.close();
    } finally {
      await database?.destroy();
    }
  });

  it.each(['immediate', 'fast'] as const)(
    'pg_ctl stop -m %s mid-stream: the server lives, answers 503, acknowledges nothing unstored and recovers by itself',
    async (mode) => {
      const gw = await createGateway(t, projectId, [{ key: 'seq', type: 'integer' }]);
      const live = await liveSocket(gw.id);
      const stomp = await stompSession();
      const device = await streamingDevice(gw.serialNumber, gw.secret);
      await expect.poll(() => device.acked.size, { timeout: 10_000 }).toBeGreaterThan(50);

      await database.stop(mode);
      const ackedBefore = [...device.acked];

      // Requests are answered at once with the clear error, again and again, not hung or crashed.
      for (let i = 0; i < 3; i++) {
        const answer = await answerOf('/iot/users/current/loginInfo');
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual(UNAVAILABLE);
      }
      // HTTP telemetry is not accepted either: the sender is told to send it again.
      const posted = await t.request('POST', `/api/v1/${gw.secret}/telemetry`, { body: { seq: -1 } });
      expect(posted.status).toBe(503);
      expect(posted.body).toEqual(UNAVAILABLE);
      // Jobs fail their round and stay scheduled; the socket re-check keeps the sessions it cannot judge.
      await t.server.platform.jobs.run('device presence');
      await t.server.platform.jobs.run('message socket sessions');
      await t.server.platform.jobs.run('rejected payloads');
      // The device keeps sending for a while with the database away, and is acknowledged nothing.
      const ackedDuring = device.acked.size;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(device.acked.size).toBe(ackedDuring);
      expect(device.sent()).toBeGreaterThan(ackedDuring + 50);
      expect(stomp.closed()).toBe(false);
      expect(live.ws.readyState).toBe(WebSocket.OPEN);

      await database.start();
      const back = Date.now();
      await expect
        .poll(async () => (await answerOf('/iot/users/current/loginInfo')).body.code, {
          timeout: 30_000,
          interval: 50,
        })
        .toBe(20000);
      const recoveryMs = Date.now() - back;
      process.stdout.write(
        `  PostgreSQL back (-m ${mode}) → first successful HTTP answer: ${recoveryMs} ms\n`,
      );

      // Let the device go on after the return, then have it finish: everything it sent is acknowledged …
      await new Promise((resolve) => setTimeout(resolve, 500));
      await device.finish();
      // It lost its connection and came back (so what it had not been acknowledged was resent) …
      expect(device.reconnects()).toBeGreaterThan(0);
      // … and everything is stored, including what was acknowledged just before the stop and what was resent after it.
      const stored = await storedSeqs(gw.indicators.seq!);
      expect(ackedBefore.filter((seq) => !stored.has(seq))).toEqual([]);
      const all = Array.from({ length: device.sent() }, (_, seq) => seq);
      expect(all.filter((seq) => !stored.has(seq))).toEqual([]);

      // The sockets opened before the outage still work.
      const lastSeq = device.sent() - 1;
      await expect
        .poll(() =>
          live.messages.some(
            (m) => m.type === 'notify' && m.data.gateway === String(gw.id) && m.data.params.seq === lastSeq,
          ),
        )
        .toBe(true);
      t.server.messages.socket.deliver(messageCenterTopic(adminUserId), { title: mode });
      await expect.poll(() => stomp.received.includes(JSON.stringify({ title: mode }))).toBe(true);
      expect(stomp.closed()).toBe(false);
      for (const cleanup of cleanups.splice(0)) await cleanup();
    },
    120_000,
  );
});
