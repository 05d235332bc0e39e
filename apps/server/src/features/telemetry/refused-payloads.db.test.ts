import type { Page } from '@iot/contracts';
import type { GatewayRejection } from '@iot/contracts/gateways';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  createGateway,
  gatewayRow,
  storedPoints,
  type TestGateway,
} from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { MAX_PAYLOAD_BYTES, PayloadProblems } from './normalise.js';

let t: TestServer;
let admin: string;
let projectId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectId = t.server.seeded.demoProjectId!;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => t.close());

const gateway = () => createGateway(t, projectId, [{ key: 'temp', type: 'float', decimals: 1 }]);

async function connect(gw: TestGateway): Promise<MqttClient> {
  const client = await connectDevice(t, gw);
  clients.push(client);
  return client;
}

/** The gateway's rejection list, newest first, as [topic, reason, payload]. */
async function rejectionList(gw: TestGateway): Promise<[string, string, string][]> {
  await t.server.telemetry.rejections.flush();
  const answer = await t.request<Page<GatewayRejection>>(
    'GET',
    `/iot/groups/${projectId}/gateways/${gw.id}/rejections?size=50`,
    { token: admin },
  );
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data.list.map((r) => [r.topic, r.reason, r.payload]);
}

/** A QoS 1 publish that must be acknowledged: fails at once if the broker closes the connection instead. */
function acknowledged(client: MqttClient, topic: string, payload: string): Promise<unknown> {
  return Promise.race([
    client.publishAsync(topic, payload, { qos: 1 }),
    new Promise((_, reject) =>
      client.once('close', () => reject(new Error('connection closed without PUBACK'))),
    ),
  ]);
}

/** `{"temp":{"a":{"a":…1…}}}` nested `levels` deep. */
const nestedObject = (levels: number) => `{"temp":${'{"a":'.repeat(levels)}1${'}'.repeat(levels + 1)}`;
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

const post = (gw: TestGateway, body: string | Uint8Array, contentType?: string) =>
  fetch(`${t.baseUrl}/api/v1/${gw.secret}/telemetry`, {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body,
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { code: number; message: string; data: unknown },
  }));

describe('a deeply nested payload (poison message)', () => {
  it('is acknowledged over MQTT, counted and listed, and the connection stays open', async () => {
    const gw = await gateway();
    const client = await connect(gw);
    const topic = `gateways/${gw.serialNumber}/telemetry`;
    const poison = nestedObject(13_000);
    expect(poison.length).toBeGreaterThan(78_000);
    await acknowledged(client, topic, poison);
    expect(client.connected).toBe(true);
    await client.publishAsync(topic, JSON.stringify({ temp: 21.5 }), { qos: 1 });
    expect((await storedPoints(t, gw.indicators.temp!)).map((p) => p.num_value)).toEqual([21.5]);
    expect((await gatewayRow(t, gw.id)).rejected_value_count).toBe(1);
    const [row] = await rejectionList(gw);
    expect(row?.slice(0, 2)).toEqual([topic, PayloadProblems.TOO_DEEP]);
    expect(poison.startsWith(row![2])).toBe(true);
  });

  it('is refused over HTTP with 400 and the reason, and counted', async () => {
    const gw = await gateway();
    for (const body of [nestedObject(10_000), nestedArray(10_000)]) {
      const answer = await post(gw, body, 'application/json');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 40000, message: PayloadProblems.TOO_DEEP });
    }
    expect((await gatewayRow(t, gw.id)).rejected_value_count).toBe(2);
    expect((await rejectionList(gw)).map(([topic, reason]) => [topic, reason])).toEqual([
      ['http', PayloadProblems.TOO_DEEP],
      ['http', PayloadProblems.TOO_DEEP],
    ]);
  });

  it('refuses a message over the size limit over MQTT and HTTP, counted', async () => {
    const gw = await gateway();
    const big = JSON.stringify({ temp: 1, note: 'x'.repeat(MAX_PAYLOAD_BYTES) });
    const client = await connect(gw);
    await acknowledged(client, `gateways/${gw.serialNumber}/telemetry`, big);
    expect(client.connected).toBe(true);
    const answer = await post(gw, big, 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(PayloadProblems.tooLarge(big.length));
    expect((await gatewayRow(t, gw.id)).rejected_value_count).toBe(2);
    expect(await storedPoints(t, gw.indicators.temp!)).toEqual([]);
  });
});

