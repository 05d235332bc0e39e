import type { Page } from '@iot/contracts';
import { AggType, type Camera } from '@iot/contracts/cameras';
import { type Warning, WarningMessages, type WarningRule } from '@iot/contracts/warnings';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { FFMPEG_MISSING, type FlvSource, startFlvSource } from '../../test/flv-source.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * Warnings with cameras (decision 0064, "Warnings with cameras"): a rule names cameras of its project
 * only; when it fires, the warning keeps them, the message headers carry cameraIds and autoCapture,
 * and with 自动抓拍 each camera (a real HTTP-FLV stream of ffmpeg's test pattern) is snapshotted with
 * flag 'W' at the warning's time, which the snapshots call then answers.
 */
let t: TestServer;
let projectId: number;
let admin: string;
let gw: TestGateway;
let other: { projectId: number; token: string };
let source: FlvSource | undefined;
const rules = () => `/iot/groups/${projectId}/warningRules`;
/** The snapshots call's time: 'YYYY-MM-DD HH:mm:ss', China time (feature-areas §7). */
const specTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const cams = (group = projectId) => `/iot/groups/${group}/cameras`;

async function camera(name: string, videoUrl: string, group = projectId, token = admin): Promise<Camera> {
  return t.ok<Camera>('POST', cams(group), { token, body: { name, aggType: AggType.HTTP_FLV, videoUrl } });
}

/** Publishes a value as the real device would, then waits for the engine. */
async function publish(key: string, value: number, ts: number) {
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    clientId: gw.serialNumber,
    username: gw.serialNumber,
    password: gw.secret,
    reconnectPeriod: 0,
  });
  await device.publishAsync(
    `gateways/${gw.serialNumber}/telemetry`,
    JSON.stringify([{ ts, values: { [key]: value } }]),
    {
      qos: 1,
    },
  );
  await device.endAsync();
  await t.server.warnings.engine.drain();
}

