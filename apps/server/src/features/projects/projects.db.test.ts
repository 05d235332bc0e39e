import { Messages, type Page } from '@iot/contracts';
import type { GroupNode } from '@iot/contracts/groups';
import {
  ProjectMessages,
  type ProjectSettings,
  type ProjectSummary,
  projectSettings,
} from '@iot/contracts/projects';
import { BUILTIN_ROLE_NAMES, type Role, type RoleOption } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/** The project settings of spec core §3, field for field. */
const SPEC_FIELDS = [
  'name',
  'projectGroupId',
  'projectTypeId',
  'groupDisplayName',
  'logoUrl',
  'payStatus',
  'canEntryData',
  'canManageGatewayData',
  'enableMonitor',
  'gatewayIndicatorSelectStyle',
  'gatewayStyle',
  'canUnbindGateway',
  'canChangeBindGateway',
  'axisRule',
  'hasBackCorporationMenu',
  'menuName',
  'corporationId',
  'setMealEndAt',
  'accessGatewayIndicatorMaxNum',
  'sendMessagesTotalNum',
  'sendVoicesTotalNum',
  'chatMessagesLimit',
] as const;

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let corpAdmin: string;
const ids = { project: 0, area: 0, site: 0, corporation: 0, operatorRole: 0 };
let tree: GroupNode;

const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });

async function createUser(username: string): Promise<number> {
  const user = await ok<{ userId: number }>('POST', '/iot/users', {
    username,
    realname: username,
    password: 'Passw0rd!',
  });
  return user.userId;
}

const settingsOf = (groupId: number, token = admin) =>
  ok<ProjectSettings>('GET', `/iot/projects/getProjectByGroupId?groupId=${groupId}`, undefined, token);

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  corpAdmin = (
    await t.login(DEMO_ACCOUNTS.corporationAdmin.username, DEMO_ACCOUNTS.corporationAdmin.password)
  ).access;
  ids.project = t.server.seeded.demoProjectId!;
  tree = await ok<GroupNode>('GET', `/iot/groups/${ids.project}/tree`);
  ids.area = tree.children[1]!.id;
  ids.site = tree.children[1]!.children[1]!.id;
  ids.corporation = (
    await ok<Page<{ id: number }>>('GET', '/iot/corporations/byCurUser', undefined, corpAdmin)
  ).list[0]!.id;
  ids.operatorRole = (await ok<RoleOption[]>('GET', `/iot/groups/${ids.project}/roles/options`)).find(
    (r) => r.name === '运维人员',
  )!.id;
});
afterAll(() => t.close());

