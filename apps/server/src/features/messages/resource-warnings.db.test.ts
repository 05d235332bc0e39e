import type { RecipientSetting, ResourceWarning } from '@iot/contracts/messages';
import type { Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/**
 * GET /iot/messages/resourceWarnings: the caller's projects whose set meal ends within 7 days or
 * has ended, whose indicator quota is nearly used up, or whose SMS / voice counts run low.
 */
const DAY = 24 * 3_600_000;
let t: TestServer;
let projectId: number;
let system: string;
let admin: string;
let operator: string;
let overviewReader: string;

const warnings = (token: string) =>
  t.ok<ResourceWarning[]>('GET', '/iot/messages/resourceWarnings', { token });
const setTerms = (body: Record<string, unknown>) =>
  t.ok('PUT', `/iot/projects/${projectId}/terms`, { token: system, body });

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  system = (await t.login('admin', ADMIN_PASSWORD)).access;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const role = await t.ok<Role>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name: '资源查看', functions: [{ code: 'router-projectOverview', permission: 1 }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: 'resource-reader', realname: '资源查看员', password: 'Reader@2026', roleId: role.id },
  });
  overviewReader = (await t.login('resource-reader', 'Reader@2026')).access;
  // SMS and voice counts matter once someone is to receive them.
  await t.ok('POST', `/iot/groups/${projectId}/messageRecipients`, {
    token: admin,
    body: { types: ['warning'], roleIds: [role.id], sms: true, voice: true },
  });
  // Twelve indicators, so that one left of used + 1 is under 10 %.
  await createGateway(
    t,
    projectId,
    Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, type: 'float' as const })),
  );
});
afterAll(() => t.close());

describe('resource warnings', () => {
  it('are none while the demo project has a year, room and counts left', async () => {
    expect(await warnings(admin)).toEqual([]);
  });

  it('name an ending set meal, a nearly used quota and low SMS; voice above 10 and -1 stay quiet', async () => {
    const { used } = await t.ok<{ used: number }>(
      'GET',
      `/iot/groups/${projectId}/getLeftAccessGatewayIndicatorByGroupId`,
      { token: admin },
    );
    expect(used).toBeGreaterThanOrEqual(12);
    await setTerms({
      setMealEndAt: Date.now() + 3 * DAY - 60_000,
      accessGatewayIndicatorMaxNum: used + 1,
      sendMessagesTotalNum: 10,
      sendVoicesTotalNum: 11,
    });
    const list = await warnings(admin);
    expect(list.map((w) => [w.kind, w.title])).toEqual([
      ['setMeal', '套餐即将到期'],
      ['indicatorQuota', '监测项余量不足'],
      ['smsQuota', '短信余量不足'],
    ]);
    expect(list.every((w) => w.projectId === projectId && w.projectName === DEMO_PROJECT_NAME)).toBe(true);
    expect(list[0]!.content).toContain('还剩 3 天');
    expect(list[1]!.content).toContain(`仅剩 1 个`);
    expect(list[2]!.content).toBe(`「${DEMO_PROJECT_NAME}」的短信仅剩 10 条，请及时购买短信资源。`);

    await setTerms({ accessGatewayIndicatorMaxNum: 10 * (used + 1), sendMessagesTotalNum: -1 });
    expect((await warnings(admin)).map((w) => w.kind)).toEqual(['setMeal']);
  });

  it('name an ended set meal, an exceeded quota and spent voice calls; unlimited never warns', async () => {
    await setTerms({
      setMealEndAt: Date.now() - DAY,
      accessGatewayIndicatorMaxNum: 1,
      sendMessagesTotalNum: -1,
      sendVoicesTotalNum: 0,
    });
    expect((await warnings(admin)).map((w) => w.title)).toEqual([
      '套餐已到期',
      '监测项超出上限',
      '语音已用完',
    ]);
    await setTerms({ setMealEndAt: null, accessGatewayIndicatorMaxNum: -1, sendVoicesTotalNum: -1 });
    expect(await warnings(admin)).toEqual([]);
  });

  it('go to members who may read the resource overview, not to other members or outsiders', async () => {
    await setTerms({ sendMessagesTotalNum: 5 });
    expect((await warnings(admin)).map((w) => w.kind)).toEqual(['smsQuota']);
    expect((await warnings(overviewReader)).map((w) => w.kind)).toEqual(['smsQuota']);
    // The operator's role does not include 资源概览; the system administrator is no project member.
    expect(await warnings(operator)).toEqual([]);
    expect(await warnings(system)).toEqual([]);
    const anonymous = await t.request('GET', '/iot/messages/resourceWarnings');
    expect(anonymous.body.code).not.toBe(20000);
  });

  it('say nothing of SMS once no enabled recipient setting sends them', async () => {
    await setTerms({ sendMessagesTotalNum: 0, sendVoicesTotalNum: -1 });
    expect((await warnings(admin)).map((w) => w.title)).toEqual(['短信已用完']);
    const settings = await t.ok<RecipientSetting[]>('GET', `/iot/groups/${projectId}/messageRecipients`, {
      token: admin,
    });
    for (const { id, types, roleIds, userIds } of settings) {
      await t.ok('PUT', `/iot/groups/${projectId}/messageRecipients/${id}`, {
        token: admin,
        body: { types, roleIds, userIds, sms: false, voice: true },
      });
    }
    expect(await warnings(admin)).toEqual([]);
  });
});
