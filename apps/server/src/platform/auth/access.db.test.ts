import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/**
 * The permission hook, family by family: each route is called by someone who may (to prove the
 * call itself works) and by someone who may not — lacking the bit, or belonging to another tenant.
 */

type Actor =
  | 'admin'
  | 'auditor'
  | 'projectAdminA'
  | 'operatorA'
  | 'projectAdminB'
  | 'firmAdminA'
  | 'corpAdminA'
  | 'nobody';

let t: TestServer;
const tokens = {} as Record<Actor, string>;
const ids = {
  projectA: 0,
  areaA: 0,
  siteA: 0,
  projectB: 0,
  firmA: 0,
  firmB: 0,
  corpA: 0,
  corpB: 0,
  operatorA: 0,
};

const ok = <T>(method: string, url: string, body?: unknown) =>
  t.ok<T>(method, url, { token: tokens.admin, body });

beforeAll(async () => {
  t = await startServer();
  tokens.admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  for (const [actor, account] of [
    ['projectAdminA', DEMO_ACCOUNTS.projectAdmin],
    ['operatorA', DEMO_ACCOUNTS.operator],
    ['firmAdminA', DEMO_ACCOUNTS.firmAdmin],
    ['corpAdminA', DEMO_ACCOUNTS.corporationAdmin],
  ] as const) {
    tokens[actor] = (await t.login(account.username, account.password)).access;
  }

  ids.projectA = t.server.seeded.demoProjectId!;
  const tree = await ok<{ children: { id: number; children: { id: number }[] }[] }>(
    'GET',
    `/iot/groups/${ids.projectA}/tree`,
  );
  ids.areaA = tree.children[0]!.id;
  ids.siteA = tree.children[0]!.children[0]!.id;
  ids.projectB = (
    await ok<{ projectGroupId: number }>('POST', '/iot/projects', { name: '乙项目' })
  ).projectGroupId;
  ids.firmA = (await ok<{ list: { id: number }[] }>('GET', '/iot/gatewayFirms')).list[0]!.id;
  ids.firmB = (
    await ok<{ id: number }>('POST', '/iot/gatewayFirms', { name: '乙厂商', identificationCode: 'YI' })
  ).id;
  ids.corpA = (await ok<{ list: { id: number }[] }>('GET', '/iot/corporations')).list[0]!.id;
  ids.corpB = (
    await ok<{ id: number }>('POST', '/iot/corporations', {
      name: '乙公司',
      owner: '李四',
      ownerMobile: '13600000000',
    })
  ).id;

  // Project B's administrator, a system member who may only read users, and a user with no place anywhere.
  const rolesB = await ok<{ id: number; builtin: string | null }[]>(
    'GET',
    `/iot/groups/${ids.projectB}/roles/options`,
  );
  await ok('POST', `/iot/groups/${ids.projectB}/users`, {
    username: 'b-admin',
    realname: '乙管理员',
    password: 'Passw0rd!',
    roleId: rolesB.find((r) => r.builtin === 'admin')!.id,
  });
  const auditorRole = await ok<{ id: number }>('POST', '/iot/system/roles', {
    name: '审计员',
    functions: [{ code: 'router-system-users', permission: 1 }],
  });
  await ok('POST', '/iot/systemMembers', {
    username: 'auditor',
    realname: '审计员',
    password: 'Passw0rd!',
    roleId: auditorRole.id,
  });
  await ok('POST', '/iot/users', { username: 'nobody', realname: '无归属', password: 'Passw0rd!' });
  tokens.projectAdminB = (await t.login('b-admin', 'Passw0rd!')).access;
  tokens.auditor = (await t.login('auditor', 'Passw0rd!')).access;
  tokens.nobody = (await t.login('nobody', 'Passw0rd!')).access;
  const members = await ok<{ userId: number; username: string }[]>(
    'GET',
    `/iot/groups/${ids.projectA}/users/options`,
  );
  ids.operatorA = members.find((m) => m.username === DEMO_ACCOUNTS.operator.username)!.userId;
});
afterAll(() => t.close());

interface Case {
  family: string;
  method: string;
  url: () => string;
  body?: () => unknown;
  allowed: Actor[];
  refused: Actor[];
}

const role = { name: '临时角色', functions: [] };

