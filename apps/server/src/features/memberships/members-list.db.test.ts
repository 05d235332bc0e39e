import { Messages, type Page } from '@iot/contracts';
import type { Member, MemberOption } from '@iot/contracts/memberships';
import type { Role, RoleOption } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/**
 * 成员管理's list (issue 12, one list pattern): server paging in the order members joined, keyword
 * and role filters, who is the scope's only administrator, and the unpaged options pickers read —
 * every answer limited to the scope in the address.
 */
let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let warningReader: string;
let projectA: number;
let projectB: number;
let inspectorA: number;
let inspectorB: number;

const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });
const membersA = () => `/iot/groups/${projectA}/users`;
const membersB = () => `/iot/groups/${projectB}/users`;
const page = (url: string, query: string, token = admin) =>
  ok<Page<Member>>('GET', `${url}?${query}`, undefined, token);

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  projectA = t.server.seeded.demoProjectId!;
  projectB = (await ok<{ projectGroupId: number }>('POST', '/iot/projects', { name: '乙项目' }))
    .projectGroupId;
  const role = (groupId: number, name: string, functions: { code: string; permission: number }[]) =>
    ok<Role>('POST', `/iot/groups/${groupId}/roles`, { name, functions });
  inspectorA = (await role(projectA, '巡检', [{ code: 'router-realTimeData', permission: 1 }])).id;
  inspectorB = (await role(projectB, '巡检', [])).id;
  // Eleven inspectors join A, one after the other; the fifth has a mobile number.
  for (let i = 1; i <= 11; i++) {
    const n = String(i).padStart(2, '0');
    await ok('POST', membersA(), {
      username: `Inspector-${n}`,
      realname: `巡检员${n}`,
      ...(i === 5 ? { mobile: '13955550005' } : {}),
      password: 'Passw0rd!',
      roleId: inspectorA,
    });
  }
  // B has a member who matches every keyword A's members do, and is no member of A.
  await ok('POST', membersB(), {
    username: 'Inspector-99',
    realname: '巡检员99',
    mobile: '13955550099',
    password: 'Passw0rd!',
    roleId: inspectorB,
  });
  const reader = await role(projectA, '预警设置只读', [{ code: 'router-warningSetting', permission: 1 }]);
  await ok('POST', membersA(), {
    username: 'warning-reader',
    realname: '预警设置员',
    password: 'Passw0rd!',
    roleId: reader.id,
  });
  warningReader = (await t.login('warning-reader', 'Passw0rd!')).access;
});
afterAll(() => t?.close());

describe('paging', () => {
  it('answers one page with the total, in the order members joined', async () => {
    const first = await page(membersA(), 'page=0&size=4', projectAdmin);
    // The demo administrator and operator, eleven inspectors, the warning reader.
    expect(first).toMatchObject({ page: 0, size: 4, total: 14 });
    expect(first.list.map((m) => m.username)).toEqual([
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.operator.username,
      'Inspector-01',
      'Inspector-02',
    ]);
    expect((await page(membersA(), 'page=3&size=4')).list.map((m) => m.username)).toEqual([
      'Inspector-11',
      'warning-reader',
    ]);
    expect((await page(membersA(), 'page=4&size=4')).list).toEqual([]);
    for (const query of ['size=0', 'size=1001', 'page=-1', 'roleId=abc']) {
      const answer = await t.request('GET', `${membersA()}?${query}`, { token: admin });
      expect(answer, query).toMatchObject({ status: 400, body: { code: 40000 } });
    }
  });

  it('tells who holds the administrator role and whether they are its only holder', async () => {
    const [demoAdmin] = (await page(membersA(), `keyword=${DEMO_ACCOUNTS.projectAdmin.username}`)).list;
    expect(demoAdmin).toMatchObject({ admin: true, lastAdmin: true, roleName: '项目管理员' });
    const [inspector] = (await page(membersA(), 'keyword=Inspector-01')).list;
    expect(inspector).toMatchObject({ admin: false, lastAdmin: false, roleName: '巡检' });

    // A second administrator: neither is the last any more.
    const adminRole = (await ok<RoleOption[]>('GET', `/iot/groups/${projectA}/roles/options`)).find(
      (r) => r.builtin === 'admin',
    )!;
    await ok('PUT', `${membersA()}/${inspector!.userId}`, { roleId: adminRole.id });
    const admins = (await page(membersA(), `roleId=${adminRole.id}`)).list;
    expect(admins.map((m) => [m.admin, m.lastAdmin])).toEqual([
      [true, false],
      [true, false],
    ]);
    await ok('PUT', `${membersA()}/${inspector!.userId}`, { roleId: inspectorA });
    expect((await page(membersA(), `roleId=${adminRole.id}`)).list[0]).toMatchObject({ lastAdmin: true });
  });
});

