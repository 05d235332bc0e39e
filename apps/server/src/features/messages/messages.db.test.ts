import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@iot/contracts';
import type {
  Message,
  MessagePush,
  MessageTemplate,
  RecipientSetting,
  UnreadCount,
  Webhook,
  WebhookDelivery,
} from '@iot/contracts/messages';
import type { ProjectSettings, ResourceUsage } from '@iot/contracts/projects';
import type { Role, RoleOption } from '@iot/contracts/roles';
import { DEFAULT_MESSAGE_SETTING } from '@iot/contracts/users';
import type { Warning } from '@iot/contracts/warnings';
import { Client } from '@stomp/stompjs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { verifySignature } from '../../platform/signed-post.js';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer, withoutDemoReminders } from '../../test/server.js';
import { messageCenterTopic } from './index.js';

/**
 * Messages from warnings to people: the live push within a second, the message center, recipient
 * settings by level, SMS and voice through an HTTP gateway against the project's remaining
 * counts, templates, and signed webhooks with retries — each against a real local HTTP server.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that records every request and answers as `answer` says. */
async function receiver(answer: (request: Received, index: number) => { status: number; body: string }) {
  const requests: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      requests.push(request);
      const { status, body } = answer(request, requests.length - 1);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

const SMS_SECRET = 'sms-gateway-secret';
const VOICE_SECRET = 'voice-gateway-secret';
/** The SMS/voice gateway of decision 0020: checks the signature, answers {"code": 0}; refuses when told to. */
let refuseSms = false;
const gateway = await receiver((request) => {
  const secret = request.path === '/sms' ? SMS_SECRET : VOICE_SECRET;
  const signed = verifySignature(
    secret,
    String(request.headers['x-iot-timestamp']),
    request.body,
    String(request.headers['x-iot-signature']),
  );
  if (!signed) return { status: 401, body: JSON.stringify({ code: 401, message: '签名错误' }) };
  if (request.path === '/sms' && refuseSms)
    return { status: 200, body: JSON.stringify({ code: 1001, message: '余额不足' }) };
  return { status: 200, body: JSON.stringify({ code: 0, message: 'OK' }) };
});
const smsSent = () => gateway.requests.filter((r) => r.path === '/sms');
const callsPlaced = () => gateway.requests.filter((r) => r.path === '/voice');

let t: TestServer;
let projectId: number;
let system: string;
let admin: string;
let operator: { token: string; userId: number };
let viewer: string;
let gw: TestGateway;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startServer({
    smsHttpUrl: `${gateway.url}/sms`,
    smsHttpSecret: SMS_SECRET,
    voiceHttpUrl: `${gateway.url}/voice`,
    voiceHttpSecret: VOICE_SECRET,
    webhookRetryDelaysMs: [200, 200],
  });
  await withoutDemoReminders(t);
  projectId = t.server.seeded.demoProjectId!;
  system = (await t.login('admin', ADMIN_PASSWORD)).access;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const token = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const me = await t.ok<{ userId: number }>('GET', '/iot/users/current/loginInfo', { token });
  operator = { token, userId: me.userId };
  // A member whose role does not include the warning list: no warning messages by default.
  const role = await t.ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name: '只看首页', functions: [{ code: 'router-project', permission: 1 }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: 'msg-viewer', realname: '访客', password: 'Viewer@2026', roleId: role.id },
  });
  viewer = (await t.login('msg-viewer', 'Viewer@2026')).access;
  gw = await createGateway(t, projectId, [
    { key: 'cod', type: 'float', decimals: 1 },
    { key: 'ph', type: 'float', decimals: 1 },
    { key: 'temp', type: 'float', decimals: 1 },
  ]);
  const rule = (body: Record<string, unknown>) =>
    t.ok('POST', `/iot/groups/${projectId}/warningRules`, { token: admin, body });
  await rule({ gatewayIndicatorId: gw.indicators.cod, kind: 'above', high: 50, level: 2 });
  await rule({ gatewayIndicatorId: gw.indicators.ph, kind: 'above', high: 9, level: 1 });
  await rule({ gatewayIndicatorId: gw.indicators.temp, kind: 'above', high: 30, level: 3 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate()));
  await t?.close();
  await gateway.close();
});

