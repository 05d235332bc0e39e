// Malfunction latency benchmark (issue 13): how long from a device's fault signal published over
// MQTT to the 设备故障通知 (and 设备故障解除通知) frame on a subscribed STOMP socket — the path
// ingest → fault-signal state → malfunction → messages dispatcher → live push. Target: ≤ 1 s.
// Prints p50 / p95 / max over BENCH_TOGGLES (default 50) on/off toggles; never fails on slowness.
//
// The server runs in this process from apps/server/dist (npm run build first), on SQLite (or on a
// fresh schema of BENCH_DATABASE_URL, dropped afterwards). One MQTT device publishes
// {ts, values: {fault}} with QoS 1; one STOMP client (the demo operator, who reads 设备故障记录)
// listens on its message centre. A latency is Date.now() at the frame's arrival − Date.now() just
// before the publish, one toggle at a time (the next waits for the previous frame).
import { performance } from 'node:perf_hooks';
import { Client } from '@stomp/stompjs';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import {
  demoProject,
  describeMachine,
  fmt,
  load,
  nearestRank,
  postgresStorage,
  sqliteStorage,
  startServer,
} from './lib.mjs';

const TOGGLES = Number(process.env.BENCH_TOGGLES ?? 50);
const TARGET_MS = 1000;

async function main() {
  const machine = describeMachine();
  console.log(`Malfunction latency benchmark — ${machine}`);
  console.log(
    `${TOGGLES} fault-signal toggles over MQTT (QoS 1) → 设备故障通知 / 设备故障解除通知 on STOMP; ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}\n`,
  );
  // PostgreSQL: a fresh schema of BENCH_DATABASE_URL, dropped afterwards.
  const storage = process.env.BENCH_DATABASE_URL
    ? await postgresStorage('malfunction')
    : sqliteStorage('malfunction');
  if (storage.skipped) throw new Error(`PostgreSQL: ${storage.skipped}`);
  const ctx = await startServer(storage);
  let device;
  let stomp;
  try {
    const { PlatformClient } = await load('simulator/provision.js');
    const { DEMO_ACCOUNTS } = await load('seed.js');
    const { client: admin, projectId, provision } = await demoProject(ctx);
    const [gateway] = await provision(
      [{ alias: 'bench-fault', protocol: 'native' }],
      [
        {
          key: 'fault',
          name: 'bench-fault-signal',
          unit: '',
          type: 'boolean',
          decimals: 0,
          base: 0,
          amplitude: 0,
          peakHour: 0,
          noise: 0,
          min: 0,
          max: 1,
          excursionChance: 0,
          excursion: 0,
        },
      ],
    );
    await admin.call('POST', `/iot/groups/${projectId}/equipment`, {
      name: '基准测试泵',
      code: 'BENCH-FAULT',
      bindings: [{ role: 'fault', gatewayIndicatorId: gateway.indicatorIds.fault }],
    });

    const operator = new PlatformClient(ctx.baseUrl);
    await operator.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password);
    const { userId } = await operator.call('GET', '/iot/users/current/loginInfo');
    const waiting = new Map();
    stomp = new Client({
      webSocketFactory: () =>
        new WebSocket(`${ctx.baseUrl.replace('http', 'ws')}/socket?token=${operator.token}`),
      reconnectDelay: 0,
      debug: () => {},
    });
    await new Promise((resolve, reject) => {
      stomp.onConnect = resolve;
      stomp.onWebSocketError = reject;
      stomp.activate();
    });
    stomp.subscribe(`/user/${userId}/topic/messageCenter`, (frame) => {
      const push = JSON.parse(frame.body);
      waiting.get(push.type)?.(Date.now());
    });
    // The SUBSCRIBE is handled before the first publish.
    while ((await ctx.server.messages.socket.deliver(`/user/${userId}/topic/messageCenter`, {})) !== 1)
      await new Promise((resolve) => setTimeout(resolve, 20));

    device = await mqtt.connectAsync(`mqtt://127.0.0.1:${ctx.server.telemetry.mqttPort}`, {
      clientId: gateway.serialNumber,
      username: gateway.serialNumber,
      password: gateway.secret,
      reconnectPeriod: 0,
    });
    const topic = `gateways/${gateway.serialNumber}/telemetry`;
    const toggle = async (on) => {
      const type = on ? 'malfunction' : 'malfunctionRelease';
      const arrived = new Promise((resolve) => waiting.set(type, resolve));
      const sent = Date.now();
      await device.publishAsync(topic, JSON.stringify({ ts: sent, values: { fault: on } }), { qos: 1 });
      const at = await Promise.race([
        arrived,
        new Promise((resolve) => setTimeout(() => resolve(null), 10_000)),
      ]);
      waiting.delete(type);
      return at === null ? Number.POSITIVE_INFINITY : at - sent;
    };
    // The first toggle warms caches and connections; it is not counted.
    await toggle(true);
    await toggle(false);
    const opens = [];
    const closes = [];
    const started = performance.now();
    for (let i = 0; i < TOGGLES; i++) {
      opens.push(await toggle(true));
      closes.push(await toggle(false));
    }
    const seconds = (performance.now() - started) / 1000;
    const report = (name, list) => {
      const sorted = [...list].sort((a, b) => a - b);
      const missed = sorted.filter((v) => !Number.isFinite(v)).length;
      const p95 = nearestRank(sorted, 95);
      console.log(
        `${name.padEnd(10)} p50 ${fmt(nearestRank(sorted, 50))} ms · p95 ${fmt(p95)} ms · max ${fmt(sorted.at(-1))} ms` +
          `${missed ? ` · ${missed} never arrived` : ''} · ${p95 <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`,
      );
    };
    report('故障通知', opens);
    report('解除通知', closes);
    report('together', [...opens, ...closes]);
    console.log(`\n${TOGGLES * 2} transitions in ${fmt(seconds, 1)} s`);
  } finally {
    await device?.endAsync().catch(() => {});
    await stomp?.deactivate().catch(() => {});
    await ctx.stop();
  }
}

await main();