describe('creating a project', () => {
  it('creates the root group and the built-in administrator role', async () => {
    const created = await ok<ProjectSettings>('POST', '/iot/projects', {
      name: '新建项目',
      corporationId: ids.corporation,
      accessGatewayIndicatorMaxNum: -1,
      sendMessagesTotalNum: 50,
    });
    expect(projectSettings.parse(created)).toMatchObject({
      name: '新建项目',
      corporationId: ids.corporation,
      accessGatewayIndicatorMaxNum: -1,
      sendMessagesTotalNum: 50,
      payStatus: 'A',
      groupDisplayName: '分组',
      isTemplate: false,
      isDemo: false,
    });
    expect(created.id).toBe(created.projectGroupId);

    const root = await ok<GroupNode>('GET', `/iot/groups/${created.projectGroupId}/tree`);
    expect(root).toMatchObject({
      id: created.projectGroupId,
      name: '新建项目',
      parentId: null,
      groupType: 'project',
      children: [],
    });
    const roles = (await ok<Page<Role>>('GET', `/iot/groups/${created.projectGroupId}/roles`)).list;
    expect(roles).toEqual([
      expect.objectContaining({ name: BUILTIN_ROLE_NAMES.project, builtin: 'admin', functions: [] }),
    ]);
    expect((await ok<Page<unknown>>('GET', `/iot/groups/${created.projectGroupId}/users`)).total).toBe(0);
  });

  it('refuses a taken name with 409 and answers the uniqueness check', async () => {
    const check = (name: string, extra = '') =>
      ok<boolean>('GET', `/iot/projects/checkName?name=${encodeURIComponent(name)}${extra}`);
    expect(await check(DEMO_PROJECT_NAME)).toBe(false);
    expect(await check(DEMO_PROJECT_NAME, `&excludeId=${ids.project}`)).toBe(true);
    expect(await check('尚未使用的项目名')).toBe(true);
    // An area's name is no project name.
    expect(await check(tree.children[0]!.name)).toBe(true);

    const duplicate = await t.request('POST', '/iot/projects', {
      token: admin,
      body: { name: DEMO_PROJECT_NAME },
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 40000, message: ProjectMessages.NAME_TAKEN },
    });

    const other = await ok<ProjectSettings>('POST', '/iot/projects', { name: '改名项目' });
    const rename = await t.request('PUT', `/iot/projects/${other.projectGroupId}`, {
      token: admin,
      body: { name: DEMO_PROJECT_NAME },
    });
    expect(rename).toMatchObject({ status: 409, body: { message: ProjectMessages.NAME_TAKEN } });
    const same = await ok<ProjectSettings>('PUT', `/iot/projects/${other.projectGroupId}`, {
      name: '改名项目',
    });
    expect(same.name).toBe('改名项目');
  });

  it('refuses an unknown corporation and an out-of-range quota', async () => {
    const corporation = await t.request('POST', '/iot/projects', {
      token: admin,
      body: { name: '无主项目', corporationId: 99999 },
    });
    expect(corporation).toMatchObject({ status: 404, body: { code: 40000, message: '公司不存在' } });
    const quota = await t.request('POST', '/iot/projects', {
      token: admin,
      body: { name: '无主项目', accessGatewayIndicatorMaxNum: -2 },
    });
    expect(quota).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(quota.body.message).toContain('accessGatewayIndicatorMaxNum');
  });

  it('only system administration creates projects', async () => {
    for (const token of [projectAdmin, corpAdmin]) {
      const answer = await t.request('POST', '/iot/projects', { token, body: { name: '自建项目' } });
      expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
  });
});

