import { MOBILE_MESSAGE, type Page } from '@iot/contracts';
import { type Corporation, CorporationMessages } from '@iot/contracts/corporations';
import type { CorporationProject } from '@iot/contracts/projects';
import type { Warning } from '@iot/contracts/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/**
 * The site and corporation scopes (decision 0041): a site's warnings filtered to its gateways, the
 * corporation's projects with live counts, and 企业设置 with the phone rule — each checked for the
 * permission bit and the scope.
 */
let t: TestServer;
let admin: string;
let operator: string;
let corpAdmin: string;
let firmAdmin: string;
let projectId: number;
let corporation: Corporation;
const sites: { id: number; areaId: number }[] = [];
const DAY = 24 * 3600_000;

const ok = <T>(method: string, url: string, token: string, body?: unknown) =>
  t.ok<T>(method, url, { token, body });

async function warningAt(gatewayId: number, startedAt: number): Promise<void> {
  await t.server.platform.db
    .insertInto('warnings')
    .values({
      project_id: projectId,
      gateway_id: gatewayId,
      gateway_indicator_id: null,
      rule_id: null,
      kind: 'offline',
      level: 1,
      value: '',
      threshold: '',
      started_at: startedAt,
      released_at: null,
      release_value: null,
      handle_status: 'unhandled',
      handled_by: null,
      handled_at: null,
    })
    .execute();
}

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const login = async (account: { username: string; password: string }) =>
    (await t.login(account.username, account.password)).access;
  operator = await login(DEMO_ACCOUNTS.operator);
  corpAdmin = await login(DEMO_ACCOUNTS.corporationAdmin);
  firmAdmin = await login(DEMO_ACCOUNTS.firmAdmin);
  projectId = t.server.seeded.demoProjectId!;
  const tree = await ok<{ children: { id: number; children: { id: number }[] }[] }>(
    'GET',
    `/iot/groups/${projectId}/tree`,
    admin,
  );
  for (const area of tree.children)
    for (const site of area.children) sites.push({ id: site.id, areaId: area.id });
  corporation = (await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser', corpAdmin)).list[0]!;
});
afterAll(() => t.close());

describe('site scope: today’s warnings of one site', () => {
  it('filters warnings to the gateways of the site (or area) given as groupId, for a project member only', async () => {
    const first = sites[0]!;
    const other = sites.find((s) => s.areaId !== first.areaId)!;
    const here = await createGateway(t, projectId, []);
    const there = await createGateway(t, projectId, []);
    const db = t.server.platform.db;
    await db.updateTable('gateways').set({ group_id: first.id }).where('id', '=', here.id).execute();
    await db.updateTable('gateways').set({ group_id: other.id }).where('id', '=', there.id).execute();
    const now = Date.now();
    await warningAt(here.id, now - 1000);
    await warningAt(here.id, now - 2 * DAY);
    await warningAt(there.id, now - 1000);
    const since = now - 3600_000;

    const list = (groupId: number, token = operator) =>
      ok<Page<Warning>>(
        'GET',
        `/iot/groups/${groupId}/warnings?groupId=${groupId}&startTime=${since}`,
        token,
      );
    const site = await list(first.id);
    expect(site.list.map((w) => w.gatewayId)).toEqual([here.id]);
    expect((await list(first.areaId)).list.map((w) => w.gatewayId)).toEqual([here.id]);
    // Without groupId, or with the project's own id, the whole project.
    const whole = await ok<Page<Warning>>(
      'GET',
      `/iot/groups/${projectId}/warnings?startTime=${since}&size=100`,
      operator,
    );
    expect(whole.list.map((w) => w.gatewayId).sort()).toEqual([here.id, there.id].sort());
    expect((await list(projectId)).total).toBe(whole.total);
    // Another project's group as the filter matches nothing of this one.
    expect(
      (await ok<Page<Warning>>('GET', `/iot/groups/${first.id}/warnings?groupId=999999`, operator)).total,
    ).toBe(0);

    // Not members of the project: refused.
    for (const token of [corpAdmin, firmAdmin]) {
      const refused = await t.request('GET', `/iot/groups/${first.id}/warnings?groupId=${first.id}`, {
        token,
      });
      expect(refused.status).toBe(403);
    }
  });
});

