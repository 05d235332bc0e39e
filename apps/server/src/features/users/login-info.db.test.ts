import { BUILTIN_ROLE_NAMES } from '@iot/contracts/roles';
import { DEFAULT_MESSAGE_SETTING, type LoginInfo, type MessageSetting } from '@iot/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

async function infoOf(account: { username: string; password: string }) {
  const { access } = await t.login(account.username, account.password);
  return {
    token: access,
    info: await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token: access }),
  };
}

describe('login info: roles (feature-areas §3 user)', () => {
  it('names each scope the user belongs to with the role held there', async () => {
    const projectId = t.server.seeded.demoProjectId!;
    expect((await infoOf(DEMO_ACCOUNTS.operator)).info.roles).toEqual([
      {
        scopeType: 'project',
        scopeId: projectId,
        scopeName: DEMO_PROJECT_NAME,
        roleId: expect.any(Number),
        roleName: '运维人员',
      },
    ]);
    expect((await infoOf(DEMO_ACCOUNTS.corporationAdmin)).info.roles).toMatchObject([
      { scopeType: 'corporation', scopeName: '示范环保集团', roleName: BUILTIN_ROLE_NAMES.corporation },
    ]);
    expect((await infoOf(DEMO_ACCOUNTS.firmAdmin)).info.roles).toMatchObject([
      { scopeType: 'firm', scopeName: '示范网关厂商', roleName: BUILTIN_ROLE_NAMES.firm },
    ]);
    const system = await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token: admin });
    expect(system.roles).toEqual([
      {
        scopeType: 'system',
        scopeId: 0,
        scopeName: '系统管理',
        roleId: expect.any(Number),
        roleName: BUILTIN_ROLE_NAMES.system,
      },
    ]);
  });

  it('follows memberships: none at first, then each scope added, system first and projects last', async () => {
    await t.ok('POST', '/iot/users', {
      token: admin,
      body: { username: 'roles-many', password: 'Roles@2026x', realname: '多角色' },
    });
    const account = { username: 'roles-many', password: 'Roles@2026x' };
    expect((await infoOf(account)).info.roles).toEqual([]);

    const projectId = t.server.seeded.demoProjectId!;
    const roles = await t.ok<{ id: number; name: string }[]>(
      'GET',
      `/iot/groups/${projectId}/roles/options`,
      {
        token: admin,
      },
    );
    const operatorRole = roles.find((r) => r.name === '运维人员')!;
    await t.ok('POST', `/iot/groups/${projectId}/users`, {
      token: admin,
      body: { account: 'roles-many', roleId: operatorRole.id },
    });
    const systemRoles = await t.ok<{ id: number; builtin: string | null }[]>(
      'GET',
      '/iot/system/roles/options',
      {
        token: admin,
      },
    );
    await t.ok('POST', '/iot/systemMembers', {
      token: admin,
      body: { account: 'roles-many', roleId: systemRoles.find((r) => r.builtin === 'admin')!.id },
    });
    const { info } = await infoOf(account);
    expect(info.roles.map((r) => [r.scopeType, r.scopeName, r.roleName])).toEqual([
      ['system', '系统管理', BUILTIN_ROLE_NAMES.system],
      ['project', DEMO_PROJECT_NAME, '运维人员'],
    ]);
  });
});

describe('login info: avatarPath', () => {
  it('is empty without an avatar, the stored file’s path after an upload, empty for what cannot be loaded', async () => {
    const { token, info } = await infoOf(DEMO_ACCOUNTS.projectAdmin);
    expect(info.avatar).toBe('');
    expect(info.avatarPath).toBe('');

    const uploaded = await fetch(`${t.baseUrl}/iot/users/current/avatar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: PNG,
    });
    const { data } = (await uploaded.json()) as { data: { avatar: string } };
    const after = await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token });
    expect(after.avatarPath).toBe(data.avatar);
    expect(after.avatarPath).toMatch(/^\/iot\/files\/avatars\/[\w-]+\.png$/);
    expect((await fetch(t.baseUrl + after.avatarPath)).headers.get('content-type')).toBe('image/png');

    // A web address is loadable; a script is refused (core §5 address rule) and the avatar stays;
    // a bare name passes the address rule but cannot be loaded from here, so it shows as none.
    await t.ok('PUT', '/iot/users/current/profile', {
      token,
      body: { avatar: 'https://cdn.example.com/a.png' },
    });
    let read = await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token });
    expect([read.avatar, read.avatarPath]).toEqual([
      'https://cdn.example.com/a.png',
      'https://cdn.example.com/a.png',
    ]);
    const refused = await t.request('PUT', '/iot/users/current/profile', {
      token,
      body: { avatar: 'javascript:alert(1)' },
    });
    expect(refused.body).toMatchObject({ code: 40000, message: 'avatar: 输入的地址格式错误' });
    read = await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token });
    expect(read.avatarPath).toBe('https://cdn.example.com/a.png');
    await t.ok('PUT', '/iot/users/current/profile', { token, body: { avatar: 'me.png' } });
    read = await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token });
    expect([read.avatar, read.avatarPath]).toEqual(['me.png', '']);
  });
});

describe('message settings: notice operation modes (feature-areas §3: 0 closes by itself)', () => {
  it('stores 0 and 1 for each kind, and refuses seconds', async () => {
    const { token, info } = await infoOf(DEMO_ACCOUNTS.operator);
    expect(info.messageSetting).toEqual(DEFAULT_MESSAGE_SETTING);
    expect(info.messageSetting.otherMessageOperate).toBe(0);
    const stay: MessageSetting = {
      ...DEFAULT_MESSAGE_SETTING,
      otherMessageOperate: 1,
      warningMessageOperate: 1,
    };
    await t.ok('PUT', '/iot/users/current/messageSetting', { token, body: stay });
    const read = await t.ok<LoginInfo>('GET', '/iot/users/current/loginInfo', { token });
    expect(read.messageSetting).toEqual(stay);

    const refused = await t.request('PUT', '/iot/users/current/messageSetting', {
      token,
      body: { ...stay, otherMessageOperate: 4.5 },
    });
    expect(refused.body.code).toBe(40000);
    expect(refused.body.message).toContain('通知关闭方式只能是 0（自动关闭）或 1（手动关闭）');
    await t.ok('PUT', '/iot/users/current/messageSetting', { token, body: DEFAULT_MESSAGE_SETTING });
  });

  it('reads a stored setting key by key: a value of an older form is its default, the rest are kept', async () => {
    await t.ok('POST', '/iot/users', {
      token: admin,
      body: { username: 'legacy-setting', password: 'Legacy@2026', realname: '旧设置' },
    });
    await t.server.platform.db
      .updateTable('users')
      .set({
        message_setting: JSON.stringify({
          ...DEFAULT_MESSAGE_SETTING,
          isMuteMessageSound: true,
          otherMessageOperate: 4.5,
          warningMessageOperate: 1,
        }),
      })
      .where('username', '=', 'legacy-setting')
      .execute();
    const { info } = await infoOf({ username: 'legacy-setting', password: 'Legacy@2026' });
    expect(info.messageSetting).toEqual({
      ...DEFAULT_MESSAGE_SETTING,
      isMuteMessageSound: true,
      otherMessageOperate: 0,
      warningMessageOperate: 1,
    });
  });
});
