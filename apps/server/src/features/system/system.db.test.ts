import { SystemMessages } from '@iot/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

const settings = {
  systemName: '滨江水务监测平台',
  loginTitle: '让每一滴水都可追溯',
  loginSubtitle: '服务热线 400-800-0000',
  logoUrl: '/iot/files/logo.png',
  defaultTheme: 'light',
  signInWays: ['password', 'weixin'],
  guideForNewUsers: false,
};

describe('系统配置', () => {
  it('is persisted, served to the sign-in page and survives a restart', async () => {
    const before = await t.ok<{ systemName: string; signInWays: string[] }>('GET', '/iot/system', {
      token: admin,
    });
    expect(before).toMatchObject({
      systemName: '物联网监测运维平台',
      signInWays: ['password', 'sms'],
      guideForNewUsers: true,
    });

    const saved = await t.ok('PUT', '/iot/system', { token: admin, body: settings });
    expect(saved).toEqual(settings);
    const info = await t.ok<Record<string, unknown>>('GET', '/iot/system/info');
    expect(info).toMatchObject({
      systemName: '滨江水务监测平台',
      loginTitle: '让每一滴水都可追溯',
      loginSubtitle: '服务热线 400-800-0000',
      logoUrl: '/iot/files/logo.png',
      defaultTheme: 'light',
      passwordLoginEnabled: true,
      smsLoginEnabled: false,
      weixinEnabled: true,
      dingdingEnabled: false,
      guideForNewUsers: false,
    });

    t = await t.restart();
    admin = (await t.login('admin', ADMIN_PASSWORD)).access;
    expect(await t.ok('GET', '/iot/system', { token: admin })).toEqual(settings);
  });

  it('refuses a sign-in way that is off, and keeps refreshing', async () => {
    await t.ok('PUT', '/iot/system', { token: admin, body: { ...settings, signInWays: ['password'] } });
    await t.ok('POST', '/iot/users/phoneCode', { body: { mobile: '13900000001', mobileCodeType: 'login' } });
    const sms = await t.grant({
      grant_type: 'sms',
      username: '13900000001',
      smscode: t.lastSmsCode('13900000001') ?? '000000',
    });
    expect(sms.body).toMatchObject({ code: 40000, message: SystemMessages.SIGN_IN_WAY_OFF });

    const { refresh } = await t.login('admin', ADMIN_PASSWORD);
    const refreshed = await t.grant({ grant_type: 'refresh_token', refresh_token: refresh });
    expect(refreshed.body.code).toBe(20000);

    await t.ok('PUT', '/iot/system', { token: admin, body: { ...settings, signInWays: ['sms'] } });
    const password = await t.grant({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD });
    expect(password.body).toMatchObject({ code: 40000, message: SystemMessages.SIGN_IN_WAY_OFF });
    await t.ok('POST', '/iot/users/phoneCode', { body: { mobile: '13900000002', mobileCodeType: 'login' } });
    const smsNow = await t.grant({
      grant_type: 'sms',
      username: '13900000002',
      smscode: t.lastSmsCode('13900000002') ?? '',
    });
    expect(smsNow.body.code).toBe(20000);
    await t.ok('PUT', '/iot/system', { token: admin, body: settings });
  });

  it('gives accounts created from now on the default theme', async () => {
    await t.ok('PUT', '/iot/system', { token: admin, body: { ...settings, defaultTheme: 'gang' } });
    await t.ok('POST', '/iot/users', {
      token: admin,
      body: { username: 'theme-user', realname: '主题用户', password: 'Passw0rd!' },
    });
    const { access } = await t.login('theme-user', 'Passw0rd!');
    const info = await t.ok<{ theme: string }>('GET', '/iot/users/current/loginInfo', { token: access });
    expect(info.theme).toBe('gang');
    await t.ok('PUT', '/iot/system', { token: admin, body: settings });
  });

  it('validates every field with its message', async () => {
    const empty = await t.request('PUT', '/iot/system', {
      token: admin,
      body: { ...settings, systemName: ' ' },
    });
    expect(empty.body).toMatchObject({ code: 40000, message: 'systemName: 不能为空' });
    const none = await t.request('PUT', '/iot/system', {
      token: admin,
      body: { ...settings, signInWays: ['weixin'] },
    });
    expect(none.body.message).toBe(`signInWays: ${SystemMessages.NO_SIGN_IN_WAY}`);
    const long = await t.request('PUT', '/iot/system', {
      token: admin,
      body: { ...settings, loginTitle: '长'.repeat(65) },
    });
    expect(long.body.message).toBe('loginTitle: 最多输入64个字符');
    const theme = await t.request('PUT', '/iot/system', {
      token: admin,
      body: { ...settings, defaultTheme: 'pink' },
    });
    expect(theme.body.code).toBe(40000);
  });

  it('belongs to system administration', async () => {
    const { access } = await t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    expect((await t.request('GET', '/iot/system', { token: access })).status).toBe(403);
    expect((await t.request('PUT', '/iot/system', { token: access, body: settings })).status).toBe(403);
  });
});
