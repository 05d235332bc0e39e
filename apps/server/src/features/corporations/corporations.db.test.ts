import { Messages, MOBILE_MESSAGE, type Page } from '@iot/contracts';
import { type Corporation, CorporationMessages, type MyCorporation } from '@iot/contracts/corporations';
import type { ProjectSettings, ProjectSummary } from '@iot/contracts/projects';
import { BUILTIN_ROLE_NAMES, type Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { connectDevice, createGateway, gatewayRow } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let corpAdmin: string;
let operator: string;
let demoCorporation: Corporation;

const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });

const checkName = (name: string, extra = '') =>
  ok<boolean>('GET', `/iot/corporations/checkName?name=${encodeURIComponent(name)}${extra}`);

const corporationBody = (name: string) => ({ name, owner: '李总', ownerMobile: '13600000001' });

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  corpAdmin = (
    await t.login(DEMO_ACCOUNTS.corporationAdmin.username, DEMO_ACCOUNTS.corporationAdmin.password)
  ).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  const [mine] = (await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser', undefined, corpAdmin))
    .list;
  demoCorporation = await ok<Corporation>(
    'GET',
    `/iot/corporations/${mine!.id}/setting`,
    undefined,
    corpAdmin,
  );
});
afterAll(() => t.close());

describe('corporation CRUD', () => {
  it('creates a corporation with its built-in administrator role, updates and deletes it', async () => {
    const created = await ok<Corporation>('POST', '/iot/corporations', {
      ...corporationBody('新公司'),
      logoUrl: 'https://example.com/a.png',
    });
    expect(created).toMatchObject({
      name: '新公司',
      owner: '李总',
      ownerMobile: '13600000001',
      logoUrl: 'https://example.com/a.png',
      axisRule: '',
    });
    const roles = (await ok<Page<Role>>('GET', `/iot/corporations/${created.id}/roles`)).list;
    expect(roles).toEqual([
      expect.objectContaining({ name: BUILTIN_ROLE_NAMES.corporation, builtin: 'admin', functions: [] }),
    ]);

    const list = await ok<Page<Corporation>>('GET', '/iot/corporations?size=100');
    expect(list.list.map((c) => c.name)).toEqual([demoCorporation.name, '新公司']);
    const keyword = await ok<Page<Corporation>>(
      'GET',
      `/iot/corporations?keyword=${encodeURIComponent('新')}`,
    );
    expect(keyword.list.map((c) => c.id)).toEqual([created.id]);

    const updated = await ok<Corporation>('PUT', `/iot/corporations/${created.id}`, {
      owner: '赵总',
      axisRule: 'zero',
    });
    expect(updated).toMatchObject({
      name: '新公司',
      owner: '赵总',
      axisRule: 'zero',
      ownerMobile: '13600000001',
    });
    expect((await ok<Corporation>('PUT', `/iot/corporations/${created.id}`, { name: '新公司' })).name).toBe(
      '新公司',
    );

    await ok('POST', '/iot/users', { username: 'corp-member', realname: '公司成员', password: 'Passw0rd!' });
    await ok('POST', `/iot/corporations/${created.id}/users`, {
      account: 'corp-member',
      roleId: roles[0]!.id,
    });
    const { access } = await t.login('corp-member', 'Passw0rd!');
    expect((await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser', undefined, access)).total).toBe(
      1,
    );

    await ok('DELETE', `/iot/corporations/${created.id}`);
    expect((await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser', undefined, access)).total).toBe(
      0,
    );
    expect(
      (await t.request('GET', `/iot/corporations/${created.id}/setting`, { token: access })).status,
    ).toBe(403);
    expect(await t.request('GET', `/iot/corporations/${created.id}/setting`, { token: admin })).toMatchObject(
      {
        status: 404,
        body: { code: 40000 },
      },
    );
    const again = await t.request('DELETE', `/iot/corporations/${created.id}`, { token: admin });
    expect(again).toMatchObject({ status: 404, body: { message: CorporationMessages.NOT_FOUND } });
    expect(await checkName('新公司')).toBe(true);
  });

  it('validates the owner’s mobile', async () => {
    const answer = await t.request('POST', '/iot/corporations', {
      token: admin,
      body: { name: '校验公司', owner: '钱总', ownerMobile: '1360000' },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(answer.body.message).toContain(MOBILE_MESSAGE);
  });

  it('refuses to delete a corporation that still has projects', async () => {
    const corporation = await ok<Corporation>('POST', '/iot/corporations', corporationBody('有项目的公司'));
    const project = await ok<ProjectSettings>('POST', '/iot/projects', {
      name: '公司项目',
      corporationId: corporation.id,
    });
    const refused = await t.request('DELETE', `/iot/corporations/${corporation.id}`, { token: admin });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: CorporationMessages.HAS_PROJECTS },
    });
    const demo = await t.request('DELETE', `/iot/corporations/${demoCorporation.id}`, { token: admin });
    expect(demo.body.message).toBe(CorporationMessages.HAS_PROJECTS);

    await ok('PUT', `/iot/projects/${project.projectGroupId}/terms`, { corporationId: null });
    await ok('DELETE', `/iot/corporations/${corporation.id}`);
  });
});

describe('corporation uniqueness', () => {
  it('answers the name check and refuses a taken name with 409', async () => {
    expect(await checkName(demoCorporation.name)).toBe(false);
    expect(await checkName(demoCorporation.name, `&excludeId=${demoCorporation.id}`)).toBe(true);
    expect(await checkName('尚无此公司')).toBe(true);

    const duplicate = await t.request('POST', '/iot/corporations', {
      token: admin,
      body: corporationBody(demoCorporation.name),
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 40000, message: CorporationMessages.NAME_TAKEN },
    });
    const other = await ok<Corporation>('POST', '/iot/corporations', corporationBody('别家公司'));
    const rename = await t.request('PUT', `/iot/corporations/${other.id}`, {
      token: admin,
      body: { name: demoCorporation.name },
    });
    expect(rename).toMatchObject({ status: 409, body: { message: CorporationMessages.NAME_TAKEN } });
  });
});

