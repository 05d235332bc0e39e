import { Messages, type Page } from '@iot/contracts';
import type { Role, RoleOption } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/**
 * 角色管理's list (issue 12, one list pattern): server paging, keyword and source filters, member
 * counts, and the unpaged options pickers read — every answer limited to the scope in the address.
 */
let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let memberManager: string;
let warningReader: string;
let projectA: number;
let projectB: number;
let firmId: number;

const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });
const rolesA = () => `/iot/groups/${projectA}/roles`;
const rolesB = () => `/iot/groups/${projectB}/roles`;
const page = (url: string, query: string, token = admin) =>
  ok<Page<Role>>('GET', `${url}?${query}`, undefined, token);

/** A member of project A with just these menu entries. */
async function memberWith(username: string, functions: { code: string; permission: number }[]) {
  const role = await ok<Role>('POST', rolesA(), { name: `${username}角色`, functions });
  await ok('POST', `/iot/groups/${projectA}/users`, {
    username,
    realname: username,
    password: 'Passw0rd!',
    roleId: role.id,
  });
  return (await t.login(username, 'Passw0rd!')).access;
}

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  projectA = t.server.seeded.demoProjectId!;
  projectB = (await ok<{ projectGroupId: number }>('POST', '/iot/projects', { name: '乙项目' }))
    .projectGroupId;
  firmId = (await ok<{ list: { id: number }[] }>('GET', '/iot/gatewayFirms')).list[0]!.id;
  // Twelve inspectors in A (every third on night shift), and one of the same name in B.
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    await ok('POST', rolesA(), {
      name: `巡检员${n}`,
      description: i % 3 === 0 ? `夜班 Night-Shift 100%` : '白班',
      functions: [{ code: 'router-realTimeData', permission: 1 }],
    });
  }
  await ok('POST', rolesB(), { name: '巡检员01', description: '夜班', functions: [] });
  memberManager = await memberWith('role-list-hr', [{ code: 'router-project-users', permission: 1 | 8 }]);
  warningReader = await memberWith('role-list-warn', [{ code: 'router-warningSetting', permission: 1 }]);
});
afterAll(() => t?.close());

describe('paging', () => {
  it('answers one page with the total, in the order the roles were made, the built-in one first', async () => {
    const first = await page(rolesA(), 'page=0&size=5');
    // The built-in administrator, the seeded 运维人员, twelve inspectors, two test members' roles.
    expect(first).toMatchObject({ page: 0, size: 5, total: 16 });
    expect(first.list.map((r) => r.name)).toEqual([
      '项目管理员',
      '运维人员',
      '巡检员01',
      '巡检员02',
      '巡检员03',
    ]);
    const third = await page(rolesA(), 'page=3&size=5');
    expect(third.list.map((r) => r.name)).toEqual(['role-list-warn角色']);
    expect((await page(rolesA(), 'page=9&size=5')).list).toEqual([]);
    const ids = new Set<number>();
    for (let p = 0; p < 4; p++)
      for (const role of (await page(rolesA(), `page=${p}&size=5`)).list) ids.add(role.id);
    expect(ids.size).toBe(16);
  });

  it('counts each role’s members and keeps the functions on every row', async () => {
    const { list } = await page(rolesA(), 'size=2');
    expect(list[0]).toMatchObject({ builtin: 'admin', memberCount: 1, functions: [] });
    expect(list[1]).toMatchObject({ name: '运维人员', memberCount: 1 });
    expect(list[1]!.functions.length).toBeGreaterThan(0);
    const inspector = (await page(rolesA(), 'keyword=巡检员05')).list[0]!;
    expect(inspector).toMatchObject({
      memberCount: 0,
      functions: [{ code: 'router-realTimeData', permission: 1 }],
    });
  });

  it('refuses conditions out of range with 40000', async () => {
    for (const query of ['size=0', 'size=1001', 'page=-1', 'source=everything']) {
      const answer = await t.request('GET', `${rolesA()}?${query}`, { token: admin });
      expect(answer, query).toMatchObject({ status: 400, body: { code: 40000 } });
    }
  });
});