const cases: Case[] = [
  // System scope: the users screen's bits decide.
  {
    family: 'users',
    method: 'GET',
    url: () => '/iot/users',
    allowed: ['admin', 'auditor'],
    refused: ['projectAdminA', 'nobody'],
  },
  {
    family: 'users',
    method: 'POST',
    url: () => '/iot/users',
    body: () => ({ username: 'x1', realname: 'x', password: 'bad' }),
    allowed: [],
    refused: ['auditor', 'projectAdminA', 'nobody'],
  },
  {
    family: 'users (lock bit)',
    method: 'PUT',
    url: () => `/iot/users/${ids.operatorA}/unlock`,
    allowed: ['admin'],
    refused: ['auditor', 'projectAdminA'],
  },
  {
    family: 'system roles',
    method: 'GET',
    url: () => '/iot/system/roles',
    allowed: ['admin'],
    refused: ['auditor', 'firmAdminA', 'nobody'],
  },
  {
    family: 'system members',
    method: 'GET',
    url: () => '/iot/systemMembers',
    allowed: ['admin'],
    refused: ['auditor', 'corpAdminA', 'nobody'],
  },
  {
    family: 'integration clients',
    method: 'GET',
    url: () => '/iot/system/clients',
    allowed: ['admin'],
    refused: ['auditor', 'nobody'],
  },
  {
    family: 'gateway firms (system)',
    method: 'GET',
    url: () => '/iot/gatewayFirms',
    allowed: ['admin'],
    refused: ['auditor', 'firmAdminA'],
  },
  {
    family: 'corporations (system)',
    method: 'GET',
    url: () => '/iot/corporations',
    allowed: ['admin'],
    refused: ['auditor', 'corpAdminA'],
  },
  {
    family: 'projects (system)',
    method: 'GET',
    url: () => '/iot/projects',
    allowed: ['admin'],
    refused: ['auditor', 'projectAdminA'],
  },
  {
    family: 'project terms and flags',
    method: 'PUT',
    url: () => `/iot/projects/${ids.projectA}/terms`,
    body: () => ({ isDemo: true }),
    allowed: ['admin'],
    refused: ['projectAdminA', 'operatorA', 'auditor'],
  },
  // Project scope: membership of that very project, and the bit on the entry.
  {
    family: 'project settings',
    method: 'GET',
    url: () => `/iot/projects/getProjectByGroupId?groupId=${ids.siteA}`,
    allowed: ['admin', 'projectAdminA', 'operatorA'],
    refused: ['projectAdminB', 'nobody', 'corpAdminA'],
  },
  {
    family: 'project settings',
    method: 'PUT',
    url: () => `/iot/projects/${ids.areaA}`,
    body: () => ({ menuName: '甲' }),
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB'],
  },
  {
    family: 'project navigation',
    method: 'GET',
    url: () => `/iot/projects/nav/${ids.siteA}`,
    allowed: ['projectAdminA', 'operatorA'],
    refused: ['projectAdminB', 'nobody'],
  },
  {
    family: 'groups',
    method: 'GET',
    url: () => `/iot/groups/${ids.areaA}/tree`,
    allowed: ['projectAdminA', 'operatorA'],
    refused: ['projectAdminB', 'nobody'],
  },
  {
    family: 'groups',
    method: 'POST',
    url: () => `/iot/groups/${ids.areaA}/children`,
    body: () => ({ name: `站点${Math.random()}`, groupType: 'site' }),
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB'],
  },
  {
    family: 'project roles',
    method: 'GET',
    url: () => `/iot/groups/${ids.siteA}/roles`,
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB', 'nobody'],
  },
  {
    family: 'project roles',
    method: 'POST',
    url: () => `/iot/groups/${ids.projectA}/roles`,
    body: () => ({ ...role, name: `角色${Math.random()}` }),
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB'],
  },
  {
    family: 'project users',
    method: 'GET',
    url: () => `/iot/groups/${ids.projectA}/users`,
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB', 'corpAdminA'],
  },
  {
    family: 'project users',
    method: 'DELETE',
    url: () => `/iot/groups/${ids.projectA}/users/${ids.operatorA}`,
    allowed: [],
    refused: ['operatorA', 'projectAdminB'],
  },
  {
    family: 'project gateways',
    method: 'GET',
    url: () => `/iot/groups/${ids.siteA}/gateways`,
    allowed: ['projectAdminA', 'operatorA', 'admin'],
    refused: ['projectAdminB', 'firmAdminA', 'nobody'],
  },
  {
    family: 'project gateways',
    method: 'POST',
    url: () => `/iot/groups/${ids.areaA}/gateways`,
    body: () => ({
      serialNumber: `ACL-${Math.random().toString(36).slice(2, 10)}`,
      alias: `网关${Math.random()}`,
    }),
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB'],
  },
  {
    family: 'gateway binding',
    method: 'POST',
    url: () => `/iot/groups/${ids.projectA}/gateways/bind`,
    body: () => ({ serialNumber: 'NONE', bindCode: 'NONE', alias: 'x' }),
    allowed: [],
    refused: ['operatorA', 'projectAdminB', 'firmAdminA'],
  },
  {
    family: 'indicators',
    method: 'GET',
    url: () => `/iot/groups/${ids.areaA}/indicators`,
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB', 'nobody'],
  },
  {
    family: 'indicators',
    method: 'POST',
    url: () => `/iot/groups/${ids.projectA}/indicators`,
    body: () => ({ name: `指标${Math.random()}`, type: 'float' }),
    allowed: ['projectAdminA'],
    refused: ['operatorA', 'projectAdminB'],
  },
  {
    family: 'indicator quota',
    method: 'GET',
    url: () => `/iot/groups/${ids.siteA}/getLeftAccessGatewayIndicatorByGroupId`,
    allowed: ['projectAdminA', 'operatorA'],
    refused: ['projectAdminB', 'corpAdminA', 'nobody'],
  },
  // Gateway firm scope.
  {
    family: 'firm',
    method: 'GET',
    url: () => `/iot/gatewayFirms/${ids.firmA}`,
    allowed: ['firmAdminA', 'admin'],
    refused: ['projectAdminA', 'nobody'],
  },
  {
    family: 'firm',
    method: 'GET',
    url: () => `/iot/gatewayFirms/${ids.firmB}`,
    allowed: ['admin'],
    refused: ['firmAdminA'],
  },
  {
    family: 'firm gateways',
    method: 'GET',
    url: () => `/iot/gatewayFirms/${ids.firmA}/gateways`,
    allowed: ['firmAdminA', 'admin'],
    refused: ['projectAdminA', 'operatorA', 'nobody'],
  },
  {
    family: 'firm gateways',
    method: 'POST',
    url: () => `/iot/gatewayFirms/${ids.firmB}/gateways`,
    body: () => ({ serialNumber: `ACL-${Math.random().toString(36).slice(2, 10)}`, alias: '乙厂商网关' }),
    allowed: ['admin'],
    refused: ['firmAdminA', 'projectAdminA'],
  },
  {
    family: 'firm roles',
    method: 'GET',
    url: () => `/iot/gatewayFirms/${ids.firmA}/roles`,
    allowed: ['firmAdminA'],
    refused: ['operatorA'],
  },
  {
    family: 'firm roles',
    method: 'GET',
    url: () => `/iot/gatewayFirms/${ids.firmB}/roles`,
    allowed: ['admin'],
    refused: ['firmAdminA'],
  },
  {
    family: 'firm users',
    method: 'GET',
    url: () => `/iot/gatewayFirms/${ids.firmB}/users`,
    allowed: ['admin'],
    refused: ['firmAdminA', 'corpAdminA'],
  },
  // Corporation scope.
  {
    family: 'corporation setting',
    method: 'GET',
    url: () => `/iot/corporations/${ids.corpA}/setting`,
    allowed: ['corpAdminA'],
    refused: ['projectAdminA', 'nobody'],
  },
  {
    family: 'corporation setting',
    method: 'GET',
    url: () => `/iot/corporations/${ids.corpB}/setting`,
    allowed: ['admin'],
    refused: ['corpAdminA'],
  },
  {
    family: 'corporation projects',
    method: 'GET',
    url: () => `/iot/corporations/${ids.corpB}/projects`,
    allowed: ['admin'],
    refused: ['corpAdminA', 'projectAdminA'],
  },
  {
    family: 'corporation roles',
    method: 'GET',
    url: () => `/iot/corporations/${ids.corpB}/roles`,
    allowed: ['admin'],
    refused: ['corpAdminA'],
  },
  {
    family: 'corporation users',
    method: 'GET',
    url: () => `/iot/corporations/${ids.corpB}/users`,
    allowed: ['admin'],
    refused: ['corpAdminA'],
  },
];

