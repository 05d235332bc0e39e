import type { Camera } from '@iot/contracts/cameras';
import type { Warning, WarningRule } from '@iot/contracts/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { formatSpecTime } from '../features/cameras/spec-time.js';
import { DEMO_ACCOUNTS } from '../seed.js';
import { FFMPEG_MISSING, type FlvReading, flvReader } from '../test/flv-source.js';
import { startServer, type TestServer } from '../test/server.js';
import { type Demo, demoCameraCapture, historySink, startDemo } from './demo.js';

/**
 * The demo's cameras on a fresh start (decision 0064, "Demo cameras"): they play the server's own
 * demo video source — a real FLV stream through the relay, as the read-only operator watches it —,
 * carry a picture, name the rules of their sites so 预警详情 shows a snapshot at the warning's
 * time, and still play after a restart on another port of the source.
 */
let t: TestServer;
let demo: Demo;
let operator: string;
let projectId: number;

function run(server: TestServer) {
  return startDemo({
    baseUrl: server.baseUrl,
    mqttPort: server.server.telemetry.mqttPort,
    dataDir: server.config.dataDir,
    webClientSecret: server.config.webClientSecret,
    log: server.server.app.log,
    sink: historySink(server.server),
    historyDays: 3,
    intervalMs: 1000,
    capture: demoCameraCapture(server.server),
  });
}

const cams = () => `/iot/groups/${projectId}/cameras`;

/** Reads the camera's stream through the relay's WebSocket door for a while. */
async function watch(camera: Camera, ms: number): Promise<FlvReading> {
  const { url } = await t.ok<{ url: string }>('GET', `${cams()}/${camera.id}/playUrl`, { token: operator });
  const ws = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}${url}`);
  ws.binaryType = 'nodebuffer';
  const reader = flvReader();
  ws.on('message', (data: Buffer) => reader.push(data));
  await new Promise((resolve) => setTimeout(resolve, ms));
  ws.close();
  return reader.reading;
}

function expectLiveFlv(r: FlvReading) {
  expect(r.header).toBe(true);
  expect(r.hasVideo).toBe(true);
  // 10 frames a second for several seconds, timestamps growing.
  expect(r.videoTimestamps.length).toBeGreaterThan(15);
  const ts = r.videoTimestamps;
  expect(ts.every((v, i) => i === 0 || v >= ts[i - 1]!)).toBe(true);
  expect(ts.at(-1)! - ts[0]!).toBeGreaterThan(1000);
}

describe.skipIf(FFMPEG_MISSING !== null)(
  `the demo cameras${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
  () => {
    beforeAll(async () => {
      t = await startServer();
      demo = run(t);
      await demo.ready;
      projectId = t.server.seeded.demoProjectId!;
      operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    }, 180_000);
    afterAll(async () => {
      await demo?.stop();
      await t?.close();
    });

    it('are on the demo video source, each with a picture the demo took', async () => {
      const cameras = await t.ok<Camera[]>('GET', cams(), { token: operator });
      expect(cameras.map((c) => [c.name, c.videoUrl])).toEqual([
        ['厂区大门', 'demo://gate'],
        ['格栅间监控', 'demo://site1'],
        ['在线监测站监控', 'demo://site2'],
      ]);
      for (const camera of cameras) {
        expect(camera.imgUrl, camera.name).toMatch(/\.jpg$/);
        const image = await fetch(`${t.baseUrl}${camera.imgUrl}`);
        const bytes = Buffer.from(await image.arrayBuffer());
        expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
        // A real picture, not a few bytes of black.
        expect(bytes.length).toBeGreaterThan(5000);
      }
    });

    it('play for the read-only operator: FLV with video tags through the relay, the camera online', async () => {
      const [gate] = await t.ok<Camera[]>('GET', cams(), { token: operator });
      expectLiveFlv(await watch(gate!, 4000));
      expect((await t.ok<Camera>('GET', `${cams()}/${gate!.id}`, { token: operator })).isOnline).toBe(1);
      // One encoder per watched camera, ended after the relay's linger once nobody watches.
      await expect.poll(() => t.server.cameras.demo.streams(), { timeout: 15_000 }).toBe(0);
    }, 30_000);

    it("name the rules of their sites: the latest warnings show a snapshot at the warning's time", async () => {
      const admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
        .access;
      const cameras = await t.ok<Camera[]>('GET', cams(), { token: operator });
      const monitor = cameras.find((c) => c.name === '在线监测站监控')!;
      const rules = await t.ok<{ list: WarningRule[] }>(
        'GET',
        `/iot/groups/${projectId}/warningRules?size=1000`,
        { token: admin },
      );
      const linked = rules.list.filter((r) => r.cameraIds.length > 0);
      expect(linked.length).toBeGreaterThan(0);
      expect(
        linked.every((r) => r.gatewayAlias === '在线监测站网关' || r.gatewayAlias === '格栅间网关'),
      ).toBe(true);
      expect(linked.every((r) => r.autoCapture)).toBe(true);
      const warnings = await t.ok<{ list: Warning[] }>('GET', `/iot/groups/${projectId}/warnings?size=200`, {
        token: operator,
      });
      const withCamera = warnings.list.find((w) => w.cameraIds.includes(monitor.id));
      expect(withCamera).toBeDefined();
      const found = await t.ok<Record<string, string>>(
        'GET',
        `${cams()}/snapshots?cameraIds=${monitor.id}&time=${formatSpecTime(withCamera!.startedAt)}&flag=W`,
        { token: operator },
      );
      expect(found[String(monitor.id)]).toMatch(/\.jpg$/);
    });

    it('still play after a restart, with the source on another port', async () => {
      const before = await t.server.cameras.demo.address('demo://gate', '厂区大门');
      await demo.stop();
      t = await t.restart();
      demo = run(t);
      await demo.ready;
      operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
      const [gate] = await t.ok<Camera[]>('GET', cams(), { token: operator });
      expect(gate!.videoUrl).toBe('demo://gate');
      expectLiveFlv(await watch(gate!, 4000));
      const after = await t.server.cameras.demo.address('demo://gate', '厂区大门');
      expect(new URL(after).port).not.toBe(new URL(before).port);
    }, 120_000);
  },
);