let lastTs = Date.now();
/** One value from the device over MQTT, newer than every one before; waits until its messages are out. */
async function publish(key: string, value: number): Promise<void> {
  lastTs = Math.max(lastTs + 1000, Date.now());
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.server.telemetry.mqttPort}`, {
    clientId: gw.serialNumber,
    username: gw.serialNumber,
    password: gw.secret,
    reconnectPeriod: 0,
  });
  await device.publishAsync(
    `gateways/${gw.serialNumber}/telemetry`,
    JSON.stringify({ ts: lastTs, values: { [key]: value } }),
    { qos: 1 },
  );
  await device.endAsync();
  await t.server.warnings.engine.drain();
  await t.server.messages.drain();
}

/** A STOMP client (the web's @stomp/stompjs) subscribed to the user's message center. */
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
  // Subscribed once a probe delivered to the topic reaches this client.
  await expect
    .poll(() => {
      t.server.messages.socket.deliver(messageCenterTopic(userId), { probe: true });
      return subscribed;
    })
    .toBe(true);
  return received;
}

const list = (token: string, query = '') => t.ok<Page<Message>>('GET', `/iot/messages${query}`, { token });
const project = () =>
  t.ok<ProjectSettings>('GET', `/iot/projects/getProjectByGroupId?groupId=${projectId}`, { token: admin });
/** 资源概览's SMS and voice figures: sent beside what is left (decision 0045). */
const sends = async () => {
  const usage = await t.ok<ResourceUsage>('GET', `/iot/groups/${projectId}/getResourceUsage`, {
    token: admin,
  });
  return { sms: usage.sms, voice: usage.voice };
};
const latestWarning = async () =>
  (await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=1`, { token: admin })).list[0]!;

