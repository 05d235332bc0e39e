import { type Page, Permission, SubSystem } from '@iot/contracts';
import { MENU_CATALOGUE, type MenuEntry, menuEntry } from '@iot/contracts/menus';
import type { RoleFunction } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
const tokens = { admin: '', projectAdmin: '', operator: '', corp: '', firm: '', nobody: '' };
const ids = { project: 0, area: 0, site: 0, firm: 0, corporation: 0 };

const ok = <T>(method: string, url: string, token = tokens.admin) => t.ok<T>(method, url, { token });

const menusOf = (query: string, token: string) =>
  ok<MenuEntry[] | boolean>('GET', `/iot/users/current/menus?${query}`, token);

/** Every entry of a tree, containers first, children after their container. */
function flatten(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

beforeAll(async () => {
  t = await startServer();
  tokens.admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  for (const [key, account] of [
    ['projectAdmin', DEMO_ACCOUNTS.projectAdmin],
    ['operator', DEMO_ACCOUNTS.operator],
    ['corp', DEMO_ACCOUNTS.corporationAdmin],
    ['firm', DEMO_ACCOUNTS.firmAdmin],
  ] as const) {
    tokens[key] = (await t.login(account.username, account.password)).access;
  }
  const created = await t.request('POST', '/iot/users', {
    token: tokens.admin,
    body: { username: 'nobody', realname: '路人', password: 'Passw0rd!' },
  });
  expect(created.body.code).toBe(20000);
  tokens.nobody = (await t.login('nobody', 'Passw0rd!')).access;

  ids.project = t.server.seeded.demoProjectId!;
  const tree = await ok<{ children: { id: number; children: { id: number }[] }[] }>(
    'GET',
    `/iot/groups/${ids.project}/tree`,
  );
  ids.area = tree.children[0]!.id;
  ids.site = tree.children[0]!.children[0]!.id;
  ids.firm = (await ok<Page<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', tokens.firm)).list[0]!.id;
  ids.corporation = (await ok<Page<{ id: number }>>('GET', '/iot/corporations/byCurUser', tokens.corp))
    .list[0]!.id;
});
afterAll(() => t.close());

describe('login info', () => {
  it('gives the system administrator the personal menus and system management, never mobile or applet', async () => {
    const info = await ok<{ frontMenus: Record<string, MenuEntry[]>; isSystemAdmin: boolean }>(
      'GET',
      '/iot/users/current/loginInfo',
    );
    expect(info.isSystemAdmin).toBe(true);
    expect(Object.keys(info.frontMenus).sort()).toEqual(['0', '1', '3', '5', '6']);
    expect(info.frontMenus).not.toHaveProperty('8');
    expect(info.frontMenus).not.toHaveProperty('9');
    for (const [key, entries] of Object.entries(info.frontMenus)) {
      expect(entries.length, key).toBeGreaterThan(0);
      for (const entry of flatten(entries)) expect(entry.subSystem, entry.code).toBe(Number(key));
    }
    const system = flatten(info.frontMenus['3']!);
    expect(system.find((e) => e.code === 'router-system-users')?.permission).toBe(31);
    expect(system.find((e) => e.code === 'router-system-tenants')?.children.map((e) => e.code)).toEqual([
      'router-system-gatewayFirms',
      'router-system-corporations',
      'router-system-projects',
      'router-system-orders',
    ]);
  });

  it('gives a system member with a custom role only that role’s system entries', async () => {
    const role = await t.request<{ id: number }>('POST', '/iot/system/roles', {
      token: tokens.admin,
      body: {
        name: '审计员',
        functions: [
          { code: 'router-system-operationLogs', permission: Permission.READ },
          { code: 'router-system-projects', permission: Permission.READ | Permission.UPDATE },
        ],
      },
    });
    expect(role.body.code).toBe(20000);
    const added = await t.request('POST', '/iot/systemMembers', {
      token: tokens.admin,
      body: { username: 'auditor', realname: '审计员', password: 'Passw0rd!', roleId: role.body.data.id },
    });
    expect(added.body.code).toBe(20000);
    const { access } = await t.login('auditor', 'Passw0rd!');

    const info = await ok<{ frontMenus: Record<string, MenuEntry[]>; isSystemAdmin: boolean }>(
      'GET',
      '/iot/users/current/loginInfo',
      access,
    );
    expect(info.isSystemAdmin).toBe(false);
    expect(Object.keys(info.frontMenus).sort()).toEqual(['0', '1', '3', '5', '6']);
    expect(info.frontMenus['3']!.map((e) => [e.code, e.children.map((c) => [c.code, c.permission])])).toEqual(
      [
        ['router-system-tenants', [['router-system-projects', 3]]],
        ['router-system-settings', [['router-system-operationLogs', 1]]],
      ],
    );
    expect(await menusOf('type=system', access)).toEqual(info.frontMenus['3']);
    // Holding system entries grants nothing inside projects.
    expect(await menusOf(`type=project&id=${ids.project}&checkHas=true`, access)).toBe(false);
  });

  it('gives other users the personal menus only', async () => {
    for (const token of [tokens.operator, tokens.projectAdmin, tokens.nobody]) {
      const info = await ok<{ frontMenus: Record<string, MenuEntry[]>; isSystemAdmin: boolean }>(
        'GET',
        '/iot/users/current/loginInfo',
        token,
      );
      expect(info.isSystemAdmin).toBe(false);
      expect(Object.keys(info.frontMenus).sort()).toEqual(['0', '1', '5', '6']);
      expect(info.frontMenus['1']!.map((e) => e.code)).toEqual([
        'router-myProjects',
        'router-myCorporations',
        'router-myGatewayFirms',
      ]);
    }
  });
});

describe('menu generation', () => {
  it('gives demo-operator exactly what its role grants, nested in containers, with the group id', async () => {
    const tree = (await menusOf(`type=project&id=${ids.project}`, tokens.operator)) as MenuEntry[];
    for (const entry of tree) menuEntry.parse(entry);
    const shape = (entries: MenuEntry[]): unknown =>
      entries.map((e) =>
        e.component
          ? [e.code, e.permission]
          : { container: e.code, children: shape(e.children) as unknown[] },
      );
    expect(shape(tree)).toEqual([
      ['router-project', Permission.READ],
      ['router-toolSet', Permission.READ],
      ['router-ai-assistant', Permission.READ],
      {
        container: 'router-monitor',
        children: [
          ['router-realTimeData', 1],
          ['router-historicalData', 1],
          ['router-trend', 1],
          ['router-ranking', 1],
          ['router-equipmentMonitor', 1],
        ],
      },
      {
        container: 'router-device',
        children: [
          ['router-projectGateway', 1],
          ['router-project-group', 1],
        ],
      },
      {
        container: 'router-warning',
        children: [
          ['router-warningList', 3],
          ['router-warningAnalysis', 1],
          ['router-equipmentMalfunctionRecord', 11],
        ],
      },
      {
        container: 'router-operation',
        children: [
          ['router-equipment', 1],
          ['router-maintenancePlan', 1],
          ['router-maintenanceTaskList', 3],
          ['router-maintenanceRecord', 1],
          ['router-maintenanceStatistics', 1],
          ['router-dutySchedule', 1],
        ],
      },
      { container: 'router-visual', children: [['router-videoSurveillance', 1]] },
    ]);
    for (const entry of flatten(tree)) {
      expect(entry, entry.code).toMatchObject({
        groupId: ids.project,
        firmId: null,
        subSystem: SubSystem.PROJECT,
      });
    }
    expect(tree.find((e) => e.code === 'router-toolSet')?.hidden).toBe(true);
    expect(tree.find((e) => e.code === 'router-project')).toMatchObject({
      path: 'projectHD/hd',
      component: 'projects/ProjectHome',
      title: '项目首页',
      alias: '项目首页',
      icon: 'home',
      hidden: false,
      children: [],
    });
  });

  it('an area id yields the project’s menu, tagged with that group id', async () => {
    const viaArea = (await menusOf(`type=project&id=${ids.area}`, tokens.operator)) as MenuEntry[];
    const viaProject = (await menusOf(`type=project&id=${ids.project}`, tokens.operator)) as MenuEntry[];
    expect(flatten(viaArea).map((e) => [e.code, e.permission])).toEqual(
      flatten(viaProject).map((e) => [e.code, e.permission]),
    );
    expect(flatten(viaArea).every((e) => e.groupId === ids.area)).toBe(true);
  });

  it('gives the project administrator every project entry with all its bits', async () => {
    const entries = flatten(
      (await menusOf(`type=project&id=${ids.project}`, tokens.projectAdmin)) as MenuEntry[],
    );
    const screens = MENU_CATALOGUE.filter((m) => m.subSystem === SubSystem.PROJECT && m.component);
    expect(entries.filter((e) => e.component).map((e) => [e.code, e.permission])).toEqual(
      screens.map((m) => [m.code, m.bits]),
    );
    const site = flatten((await menusOf(`type=group&id=${ids.site}`, tokens.projectAdmin)) as MenuEntry[]);
    expect(site.map((e) => e.code)).toEqual([
      'router-site-home',
      'router-site-realTimeData',
      'router-site-processDiagram',
    ]);
    expect(site.every((e) => e.subSystem === SubSystem.SITE && e.groupId === ids.site)).toBe(true);
    // The operator's role grants the site's home and live data (read), not its process diagram.
    const operatorSite = flatten(
      (await menusOf(`type=group&id=${ids.site}`, tokens.operator)) as MenuEntry[],
    );
    expect(operatorSite.map((e) => [e.code, e.permission])).toEqual([
      ['router-site-home', 1],
      ['router-site-realTimeData', 1],
    ]);
    // A member of no project of that site gets none.
    expect(await menusOf(`type=group&id=${ids.site}`, tokens.firm)).toEqual([]);
  });

  it('checkHas answers whether the user has any entry there', async () => {
    const query = `type=project&id=${ids.project}`;
    expect(await menusOf(`${query}&checkHas=true`, tokens.operator)).toBe(true);
    expect(await menusOf(`${query}&checkHas=1`, tokens.projectAdmin)).toBe(true);
    expect(await menusOf(`${query}&checkHas=true`, tokens.nobody)).toBe(false);
    expect(await menusOf(`${query}&checkHas=true`, tokens.corp)).toBe(false);
    expect(await menusOf(query, tokens.nobody)).toEqual([]);
    expect(await menusOf(`${query}&checkHas=false`, tokens.nobody)).toEqual([]);
    expect(await menusOf('type=project&id=99999&checkHas=true', tokens.operator)).toBe(false);
  });

  it('type=system is empty for a non-member of the system', async () => {
    for (const token of [tokens.operator, tokens.projectAdmin, tokens.corp, tokens.firm, tokens.nobody]) {
      expect(await menusOf('type=system', token)).toEqual([]);
    }
    const system = (await menusOf('type=system', tokens.admin)) as MenuEntry[];
    expect(system.map((e) => e.code)).toEqual([
      'router-system-tenants',
      'router-system-permissions',
      'router-system-settings',
    ]);
  });

  it('type=firm gives the firm administrator its menu with firmId set', async () => {
    const tree = (await menusOf(`type=firm&id=${ids.firm}`, tokens.firm)) as MenuEntry[];
    const gateway = tree.find((e) => e.code === 'router-firmGateway');
    expect(gateway).toMatchObject({
      firmId: ids.firm,
      groupId: null,
      permission: 31,
      subSystem: SubSystem.GATEWAY_FIRM,
    });
    expect(tree.every((e) => e.firmId === ids.firm)).toBe(true);
    expect(await menusOf(`type=firm&id=${ids.firm}`, tokens.operator)).toEqual([]);
    expect(await menusOf(`type=firm&id=${ids.firm}&checkHas=true`, tokens.corp)).toBe(false);
  });

  it('type=corporation gives the corporation administrator its menu', async () => {
    const tree = (await menusOf(`type=corporation&id=${ids.corporation}`, tokens.corp)) as MenuEntry[];
    expect(tree.map((e) => e.code)).toEqual(
      MENU_CATALOGUE.filter((m) => m.subSystem === SubSystem.CORPORATION).map((m) => m.code),
    );
    expect(await menusOf(`type=corporation&id=${ids.corporation}&checkHas=true`, tokens.firm)).toBe(false);
  });

  it('answers nothing for a firm or corporation that does not exist, even to a system administrator', async () => {
    for (const type of ['firm', 'corporation', 'project', 'group']) {
      expect(await menusOf(`type=${type}&id=99999`, tokens.admin), type).toEqual([]);
      expect(await menusOf(`type=${type}&id=99999&checkHas=true`, tokens.admin), type).toBe(false);
    }
    expect(await ok('GET', '/iot/corporations/99999/functions')).toEqual([]);
  });

  it('gives every entry an icon, for the operator, the corporation and the firm administrator', async () => {
    const trees = [
      await menusOf(`type=project&id=${ids.project}`, tokens.operator),
      await menusOf(`type=corporation&id=${ids.corporation}`, tokens.corp),
      await menusOf(`type=firm&id=${ids.firm}`, tokens.firm),
    ] as MenuEntry[][];
    for (const tree of trees) {
      expect(tree.length).toBeGreaterThan(0);
      for (const entry of flatten(tree)) expect(entry.icon, entry.code).toMatch(/^[a-z][a-z-]*$/);
    }
    const info = await ok<{ frontMenus: Record<string, MenuEntry[]> }>(
      'GET',
      '/iot/users/current/loginInfo',
      tokens.operator,
    );
    for (const entry of flatten(Object.values(info.frontMenus).flat()))
      expect(entry.icon, entry.code).toBeTruthy();
    // 账号安全 and 消息设置 are tabs of 个人中心: delivered (roles, bookmarks) but hidden from menus.
    const personal = flatten(Object.values(info.frontMenus).flat());
    for (const code of ['router-userSecurity', 'router-messageSetting']) {
      expect(personal.find((e) => e.code === code)?.hidden, code).toBe(true);
    }
  });

  it('requires a scope id except for type=system, and a known type', async () => {
    const missing = await t.request('GET', '/iot/users/current/menus?type=project', {
      token: tokens.operator,
    });
    expect(missing).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(missing.body.message).toContain('id');
    const unknown = await t.request('GET', '/iot/users/current/menus?type=mobile&id=1', {
      token: tokens.operator,
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 40000 } });
    const anonymous = await t.request('GET', `/iot/users/current/menus?type=project&id=${ids.project}`);
    expect(anonymous).toMatchObject({ status: 401, body: { code: 50001 } });
  });
});

describe('the menu catalogue', () => {
  it('lists the entries of a sub-system with their bits', async () => {
    const project = await ok<{ code: string; bits: number; subSystem: number; parent?: string }[]>(
      'GET',
      '/iot/system/frontMenus?subSystem=4',
      tokens.operator,
    );
    expect(project.map((m) => m.code)).toEqual(
      MENU_CATALOGUE.filter((m) => m.subSystem === SubSystem.PROJECT).map((m) => m.code),
    );
    expect(project.every((m) => m.subSystem === 4)).toBe(true);
    expect(project.find((m) => m.code === 'router-realTimeData')).toMatchObject({
      bits: Permission.READ,
      parent: 'router-monitor',
    });
    expect(project.find((m) => m.code === 'router-projectGateway')?.bits).toBe(31);
    expect(project.find((m) => m.code === 'router-equipment')?.bits).toBe(15);

    const all = await ok<unknown[]>('GET', '/iot/system/frontMenus', tokens.operator);
    expect(all).toHaveLength(MENU_CATALOGUE.length);
    expect(await ok('GET', '/iot/system/frontMenus?subSystem=10', tokens.operator)).toHaveLength(
      MENU_CATALOGUE.filter((m) => m.subSystem === 10).length,
    );
    const invalid = await t.request('GET', '/iot/system/frontMenus?subSystem=11', { token: tokens.operator });
    expect(invalid).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});

describe('corporation functions', () => {
  it('answers the corporation administrator’s functions, and nothing for a non-member', async () => {
    const url = `/iot/corporations/${ids.corporation}/functions`;
    const functions = await ok<RoleFunction[]>('GET', url, tokens.corp);
    expect(functions.length).toBeGreaterThan(0);
    expect(functions).toContainEqual({ code: 'router-corporation-project', permission: 3 });
    expect(functions).toContainEqual({ code: 'router-corporation-roles', permission: 15 });
    expect(await ok('GET', url, tokens.operator)).toEqual([]);
    expect(await ok('GET', url, tokens.nobody)).toEqual([]);
  });
});