async function warningOf(gatewayIndicatorId: number): Promise<Warning | undefined> {
  const page = await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=100`, {
    token: admin,
  });
  return page.list.find((w) => w.gatewayIndicatorId === gatewayIndicatorId);
}

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  gw = await createGateway(t, projectId, [
    { key: 'cod', type: 'float', decimals: 1 },
    { key: 'ph', type: 'float', decimals: 2 },
  ]);
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  other = await projectWithAdmin(t, system, '别的项目', 'warncam-other');
  if (FFMPEG_MISSING === null) source = await startFlvSource();
});
afterAll(async () => {
  await t?.close();
  await source?.close();
});

describe('warning rules with cameras', () => {
  it('keep cameras of the project and 自动抓拍; refuse a camera of another project', async () => {
    const mine = await camera('进水口', 'http://127.0.0.1:9/live/a.flv');
    const theirs = await camera('别家摄像头', 'http://127.0.0.1:9/live/b.flv', other.projectId, other.token);
    const made = await t.ok<WarningRule>('POST', rules(), {
      token: admin,
      body: {
        gatewayIndicatorId: gw.indicators.ph,
        kind: 'above',
        high: 9,
        cameraIds: [mine.id],
        autoCapture: true,
      },
    });
    expect(made).toMatchObject({ cameraIds: [mine.id], autoCapture: true });

    const refused = await t.request('POST', rules(), {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.ph, kind: 'above', high: 9, cameraIds: [mine.id, theirs.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(WarningMessages.CAMERA_NOT_IN_PROJECT);
    const bulk = await t.request('POST', `${rules()}/batch`, {
      token: admin,
      body: { gatewayIndicatorIds: [gw.indicators.ph], kind: 'above', high: 9, cameraIds: [theirs.id] },
    });
    expect(bulk.body.message).toBe(WarningMessages.CAMERA_NOT_IN_PROJECT);
    const edit = await t.request('PUT', `${rules()}/${made.id}`, {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.ph, kind: 'above', high: 9, cameraIds: [theirs.id] },
    });
    expect(edit.body.message).toBe(WarningMessages.CAMERA_NOT_IN_PROJECT);

    // Without cameras 自动抓拍 means nothing and is not kept.
    const edited = await t.ok<WarningRule>('PUT', `${rules()}/${made.id}`, {
      token: admin,
      body: {
        gatewayIndicatorId: gw.indicators.ph,
        kind: 'above',
        high: 9,
        cameraIds: [],
        autoCapture: true,
      },
    });
    expect(edited).toMatchObject({ cameraIds: [], autoCapture: false });
    await t.ok('DELETE', `${rules()}/${made.id}`, { token: admin });
  });

  it.skipIf(FFMPEG_MISSING !== null)(
    `fired with 自动抓拍: a snapshot per camera at the warning's time, headers with cameraIds${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
    async () => {
      const gate = await camera('厂区东门', source!.url);
      const pool = await camera('曝气池', source!.url);
      await t.ok<WarningRule>('POST', rules(), {
        token: admin,
        body: {
          gatewayIndicatorId: gw.indicators.cod,
          kind: 'above',
          high: 50,
          cameraIds: [gate.id, pool.id],
          autoCapture: true,
        },
      });
      const at = Date.now() - 1000;
      await publish('cod', 80, at);
      const warning = (await warningOf(gw.indicators.cod!))!;
      expect(warning).toMatchObject({ startedAt: at, cameraIds: [gate.id, pool.id], autoCapture: true });

      // The notice's headers (stored per recipient) name the cameras.
      await expect
        .poll(
          async () =>
            (
              await t.server.platform.db
                .selectFrom('messages')
                .select('headers')
                .where('relation_id', '=', warning.id)
                .where('type', '=', 'warning')
                .executeTakeFirst()
            )?.headers,
          { timeout: 10_000 },
        )
        .toBeTruthy();
      const stored = await t.server.platform.db
        .selectFrom('messages')
        .select('headers')
        .where('relation_id', '=', warning.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.headers)).toEqual({
        warningAt: at,
        cameraIds: `${gate.id},${pool.id}`,
        autoCapture: true,
      });

      // The snapshots are taken in the background; the snapshots call finds them by the warning's time.
      const time = specTime(warning.startedAt);
      const snapshots = () =>
        t.ok<Record<string, string>>(
          'GET',
          `${cams()}/snapshots?cameraIds=${gate.id},${pool.id}&time=${encodeURIComponent(time)}&flag=W`,
          { token: admin },
        );
      await expect
        .poll(async () => Object.keys(await snapshots()).sort(), { timeout: 30_000 })
        .toEqual([String(gate.id), String(pool.id)].sort());
      const url = (await snapshots())[String(gate.id)]!;
      const image = await fetch(`${t.baseUrl}${url}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      const rows = await t.server.platform.db
        .selectFrom('camera_snapshots')
        .select(['camera_id', 'taken_at', 'flag'])
        .where('camera_id', 'in', [gate.id, pool.id])
        .execute();
      expect(rows.map((r) => [r.flag, Number(r.taken_at)])).toEqual([
        ['W', at],
        ['W', at],
      ]);
    },
    60_000,
  );

  it('a camera that cannot be reached never holds up or fails the warning', async () => {
    const dead = await camera('断线摄像头', 'http://127.0.0.1:9/live/none.flv');
    const ruleOfDead = await t.ok<WarningRule>('POST', rules(), {
      token: admin,
      body: {
        gatewayIndicatorId: gw.indicators.ph,
        kind: 'below',
        low: 6,
        cameraIds: [dead.id],
        autoCapture: true,
      },
    });
    const at = Date.now() - 500;
    await publish('ph', 3, at);
    const warning = await warningOf(gw.indicators.ph!);
    expect(warning).toMatchObject({ ruleId: ruleOfDead.id, startedAt: at, cameraIds: [dead.id] });
  });
});
