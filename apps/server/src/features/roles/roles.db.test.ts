import { Messages, type Page } from '@iot/contracts';
import { BUILTIN_ROLE_NAMES, type Role, RoleMessages } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
const ids = { project: 0, area: 0, site: 0, otherProject: 0, firm: 0, corporation: 0 };

/** Calls as the system administrator and expects success; answers data. */
const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });

/** Every role of a scope's list (its first 1,000). */
const rolesOf = async (url: string, token = admin) =>
  (await ok<Page<Role>>('GET', `${url}?size=1000`, undefined, token)).list;

/** Functions in a fixed order (the server's order follows the database collation). */
function byCode<T extends { code: string }>(functions: readonly T[]): T[] {
  return [...functions].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  const tree = await ok<{ children: { id: number; children: { id: number }[] }[] }>(
    'GET',
    `/iot/groups/${ids.project}/tree`,
  );
  ids.area = tree.children[0]!.id;
  ids.site = tree.children[0]!.children[0]!.id;
  ids.otherProject = (
    await ok<{ projectGroupId: number }>('POST', '/iot/projects', { name: '乙项目' })
  ).projectGroupId;
  const firmToken = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password))
    .access;
  ids.firm = (
    await ok<{ list: { id: number }[] }>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmToken)
  ).list[0]!.id;
  const corpToken = (
    await t.login(DEMO_ACCOUNTS.corporationAdmin.username, DEMO_ACCOUNTS.corporationAdmin.password)
  ).access;
  ids.corporation = (
    await ok<{ list: { id: number }[] }>('GET', '/iot/corporations/byCurUser', undefined, corpToken)
  ).list[0]!.id;
});
afterAll(() => t.close());

/** The roles URL of each scope, and an entry of that scope a role there may hold. */
function scopes() {
  return [
    {
      scope: 'system',
      url: '/iot/system/roles',
      fn: { code: 'router-system-users', permission: 3 },
      other: { code: 'router-system-roles', permission: 1 },
    },
    {
      scope: 'firm',
      url: `/iot/gatewayFirms/${ids.firm}/roles`,
      fn: { code: 'router-firmGateway', permission: 31 },
      other: { code: 'router-firmware', permission: 9 },
    },
    {
      scope: 'corporation',
      url: `/iot/corporations/${ids.corporation}/roles`,
      fn: { code: 'router-corporation-project', permission: 3 },
      other: { code: 'router-corporation-setting', permission: 1 },
    },
    {
      scope: 'project',
      url: `/iot/groups/${ids.project}/roles`,
      fn: { code: 'router-realTimeData', permission: 1 },
      other: { code: 'router-warningList', permission: 7 },
    },
  ] as const;
}

