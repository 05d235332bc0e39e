import type { Page } from '@iot/contracts';
import { AggType, type Camera } from '@iot/contracts/cameras';
import type { GatewayListItem } from '@iot/contracts/gateways';
import type { LiveMessage } from '@iot/contracts/live-data';
import type { Share } from '@iot/contracts/sharing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { type FakeFlvCamera, startFakeFlvCamera } from '../../test/fake-flv-camera.js';
import { MOSQUITTO_URL, mosquittoReachable } from '../../test/mosquitto.js';
import { ADMIN_PASSWORD, startPeer, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * Two server nodes on one database and the machine's Mosquitto (decision 0069): a share revoked on
 * node A takes its gateways away on node B at once — B's live socket stops sending them, and B's
 * lists and data reads no longer answer them.
 */
const available = await mosquittoReachable();
let a: TestServer;
let b: TestServer;
let owner: { projectId: number; token: string };
let target: { projectId: number; token: string };
let pump: TestGateway;
let share: Share;
let flv: FakeFlvCamera;

async function openSocket(t: TestServer, token: string) {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/data-server/ws?token=${token}`);
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages };
}

const notifies = (messages: LiveMessage[]) =>
  messages.filter((m) => m.type === 'notify' && m.data.gateway === String(pump.id)).length;

/** Telemetry over HTTP to node B (the live bus fans out within a node; decision 0069 tests B's sockets). */
async function send(value: number) {
  const response = await fetch(`${b.baseUrl}/api/v1/${pump.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ts: Date.now(), values: { flow: value } }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  if (!available) return;
  const mqttShareGroup = `sharing-${process.env.TEST_DB}-${process.pid}`;
  a = await startServer({ mqttUrl: MOSQUITTO_URL, mqttShareGroup });
  b = await startPeer(a);
  const system = (await a.login('admin', ADMIN_PASSWORD)).access;
  owner = await projectWithAdmin(a, system, '分享方', 'nodes-owner');
  target = await projectWithAdmin(a, system, '接收方', 'nodes-target');
  pump = await createGateway(a, owner.projectId, [{ key: 'flow', type: 'float' }]);
  share = await a.ok<Share>('POST', `/iot/groups/${owner.projectId}/shares`, {
    token: owner.token,
    body: { gatewayIds: [pump.id] },
  });
  await b.ok('POST', `/iot/shares/${share.id}/useShare`, {
    token: target.token,
    body: { groupId: target.projectId },
  });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await flv?.close();
});

describe.skipIf(!available)('a share revoked on one node', () => {
  it('stops node B’s live socket, list and data reads at once', async () => {
    const { ws, messages } = await openSocket(b, target.token);
    ws.send(JSON.stringify({ id: 1, type: 'subscribe', gateways: [String(pump.id)] }));
    await expect
      .poll(() => messages.find((m) => m.type === 'subscribed'))
      .toMatchObject({ gateways: [String(pump.id)] });
    // Live data reaches the target's socket on node B.
    await expect
      .poll(
        async () => {
          await send(1);
          return notifies(messages);
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBeGreaterThan(0);
    const listed = await b.ok<Page<GatewayListItem>>('GET', `/iot/groups/${target.projectId}/gateways`, {
      token: target.token,
    });
    expect(listed.list.map((g) => g.id)).toEqual([pump.id]);

    await a.ok('DELETE', `/iot/groups/${owner.projectId}/shares/${share.id}`, { token: owner.token });
    // Node B answers the very next requests without the gateway.
    const after = await b.ok<Page<GatewayListItem>>('GET', `/iot/groups/${target.projectId}/gateways`, {
      token: target.token,
    });
    expect(after.list).toEqual([]);
    const read = await b.request('POST', '/data-server/api/v2/gateways/lastMetrics', {
      token: target.token,
      body: { gatewayIds: [pump.id] },
    });
    expect(read.status).toBe(403);
    // The revocation was announced before the DELETE answered; B's socket re-judges on the news.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = notifies(messages);
    await send(2);
    await send(3);
    // The owner's own socket sees the new values, so they were delivered, just not to the target.
    const ownerSocket = await openSocket(b, owner.token);
    ownerSocket.ws.send(JSON.stringify({ id: 2, type: 'subscribe', gateways: [String(pump.id)] }));
    await expect.poll(() => ownerSocket.messages.some((m) => m.type === 'subscribed')).toBe(true);
    await expect
      .poll(
        async () => {
          await send(4);
          return notifies(ownerSocket.messages);
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBeGreaterThan(0);
    expect(notifies(messages)).toBe(before);
    ws.close();
    ownerSocket.ws.close();
  });
});

describe.skipIf(!available)('a camera share revoked on one node', () => {
  it('ends the target’s stream on node B and unlists the camera there at once', async () => {
    flv = await startFakeFlvCamera();
    const cams = (projectId: number) => `/iot/groups/${projectId}/cameras`;
    const camera = await a.ok<Camera>('POST', cams(owner.projectId), {
      token: owner.token,
      body: { name: '共享大门', aggType: AggType.HTTP_FLV, videoUrl: flv.url },
    });
    const cameraShare = await a.ok<Share>('POST', `/iot/groups/${owner.projectId}/shares`, {
      token: owner.token,
      body: { cameraIds: [camera.id] },
    });
    await b.ok('POST', `/iot/shares/${cameraShare.id}/useShare`, {
      token: target.token,
      body: { groupId: target.projectId, cameras: [{ cameraId: camera.id, groupId: target.projectId }] },
    });
    const [copy] = await b.ok<Camera[]>('GET', cams(target.projectId), { token: target.token });
    expect(copy).toMatchObject({ shareOwnerId: camera.id });
    const { url } = await b.ok<{ url: string }>('GET', `${cams(target.projectId)}/${copy!.id}/playUrl`, {
      token: target.token,
    });
    // WebSocket-FLV from node B's relay, as the web player opens it.
    const ws = new WebSocket(`${b.baseUrl.replace('http', 'ws')}${url}`);
    let received = 0;
    ws.on('message', (data: Buffer) => {
      received += data.length;
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(100);

    await a.ok('DELETE', `/iot/groups/${owner.projectId}/shares/${cameraShare.id}`, { token: owner.token });
    // Node B heard the revocation from node A: the relay ended the stream (4000: stream ended).
    expect(await closed).toBe(4000);
    expect(await b.ok<Camera[]>('GET', cams(target.projectId), { token: target.token })).toEqual([]);
    const again = await b.request('GET', `${cams(target.projectId)}/${copy!.id}/playUrl`, {
      token: target.token,
    });
    expect(again.body.message).toBe('被分享设备共享大门已被删除，无法观看！');
  });
});