describe('corporations by member', () => {
  it('byCurUser lists the caller’s corporations; every corporation for a system administrator', async () => {
    const mine = await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser', undefined, corpAdmin);
    const { id, name, owner, logoUrl, createdAt } = demoCorporation;
    // The owner's mobile is left to 公司设置; the caller's role and the corporation's holdings are added.
    expect(mine).toMatchObject({ total: 1 });
    expect(mine.list).toEqual([
      {
        ...{ id, name, owner, logoUrl, createdAt },
        roleName: BUILTIN_ROLE_NAMES.corporation,
        projects: 1,
        onlineGateways: 0,
        offlineGateways: 0,
      },
    ]);
    expect(
      (await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser', undefined, operator)).total,
    ).toBe(0);
    const all = await ok<Page<Corporation>>('GET', '/iot/corporations/byCurUser?size=100');
    expect(all.total).toBe((await ok<Page<Corporation>>('GET', '/iot/corporations?size=100')).total);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('the corporation administrator reads and changes the setting, and nothing else of the corporation', async () => {
    const url = `/iot/corporations/${demoCorporation.id}/setting`;
    expect(await ok('GET', url, undefined, corpAdmin)).toEqual(demoCorporation);
    const updated = await ok<Corporation>(
      'PUT',
      url,
      {
        logoUrl: 'https://example.com/corp.png',
        axisRule: 'fixed',
        ownerMobile: '13000000000',
      },
      corpAdmin,
    );
    // 企业设置 may change the owner's mobile too (decision 0041); the name stays as it was here.
    expect(updated).toEqual({
      ...demoCorporation,
      logoUrl: 'https://example.com/corp.png',
      axisRule: 'fixed',
      ownerMobile: '13000000000',
    });
    expect(await ok('GET', url, undefined, corpAdmin)).toEqual(updated);

    const direct = await t.request('PUT', `/iot/corporations/${demoCorporation.id}`, {
      token: corpAdmin,
      body: { name: '被改名' },
    });
    expect(direct).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    for (const [method, path] of [
      ['GET', '/iot/corporations'],
      ['DELETE', `/iot/corporations/${demoCorporation.id}`],
      ['GET', '/iot/corporations/checkName?name=x'],
    ] as const) {
      expect((await t.request(method, path, { token: corpAdmin })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('a non-member can neither read nor change the setting', async () => {
    const url = `/iot/corporations/${demoCorporation.id}/setting`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { axisRule: 'hack' }],
    ] as const) {
      const answer = await t.request(method, url, { token: operator, body });
      expect(answer, method).toMatchObject({ status: 403, body: { code: 40000 } });
    }
    const other = await ok<Corporation>('POST', '/iot/corporations', corporationBody('第三家公司'));
    const foreign = await t.request('GET', `/iot/corporations/${other.id}/setting`, { token: corpAdmin });
    expect(foreign.status).toBe(403);
    const projects = await t.request('GET', `/iot/corporations/${other.id}/projects`, { token: corpAdmin });
    expect(projects.status).toBe(403);
  });

  it('lists the corporation’s projects for its administrator', async () => {
    const projects = await ok<Page<ProjectSummary>>(
      'GET',
      `/iot/corporations/${demoCorporation.id}/projects`,
      undefined,
      corpAdmin,
    );
    expect(projects.total).toBeGreaterThanOrEqual(1);
    expect(projects.list.every((p) => p.corporationId === demoCorporation.id)).toBe(true);
  });

  it('我的公司: a member with the least role sees their own role and the corporation’s projects and gateways, nothing of another', async () => {
    const other = await ok<Corporation>('POST', '/iot/corporations', corporationBody('城西水务公司'));
    const viewerRole = await ok<Role>('POST', `/iot/corporations/${other.id}/roles`, {
      name: '公司观察员',
      functions: [{ code: 'router-corporation-project', permission: 1 }],
    });
    await ok('POST', '/iot/users', { username: 'corp-viewer', realname: '观察员', password: 'Passw0rd!' });
    await ok('POST', `/iot/corporations/${other.id}/users`, {
      account: 'corp-viewer',
      roleId: viewerRole.id,
    });
    const viewer = (await t.login('corp-viewer', 'Passw0rd!')).access;
    const project = await ok<ProjectSettings>('POST', '/iot/projects', {
      name: '城西泵站',
      corporationId: other.id,
    });
    await ok('POST', '/iot/projects', { name: '城西二期', corporationId: other.id });
    const online = await createGateway(t, project.projectGroupId, [{ key: 'cod', type: 'float' }]);
    await createGateway(t, project.projectGroupId, [{ key: 'cod', type: 'float' }]);
    const device = await connectDevice(t, online);
    try {
      await device.publishAsync(`gateways/${online.serialNumber}/telemetry`, JSON.stringify({ cod: 1 }), {
        qos: 1,
      });
      await expect.poll(async () => (await gatewayRow(t, online.id)).online_status).toBe('online');

      const mine = await ok<Page<MyCorporation>>('GET', '/iot/corporations/byCurUser', undefined, viewer);
      expect(mine).toMatchObject({ total: 1, page: 0, size: 10 });
      expect(mine.list).toEqual([
        {
          id: other.id,
          name: '城西水务公司',
          owner: '李总',
          logoUrl: '',
          createdAt: other.createdAt,
          roleName: '公司观察员',
          projects: 2,
          onlineGateways: 1,
          offlineGateways: 1,
        },
      ]);
      // Any member reads the corporation's name for the shell's title; an outsider is refused.
      expect(await ok('GET', `/iot/corporations/${other.id}`, undefined, viewer)).toEqual({
        id: other.id,
        name: '城西水务公司',
        owner: '李总',
        logoUrl: '',
        createdAt: other.createdAt,
      });
      expect((await t.request('GET', `/iot/corporations/${other.id}`, { token: corpAdmin })).status).toBe(
        403,
      );
      // The keyword searches the caller's own corporations only.
      const none = await ok<Page<MyCorporation>>(
        'GET',
        `/iot/corporations/byCurUser?keyword=${encodeURIComponent(demoCorporation.name)}`,
        undefined,
        viewer,
      );
      expect(none.total).toBe(0);
      // The demo corporation's administrator sees none of it, and their own counts are unchanged.
      const demo = await ok<Page<MyCorporation>>('GET', '/iot/corporations/byCurUser', undefined, corpAdmin);
      expect(demo.list.map((c) => [c.id, c.projects, c.onlineGateways, c.offlineGateways])).toEqual([
        [demoCorporation.id, 1, 0, 0],
      ]);
      // Rows are the caller's: a system administrator without a role there sees it unnamed.
      const all = await ok<Page<MyCorporation>>('GET', '/iot/corporations/byCurUser?size=100');
      expect(all.list.find((c) => c.id === other.id)).toMatchObject({ roleName: null, projects: 2 });
      // Entering: the scope's menu holds what the role grants, and the scope refuses an outsider.
      const menus = await ok<{ code: string }[]>(
        'GET',
        `/iot/users/current/menus?type=corporation&id=${other.id}`,
        undefined,
        viewer,
      );
      expect(menus.map((m) => m.code)).toEqual(['router-corporation-project']);
      expect(
        await ok(
          'GET',
          `/iot/users/current/menus?type=corporation&id=${other.id}&checkHas=true`,
          undefined,
          corpAdmin,
        ),
      ).toBe(false);
      const refused = await t.request('GET', `/iot/corporations/${other.id}/projects`, { token: corpAdmin });
      expect(refused.status).toBe(403);
    } finally {
      await device.endAsync();
    }
  });
});