describe('role CRUD in every scope', () => {
  it('lists the built-in administrator role, then creates, checks, updates and deletes a role', async () => {
    for (const { scope, url, fn, other } of scopes()) {
      const initial = await rolesOf(url);
      expect(
        initial.find((r) => r.builtin === 'admin'),
        scope,
      ).toMatchObject({
        name: BUILTIN_ROLE_NAMES[scope],
        functions: [],
      });

      const created = await ok<Role>('POST', url, {
        name: `巡检员-${scope}`,
        description: '  只读  ',
        functions: [fn],
      });
      expect(created).toMatchObject({
        name: `巡检员-${scope}`,
        description: '只读',
        builtin: null,
        functions: [fn],
      });
      expect((await rolesOf(url)).map((r) => r.id)).toContain(created.id);

      const name = encodeURIComponent(`巡检员-${scope}`);
      expect(await ok<boolean>('GET', `${url}/checkName?name=${name}`)).toBe(false);
      expect(await ok<boolean>('GET', `${url}/checkName?name=${name}&excludeId=${created.id}`)).toBe(true);
      expect(await ok<boolean>('GET', `${url}/checkName?name=${encodeURIComponent('没人用的名字')}`)).toBe(
        true,
      );

      const updated = await ok<Role>('PUT', `${url}/${created.id}`, {
        name: `值班员-${scope}`,
        functions: [fn, other],
      });
      expect(updated.name).toBe(`值班员-${scope}`);
      expect(updated.description).toBe('');
      expect(byCode(updated.functions)).toEqual(byCode([fn, other]));

      await ok('DELETE', `${url}/${created.id}`);
      expect((await rolesOf(url)).map((r) => r.id)).not.toContain(created.id);
      const again = await t.request('DELETE', `${url}/${created.id}`, { token: admin });
      expect(again).toMatchObject({ status: 404, body: { code: 40000, message: RoleMessages.NOT_FOUND } });
    }
  });

  it('reaches a project’s roles through any of its area or site ids', async () => {
    const viaSite = await ok<Role>('POST', `/iot/groups/${ids.site}/roles`, {
      name: '站点值守',
      functions: [{ code: 'router-site-home', permission: 1 }],
    });
    const viaProject = await rolesOf(`/iot/groups/${ids.project}/roles`);
    expect(viaProject.map((r) => r.id)).toContain(viaSite.id);
    expect(await rolesOf(`/iot/groups/${ids.area}/roles`)).toEqual(viaProject);
    expect(await ok<boolean>('GET', `/iot/groups/${ids.area}/roles/checkName?name=站点值守`)).toBe(false);
    await ok('PUT', `/iot/groups/${ids.area}/roles/${viaSite.id}`, { name: '站点值守', functions: [] });
    await ok('DELETE', `/iot/groups/${ids.site}/roles/${viaSite.id}`);
  });

  it('drops entries granted no bits', async () => {
    const role = await ok<Role>('POST', `/iot/groups/${ids.project}/roles`, {
      name: '空白角色',
      functions: [
        { code: 'router-trend', permission: 0 },
        { code: 'router-ranking', permission: 1 },
      ],
    });
    expect(role.functions).toEqual([{ code: 'router-ranking', permission: 1 }]);
  });

  it('lets the project administrator manage roles, and refuses a member without the roles entry', async () => {
    const url = `/iot/groups/${ids.project}/roles`;
    const role = await ok<Role>('POST', url, { name: '管理员建的', functions: [] }, projectAdmin);
    await ok('DELETE', `${url}/${role.id}`, undefined, projectAdmin);

    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: '运维建的', functions: [] }],
    ] as const) {
      const refused = await t.request(method, url, { token: operator, body });
      expect(refused).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
    const system = await t.request('GET', '/iot/system/roles', { token: projectAdmin });
    expect(system).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('role names', () => {
  it('refuses a name already used in the scope with 409, also after trimming and on rename', async () => {
    const url = `/iot/groups/${ids.project}/roles`;
    expect(await ok<boolean>('GET', `${url}/checkName?name=${encodeURIComponent('运维人员')}`)).toBe(false);
    for (const name of ['运维人员', '  运维人员 ', BUILTIN_ROLE_NAMES.project]) {
      const answer = await t.request('POST', url, { token: admin, body: { name, functions: [] } });
      expect(answer).toMatchObject({ status: 409, body: { code: 40000, message: RoleMessages.NAME_TAKEN } });
    }
    const role = await ok<Role>('POST', url, { name: '临时角色', functions: [] });
    const rename = await t.request('PUT', `${url}/${role.id}`, {
      token: admin,
      body: { name: '运维人员', functions: [] },
    });
    expect(rename).toMatchObject({ status: 409, body: { message: RoleMessages.NAME_TAKEN } });
    await ok('PUT', `${url}/${role.id}`, { name: '临时角色', description: '保留原名', functions: [] });
  });

  it('allows the same name in another scope', async () => {
    const role = await ok<Role>('POST', `/iot/groups/${ids.otherProject}/roles`, {
      name: '运维人员',
      functions: [],
    });
    expect(role.name).toBe('运维人员');
    expect(
      await ok<boolean>(
        'GET',
        `/iot/groups/${ids.otherProject}/roles/checkName?name=${encodeURIComponent('运维人员')}`,
      ),
    ).toBe(false);
  });

  it('requires a name', async () => {
    const answer = await t.request('POST', `/iot/groups/${ids.project}/roles`, {
      token: admin,
      body: { name: '   ', functions: [] },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(answer.body.message).toContain('name');
  });
});

describe('role functions', () => {
  async function refused(url: string, functions: unknown[]) {
    const answer = await t.request('POST', url, { token: admin, body: { name: '校验角色', functions } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
    return answer.body.message;
  }

  it('refuses an unknown menu code', async () => {
    const message = await refused(`/iot/groups/${ids.project}/roles`, [
      { code: 'router-doesNotExist', permission: 1 },
    ]);
    expect(message.startsWith(RoleMessages.UNKNOWN_MENU)).toBe(true);
    expect(message).toContain('router-doesNotExist');
  });

  it('refuses a menu of another scope', async () => {
    const cases: [string, string][] = [
      [`/iot/groups/${ids.project}/roles`, 'router-system-users'],
      [`/iot/groups/${ids.project}/roles`, 'router-firmGateway'],
      ['/iot/system/roles', 'router-realTimeData'],
      [`/iot/gatewayFirms/${ids.firm}/roles`, 'router-corporation-project'],
      [`/iot/corporations/${ids.corporation}/roles`, 'router-projectGateway'],
      // Personal sub-systems belong to every user, never to a role.
      [`/iot/groups/${ids.project}/roles`, 'router-usercenter'],
    ];
    for (const [url, code] of cases) {
      const message = await refused(url, [{ code, permission: 1 }]);
      expect(message, `${url} ${code}`).toContain(RoleMessages.MENU_OUT_OF_SCOPE);
    }
  });

  it('refuses bits the entry does not have', async () => {
    for (const [code, permission] of [
      ['router-realTimeData', 16],
      ['router-realTimeData', 3],
      ['router-projectSetting', 8],
    ] as const) {
      const message = await refused(`/iot/groups/${ids.project}/roles`, [{ code, permission }]);
      expect(message, `${code} ${permission}`).toContain(RoleMessages.BITS_NOT_ALLOWED);
    }
    const outOfRange = await refused(`/iot/groups/${ids.project}/roles`, [
      { code: 'router-projectGateway', permission: 32 },
    ]);
    expect(outOfRange).toContain('permission');
  });

  it('refuses the same entry twice', async () => {
    const message = await refused(`/iot/groups/${ids.project}/roles`, [
      { code: 'router-trend', permission: 1 },
      { code: 'router-trend', permission: 1 },
    ]);
    expect(message).toContain('router-trend');
  });

  it('validates functions on update as well', async () => {
    const role = await ok<Role>('POST', `/iot/groups/${ids.project}/roles`, {
      name: '待改角色',
      functions: [{ code: 'router-trend', permission: 1 }],
    });
    const answer = await t.request('PUT', `/iot/groups/${ids.project}/roles/${role.id}`, {
      token: admin,
      body: { name: '待改角色', functions: [{ code: 'router-realTimeData', permission: 16 }] },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(answer.body.message).toContain(RoleMessages.BITS_NOT_ALLOWED);
    const roles = await rolesOf(`/iot/groups/${ids.project}/roles`);
    expect(roles.find((r) => r.id === role.id)?.functions).toEqual([{ code: 'router-trend', permission: 1 }]);
  });
});

describe('protected roles', () => {
  it('the built-in administrator role can be neither updated nor deleted', async () => {
    for (const { scope, url } of scopes()) {
      const builtin = (await rolesOf(url)).find((r) => r.builtin === 'admin')!;
      const update = await t.request('PUT', `${url}/${builtin.id}`, {
        token: admin,
        body: { name: '改名的管理员', functions: [] },
      });
      expect(update, url).toMatchObject({
        status: 400,
        body: { code: 40000, message: RoleMessages.BUILTIN_READONLY },
      });
      const remove = await t.request('DELETE', `${url}/${builtin.id}`, { token: admin });
      expect(remove, url).toMatchObject({
        status: 400,
        body: { code: 40000, message: RoleMessages.BUILTIN_READONLY },
      });
      expect((await rolesOf(url)).find((r) => r.id === builtin.id)?.name).toBe(BUILTIN_ROLE_NAMES[scope]);
    }
  });

  it('a role held by a member cannot be deleted', async () => {
    const url = `/iot/groups/${ids.project}/roles`;
    const operatorRole = (await rolesOf(url)).find((r) => r.name === '运维人员')!;
    const answer = await t.request('DELETE', `${url}/${operatorRole.id}`, { token: admin });
    expect(answer).toMatchObject({ status: 400, body: { code: 40000, message: RoleMessages.IN_USE } });
    expect((await rolesOf(url)).map((r) => r.id)).toContain(operatorRole.id);
  });
});

describe('tenant isolation', () => {
  it('roles of one project are invisible and unreachable through another project’s URL', async () => {
    const roleOfA = (await rolesOf(`/iot/groups/${ids.project}/roles`)).find((r) => r.name === '运维人员')!;
    const listB = await rolesOf(`/iot/groups/${ids.otherProject}/roles`);
    expect(listB.map((r) => r.id)).not.toContain(roleOfA.id);

    const base = `/iot/groups/${ids.otherProject}/roles/${roleOfA.id}`;
    const put = await t.request('PUT', base, { token: admin, body: { name: '被改了', functions: [] } });
    expect(put).toMatchObject({ status: 404, body: { code: 40000, message: RoleMessages.NOT_FOUND } });
    const del = await t.request('DELETE', base, { token: admin });
    expect(del).toMatchObject({ status: 404, body: { message: RoleMessages.NOT_FOUND } });

    const stillThere = (await rolesOf(`/iot/groups/${ids.project}/roles`)).find((r) => r.id === roleOfA.id);
    expect(stillThere?.name).toBe('运维人员');
  });

  it('a role of another scope type is unreachable through a firm or corporation URL', async () => {
    const corporationRole = (await rolesOf(`/iot/corporations/${ids.corporation}/roles`))[0]!;
    const answer = await t.request('DELETE', `/iot/gatewayFirms/${ids.firm}/roles/${corporationRole.id}`, {
      token: admin,
    });
    expect(answer).toMatchObject({ status: 404, body: { message: RoleMessages.NOT_FOUND } });
    const systemRole = (await rolesOf('/iot/system/roles'))[0]!;
    const viaProject = await t.request('PUT', `/iot/groups/${ids.project}/roles/${systemRole.id}`, {
      token: admin,
      body: { name: '越权', functions: [] },
    });
    expect(viaProject).toMatchObject({ status: 404, body: { message: RoleMessages.NOT_FOUND } });
  });

  it('a project administrator cannot reach another project’s roles', async () => {
    const answer = await t.request('GET', `/iot/groups/${ids.otherProject}/roles`, { token: projectAdmin });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
    const create = await t.request('POST', `/iot/groups/${ids.otherProject}/roles`, {
      token: projectAdmin,
      body: { name: '潜入', functions: [] },
    });
    expect(create).toMatchObject({ status: 403, body: { code: 40000 } });
  });

  it('answers 404 to a system administrator for a scope that does not exist', async () => {
    for (const url of [
      '/iot/gatewayFirms/99999/roles',
      '/iot/corporations/99999/roles',
      '/iot/groups/99999/roles',
    ]) {
      const answer = await t.request('GET', url, { token: admin });
      expect(answer, url).toMatchObject({ status: 404, body: { code: 40000 } });
    }
  });
});
