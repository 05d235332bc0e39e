import { Messages, type Page } from '@iot/contracts';
import {
  GatewayMessages,
  type GatewayRejection,
  gatewayRejection,
  REJECTION_LIMITS,
} from '@iot/contracts/gateways';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../../seed.js';
import {
  connectDevice,
  createGateway,
  gatewayRow,
  storedPoints,
  type TestGateway,
} from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let projectId: number;
let projectAdmin: string;
let operator: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => t.close());

async function connect(gw: TestGateway): Promise<MqttClient> {
  const client = await connectDevice(t, gw);
  clients.push(client);
  return client;
}

async function rejections(url: string, token = projectAdmin): Promise<Page<GatewayRejection>> {
  const answer = await t.request<Page<GatewayRejection>>('GET', url, { token });
  expect(answer.body.code, answer.body.message).toBe(20000);
  expect(z.object({ list: z.array(gatewayRejection) }).parse(answer.body.data).list).toEqual(
    answer.body.data.list,
  );
  return answer.body.data;
}
const projectUrl = (gatewayId: number, query = '', groupId = projectId) =>
  `/iot/groups/${groupId}/gateways/${gatewayId}/rejections${query}`;

const indicators = [
  { key: 'cod', type: 'float' as const },
  {
    key: 'mode',
    type: 'enum' as const,
    enums: [
      { value: 0, label: '手动' },
      { value: 1, label: '自动' },
    ],
  },
];