describe('a NUL character (U+0000), which PostgreSQL text cannot hold', () => {
  it('is a rejected value, and its rejection is listed; the rest of the message is stored', async () => {
    const gw = await createGateway(t, projectId, [
      { key: 'temp', type: 'float', decimals: 1 },
      { key: 'note', type: 'text' },
    ]);
    const client = await connect(gw);
    const topic = `gateways/${gw.serialNumber}/telemetry`;
    const payload = JSON.stringify({ temp: 20.5, note: 'a\u0000b', 'x\u0000y': 1 });
    await acknowledged(client, topic, payload);
    expect((await storedPoints(t, gw.indicators.temp!)).map((p) => p.num_value)).toEqual([20.5]);
    expect(await storedPoints(t, gw.indicators.note!)).toEqual([]);
    const row = await gatewayRow(t, gw.id);
    expect([row.rejected_value_count, row.unknown_key_count]).toEqual([1, 1]);
    const [listed] = await rejectionList(gw);
    expect(listed?.[1]).toBe(
      '数据键 note 的值 "a\\u0000b" 含有空字符（\\u0000）（指标类型：文本）；未知数据键 x\uFFFDy：网关没有该数据标识的指标',
    );
    expect(listed?.[2]).toBe(payload);
  });
});

describe('HTTP telemetry the JSON parser would have refused', () => {
  it('counts and lists a body that is not JSON, binary, truncated or of the wrong type', async () => {
    const gw = await gateway();
    const binary = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);
    const cases: [string | Uint8Array, string | undefined, string][] = [
      ['temp=21.5', 'application/json', PayloadProblems.NOT_JSON],
      [binary, 'application/json', PayloadProblems.BINARY],
      ['{"temp": 21.5, "hum', 'application/json', PayloadProblems.TRUNCATED],
      ['{"temp": 21.5}', 'text/plain', '请求的 Content-Type 须为 application/json（收到 text/plain）'],
      [
        binary,
        'application/octet-stream',
        '请求的 Content-Type 须为 application/json（收到 application/octet-stream）',
      ],
      ['', 'application/json', PayloadProblems.EMPTY],
    ];
    for (const [body, type, reason] of cases) {
      const answer = await post(gw, body, type);
      expect(answer.status, reason).toBe(400);
      expect(answer.body).toEqual({
        code: 40000,
        message: reason,
        data: { stored: 0, unknownKeys: 0, rejectedValues: 1 },
      });
    }
    expect((await gatewayRow(t, gw.id)).rejected_value_count).toBe(cases.length);
    const listed = await rejectionList(gw);
    expect(listed.map(([topic, reason]) => [topic, reason])).toEqual(
      cases.map(([, , reason]) => ['http', reason]).reverse(),
    );
    expect(listed.at(-1)?.[2]).toBe('temp=21.5');
    expect(listed.at(-3)?.[2]).toBe('{"temp": 21.5, "hum');
  });

  it('still takes JSON with a charset, a +json type or no content type', async () => {
    const gw = await gateway();
    for (const type of ['application/json; charset=utf-8', 'application/vnd.tb+json', undefined]) {
      // Bytes: fetch would label a string text/plain.
      const answer = await post(gw, Buffer.from(JSON.stringify({ temp: 20 })), type);
      expect([answer.status, answer.body.message], type).toEqual([200, '操作成功']);
      expect(answer.body.data).toEqual({ stored: 1, unknownKeys: 0, rejectedValues: 0 });
    }
    expect((await gatewayRow(t, gw.id)).rejected_value_count).toBe(0);
  });

  it('answers 401 to an unknown token before reading the body', async () => {
    const answer = await fetch(`${t.baseUrl}/api/v1/not-a-token/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'not json',
    });
    expect(answer.status).toBe(401);
  });
});