describe('search and filters', () => {
  it('matches the keyword in the username, the real name or the mobile, ignoring case', async () => {
    expect((await page(membersA(), 'keyword=inspector-1')).list.map((m) => m.username)).toEqual([
      'Inspector-10',
      'Inspector-11',
    ]);
    expect((await page(membersA(), 'keyword=巡检员0&size=100')).total).toBe(9);
    expect((await page(membersA(), 'keyword=5550005')).list.map((m) => m.username)).toEqual(['Inspector-05']);
    expect((await page(membersA(), `keyword=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('roleId keeps the members holding that role; a role of another scope finds nobody', async () => {
    const inspectors = await page(membersA(), `roleId=${inspectorA}&size=100`);
    expect(inspectors.total).toBe(11);
    expect(inspectors.list.every((m) => m.roleId === inspectorA)).toBe(true);
    expect((await page(membersA(), `roleId=${inspectorA}&keyword=巡检员1`)).total).toBe(2);
    expect((await page(membersA(), `roleId=${inspectorB}`)).total).toBe(0);
  });
});

describe('tenant scope', () => {
  it('another project’s members never appear, and its list is closed to A’s administrator', async () => {
    const b = await page(membersB(), 'size=100');
    expect(b.list.map((m) => m.username)).toEqual(['Inspector-99']);
    for (const query of ['keyword=Inspector-99', 'keyword=13955550099', 'keyword=巡检员99', 'size=1000']) {
      const a = await page(membersA(), query, projectAdmin);
      expect(
        a.list.map((m) => m.username),
        query,
      ).not.toContain('Inspector-99');
    }
    const options = await ok<MemberOption[]>('GET', `${membersA()}/options`, undefined, projectAdmin);
    expect(options.map((m) => m.username)).not.toContain('Inspector-99');
    for (const url of [membersB(), `${membersB()}/options`]) {
      const answer = await t.request('GET', url, { token: projectAdmin });
      expect(answer, url).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
  });
});

describe('options for pickers', () => {
  it('answer every member with name, mobile and role to the warning settings; not to the operator', async () => {
    const options = await ok<MemberOption[]>('GET', `${membersA()}/options`, undefined, warningReader);
    expect(options.length).toBe(14);
    expect(options.find((m) => m.username === 'Inspector-05')).toEqual({
      userId: expect.any(Number),
      username: 'Inspector-05',
      realname: '巡检员05',
      mobile: '13955550005',
      roleId: inspectorA,
    });
    // The list itself stays 成员管理's.
    expect((await t.request('GET', membersA(), { token: warningReader })).status).toBe(403);
    const refused = await t.request('GET', `${membersA()}/options`, { token: operator });
    expect(refused).toMatchObject({ status: 403, body: { code: 40000 } });
  });

  it('the system members’ options are the system scope’s', async () => {
    const options = await ok<MemberOption[]>('GET', '/iot/systemMembers/options');
    expect(options.map((m) => m.username)).toEqual(['admin']);
  });
});
