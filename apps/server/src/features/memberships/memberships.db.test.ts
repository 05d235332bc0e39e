import { Messages, PASSWORD_RULE_MESSAGE, type Page } from '@iot/contracts';
import { type Member, MemberMessages } from '@iot/contracts/memberships';
import { type Role, RoleMessages } from '@iot/contracts/roles';
import { UserMessages } from '@iot/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let firmAdmin: string;
const ids = {
  project: 0,
  area: 0,
  otherProject: 0,
  firm: 0,
  corporation: 0,
  adminRole: 0,
  operatorRole: 0,
  viewerRole: 0,
};

const ok = <T>(method: string, url: string, body?: unknown, token = admin) =>
  t.ok<T>(method, url, { token, body });

/** Every role of a scope's list (its first 1,000). */
const rolesOf = async (url: string, token = admin) =>
  (await ok<Page<Role>>('GET', `${url}?size=1000`, undefined, token)).list;
/** Every member of a scope's list (its first 1,000). */
const membersOf = async (url: string, token = admin) =>
  (await ok<Page<Member>>('GET', `${url}?size=1000`, undefined, token)).list;

/** Creates an enabled user through the admin API and answers its id. */
async function createUser(username: string, extra: Record<string, unknown> = {}): Promise<number> {
  const user = await ok<{ userId: number }>('POST', '/iot/users', {
    username,
    realname: username,
    password: 'Passw0rd!',
    ...extra,
  });
  return user.userId;
}

const members = () => `/iot/groups/${ids.project}/users`;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  firmAdmin = (await t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  ids.area = (await ok<{ children: { id: number }[] }>('GET', `/iot/groups/${ids.project}/tree`))
    .children[0]!.id;
  ids.otherProject = (
    await ok<{ projectGroupId: number }>('POST', '/iot/projects', { name: '乙项目' })
  ).projectGroupId;
  ids.firm = (
    await ok<{ list: { id: number }[] }>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin)
  ).list[0]!.id;
  ids.corporation = (await ok<{ list: { id: number; name: string }[] }>('GET', '/iot/corporations'))
    .list[0]!.id;
  const roles = await rolesOf(`/iot/groups/${ids.project}/roles`);
  ids.adminRole = roles.find((r) => r.builtin === 'admin')!.id;
  ids.operatorRole = roles.find((r) => r.name === '运维人员')!.id;
  ids.viewerRole = (
    await ok<Role>('POST', `/iot/groups/${ids.project}/roles`, {
      name: '分组查看',
      functions: [
        { code: 'router-project', permission: 1 },
        { code: 'router-project-group', permission: 1 },
      ],
    })
  ).id;
});
afterAll(() => t.close());

