import { Messages } from '@iot/contracts';
import { type ResourceUsage, resourceUsage } from '@iot/contracts/projects';
import type { Role } from '@iot/contracts/roles';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { connectDevice, createGateway, gatewayRow } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * 资源概览 (GET /iot/groups/{groupId}/getResourceUsage, decision 0045): the project's terms against
 * what it uses and holds, for whoever reads router-projectOverview in that project and no one else.
 */
let t: TestServer;
let admin: string;
let projectId: number;
let projectAdmin: string;
let viewer: string;
let outsider: string;
let areaId: number;
let device: MqttClient;
const DAY = 86_400_000;

const ok = <T>(method: string, url: string, body?: unknown, token = projectAdmin) =>
  t.ok<T>(method, url, { token, body });
const usageUrl = (groupId = projectId) => `/iot/groups/${groupId}/getResourceUsage`;
const usage = async (token = viewer, groupId = projectId) => {
  const data = await ok<ResourceUsage>('GET', usageUrl(groupId), undefined, token);
  // The answer is the contract's shape, field for field.
  expect(resourceUsage.strict().parse(data)).toEqual(data);
  return data;
};

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: projectAdmin } = await projectWithAdmin(t, admin, '资源概览项目', 'res-admin'));
  await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
    token: admin,
    body: {
      payStatus: 'B',
      setMealEndAt: Date.now() - DAY,
      accessGatewayIndicatorMaxNum: 5,
      sendMessagesTotalNum: 8,
      sendVoicesTotalNum: -1,
      chatMessagesLimit: 50,
    },
  });
  const area = await ok<{ id: number }>('POST', `/iot/groups/${projectId}/children`, {
    name: '一期',
    groupType: 'area',
  });
  areaId = area.id;
  await ok('POST', `/iot/groups/${projectId}/children`, { name: '二期', groupType: 'area' });
  await ok('POST', `/iot/groups/${areaId}/children`, { name: '泵站', groupType: 'site', siteType: 'M-A' });
  await ok('POST', `/iot/groups/${areaId}/children`, {
    name: '出水口',
    groupType: 'area',
    isMonitor: true,
  });
  // Six gateway indicators on two gateways: one over the five of the terms. One device speaks.
  const keys = ['cod', 'ph', 'nh3n'].map((key) => ({ key, type: 'float' as const }));
  const online = await createGateway(t, projectId, keys);
  await createGateway(t, projectId, keys);
  device = await connectDevice(t, online);
  await device.publishAsync(`gateways/${online.serialNumber}/telemetry`, JSON.stringify({ cod: 12.5 }), {
    qos: 1,
  });
  // expect.poll belongs to tests: wait here by hand (at most 5 s).
  for (let i = 0; i < 100 && (await gatewayRow(t, online.id)).online_status !== 'online'; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));

  // The least role that has the screen: 资源概览, read only.
  const role = await ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    name: '资源查看',
    functions: [{ code: 'router-projectOverview', permission: 1 }],
  });
  await ok('POST', `/iot/groups/${projectId}/users`, {
    username: 'res-viewer',
    realname: '资源查看员',
    password: 'Passw0rd!',
    roleId: role.id,
  });
  viewer = (await t.login('res-viewer', 'Passw0rd!')).access;
  const homeOnly = await ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    name: '只看首页',
    functions: [{ code: 'router-project', permission: 1 }],
  });
  await ok('POST', `/iot/groups/${projectId}/users`, {
    username: 'res-home',
    realname: '首页查看员',
    password: 'Passw0rd!',
    roleId: homeOnly.id,
  });
  outsider = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
});
afterAll(async () => {
  await device?.endAsync();
  await t?.close();
});

describe('资源概览', () => {
  it('answers the terms against the use, and what the project holds', async () => {
    const answer = await usage();
    expect(answer).toMatchObject({
      projectId,
      name: '资源概览项目',
      payStatus: 'B',
      indicators: { max: 5, used: 6, left: -1 },
      sms: { sent: 0, left: 8, receiving: false },
      voice: { sent: 0, left: -1, receiving: false },
      chat: { limit: 50, used: 0 },
      gateways: { total: 2, online: 1, offline: 1 },
      groups: { areas: 2, sites: 1, monitoringPoints: 1 },
      members: 3,
    });
    // The same notices as at sign-in: the set meal ended, the indicators are over the limit.
    expect(answer.warnings.map((w) => [w.kind, w.title])).toEqual([
      ['setMeal', '套餐已到期'],
      ['indicatorQuota', '监测项超出上限'],
    ]);
    // Any group id of the project answers for the project.
    expect(await usage(viewer, areaId)).toEqual(answer);
  });

  it('-1 is unlimited: nothing left to count down and nothing to warn of', async () => {
    await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
      token: admin,
      body: { accessGatewayIndicatorMaxNum: -1, setMealEndAt: Date.now() + 30 * DAY },
    });
    const answer = await usage();
    expect(answer.indicators).toEqual({ max: -1, used: 6, left: -1 });
    expect(answer.warnings).toEqual([]);
    await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
      token: admin,
      body: { accessGatewayIndicatorMaxNum: 5 },
    });
  });

  it('refuses a member without the entry, another project’s administrator and unknown ids', async () => {
    const home = (await t.login('res-home', 'Passw0rd!')).access;
    for (const token of [home, outsider]) {
      const answer = await t.request('GET', usageUrl(), { token });
      expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
    // The demo project's administrator reads their own project, this project's viewer does not.
    const demoId = t.server.seeded.demoProjectId!;
    expect((await usage(outsider, demoId)).projectId).toBe(demoId);
    expect((await t.request('GET', usageUrl(demoId), { token: viewer })).status).toBe(403);
    // An id that does not exist is refused like any other for members; only a system administrator hears 404.
    expect((await t.request('GET', usageUrl(999_999), { token: viewer })).status).toBe(403);
    expect((await t.request('GET', usageUrl(999_999), { token: admin })).status).toBe(404);
  });
});