describe('every route checks the permission bit and the tenant', () => {
  for (const c of cases) {
    for (const actor of c.allowed) {
      it(`${c.family}: ${c.method} allowed for ${actor}`, async () => {
        const answer = await t.request(c.method, c.url(), { token: tokens[actor], body: c.body?.() });
        expect(answer.body.code, answer.body.message).toBe(20000);
      });
    }
    for (const actor of c.refused) {
      it(`${c.family}: ${c.method} refused for ${actor}`, async () => {
        const answer = await t.request(c.method, c.url(), { token: tokens[actor], body: c.body?.() });
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ code: 40000, message: '没有操作权限' });
      });
    }
  }

  it('refuses before validating: a forbidden caller learns nothing from a bad body', async () => {
    const answer = await t.request('POST', '/iot/users', { token: tokens.nobody, body: {} });
    expect(answer.status).toBe(403);
  });

  it('an unknown group id is refused for members of other projects, not reported missing', async () => {
    const answer = await t.request('GET', '/iot/groups/999999/tree', { token: tokens.projectAdminA });
    expect(answer.status).toBe(403);
    const asAdmin = await t.request('GET', '/iot/groups/999999/tree', { token: tokens.admin });
    expect(asAdmin.status).toBe(404);
  });
});

describe('managing people is no way to become an administrator', () => {
  it('a member manager without the admin role cannot grant or take the admin role', async () => {
    const managerRole = await ok<{ id: number }>('POST', '/iot/system/roles', {
      name: '成员专员',
      functions: [{ code: 'router-system-members', permission: 1 | 2 | 8 }],
    });
    await ok('POST', '/iot/systemMembers', {
      username: 'mm-1',
      realname: '成员专员',
      password: 'Passw0rd!',
      roleId: managerRole.id,
    });
    const manager = (await t.login('mm-1', 'Passw0rd!')).access;
    const roles = await ok<{ id: number; builtin: string | null }[]>('GET', '/iot/system/roles/options');
    const adminRole = roles.find((r) => r.builtin === 'admin')!.id;
    const members = await ok<{ userId: number; username: string }[]>('GET', '/iot/systemMembers/options');
    const self = members.find((m) => m.username === 'mm-1')!.userId;

    const promote = await t.request('PUT', `/iot/systemMembers/${self}`, {
      token: manager,
      body: { roleId: adminRole },
    });
    expect(promote).toMatchObject({ status: 403, body: { message: '只有管理员才能授予或收回管理员角色' } });
    const add = await t.request('POST', '/iot/systemMembers', {
      token: manager,
      body: { username: 'mm-2', realname: '新管理员', password: 'Passw0rd!', roleId: adminRole },
    });
    expect(add.status).toBe(403);
    const demote = await t.request('PUT', '/iot/systemMembers/1', {
      token: manager,
      body: { roleId: managerRole.id },
    });
    expect(demote.status).toBe(403);
    // Other roles stay theirs to hand out.
    const plain = await t.request('POST', '/iot/systemMembers', {
      token: manager,
      body: { account: 'nobody', roleId: managerRole.id },
    });
    expect(plain.body.code).toBe(20000);
  });

  it('a project member manager cannot make themselves project administrator', async () => {
    const roles = await ok<{ id: number; builtin: string | null; name: string }[]>(
      'GET',
      `/iot/groups/${ids.projectA}/roles/options`,
    );
    const staffRole = await ok<{ id: number }>('POST', `/iot/groups/${ids.projectA}/roles`, {
      name: '人事',
      functions: [{ code: 'router-project-users', permission: 1 | 2 | 8 }],
    });
    await ok('POST', `/iot/groups/${ids.projectA}/users`, {
      username: 'hr-1',
      realname: '人事',
      password: 'Passw0rd!',
      roleId: staffRole.id,
    });
    const hr = (await t.login('hr-1', 'Passw0rd!')).access;
    const members = await ok<{ userId: number; username: string }[]>(
      'GET',
      `/iot/groups/${ids.projectA}/users/options`,
    );
    const self = members.find((m) => m.username === 'hr-1')!.userId;
    const answer = await t.request('PUT', `/iot/groups/${ids.areaA}/users/${self}`, {
      token: hr,
      body: { roleId: roles.find((r) => r.builtin === 'admin')!.id },
    });
    expect(answer.status).toBe(403);
  });

  it('a user manager cannot take over a system administrator account', async () => {
    const userRole = await ok<{ id: number }>('POST', '/iot/system/roles', {
      name: '账号专员',
      functions: [{ code: 'router-system-users', permission: 31 }],
    });
    await ok('POST', '/iot/systemMembers', {
      username: 'um-1',
      realname: '账号专员',
      password: 'Passw0rd!',
      roleId: userRole.id,
    });
    const manager = (await t.login('um-1', 'Passw0rd!')).access;
    for (const [method, url, body] of [
      ['PUT', '/iot/users/1/password', { password: 'Taken#2026' }],
      ['PUT', '/iot/users/1/bindings', { weixin: 'attacker' }],
      ['PUT', '/iot/users/1', { status: 'disabled' }],
      ['DELETE', '/iot/users/1', undefined],
    ] as const) {
      const answer = await t.request(method, url, { token: manager, body });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    const others = await t.request('PUT', `/iot/users/${ids.operatorA}`, {
      token: manager,
      body: { realname: '改名' },
    });
    expect(others.body.code).toBe(20000);
    await t.login('admin', ADMIN_PASSWORD);
  });
});
