import type { Page } from '@iot/contracts';
import type { Equipment } from '@iot/contracts/equipment';
import type { WorkOrderDetail } from '@iot/contracts/maintenance';
import type { Malfunction, ReliabilityReport } from '@iot/contracts/malfunctions';
import type { MessagePush } from '@iot/contracts/messages';
import { Client, type IMessage } from '@stomp/stompjs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { connectDevice, createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { messageCenterTopic } from '../messages/index.js';

/**
 * 设备故障记录 (decision 0056): a real device's fault signal opens and closes malfunctions once per
 * transition, told on a real STOMP socket; warning rules marked 设备故障; reports by hand with
 * photos; 转工单; MTBF / MTTR; bits and tenants.
 */
let t: TestServer;
let projectId: number;
let admin: string;
let operator: { token: string; userId: number };
let reader: string;
let other: { projectId: number; token: string };
let gw: TestGateway;
let pump: Equipment;
let fan: Equipment;
let device: MqttClient;
let stomp: Client;
const inbox: MessagePush[] = [];

const base = (project = projectId) => `/iot/groups/${project}/malfunctions`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function list(query = '', token = admin) {
  return t.ok<Page<Malfunction>>('GET', `${base()}?size=100${query}`, { token });
}

async function publish(values: Record<string, unknown>, ts: number) {
  await device.publishAsync(`gateways/${gw.serialNumber}/telemetry`, JSON.stringify({ ts, values }), {
    qos: 1,
  });
}

async function send(gateway: TestGateway, ts: number, values: Record<string, unknown>) {
  const response = await fetch(`${t.baseUrl}/api/v1/${gateway.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ ts, values }]),
  });
  expect(response.status).toBe(200);
}

async function connectStomp(token: string): Promise<Client> {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket?token=${token}`),
    reconnectDelay: 0,
    debug: () => {},
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketError = reject;
    client.activate();
  });
  return client;
}

async function createEquipment(body: Record<string, unknown>) {
  return t.ok<Equipment>('POST', `/iot/groups/${projectId}/equipment`, { token: admin, body });
}

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const token = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const me = await t.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', { token });
  operator = { token, userId: me.userId };
  const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: {
      name: '故障查看',
      description: '',
      functions: [{ code: 'router-equipmentMalfunctionRecord', permission: 1 }],
    },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: 'fault-reader', realname: '故障查看', password: 'Passw0rd!', roleId: role.id },
  });
  reader = (await t.login('fault-reader', 'Passw0rd!')).access;
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  other = await projectWithAdmin(t, system, '别的项目', 'malfunction-other');

  gw = await createGateway(t, projectId, [
    { key: 'fault', type: 'boolean' },
    { key: 'temp', type: 'float', decimals: 1 },
    { key: 'vib', type: 'float', decimals: 1 },
  ]);
  pump = await createEquipment({
    name: '1号提升泵',
    code: 'MF-P1',
    bindings: [
      { role: 'fault', gatewayIndicatorId: gw.indicators.fault },
      { role: 'temperature', gatewayIndicatorId: gw.indicators.temp },
    ],
  });
  fan = await createEquipment({
    name: '2号风机',
    code: 'MF-F2',
    bindings: [{ role: 'temperature', gatewayIndicatorId: gw.indicators.vib }],
  });
  device = await connectDevice(t, gw);
  stomp = await connectStomp(operator.token);
  stomp.subscribe(messageCenterTopic(operator.userId), (m: IMessage) =>
    inbox.push(JSON.parse(m.body) as MessagePush),
  );
  // The SUBSCRIBE is handled before anything is published.
  while ((await t.server.messages.socket.deliver(messageCenterTopic(operator.userId), { probe: true })) !== 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
});
afterAll(async () => {
  await stomp?.deactivate();
  await device?.endAsync();
  await t.close();
});

const ofType = (type: string) => inbox.filter((m) => m.type === type);