describe('warning messages', () => {
  it('reach the message center over STOMP within a second of the value, raise and release', async () => {
    const live = await messageCenter(operator.token, operator.userId);
    const sent = Date.now();
    const publishing = publish('cod', 60);
    await expect.poll(() => live.length, { interval: 5 }).toBe(1);
    expect(Date.now() - sent).toBeLessThan(1000);
    await publishing;
    const warning = await latestWarning();
    const push = live[0]!;
    expect(push).toMatchObject({
      type: 'warning',
      typeName: '监测预警通知',
      title: `二级（重要）预警：${gw.serialNumber} cod-${gw.serialNumber}`,
      projectId,
      relationId: warning.id,
      headers: { warningAt: warning.startedAt },
    });
    expect(Object.keys(push).sort()).toEqual(
      [
        'content',
        'createdAt',
        'headers',
        'id',
        'projectId',
        'relationId',
        'title',
        'type',
        'typeName',
      ].sort(),
    );
    const china = new Date(warning.startedAt + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(push.content).toBe(
      `${china}，示范污水处理项目 ${gw.serialNumber} 的 cod-${gw.serialNumber} 当前值 60，高于上限（阈值 > 50），二级（重要）预警，请及时处理。`,
    );

    await publish('cod', 40);
    await expect.poll(() => live.map((m) => m.type)).toEqual(['warning', 'warningRelease']);
    expect(live[1]).toMatchObject({ typeName: '监测预警解除通知', relationId: warning.id });
    expect(live[1]!.content).toContain('已恢复（当前值 40，阈值 > 50），预警解除');
  });

  it('list, filter, count and mark read — each person only their own', async () => {
    const mine = await list(operator.token);
    expect(mine).toMatchObject({ total: 2, page: 0, size: 8 });
    expect(mine.list.map((m) => [m.type, m.isRead])).toEqual([
      ['warningRelease', false],
      ['warning', false],
    ]);
    expect((await list(operator.token, '?type=warning')).total).toBe(1);
    expect(await t.ok<UnreadCount>('GET', '/iot/messages/unreadCount', { token: operator.token })).toEqual({
      total: 2,
      byType: { warning: 1, warningRelease: 1 },
    });

    const [release, raise] = mine.list;
    const read = await t.ok<Message>('PUT', `/iot/messages/${raise!.id}/read`, { token: operator.token });
    expect(read.isRead).toBe(true);
    expect(read.readAt).toBeGreaterThan(0);
    expect((await list(operator.token, '?isRead=false')).list.map((m) => m.id)).toEqual([release!.id]);
    expect((await list(operator.token, '?isRead=true')).list.map((m) => m.id)).toEqual([raise!.id]);

    // The project administrator got messages of their own; the operator's are not theirs to read.
    expect((await list(admin)).total).toBe(2);
    const foreign = await t.request('PUT', `/iot/messages/${release!.id}/read`, { token: admin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('消息不存在');
    expect((await t.request('GET', `/iot/messages/${release!.id}`, { token: admin })).status).toBe(404);
    // A member without the warning list hears nothing of warnings.
    expect((await list(viewer)).total).toBe(0);

    expect(await t.ok('PUT', '/iot/messages/readAll', { token: operator.token, body: {} })).toEqual({
      updated: 1,
    });
    expect(await t.ok<UnreadCount>('GET', '/iot/messages/unreadCount', { token: operator.token })).toEqual({
      total: 0,
      byType: {},
    });
    expect((await t.request('GET', '/iot/messages')).status).toBe(401);
  });

  it('with isShowMessage off: stored in the message center, not pushed live', async () => {
    const url = '/iot/users/current/messageSetting';
    await t.ok('PUT', url, {
      token: operator.token,
      body: { ...DEFAULT_MESSAGE_SETTING, isShowMessage: false },
    });
    const live = await messageCenter(operator.token, operator.userId);
    await publish('cod', 70);
    await publish('cod', 30);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live).toEqual([]);
    expect((await list(operator.token, '?isRead=false')).list.map((m) => m.type)).toEqual([
      'warningRelease',
      'warning',
    ]);
    await t.ok('PUT', url, { token: operator.token, body: DEFAULT_MESSAGE_SETTING });
  });

  it('the catalogue lists the types with their default templates and placeholders', async () => {
    const catalogue = await t.ok<{ types: { type: string; typeName: string }[]; placeholders: unknown[] }>(
      'GET',
      '/iot/messages/templates',
      { token: viewer },
    );
    expect(catalogue.types.map((x) => x.typeName)).toEqual([
      '监测预警通知',
      '监测预警解除通知',
      '设备故障通知',
      '设备故障解除通知',
      '设备保养提醒',
      '设备保养提醒解除',
      '其它',
    ]);
    expect(catalogue.placeholders).toContainEqual({ name: 'gatewayAlias', label: '网关名称' });
  });
});

describe('recipients, SMS and voice quotas', () => {
  let setting: RecipientSetting;

  it('checks roles and users against the project, and needs the warning settings permission', async () => {
    const url = `/iot/groups/${projectId}/messageRecipients`;
    const bad = await t.request('POST', url, {
      token: admin,
      body: { types: ['warning'], roleIds: [999_999] },
    });
    expect([bad.status, bad.body.message]).toEqual([400, '角色不存在或不属于本项目']);
    const outsider = await t.ok<{ userId: number }>('POST', '/iot/users', {
      token: system,
      body: { username: 'msg-outsider', password: 'Outsider@2026', realname: '外部人员' },
    });
    const stranger = await t.request('POST', url, {
      token: admin,
      body: { types: ['warning'], userIds: [outsider.userId] },
    });
    expect([stranger.status, stranger.body.message]).toEqual([400, '用户不是本项目成员']);
    const nobody = await t.request('POST', url, { token: admin, body: { types: ['warning'] } });
    expect(nobody.body.message).toBe('roleIds: 请选择接收角色、接收人或值班人员');
    expect((await t.request('GET', url, { token: operator.token })).status).toBe(403);
    const otherProject = await t.request('GET', '/iot/groups/999999/messageRecipients', {
      token: operator.token,
    });
    expect(otherProject.status).toBe(403);
  });

  it('sends level-1 warnings to the operators by SMS and voice until the counts are spent', async () => {
    await t.ok('PUT', `/iot/users/${operator.userId}`, { token: system, body: { mobile: '13900000001' } });
    await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
      token: system,
      body: { sendMessagesTotalNum: 1, sendVoicesTotalNum: 0 },
    });
    const roles = await t.ok<RoleOption[]>('GET', `/iot/groups/${projectId}/roles/options`, { token: admin });
    const operators = roles.find((r) => r.name === '运维人员')!;
    setting = await t.ok<RecipientSetting>('POST', `/iot/groups/${projectId}/messageRecipients`, {
      token: admin,
      body: {
        name: '严重预警',
        types: ['warning'],
        levels: [1],
        roleIds: [operators.id],
        sms: true,
        voice: true,
      },
    });
    expect(setting).toMatchObject({ types: ['warning'], levels: [1], sms: true, voice: true, enabled: true });
    const before = (await list(operator.token)).total;
    const adminBefore = (await list(admin)).total;

    // Level 3: the project names recipients for warnings, none for level 3 — nobody gets one.
    await publish('temp', 35);
    expect((await list(operator.token)).total).toBe(before);
    expect((await list(admin)).total).toBe(adminBefore);

    // Level 1: the operator, by SMS (the one left) and not by voice (none left).
    await publish('ph', 10);
    const first = (await list(operator.token, '?type=warning')).list[0]!;
    expect(first.content).toMatch(/请及时处理。（语音额度已用完）$/);
    expect(smsSent()).toHaveLength(1);
    const sms = JSON.parse(smsSent()[0]!.body) as Record<string, string>;
    expect(sms).toMatchObject({ mobile: '13900000001', signName: '物联网监测运维平台' });
    expect(sms.text).toBe(
      `【物联网监测运维平台】${first.title}：${first.content.replace('（语音额度已用完）', '')}`,
    );
    expect(callsPlaced()).toHaveLength(0);
    expect(await project()).toMatchObject({ sendMessagesTotalNum: 0, sendVoicesTotalNum: 0 });
    expect(await sends()).toEqual({
      sms: { sent: 1, left: 0, receiving: true },
      voice: { sent: 0, left: 0, receiving: true },
    });
    // The release is not named by any setting: the default recipients, in-app only.
    await publish('ph', 8);
    expect((await list(admin, '?type=warningRelease')).list[0]!.relationId).toBe(first.relationId);

    // Both spent: nothing is sent, the message says so, the counts stay at zero.
    await publish('ph', 11);
    const second = (await list(operator.token, '?type=warning')).list[0]!;
    expect(second.id).not.toBe(first.id);
    expect(second.content).toMatch(/（短信额度已用完，语音额度已用完）$/);
    expect(smsSent()).toHaveLength(1);
    expect(await project()).toMatchObject({ sendMessagesTotalNum: 0, sendVoicesTotalNum: 0 });
    await publish('ph', 8);

    // Unlimited voice (-1) stays unlimited; a refused SMS gives its unit back.
    await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
      token: system,
      body: { sendMessagesTotalNum: 5, sendVoicesTotalNum: -1 },
    });
    refuseSms = true;
    await publish('ph', 12);
    refuseSms = false;
    expect(smsSent()).toHaveLength(2);
    expect(callsPlaced()).toHaveLength(1);
    expect(JSON.parse(callsPlaced()[0]!.body)).toMatchObject({ mobile: '13900000001' });
    expect(await project()).toMatchObject({ sendMessagesTotalNum: 5, sendVoicesTotalNum: -1 });
    // The refused SMS is not counted sent; an unlimited call is, and the unlimited count stays -1.
    expect(await sends()).toEqual({
      sms: { sent: 1, left: 5, receiving: true },
      voice: { sent: 1, left: -1, receiving: true },
    });
    expect((await list(operator.token, '?type=warning')).list[0]!.content).toMatch(/请及时处理。$/);
    await publish('ph', 8);
  });

  it('a disabled setting or another level leaves the type configured: nobody gets it', async () => {
    await t.ok('PUT', `/iot/groups/${projectId}/messageRecipients/${setting.id}`, {
      token: admin,
      body: { ...setting, enabled: false },
    });
    const before = (await list(operator.token)).total;
    await publish('ph', 13);
    expect((await list(operator.token)).total).toBe(before + 0);
    await publish('ph', 8);
    // Deleted: the default recipients again.
    await t.ok('DELETE', `/iot/groups/${projectId}/messageRecipients/${setting.id}`, { token: admin });
    expect(await t.ok('GET', `/iot/groups/${projectId}/messageRecipients`, { token: admin })).toEqual([]);
    await publish('ph', 14);
    expect((await list(operator.token, '?type=warning')).list[0]!.content).toContain('当前值 14');
    await publish('ph', 8);
  });
});