describe('corporation scope', () => {
  it('企业项目 lists each project with its gateways online/offline and the warnings since the given time', async () => {
    const url = (since: number) => `/iot/corporations/${corporation.id}/projects?since=${since}`;
    const rowOf = async (since: number) =>
      (await ok<Page<CorporationProject>>('GET', url(since), corpAdmin)).list.find(
        (p) => p.id === projectId,
      )!;
    const now = Date.now();
    const before = await rowOf(now - 3600_000);
    expect(before).toMatchObject({ payStatus: 'A', corporationId: corporation.id });
    expect(before.setMealEndAt).toBeGreaterThan(now);

    const online = await createGateway(t, projectId, []);
    await createGateway(t, projectId, []);
    await t.server.platform.db
      .updateTable('gateways')
      .set({ online_status: 'online' })
      .where('id', '=', online.id)
      .execute();
    await warningAt(online.id, now - 1000);
    await warningAt(online.id, now - 2 * DAY);
    const after = await rowOf(now - 3600_000);
    expect(after.onlineGateways - before.onlineGateways).toBe(1);
    expect(after.offlineGateways - before.offlineGateways).toBe(1);
    expect(after.todayWarnings - before.todayWarnings).toBe(1);
    // Counted from the time given.
    expect((await rowOf(now - 3 * DAY)).todayWarnings - after.todayWarnings).toBeGreaterThanOrEqual(1);
    // Without since: the server's midnight, so today's warning counts.
    const defaults = (
      await ok<Page<CorporationProject>>('GET', `/iot/corporations/${corporation.id}/projects`, corpAdmin)
    ).list.find((p) => p.id === projectId)!;
    expect(defaults.todayWarnings).toBeGreaterThanOrEqual(1);

    // A project member who is not corporation staff, and another scope's administrator: refused.
    for (const token of [operator, firmAdmin]) {
      const refused = await t.request('GET', url(now), { token });
      expect(refused).toMatchObject({ status: 403, body: { code: 40000 } });
    }
    const bad = await t.request('GET', `/iot/corporations/${corporation.id}/projects?since=-5`, {
      token: corpAdmin,
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 40000 } });
  });

  it('企业设置 changes name, owner, mobile (phone rule), logo and axis rule; a taken name is refused', async () => {
    const url = `/iot/corporations/${corporation.id}/setting`;
    const wrong = await t.request('PUT', url, { token: corpAdmin, body: { ownerMobile: '1380000000' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(JSON.stringify(wrong.body)).toContain(MOBILE_MESSAGE);

    const other = await ok<Corporation>('POST', '/iot/corporations', admin, {
      name: '另一家公司',
      owner: '李总',
      ownerMobile: '13600000001',
    });
    const taken = await t.request('PUT', url, { token: corpAdmin, body: { name: other.name } });
    expect(taken).toMatchObject({ status: 409, body: { message: CorporationMessages.NAME_TAKEN } });

    const saved = await ok<Corporation>('PUT', url, corpAdmin, {
      name: '示范环保集团（改）',
      owner: '赵经理',
      ownerMobile: '13900000009',
      logoUrl: 'https://example.com/c.png',
      axisRule: 'zero',
    });
    expect(saved).toMatchObject({
      id: corporation.id,
      name: '示范环保集团（改）',
      owner: '赵经理',
      ownerMobile: '13900000009',
      logoUrl: 'https://example.com/c.png',
      axisRule: 'zero',
    });
    expect(await ok('GET', url, corpAdmin)).toEqual(saved);
    // The other corporation's setting stays out of reach; project members cannot change it.
    expect(
      (
        await t.request('PUT', `/iot/corporations/${other.id}/setting`, {
          token: corpAdmin,
          body: { owner: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('PUT', url, { token: operator, body: { owner: 'x' } })).status).toBe(403);
  });
});