describe('the fault signal of a real device', () => {
  it('opens one malfunction with 设备故障通知 when it goes on, and closes it with 解除通知 when it clears', async () => {
    const t0 = Date.now() - 60_000;
    await publish({ fault: false }, t0);
    await publish({ fault: true }, t0 + 1000);
    await expect.poll(async () => (await list(`&equipmentId=${pump.id}`)).total).toBe(1);
    const [opened] = (await list(`&equipmentId=${pump.id}`)).list;
    expect(opened).toMatchObject({
      origin: 'signal',
      originName: '故障信号',
      equipmentName: '1号提升泵',
      gatewayIndicatorId: gw.indicators.fault,
      startedAt: t0 + 1000,
      endedAt: null,
      durationMs: null,
    });
    await expect.poll(() => ofType('malfunction').length).toBe(1);
    expect(ofType('malfunction')[0]).toMatchObject({
      title: '1号提升泵故障',
      typeName: '设备故障通知',
      relationId: opened!.id,
      projectId,
    });

    // Still on: nothing new.
    await publish({ fault: true }, t0 + 2000);
    await publish({ fault: false }, t0 + 5000);
    await expect.poll(async () => (await list(`&equipmentId=${pump.id}&state=closed`)).total).toBe(1);
    const closed = await t.ok<Malfunction>('GET', `${base()}/${opened!.id}`, { token: admin });
    expect(closed).toMatchObject({ endedAt: t0 + 5000, durationMs: 4000, closeNote: '故障信号恢复' });
    await expect.poll(() => ofType('malfunctionRelease').length).toBe(1);
    expect(ofType('malfunctionRelease')[0]).toMatchObject({
      title: '1号提升泵故障解除',
      typeName: '设备故障解除通知',
      relationId: opened!.id,
    });
  });

  it('makes nothing of replayed points', async () => {
    const before = (await list(`&equipmentId=${pump.id}`)).total;
    const [last] = (await list(`&equipmentId=${pump.id}`)).list;
    const t0 = last!.startedAt - 1000;
    // The same points again, in and out of order, then a new fault after them.
    for (const [ts, on] of [
      [t0 + 1000, true],
      [t0 + 5000, false],
      [t0 + 1000, true],
      [t0 + 3000, true],
      [t0 + 2000, true],
    ] as const)
      await publish({ fault: on }, ts);
    await publish({ fault: true }, t0 + 10_000);
    await expect.poll(async () => (await list(`&equipmentId=${pump.id}`)).total).toBe(before + 1);
    const { list: rows } = await list(`&equipmentId=${pump.id}`);
    expect(rows.map((r) => [r.startedAt, r.endedAt])).toEqual([
      [t0 + 10_000, null],
      [t0 + 1000, t0 + 5000],
    ]);
    await expect.poll(() => ofType('malfunction').length).toBe(2);
    await publish({ fault: false }, t0 + 11_000);
    await expect.poll(() => ofType('malfunctionRelease').length).toBe(2);
  });
});

describe('warning rules marked 设备故障', () => {
  it('open a malfunction of the equipment the indicator is bound to, and close it on release', async () => {
    await t.ok('POST', `/iot/groups/${projectId}/warningRules`, {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.temp, kind: 'above', high: 50, equipmentFault: true },
    });
    const plain = await t.ok<{ equipmentFault: boolean }>('POST', `/iot/groups/${projectId}/warningRules`, {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.vib, kind: 'above', high: 50 },
    });
    expect(plain.equipmentFault).toBe(false);
    const t0 = Date.now() - 30_000;
    await send(gw, t0, { temp: 20, vib: 20 });
    await send(gw, t0 + 1000, { temp: 80, vib: 80 });
    await expect.poll(async () => (await list('&origin=warning')).total).toBe(1);
    const [m] = (await list('&origin=warning')).list;
    expect(m).toMatchObject({ equipmentId: pump.id, startedAt: t0 + 1000, endedAt: null });
    expect(m!.warningId).toBeGreaterThan(0);
    expect(m!.description).toContain('80');
    // The plain rule raised a warning too, but no malfunction of the fan.
    expect((await list(`&equipmentId=${fan.id}`)).total).toBe(0);
    await send(gw, t0 + 2000, { temp: 20, vib: 20 });
    await expect.poll(async () => (await list('&origin=warning&state=closed')).total).toBe(1);
    expect((await list(`&equipmentId=${fan.id}`)).total).toBe(0);
  });
});