describe('recent rejected payloads', () => {
  it('lists what was rejected over MQTT and HTTP, newest first, with the reason and the payload', async () => {
    const gw = await createGateway(t, projectId, indicators);
    const client = await connect(gw);
    const topic = `gateways/${gw.serialNumber}/telemetry`;
    const sent = [
      JSON.stringify({ cod: 'high', unknown: 1, mode: 1 }),
      'this is not json',
      JSON.stringify({ ts: 'yesterday', values: { cod: 5 } }),
      JSON.stringify({ cod: 6 }),
      JSON.stringify({ mode: 7 }),
    ];
    for (const payload of sent) await client.publishAsync(topic, payload, { qos: 1 });
    await fetch(`${t.baseUrl}/api/v1/${gw.secret}/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cod: [1, 2] }),
    });
    await t.server.telemetry.rejections.flush();

    const page = await rejections(projectUrl(gw.id));
    expect(page).toMatchObject({ total: 5, page: 0, size: 10 });
    expect(page.list.map((r) => [r.topic, r.reason, r.payload])).toEqual([
      ['http', '数据键 cod 的值 [1,2] 不是数值（指标类型：浮点数）', JSON.stringify({ cod: [1, 2] })],
      [topic, '数据键 mode 的值 7 不在枚举值中（指标类型：枚举）', sent[4]],
      [topic, '时间戳无效（须为 2000 年以后的毫秒数），数值按接收时间保存', sent[2]],
      [topic, '无法解析的数据：不是合法的 JSON', sent[1]],
      [
        topic,
        '数据键 cod 的值 "high" 不是数值（指标类型：浮点数）；未知数据键 unknown：网关没有该数据标识的指标',
        sent[0],
      ],
    ]);
    const ids = page.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = page.list.map((r) => r.receivedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Rejections are recorded beside the data, not instead of it: the good values are stored.
    expect((await storedPoints(t, gw.indicators.cod!)).map((p) => p.num_value)).toEqual([5, 6]);
    expect((await gatewayRow(t, gw.id)).unknown_key_count).toBe(1);

    const second = await rejections(projectUrl(gw.id, '?page=1&size=2'), operator);
    expect(second).toMatchObject({ total: 5, page: 1, size: 2 });
    expect(second.list.map((r) => r.id)).toEqual(ids.slice(2, 4));
  });

  it('keeps 1 KiB of a long payload, without cutting a character', async () => {
    const gw = await createGateway(t, projectId, indicators);
    const client = await connect(gw);
    const payload = JSON.stringify({ note: '水'.repeat(2000) });
    await client.publishAsync(`gateways/${gw.serialNumber}/telemetry`, payload, { qos: 1 });
    await t.server.telemetry.rejections.flush();
    const [row] = (await rejections(projectUrl(gw.id))).list;
    expect(Buffer.byteLength(row!.payload)).toBeLessThanOrEqual(REJECTION_LIMITS.payloadBytes);
    expect(Buffer.byteLength(row!.payload)).toBeGreaterThan(REJECTION_LIMITS.payloadBytes - 3);
    expect(payload.startsWith(row!.payload)).toBe(true);
  });

  it('samples a flood per gateway and says how many were not kept', async () => {
    const gw = await createGateway(t, projectId, indicators);
    const client = await connect(gw);
    const topic = `gateways/${gw.serialNumber}/telemetry`;
    const flood = REJECTION_LIMITS.perWindow + 7;
    for (let i = 0; i < flood; i++) await client.publishAsync(topic, `garbage ${i}`, { qos: 1 });
    // Writes happen off the ingest path: nothing needed to be written for the messages to be taken.
    await t.server.telemetry.rejections.flush(Date.now() + REJECTION_LIMITS.windowMs);
    const page = await rejections(projectUrl(gw.id, '?size=100'));
    expect(page.total).toBe(REJECTION_LIMITS.perWindow + 1);
    expect(page.list[0]).toMatchObject({
      topic,
      payload: '',
      reason: `另有 7 条被拒数据未记录（每台网关每 ${REJECTION_LIMITS.windowMs / 1000} 秒最多记录 ${REJECTION_LIMITS.perWindow} 条）`,
    });
    expect(page.list.slice(1).map((r) => r.payload)).toEqual(
      Array.from({ length: REJECTION_LIMITS.perWindow }, (_, i) => `garbage ${i}`).reverse(),
    );
    expect((await gatewayRow(t, gw.id)).rejected_value_count).toBe(flood);
  });

  it('keeps only the newest rows of each gateway', async () => {
    const gw = await createGateway(t, projectId, indicators);
    const neighbour = await createGateway(t, projectId, indicators);
    const device = (g: TestGateway) => ({ gatewayId: g.id, serialNumber: g.serialNumber, projectId });
    const ingest = t.server.telemetry.ingest;
    await ingest.ingest(device(neighbour), 'neighbour', Date.now(), 'gateways/x/telemetry');
    // Spread over many sampling windows so that none is capped.
    const start = Date.now();
    const step = REJECTION_LIMITS.windowMs / REJECTION_LIMITS.perWindow;
    const count = REJECTION_LIMITS.keptPerGateway + 30;
    for (let i = 0; i < count; i++) {
      await ingest.ingest(device(gw), `bad ${i}`, start + i * step, 'http');
      if (i % 40 === 39) await t.server.telemetry.rejections.flush(start + i * step);
    }
    await t.server.telemetry.rejections.flush(start + count * step);
    const page = await rejections(projectUrl(gw.id, '?size=1000'));
    expect(page.total).toBe(REJECTION_LIMITS.keptPerGateway);
    expect(page.list[0]!.payload).toBe(`bad ${count - 1}`);
    expect(page.list.at(-1)!.payload).toBe(`bad ${count - REJECTION_LIMITS.keptPerGateway}`);
    const stored = await t.server.platform.db
      .selectFrom('gateway_rejections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gateway_id', '=', gw.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(REJECTION_LIMITS.keptPerGateway);
    // Pruning one gateway leaves the others alone.
    expect((await rejections(projectUrl(neighbour.id))).list.map((r) => r.payload)).toEqual(['neighbour']);
  });
});

describe('tenants', () => {
  it('answers only for the project the gateway is bound to', async () => {
    const gw = await createGateway(t, projectId, indicators);
    const client = await connect(gw);
    await client.publishAsync(`gateways/${gw.serialNumber}/telemetry`, '{"x":1}', { qos: 1 });
    await t.server.telemetry.rejections.flush();
    const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    const other = await projectWithAdmin(t, admin, '丙项目', 'rejections-other');

    // Another project's administrator: not a member here, and the gateway is not theirs there.
    const here = await t.request('GET', projectUrl(gw.id), { token: other.token });
    expect(here).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    const there = await t.request('GET', projectUrl(gw.id, '', other.projectId), { token: other.token });
    expect(there).toMatchObject({ status: 404, body: { message: GatewayMessages.NOT_FOUND } });
    expect((await rejections(projectUrl(gw.id))).total).toBe(1);
  });

  it('answers a firm for the gateways it made, and not for others', async () => {
    const firmAdmin = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password))
      .access;
    const firms = await t.request<Page<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', {
      token: firmAdmin,
    });
    const firmId = firms.body.data.list[0]!.id;
    const made = await createGateway(t, projectId, indicators);
    const notMade = await createGateway(t, projectId, indicators);
    await t.server.platform.db
      .updateTable('gateways')
      .set({ firm_id: firmId })
      .where('id', '=', made.id)
      .execute();
    const client = await connect(made);
    await client.publishAsync(`gateways/${made.serialNumber}/telemetry`, '{"mode":"半自动"}', { qos: 1 });
    await t.server.telemetry.rejections.flush();

    const url = (id: number) => `/iot/gatewayFirms/${firmId}/gateways/${id}/rejections`;
    const page = await rejections(url(made.id), firmAdmin);
    expect(page.list.map((r) => r.reason)).toEqual([
      '数据键 mode 的值 "半自动" 不在枚举值中（指标类型：枚举）',
    ]);
    const refused = await t.request('GET', url(notMade.id), { token: firmAdmin });
    expect(refused).toMatchObject({ status: 404, body: { message: GatewayMessages.NOT_FOUND } });
    // A project member is no member of the firm.
    expect((await t.request('GET', url(made.id), { token: projectAdmin })).status).toBe(403);
  });
});