describe('search and filters', () => {
  it('matches the keyword in the name or the description, ignoring case, % taken literally', async () => {
    expect((await page(rolesA(), 'keyword=巡检员1')).list.map((r) => r.name)).toEqual([
      '巡检员10',
      '巡检员11',
      '巡检员12',
    ]);
    const night = await page(rolesA(), `keyword=${encodeURIComponent('night-shift')}`);
    expect(night.list.map((r) => r.name)).toEqual(['巡检员03', '巡检员06', '巡检员09', '巡检员12']);
    expect((await page(rolesA(), `keyword=${encodeURIComponent('100%')}`)).total).toBe(4);
    expect((await page(rolesA(), `keyword=${encodeURIComponent('0%')}`)).total).toBe(4);
    expect((await page(rolesA(), `keyword=${encodeURIComponent('1_0')}`)).total).toBe(0);
    expect((await page(rolesA(), 'keyword=不存在的角色')).total).toBe(0);
  });

  it('source=builtin answers the administrator role alone, custom every other', async () => {
    const builtin = await page(rolesA(), 'source=builtin');
    expect(builtin.list.map((r) => [r.name, r.builtin])).toEqual([['项目管理员', 'admin']]);
    const custom = await page(rolesA(), 'source=custom&size=100');
    expect(custom.total).toBe(15);
    expect(custom.list.every((r) => r.builtin === null)).toBe(true);
    expect((await page(rolesA(), 'source=builtin&keyword=巡检')).total).toBe(0);
  });
});

describe('tenant scope', () => {
  it('another project’s roles never appear, whatever the keyword, and cannot be read through A', async () => {
    const [ofB] = (await page(rolesB(), 'keyword=巡检员01')).list;
    const inA = await page(rolesA(), 'keyword=巡检员01');
    expect(inA.total).toBe(1);
    expect(inA.list[0]!.id).not.toBe(ofB!.id);
    const allA = await page(rolesA(), 'size=1000');
    expect(allA.list.map((r) => r.id)).not.toContain(ofB!.id);
    const optionsA = await ok<RoleOption[]>('GET', `${rolesA()}/options`);
    expect(optionsA.map((r) => r.id)).not.toContain(ofB!.id);
    expect(optionsA.map((r) => r.id)).toEqual(allA.list.map((r) => r.id));

    // B's list has B's roles only: its built-in one and its inspector.
    expect((await page(rolesB(), 'size=1000')).list.map((r) => r.name)).toEqual(['项目管理员', '巡检员01']);
    // A's administrator is nobody in B.
    for (const url of [rolesB(), `${rolesB()}/options`]) {
      const answer = await t.request('GET', `${url}?keyword=巡检`, { token: projectAdmin });
      expect(answer, url).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
  });

  it('a firm’s roles are the firm’s: no project role in its list', async () => {
    const firm = await page(`/iot/gatewayFirms/${firmId}/roles`, 'size=1000');
    expect(firm.list.length).toBeGreaterThan(0);
    const projectIds = new Set((await page(rolesA(), 'size=1000')).list.map((r) => r.id));
    expect(firm.list.some((r) => projectIds.has(r.id))).toBe(false);
  });
});

describe('options for pickers', () => {
  it('answer id, name and builtin of every role to the roles, members and warning-settings readers', async () => {
    for (const token of [projectAdmin, memberManager, warningReader]) {
      const options = await ok<RoleOption[]>('GET', `${rolesA()}/options`, undefined, token);
      expect(options.length).toBe(16);
      expect(Object.keys(options[0]!).sort()).toEqual(['builtin', 'id', 'name']);
    }
    // …but the list itself stays the roles screen's.
    for (const token of [memberManager, warningReader]) {
      const answer = await t.request('GET', rolesA(), { token });
      expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
    }
    // The demo operator holds neither screen.
    const refused = await t.request('GET', `${rolesA()}/options`, { token: operator });
    expect(refused).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
  });
});