describe('templates', () => {
  it('a project template replaces the default until reset', async () => {
    const url = `/iot/groups/${projectId}/messageTemplates`;
    const templates = await t.ok<MessageTemplate[]>('GET', url, { token: admin });
    expect(templates.map((x) => [x.type, x.isDefault])).toHaveLength(7);
    expect(templates.every((x) => x.isDefault)).toBe(true);
    const saved = await t.ok<MessageTemplate>('PUT', `${url}/warning`, {
      token: admin,
      body: { title: '{gatewayAlias}告警', content: '{indicatorName}={value}（阈值{threshold}）{unknown}' },
    });
    expect(saved).toMatchObject({ type: 'warning', typeName: '监测预警通知', isDefault: false });
    await publish('cod', 99);
    const message = (await list(operator.token, '?type=warning')).list[0]!;
    expect(message.title).toBe(`${gw.serialNumber}告警`);
    expect(message.content).toBe(`cod-${gw.serialNumber}=99（阈值> 50）{unknown}`);
    await publish('cod', 10);
    expect(await t.ok<MessageTemplate>('DELETE', `${url}/warning`, { token: admin })).toMatchObject({
      isDefault: true,
      title: '{level}预警：{gatewayAlias} {indicatorName}',
    });
    expect(
      (await t.request('PUT', `${url}/nonsense`, { token: admin, body: { title: 'x', content: 'y' } }))
        .status,
    ).toBe(400);
    expect((await t.request('GET', url, { token: operator.token })).status).toBe(403);
  });

  it('other types go through the same plumbing (malfunctions: members with the malfunction records)', async () => {
    await t.server.messages.notify({
      projectId,
      type: 'malfunction',
      level: null,
      relationId: null,
      variables: { equipmentName: '1号提升泵', detail: '电机过载', time: '2026-11-22 10:00:00' },
    });
    const mine = (await list(admin, '?type=malfunction')).list;
    expect(mine.map((m) => [m.title, m.typeName])).toEqual([['1号提升泵故障', '设备故障通知']]);
    expect(mine[0]!.content).toBe(
      '2026-11-22 10:00:00，示范污水处理项目 1号提升泵 发生故障：电机过载，请及时处理。',
    );
    // The demo operator's role reads 设备故障记录 (decision 0056); a member without it hears nothing.
    expect((await list(operator.token, '?type=malfunction')).total).toBe(1);
    expect((await list(viewer, '?type=malfunction')).total).toBe(0);
  });
});