describe('reported by hand', () => {
  let reported: Malfunction;

  it('takes photos, reports, tells, and closes once', async () => {
    const upload = await fetch(`${t.baseUrl}${base()}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'image/png' },
      body: PNG,
    });
    const photo = ((await upload.json()) as { data: { url: string } }).data.url;
    expect(photo).toMatch(/^\/iot\/files\/malfunctions\//);
    expect((await fetch(`${t.baseUrl}${photo}`)).status).toBe(200);
    const notImage = await fetch(`${t.baseUrl}${base()}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'image/png' },
      body: Buffer.from('not an image'),
    });
    expect(((await notImage.json()) as { message: string }).message).toBe(
      '照片只能是图片（png、jpg、gif、webp），且不超过 10MB',
    );

    const messages = ofType('malfunction').length;
    reported = await t.ok<Malfunction>('POST', base(), {
      token: operator.token,
      body: { equipmentId: fan.id, description: '轴承异响', photos: [photo] },
    });
    expect(reported).toMatchObject({
      origin: 'manual',
      originName: '人工上报',
      photos: [photo],
      reportedBy: { id: operator.userId, realname: DEMO_ACCOUNTS.operator.realname },
      endedAt: null,
    });
    await expect.poll(() => ofType('malfunction').length).toBe(messages + 1);
    expect(ofType('malfunction').at(-1)!.content).toContain('轴承异响');

    const closed = await t.ok<Malfunction>('PUT', `${base()}/${reported.id}/close`, {
      token: operator.token,
      body: { note: '已更换轴承' },
    });
    expect(closed).toMatchObject({ closeNote: '已更换轴承', closedBy: { id: operator.userId } });
    expect(closed.durationMs).toBeGreaterThanOrEqual(0);
    const again = await t.request('PUT', `${base()}/${reported.id}/close`, {
      token: operator.token,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该故障已结束');
  });

  it('refuses what is not right', async () => {
    const empty = await t.request('POST', base(), { token: admin, body: { equipmentId: fan.id } });
    expect(empty.body.message).toBe('description: 请填写故障描述');
    const foreign = await t.request('POST', base(), {
      token: admin,
      body: { equipmentId: fan.id + 10_000, description: 'x' },
    });
    expect(foreign.body.message).toBe('设备不存在或不属于本项目');
    const future = await t.request('POST', base(), {
      token: admin,
      body: { equipmentId: fan.id, description: 'x', startedAt: Date.now() + 3_600_000 },
    });
    expect(future.body.message).toBe('发生时间不能晚于当前时间');
  });

  it('goes by the permission bits: read only lists; reporting, closing and uploading need theirs', async () => {
    expect((await list('', reader)).total).toBeGreaterThan(0);
    expect(
      (await t.ok<{ id: number }[]>('GET', `${base()}/equipmentOptions`, { token: reader })).map((e) => e.id),
    ).toEqual(expect.arrayContaining([pump.id, fan.id]));
    const report = await t.request('POST', base(), {
      token: reader,
      body: { equipmentId: fan.id, description: 'x' },
    });
    expect(report.status).toBe(403);
    const open = await t.ok<Malfunction>('POST', base(), {
      token: admin,
      body: { equipmentId: fan.id, description: '漏油' },
    });
    expect((await t.request('PUT', `${base()}/${open.id}/close`, { token: reader, body: {} })).status).toBe(
      403,
    );
    const upload = await fetch(`${t.baseUrl}${base()}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(upload.status).toBe(403);
    await t.ok('PUT', `${base()}/${open.id}/close`, { token: admin, body: {} });
  });
});

describe('转工单', () => {
  it('makes one work order carrying the equipment, its site and what happened', async () => {
    const m = await t.ok<Malfunction>('POST', base(), {
      token: admin,
      body: { equipmentId: pump.id, description: '电机过热' },
    });
    const denied = await t.request('POST', `${base()}/${m.id}/workOrder`, { token: reader, body: {} });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('没有新建工单的权限');
    const order = await t.ok<WorkOrderDetail>('POST', `${base()}/${m.id}/workOrder`, {
      token: admin,
      body: {},
    });
    expect(order).toMatchObject({
      source: 'malfunction',
      sourceId: m.id,
      equipmentId: pump.id,
      title: '1号提升泵 故障维修',
      type: 2,
    });
    expect(order.description).toContain('电机过热');
    const again = await t.request('POST', `${base()}/${m.id}/workOrder`, { token: admin, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该故障已生成工单');
    const detail = await t.ok<Malfunction>('GET', `${base()}/${m.id}`, { token: reader });
    expect(detail.workOrder).toEqual({ id: order.id, code: order.code, status: order.status });
  });
});

describe('删除 (decision 0059)', () => {
  it('deletes a manual report by its reporter or a holder of the delete bit, never one with a work order or from the data', async () => {
    const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      token: admin,
      body: {
        name: '故障上报',
        description: '',
        functions: [{ code: 'router-equipmentMalfunctionRecord', permission: 9 }],
      },
    });
    await t.ok('POST', `/iot/groups/${projectId}/users`, {
      token: admin,
      body: { username: 'fault-reporter', realname: '故障上报', password: 'Passw0rd!', roleId: role.id },
    });
    const reporter = (await t.login('fault-reporter', 'Passw0rd!')).access;
    const report = (token: string, description: string) =>
      t.ok<Malfunction>('POST', base(), { token, body: { equipmentId: fan.id, description } });
    const remove = (token: string, id: number, project = projectId) =>
      t.request('DELETE', `${base(project)}/${id}`, { token });

    const wrong = await report(reporter, '误报：风机异响');
    const byReader = await remove(reader, wrong.id);
    expect(byReader.status).toBe(403);
    expect(byReader.body.message).toBe('只有上报人或有删除权限的用户可以删除');
    expect((await remove(other.token, wrong.id, other.projectId)).status).toBe(404);
    expect((await remove(reporter, wrong.id)).body.code).toBe(20000);
    expect((await t.request('GET', `${base()}/${wrong.id}`, { token: admin })).status).toBe(404);
    expect((await remove(reporter, wrong.id)).status).toBe(404);

    const another = await report(reporter, '误报：读数跳变');
    expect((await remove(admin, another.id)).body.code).toBe(20000);

    const ordered = await report(admin, '真故障：风机停转');
    await t.ok('POST', `${base()}/${ordered.id}/workOrder`, { token: admin, body: {} });
    const withOrder = await remove(admin, ordered.id);
    expect(withOrder.status).toBe(409);
    expect(withOrder.body.message).toBe('该故障已生成工单，不能删除');

    const fromSignal = (await list('&origin=signal', admin)).list[0]!;
    const signal = await remove(admin, fromSignal.id);
    expect(signal.status).toBe(409);
    expect(signal.body.message).toBe('只能删除人工上报的故障');
  });
});

describe('lists and figures', () => {
  it('filters by origin, state, equipment, site and time', async () => {
    const all = await list();
    expect(all.total).toBe(all.list.length);
    for (const origin of ['signal', 'warning', 'manual'] as const)
      expect((await list(`&origin=${origin}`)).list.every((m) => m.origin === origin)).toBe(true);
    expect((await list('&state=open')).list.every((m) => m.endedAt === null)).toBe(true);
    expect((await list('&state=closed')).list.every((m) => m.endedAt !== null)).toBe(true);
    const since = Date.now() - 40_000;
    expect((await list(`&startTime=${since}`)).list.every((m) => m.startedAt >= since)).toBe(true);
    // A site holding neither piece: nothing.
    const tree = await t.ok<{ children: { id: number }[] }>('GET', `/iot/groups/${projectId}/tree`, {
      token: admin,
    });
    expect((await list(`&siteId=${tree.children[0]!.id}`)).total).toBe(0);
    expect((await list(`&siteId=${projectId}`)).total).toBe(all.total);
    const paged = await t.ok<Page<Malfunction>>('GET', `${base()}?page=1&size=2`, { token: admin });
    expect(paged.list.map((m) => m.id)).toEqual(all.list.slice(2, 4).map((m) => m.id));
  });

  it('answers MTBF and MTTR per equipment on a known set', async () => {
    const H = 3_600_000;
    const piece = await createEquipment({ name: '3号搅拌机', code: 'MF-M3' });
    const from = Date.UTC(2025, 0, 1);
    const db = t.server.platform.db;
    for (const [s, e] of [
      [10, 12],
      [50, 54],
      [90, 96],
    ] as const)
      await db
        .insertInto('malfunctions')
        .values({
          project_id: projectId,
          equipment_id: piece.id,
          origin: 'manual',
          gateway_indicator_id: null,
          warning_id: null,
          description: '',
          photos: '[]',
          reported_by: null,
          started_at: from + s * H,
          ended_at: from + e * H,
          closed_by: null,
          close_note: '',
          created_at: from,
        })
        .execute();
    const report = await t.ok<ReliabilityReport>(
      'GET',
      `${base()}/reliability?startTime=${from}&stopTime=${from + 100 * H}&equipmentId=${piece.id}`,
      { token: reader },
    );
    expect(report.items).toHaveLength(1);
    expect(report.items[0]).toMatchObject({
      equipmentName: '3号搅拌机',
      failures: 3,
      repaired: 3,
      downtimeMs: 12 * H,
      observedMs: 100 * H,
      mttrMs: 4 * H,
      mtbfMs: (88 * H) / 3,
      availability: 0.88,
    });
    const whole = await t.ok<ReliabilityReport>(
      'GET',
      `${base()}/reliability?startTime=${from}&stopTime=${from + 100 * H}`,
      { token: admin },
    );
    expect(whole.items.map((i) => i.equipmentId)).toEqual(
      expect.arrayContaining([pump.id, fan.id, piece.id]),
    );
    expect(whole.total.failures).toBe(3);
    const wrong = await t.request('GET', `${base()}/reliability?startTime=${from}&stopTime=${from}`, {
      token: admin,
    });
    expect(wrong.body.message).toBe('stopTime: 结束时间必须晚于开始时间');
  });
});

describe('tenants', () => {
  it('keeps another project out of this project’s malfunctions, and this project’s equipment out of its reports', async () => {
    const [m] = (await list()).list;
    expect((await t.request('GET', base(), { token: other.token })).status).toBe(403);
    expect((await t.request('GET', `${base()}/${m!.id}`, { token: other.token })).status).toBe(403);
    const viaOwn = await t.request('GET', `${base(other.projectId)}/${m!.id}`, { token: other.token });
    expect(viaOwn.status).toBe(404);
    const close = await t.request('PUT', `${base(other.projectId)}/${m!.id}/close`, {
      token: other.token,
      body: {},
    });
    expect(close.status).toBe(404);
    const report = await t.request('POST', base(other.projectId), {
      token: other.token,
      body: { equipmentId: pump.id, description: '越权' },
    });
    expect(report.body.message).toBe('设备不存在或不属于本项目');
    expect((await t.ok<Page<Malfunction>>('GET', base(other.projectId), { token: other.token })).total).toBe(
      0,
    );
  });
});

describe('a fault signal bound while the server runs', () => {
  it('is watched from the next point on: the ledger announces the change to every node', async () => {
    const tA = Date.now() - 30_000;
    // The fan's bindings are read (and kept) while it has no fault signal: this point is nothing.
    await send(gw, tA, { vib: 1 });
    await t.ok('PUT', `/iot/groups/${projectId}/equipment/${fan.id}`, {
      token: admin,
      body: {
        name: fan.name,
        code: fan.code,
        bindings: [{ role: 'fault', gatewayIndicatorId: gw.indicators.vib }],
      },
    });
    await send(gw, tA + 1000, { vib: 0 });
    await send(gw, tA + 2000, { vib: 2 });
    await expect
      .poll(async () => (await list(`&equipmentId=${fan.id}&origin=signal`)).list.map((m) => m.startedAt))
      .toEqual([tA + 2000]);
  });
});