describe('project settings', () => {
  it('answers every spec field, for the project id and for any area or site id', async () => {
    const settings = await settingsOf(ids.project, projectAdmin);
    for (const field of SPEC_FIELDS) expect(settings, field).toHaveProperty(field);
    expect(projectSettings.parse(settings)).toEqual(settings);
    expect(settings).toMatchObject({
      name: DEMO_PROJECT_NAME,
      projectGroupId: ids.project,
      projectTypeId: null,
      groupDisplayName: '分组',
      payStatus: 'A',
      corporationId: ids.corporation,
      accessGatewayIndicatorMaxNum: 256,
      sendMessagesTotalNum: 1000,
      sendVoicesTotalNum: 200,
      chatMessagesLimit: 100,
      hasBackCorporationMenu: false,
    });
    expect(settings.setMealEndAt).toBeGreaterThan(Date.now());
    expect(await settingsOf(ids.area, projectAdmin)).toEqual(settings);
    expect(await settingsOf(ids.site, operator)).toEqual(settings);
  });

  it('refuses an outsider, and tells only a system administrator that an id does not exist', async () => {
    await createUser('outsider');
    const { access } = await t.login('outsider', 'Passw0rd!');
    for (const token of [access, corpAdmin]) {
      const answer = await t.request('GET', `/iot/projects/getProjectByGroupId?groupId=${ids.site}`, {
        token,
      });
      expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
    }
    const missing = await t.request('GET', '/iot/projects/getProjectByGroupId?groupId=99999', {
      token: access,
    });
    expect(missing.status).toBe(403);
    const missingForAdmin = await t.request('GET', '/iot/projects/getProjectByGroupId?groupId=99999', {
      token: admin,
    });
    expect(missingForAdmin).toMatchObject({ status: 404, body: { code: 40000 } });
    const invalid = await t.request('GET', '/iot/projects/getProjectByGroupId?groupId=abc', { token: admin });
    expect(invalid).toMatchObject({ status: 400, body: { code: 40000 } });
  });

  it('hasBackCorporationMenu is true for a member of the project’s corporation', async () => {
    await createUser('both-member');
    const corpRole = (
      await ok<RoleOption[]>('GET', `/iot/corporations/${ids.corporation}/roles/options`)
    ).find((r) => r.builtin === 'admin')!;
    await ok(
      'POST',
      `/iot/corporations/${ids.corporation}/users`,
      { account: 'both-member', roleId: corpRole.id },
      corpAdmin,
    );
    await ok(
      'POST',
      `/iot/groups/${ids.project}/users`,
      { account: 'both-member', roleId: ids.operatorRole },
      projectAdmin,
    );
    const { access } = await t.login('both-member', 'Passw0rd!');
    expect((await settingsOf(ids.site, access)).hasBackCorporationMenu).toBe(true);
    expect((await settingsOf(ids.site, operator)).hasBackCorporationMenu).toBe(false);
    expect((await settingsOf(ids.project)).hasBackCorporationMenu).toBe(true);

    const independent = await ok<ProjectSettings>('POST', '/iot/projects', { name: '独立项目' });
    expect(independent.corporationId).toBeNull();
    expect((await settingsOf(independent.projectGroupId)).hasBackCorporationMenu).toBe(false);
  });

  it('the project administrator changes the settings, through any group id of the project', async () => {
    const before = await settingsOf(ids.project);
    const patch = {
      groupDisplayName: '片区',
      logoUrl: 'https://example.com/logo.png',
      canEntryData: true,
      canManageGatewayData: false,
      enableMonitor: false,
      gatewayIndicatorSelectStyle: 1,
      gatewayStyle: 2,
      canUnbindGateway: false,
      canChangeBindGateway: false,
      axisRule: 'auto',
      menuName: '污水处理',
    };
    const updated = await ok<ProjectSettings>('PUT', `/iot/projects/${ids.area}`, patch, projectAdmin);
    expect(updated).toMatchObject({ ...patch, projectGroupId: ids.project, name: DEMO_PROJECT_NAME });
    expect(await settingsOf(ids.project, projectAdmin)).toEqual(updated);

    // Terms sent to the settings call are refused by name, and nothing of the call is applied.
    const sneaky = await t.request('PUT', `/iot/projects/${ids.project}`, {
      token: projectAdmin,
      body: { menuName: '偷改', accessGatewayIndicatorMaxNum: -1, isDemo: true, payStatus: 'F' },
    });
    expect(sneaky).toMatchObject({
      status: 400,
      body: { code: 40000, message: `accessGatewayIndicatorMaxNum: ${ProjectMessages.SYSTEM_TERM}` },
    });
    expect(await settingsOf(ids.project)).toMatchObject({
      menuName: patch.menuName,
      accessGatewayIndicatorMaxNum: before.accessGatewayIndicatorMaxNum,
      isDemo: false,
      payStatus: 'A',
      corporationId: ids.corporation,
    });

    const invalid = await t.request('PUT', `/iot/projects/${ids.project}`, {
      token: projectAdmin,
      body: { gatewayStyle: 10 },
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: 40000 } });

    await ok('PUT', `/iot/projects/${ids.project}`, { groupDisplayName: '分组' }, projectAdmin);
  });

  it('a member without the project setting entry cannot change settings', async () => {
    const answer = await t.request('PUT', `/iot/projects/${ids.project}`, {
      token: operator,
      body: { menuName: '运维改的' },
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
  });

  it('only a system administrator changes terms and flags', async () => {
    const terms = {
      payStatus: 'B',
      setMealEndAt: 1_900_000_000_000,
      accessGatewayIndicatorMaxNum: -1,
      sendMessagesTotalNum: 10,
      sendVoicesTotalNum: 5,
      chatMessagesLimit: 0,
      isTemplate: true,
      isDemo: true,
    };
    const refused = await t.request('PUT', `/iot/projects/${ids.project}/terms`, {
      token: projectAdmin,
      body: terms,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    expect((await settingsOf(ids.project)).isTemplate).toBe(false);

    const updated = await ok<ProjectSettings>('PUT', `/iot/projects/${ids.project}/terms`, terms);
    expect(updated).toMatchObject(terms);
    expect(await settingsOf(ids.site, projectAdmin)).toMatchObject({
      ...terms,
      hasBackCorporationMenu: false,
    });

    const missing = await t.request('PUT', '/iot/projects/99999/terms', {
      token: admin,
      body: { isDemo: false },
    });
    expect(missing).toMatchObject({ status: 404, body: { message: ProjectMessages.NOT_FOUND } });
    const unknownCorporation = await t.request('PUT', `/iot/projects/${ids.project}/terms`, {
      token: admin,
      body: { corporationId: 99999 },
    });
    expect(unknownCorporation.status).toBe(404);

    await ok('PUT', `/iot/projects/${ids.project}/terms`, {
      payStatus: 'A',
      accessGatewayIndicatorMaxNum: 256,
      isTemplate: false,
      isDemo: false,
    });
  });
});

describe('project lists', () => {
  it('byCurUser pages the caller’s projects; a system administrator sees all', async () => {
    await ok('POST', '/iot/projects', { name: '分页项目一' });
    await ok('POST', '/iot/projects', { name: '分页项目二' });
    const all = await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser?size=1000');
    expect(all.total).toBe(all.list.length);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.list.map((p) => p.name)).toEqual(
      expect.arrayContaining([DEMO_PROJECT_NAME, '分页项目一', '分页项目二']),
    );
    expect(await ok('GET', '/iot/projects?size=1000')).toEqual(all);

    const first = await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser?page=0&size=2');
    const second = await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser?page=1&size=2');
    expect(first).toMatchObject({ page: 0, size: 2, total: all.total });
    expect(first.list).toEqual(all.list.slice(0, 2));
    expect(second.list).toEqual(all.list.slice(2, 4));
    const beyond = await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser?page=1000&size=10');
    expect(beyond).toMatchObject({ list: [], total: all.total });

    const mine = await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser', undefined, operator);
    expect(mine).toMatchObject({ total: 1, page: 0, size: 10 });
    expect(mine.list).toEqual([
      {
        id: ids.project,
        name: DEMO_PROJECT_NAME,
        corporationId: ids.corporation,
        payStatus: 'A',
        logoUrl: expect.any(String),
        isTemplate: false,
        isDemo: false,
        corporationName: expect.any(String),
        setMealEndAt: expect.any(Number),
        accessGatewayIndicatorMaxNum: expect.any(Number),
        createdAt: expect.any(Number),
      },
    ]);

    const keyword = await ok<Page<ProjectSummary>>(
      'GET',
      `/iot/projects/byCurUser?keyword=${encodeURIComponent('分页')}`,
    );
    expect(keyword.list.map((p) => p.name)).toEqual(['分页项目一', '分页项目二']);

    await createUser('no-projects');
    const { access } = await t.login('no-projects', 'Passw0rd!');
    expect(await ok('GET', '/iot/projects/byCurUser', undefined, access)).toEqual({
      list: [],
      total: 0,
      page: 0,
      size: 10,
    });
    const systemList = await t.request('GET', '/iot/projects', { token: access });
    expect(systemList).toMatchObject({ status: 403, body: { code: 40000 } });
    const badPage = await t.request('GET', '/iot/projects/byCurUser?page=-1', { token: access });
    expect(badPage).toMatchObject({ status: 400, body: { code: 40000 } });
  });

  it('lists a corporation’s projects for its members', async () => {
    const url = `/iot/corporations/${ids.corporation}/projects`;
    const list = await ok<Page<ProjectSummary>>('GET', url, undefined, corpAdmin);
    expect(list.list.map((p) => p.name)).toContain(DEMO_PROJECT_NAME);
    expect(list.list.every((p) => p.corporationId === ids.corporation)).toBe(true);
    expect(list.list.map((p) => p.name)).not.toContain('分页项目一');
    expect(await ok('GET', url)).toEqual(list);

    const refused = await t.request('GET', url, { token: operator });
    expect(refused).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('project navigation', () => {
  it('answers the path from the project to a site, each level with its siblings', async () => {
    const area = tree.children[1]!;
    const site = area.children[1]!;
    const nav = await ok<{
      projectGroupId: number;
      groupDisplayName: string;
      path: { id: number; name: string; groupType: string; siblings: { id: number; name: string }[] }[];
    }>('GET', `/iot/projects/nav/${site.id}`, undefined, operator);
    expect(nav.projectGroupId).toBe(ids.project);
    expect(nav.groupDisplayName).toBe('分组');
    expect(nav.path.map((level) => [level.id, level.groupType])).toEqual([
      [ids.project, 'project'],
      [area.id, 'area'],
      [site.id, 'site'],
    ]);
    expect(nav.path[0]!.siblings.map((s) => s.id)).toEqual([ids.project]);
    expect(nav.path[1]!.siblings.map((s) => s.name)).toEqual(tree.children.map((a) => a.name));
    expect(nav.path[2]!.siblings.map((s) => s.name)).toEqual(area.children.map((s) => s.name));

    const projectNav = await ok<{ path: unknown[] }>(
      'GET',
      `/iot/projects/nav/${ids.project}`,
      undefined,
      operator,
    );
    expect(projectNav.path).toHaveLength(1);

    const outsider = await t.request('GET', `/iot/projects/nav/${site.id}`, { token: corpAdmin });
    expect(outsider).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('deleting a project', () => {
  it('removes the project with its groups, roles and memberships', async () => {
    const project = await ok<ProjectSettings>('POST', '/iot/projects', { name: '待删项目' });
    const id = project.projectGroupId;
    const area = await ok<GroupNode>('POST', `/iot/groups/${id}/children`, {
      name: '一区',
      groupType: 'area',
    });
    const site = await ok<GroupNode>('POST', `/iot/groups/${area.id}/children`, {
      name: '一站',
      groupType: 'site',
      siteType: 'M-A',
    });
    const role = await ok<Role>('POST', `/iot/groups/${id}/roles`, {
      name: '临时',
      functions: [{ code: 'router-realTimeData', permission: 1 }],
    });
    await createUser('doomed-member');
    await ok('POST', `/iot/groups/${id}/users`, { account: 'doomed-member', roleId: role.id });
    const { access } = await t.login('doomed-member', 'Passw0rd!');
    expect((await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser', undefined, access)).total).toBe(
      1,
    );

    const refused = await t.request('DELETE', `/iot/projects/${id}`, { token: projectAdmin });
    expect(refused.status).toBe(403);
    // An area id is not a project id: nothing is deleted.
    const viaArea = await t.request('DELETE', `/iot/projects/${area.id}`, { token: admin });
    expect(viaArea).toMatchObject({ status: 404, body: { message: ProjectMessages.NOT_FOUND } });

    await ok('DELETE', `/iot/projects/${id}`);
    for (const groupId of [id, area.id, site.id]) {
      const gone = await t.request('GET', `/iot/projects/getProjectByGroupId?groupId=${groupId}`, {
        token: admin,
      });
      expect(gone.status).toBe(404);
    }
    expect((await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser', undefined, access)).total).toBe(
      0,
    );
    const all = await ok<Page<ProjectSummary>>('GET', '/iot/projects/byCurUser?size=1000');
    expect(all.list.map((p) => p.id)).not.toContain(id);
    expect(await ok<boolean>('GET', `/iot/projects/checkName?name=${encodeURIComponent('待删项目')}`)).toBe(
      true,
    );
    const again = await t.request('DELETE', `/iot/projects/${id}`, { token: admin });
    expect(again).toMatchObject({ status: 404, body: { message: ProjectMessages.NOT_FOUND } });
    // The name is free again.
    await ok('POST', '/iot/projects', { name: '待删项目' });
  });

  it('a deleted project’s group ids no longer reach its scope, even right after use', async () => {
    const project = await ok<ProjectSettings>('POST', '/iot/projects', { name: '已删项目' });
    const id = project.projectGroupId;
    const area = await ok<GroupNode>('POST', `/iot/groups/${id}/children`, {
      name: '一区',
      groupType: 'area',
    });
    await ok<Page<Role>>('GET', `/iot/groups/${area.id}/roles`);
    await ok('DELETE', `/iot/projects/${id}`);

    for (const groupId of [id, area.id]) {
      for (const [method, path, body] of [
        ['GET', 'roles', undefined],
        ['POST', 'roles', { name: '孤儿角色', functions: [] }],
        ['GET', 'users', undefined],
      ] as const) {
        const answer = await t.request(method, `/iot/groups/${groupId}/${path}`, { token: admin, body });
        expect(answer, `${method} ${groupId}/${path}`).toMatchObject({ status: 404, body: { code: 40000 } });
      }
    }
  });
});