describe('webhooks', () => {
  it('arrive signed, and are retried after a failure', async () => {
    const hook = await receiver((_request, index) =>
      index === 0 ? { status: 500, body: 'busy' } : { status: 200, body: '{}' },
    );
    const broken = await receiver(() => ({ status: 503, body: 'down' }));
    try {
      const secret = 'a-webhook-secret-of-some-length';
      const created = await t.ok<Webhook>('POST', `/iot/groups/${projectId}/webhooks`, {
        token: admin,
        body: { name: '值班系统', url: `${hook.url}/hook`, secret, types: ['warning'] },
      });
      expect(created).toMatchObject({ secret, types: ['warning'], levels: [], enabled: true });
      const down = await t.ok<Webhook>('POST', `/iot/groups/${projectId}/webhooks`, {
        token: admin,
        body: { url: broken.url, types: ['warning'], levels: [2] },
      });
      expect(down.secret.length).toBeGreaterThanOrEqual(16);
      // Level 1 does not match the second one's levels.
      await publish('ph', 15);
      await publish('ph', 8);
      await publish('cod', 88);
      await expect.poll(() => hook.requests.length, { timeout: 10_000 }).toBe(3);
      const firstPh = hook.requests[0];
      const cod = hook.requests.find((r) => JSON.parse(r.body).level === 2);
      expect(firstPh!.headers['x-iot-delivery']).not.toBe(cod!.headers['x-iot-delivery']);
      const retried = hook.requests.filter(
        (r) => r.headers['x-iot-delivery'] === firstPh!.headers['x-iot-delivery'],
      );
      expect(retried).toHaveLength(2);
      for (const request of hook.requests) {
        expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(request.headers['x-iot-event']).toBe('message');
        expect(
          verifySignature(
            secret,
            String(request.headers['x-iot-timestamp']),
            request.body,
            String(request.headers['x-iot-signature']),
          ),
        ).toBe(true);
      }
      const body = JSON.parse(cod!.body);
      expect(body).toMatchObject({
        id: Number(cod!.headers['x-iot-delivery']),
        event: 'message',
        projectId,
        type: 'warning',
        typeName: '监测预警通知',
        level: 2,
      });
      expect(body.title).toContain('预警');
      const deliveries = async (id: number) =>
        (
          await t.ok<Page<WebhookDelivery>>('GET', `/iot/groups/${projectId}/webhooks/${id}/deliveries`, {
            token: admin,
          })
        ).list;
      await expect
        .poll(async () => (await deliveries(created.id)).map((d) => [d.status, d.attempts, d.lastStatus]))
        .toEqual([
          ['delivered', 1, 200],
          ['delivered', 2, 200],
        ]);
      // The broken one: the first attempt and both retries, then given up.
      await expect
        .poll(async () => (await deliveries(down.id)).map((d) => [d.status, d.attempts, d.lastStatus]), {
          timeout: 10_000,
        })
        .toEqual([['failed', 3, 503]]);
      expect(broken.requests).toHaveLength(3);

      const test = await t.ok<WebhookDelivery>(
        'POST',
        `/iot/groups/${projectId}/webhooks/${created.id}/test`,
        {
          token: admin,
        },
      );
      expect(test.event).toBe('test');
      await expect.poll(() => hook.requests.at(-1)?.headers['x-iot-event']).toBe('test');
      await publish('cod', 10);
      await t.ok('DELETE', `/iot/groups/${projectId}/webhooks/${down.id}`, { token: admin });
      expect(
        (await t.ok<Webhook[]>('GET', `/iot/groups/${projectId}/webhooks`, { token: admin })).map(
          (w) => w.id,
        ),
      ).toEqual([created.id]);
      expect(
        (await t.request('GET', `/iot/groups/${projectId}/webhooks`, { token: operator.token })).status,
      ).toBe(403);
    } finally {
      await hook.close();
      await broken.close();
    }
  });
});