describe('listing members', () => {
  it('lists the seeded members of the demo project with their roles', async () => {
    const list = await membersOf(members(), projectAdmin);
    expect(list.map((m) => [m.username, m.roleId])).toEqual([
      [DEMO_ACCOUNTS.projectAdmin.username, ids.adminRole],
      [DEMO_ACCOUNTS.operator.username, ids.operatorRole],
    ]);
    expect(list[1]).toMatchObject({ realname: DEMO_ACCOUNTS.operator.realname, roleName: '运维人员' });
    expect(await membersOf(`/iot/groups/${ids.area}/users`)).toEqual(list);
  });

  it('refuses a member without the users entry and an outsider', async () => {
    const answer = await t.request('GET', members(), { token: operator });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    const other = await t.request('GET', `/iot/groups/${ids.otherProject}/users`, { token: projectAdmin });
    expect(other).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('adding members', () => {
  it('adds an existing user by username and by mobile', async () => {
    const byName = await createUser('member-by-name');
    await createUser('member-by-mobile', { mobile: '13911110001' });

    const first = await ok<Member>(
      'POST',
      members(),
      { account: 'member-by-name', roleId: ids.operatorRole },
      projectAdmin,
    );
    expect(first).toMatchObject({ userId: byName, username: 'member-by-name', roleName: '运维人员' });
    const second = await ok<Member>(
      'POST',
      members(),
      { account: '13911110001', roleId: ids.viewerRole },
      projectAdmin,
    );
    expect(second).toMatchObject({
      username: 'member-by-mobile',
      mobile: '13911110001',
      roleName: '分组查看',
    });

    const list = await membersOf(members());
    expect(list.map((m) => m.username)).toEqual(
      expect.arrayContaining(['member-by-name', 'member-by-mobile']),
    );
  });

  it('answers 账号不存在 for an unknown account', async () => {
    const answer = await t.request('POST', members(), {
      token: projectAdmin,
      body: { account: 'no-such-user', roleId: ids.operatorRole },
    });
    expect(answer).toMatchObject({
      status: 404,
      body: { code: 40000, message: MemberMessages.ACCOUNT_NOT_FOUND },
    });
  });

  it('creates a new account while adding it, under the strong password rule', async () => {
    const weak = await t.request('POST', members(), {
      token: projectAdmin,
      body: { username: 'fresh-member', realname: '新成员', password: 'password1', roleId: ids.viewerRole },
    });
    expect(weak).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(weak.body.message).toContain('password');
    expect(weak.body.message).toContain(PASSWORD_RULE_MESSAGE);
    // Nothing was created by the refused call.
    expect(await ok<boolean>('GET', '/iot/users/checkUsername?username=fresh-member')).toBe(true);

    const created = await ok<Member>(
      'POST',
      members(),
      {
        username: 'fresh-member',
        realname: '新成员',
        mobile: '13911110002',
        password: 'Passw0rd!',
        roleId: ids.viewerRole,
      },
      projectAdmin,
    );
    expect(created).toMatchObject({
      username: 'fresh-member',
      realname: '新成员',
      mobile: '13911110002',
      roleId: ids.viewerRole,
    });
    await t.login('fresh-member', 'Passw0rd!');
  });

  it('refuses a new account whose username or mobile is taken', async () => {
    const username = await t.request('POST', members(), {
      token: projectAdmin,
      body: {
        username: DEMO_ACCOUNTS.operator.username,
        realname: 'x',
        password: 'Passw0rd!',
        roleId: ids.viewerRole,
      },
    });
    expect(username).toMatchObject({ status: 409, body: { message: UserMessages.USERNAME_TAKEN } });
    const mobile = await t.request('POST', members(), {
      token: projectAdmin,
      body: {
        username: 'mobile-clash',
        realname: 'x',
        mobile: '13911110002',
        password: 'Passw0rd!',
        roleId: ids.viewerRole,
      },
    });
    expect(mobile).toMatchObject({ status: 409, body: { message: UserMessages.MOBILE_TAKEN } });
  });

  it('refuses a user who is already a member with 409', async () => {
    for (const account of [DEMO_ACCOUNTS.operator.username, 'member-by-name', '13911110001']) {
      const answer = await t.request('POST', members(), {
        token: projectAdmin,
        body: { account, roleId: ids.viewerRole },
      });
      expect(answer, account).toMatchObject({
        status: 409,
        body: { code: 40000, message: MemberMessages.ALREADY_MEMBER },
      });
    }
  });

  it('refuses a role of another scope with 404 角色不存在', async () => {
    await createUser('role-shopper');
    const otherProjectRole = (await rolesOf(`/iot/groups/${ids.otherProject}/roles`))[0]!;
    const corporationRole = (await rolesOf(`/iot/corporations/${ids.corporation}/roles`))[0]!;
    const systemRole = (await rolesOf('/iot/system/roles'))[0]!;
    for (const role of [otherProjectRole, corporationRole, systemRole]) {
      const answer = await t.request('POST', members(), {
        token: admin,
        body: { account: 'role-shopper', roleId: role.id },
      });
      expect(answer, role.name).toMatchObject({
        status: 404,
        body: { code: 40000, message: RoleMessages.NOT_FOUND },
      });
    }
    // No account is created when the role is refused.
    const create = await t.request('POST', members(), {
      token: admin,
      body: { username: 'never-made', realname: 'x', password: 'Passw0rd!', roleId: systemRole.id },
    });
    expect(create.status).toBe(404);
    expect(await ok<boolean>('GET', '/iot/users/checkUsername?username=never-made')).toBe(true);
  });

  it('refuses an operator adding members', async () => {
    const answer = await t.request('POST', members(), {
      token: operator,
      body: { account: 'role-shopper', roleId: ids.adminRole },
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('changing and removing members', () => {
  it('changes a member’s role and removes the member', async () => {
    const userId = await createUser('mover');
    await ok('POST', members(), { account: 'mover', roleId: ids.viewerRole }, projectAdmin);
    const changed = await ok<Member>(
      'PUT',
      `${members()}/${userId}`,
      { roleId: ids.operatorRole },
      projectAdmin,
    );
    expect(changed).toMatchObject({ userId, roleId: ids.operatorRole, roleName: '运维人员' });

    const foreignRole = (await rolesOf(`/iot/groups/${ids.otherProject}/roles`))[0]!;
    const foreign = await t.request('PUT', `${members()}/${userId}`, {
      token: projectAdmin,
      body: { roleId: foreignRole.id },
    });
    expect(foreign).toMatchObject({ status: 404, body: { message: RoleMessages.NOT_FOUND } });

    await ok('DELETE', `${members()}/${userId}`, undefined, projectAdmin);
    expect((await membersOf(members())).map((m) => m.userId)).not.toContain(userId);
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { roleId: ids.viewerRole }],
    ] as const) {
      const answer = await t.request(method, `${members()}/${userId}`, { token: projectAdmin, body });
      expect(answer).toMatchObject({
        status: 404,
        body: { code: 40000, message: MemberMessages.NOT_MEMBER },
      });
    }
  });

  it('keeps at least one member with the built-in administrator role', async () => {
    const demoAdminId = (await membersOf(members())).find(
      (m) => m.username === DEMO_ACCOUNTS.projectAdmin.username,
    )!.userId;
    const remove = await t.request('DELETE', `${members()}/${demoAdminId}`, { token: admin });
    expect(remove).toMatchObject({ status: 400, body: { code: 40000, message: MemberMessages.LAST_ADMIN } });
    // The only administrator removing themself, or giving up the role, is told what to do instead.
    const leave = await t.request('DELETE', `${members()}/${demoAdminId}`, { token: projectAdmin });
    expect(leave).toMatchObject({
      status: 400,
      body: { code: 40000, message: MemberMessages.LAST_ADMIN_SELF },
    });
    expect(MemberMessages.LAST_ADMIN_SELF).toBe(
      '您是唯一的管理员，不能移除自己或取消自己的管理员角色，请先将管理员角色授予其他成员',
    );
    const demote = await t.request('PUT', `${members()}/${demoAdminId}`, {
      token: projectAdmin,
      body: { roleId: ids.operatorRole },
    });
    expect(demote).toMatchObject({ status: 400, body: { message: MemberMessages.LAST_ADMIN_SELF } });
    expect((await membersOf(members())).find((m) => m.userId === demoAdminId)?.roleId).toBe(ids.adminRole);
    // Keeping the same role is no demotion.
    await ok('PUT', `${members()}/${demoAdminId}`, { roleId: ids.adminRole }, projectAdmin);

    const deputy = await createUser('deputy-admin');
    await ok('POST', members(), { account: 'deputy-admin', roleId: ids.adminRole }, projectAdmin);
    // With a second administrator, leaving is allowed: the demo administrator leaves and comes back.
    const deputyToken = (await t.login('deputy-admin', 'Passw0rd!')).access;
    await ok('DELETE', `${members()}/${demoAdminId}`, undefined, projectAdmin);
    await ok(
      'POST',
      members(),
      { account: DEMO_ACCOUNTS.projectAdmin.username, roleId: ids.adminRole },
      deputyToken,
    );
    await ok('PUT', `${members()}/${deputy}`, { roleId: ids.viewerRole }, projectAdmin);
    await ok('PUT', `${members()}/${deputy}`, { roleId: ids.adminRole }, projectAdmin);
    await ok('DELETE', `${members()}/${demoAdminId}`, undefined, admin);
    const last = await t.request('DELETE', `${members()}/${deputy}`, { token: admin });
    expect(last).toMatchObject({ status: 400, body: { message: MemberMessages.LAST_ADMIN } });

    // Put the demo administrator back for the other tests.
    await ok(
      'POST',
      members(),
      { account: DEMO_ACCOUNTS.projectAdmin.username, roleId: ids.adminRole },
      admin,
    );
    await ok('DELETE', `${members()}/${deputy}`, undefined, admin);
  });

  it('the system keeps its last administrator too', async () => {
    const answer = await t.request('DELETE', '/iot/systemMembers/1', { token: admin });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 40000, message: MemberMessages.LAST_ADMIN_SELF },
    });
    const systemRoles = await rolesOf('/iot/system/roles');
    const auditor = await ok<Role>('POST', '/iot/system/roles', {
      name: '审计员',
      functions: [{ code: 'router-system-operationLogs', permission: 1 }],
    });
    const demote = await t.request('PUT', '/iot/systemMembers/1', {
      token: admin,
      body: { roleId: auditor.id },
    });
    expect(demote).toMatchObject({ status: 400, body: { message: MemberMessages.LAST_ADMIN_SELF } });
    expect((await membersOf('/iot/systemMembers'))[0]).toMatchObject({
      userId: 1,
      roleId: systemRoles.find((r) => r.builtin === 'admin')!.id,
    });
  });
});

describe('a new member’s permissions', () => {
  it('signs in and may call what the role grants, and nothing else', async () => {
    await ok(
      'POST',
      members(),
      { username: 'viewer-1', realname: '查看员', password: 'Passw0rd!', roleId: ids.viewerRole },
      projectAdmin,
    );
    const { access } = await t.login('viewer-1', 'Passw0rd!');

    for (const groupId of [ids.project, ids.area]) {
      const settings = await t.request<{ projectGroupId: number }>(
        'GET',
        `/iot/projects/getProjectByGroupId?groupId=${groupId}`,
        { token: access },
      );
      expect(settings.body.code).toBe(20000);
      expect(settings.body.data.projectGroupId).toBe(ids.project);
    }
    expect((await t.request('GET', `/iot/groups/${ids.project}/tree`, { token: access })).body.code).toBe(
      20000,
    );

    for (const [method, url, body] of [
      ['POST', `/iot/groups/${ids.project}/children`, { name: '越权区域', groupType: 'area' }],
      ['GET', `/iot/groups/${ids.project}/roles`, undefined],
      ['GET', members(), undefined],
      ['PUT', `/iot/projects/${ids.project}`, { menuName: '越权' }],
      ['GET', `/iot/projects/getProjectByGroupId?groupId=${ids.otherProject}`, undefined],
    ] as const) {
      const answer = await t.request(method, url, { token: access, body });
      expect(answer, `${method} ${url}`).toMatchObject({
        status: 403,
        body: { code: 40000, message: Messages.FORBIDDEN },
      });
    }
  });

  it('a role change and a removal take effect on the member’s next call', async () => {
    const userId = await createUser('switcher');
    await ok('POST', members(), { account: 'switcher', roleId: ids.operatorRole }, projectAdmin);
    const { access } = await t.login('switcher', 'Passw0rd!');
    const tree = `/iot/groups/${ids.project}/tree`;
    const roles = `/iot/groups/${ids.project}/roles`;
    expect((await t.request('GET', roles, { token: access })).status).toBe(403);

    await ok('PUT', `${members()}/${userId}`, { roleId: ids.adminRole }, projectAdmin);
    expect((await t.request('GET', roles, { token: access })).body.code).toBe(20000);

    await ok('DELETE', `${members()}/${userId}`, undefined, projectAdmin);
    expect((await t.request('GET', tree, { token: access })).status).toBe(403);
    const settings = await t.request('GET', `/iot/projects/getProjectByGroupId?groupId=${ids.project}`, {
      token: access,
    });
    expect(settings).toMatchObject({ status: 403, body: { code: 40000 } });
  });

  it('editing a role’s functions changes what its members may do', async () => {
    const role = await ok<Role>('POST', `/iot/groups/${ids.project}/roles`, {
      name: '可调角色',
      functions: [{ code: 'router-project-group', permission: 1 }],
    });
    await ok(
      'POST',
      members(),
      { username: 'tunable', realname: '可调', password: 'Passw0rd!', roleId: role.id },
      projectAdmin,
    );
    const { access } = await t.login('tunable', 'Passw0rd!');
    const create = () =>
      t.request('POST', `/iot/groups/${ids.project}/children`, {
        token: access,
        body: { name: '可调区域', groupType: 'area' },
      });
    expect((await create()).status).toBe(403);
    await ok('PUT', `/iot/groups/${ids.project}/roles/${role.id}`, {
      name: '可调角色',
      functions: [{ code: 'router-project-group', permission: 9 }],
    });
    expect((await create()).body.code).toBe(20000);
  });
});

describe('members of firms and corporations', () => {
  it('a firm administrator manages the firm’s members', async () => {
    const url = `/iot/gatewayFirms/${ids.firm}/users`;
    const firmRole = await ok<Role>(
      'POST',
      `/iot/gatewayFirms/${ids.firm}/roles`,
      { name: '固件工程师', functions: [{ code: 'router-firmware', permission: 15 }] },
      firmAdmin,
    );
    await createUser('firm-engineer');
    const added = await ok<Member>('POST', url, { account: 'firm-engineer', roleId: firmRole.id }, firmAdmin);
    expect(added.roleName).toBe('固件工程师');
    expect((await membersOf(url, firmAdmin)).map((m) => m.username)).toEqual([
      DEMO_ACCOUNTS.firmAdmin.username,
      'firm-engineer',
    ]);
    const projectRole = await t.request('PUT', `${url}/${added.userId}`, {
      token: firmAdmin,
      body: { roleId: ids.operatorRole },
    });
    expect(projectRole).toMatchObject({ status: 404, body: { message: RoleMessages.NOT_FOUND } });
    await ok('DELETE', `${url}/${added.userId}`, undefined, firmAdmin);

    const outsider = await t.request('GET', url, { token: projectAdmin });
    expect(outsider).toMatchObject({ status: 403, body: { code: 40000 } });
  });

  it('a corporation administrator manages the corporation’s members', async () => {
    const corp = (
      await t.login(DEMO_ACCOUNTS.corporationAdmin.username, DEMO_ACCOUNTS.corporationAdmin.password)
    ).access;
    const url = `/iot/corporations/${ids.corporation}/users`;
    const corpAdminRole = (await rolesOf(`/iot/corporations/${ids.corporation}/roles`, corp)).find(
      (r) => r.builtin === 'admin',
    )!;
    await createUser('corp-deputy');
    const added = await ok<Member>('POST', url, { account: 'corp-deputy', roleId: corpAdminRole.id }, corp);
    expect(added.roleName).toBe(corpAdminRole.name);
    expect((await membersOf(url, corp)).length).toBe(2);
    await ok('DELETE', `${url}/${added.userId}`, undefined, corp);
  });
});
