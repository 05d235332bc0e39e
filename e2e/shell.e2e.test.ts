import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, signIn, startBrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let projectId: number;

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

describe('sign-in', () => {
  it('signs in with a password and lands on my projects', async () => {
    const page = await h.open('/login');
    expect(await page.title()).toBe('物联网监测运维平台');
    await signIn(page, DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/projects');
    await expect.poll(() => page.getByText('示范污水处理项目').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows each failure message of the server exactly', async () => {
    await h.api('POST', '/iot/users', {
      username: 'off-user',
      realname: '停用',
      password: 'Passw0rd!',
      status: 'disabled',
    });
    await h.api('POST', '/iot/users', {
      username: 'old-user',
      realname: '到期',
      password: 'Passw0rd!',
      expireAt: Date.now() - 1000,
    });
    const page = await h.open('/login');
    const cases: [string, string, string][] = [
      ['admin', 'Wrong@123', '您输入的账号或密码不正确，请重试！'],
      ['off-user', 'Passw0rd!', '当前账号已停用，无法登录！'],
      ['old-user', 'Passw0rd!', '当前账号已到期，无法登录！'],
    ];
    for (const [username, password, message] of cases) {
      await signIn(page, username, password);
      await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(message);
    }
    await page.close();
    await h.t.login('admin', ADMIN_PASSWORD); // resets admin's wrong-password count
  });

  it('shows the lock-out message after five wrong passwords', async () => {
    await h.api('POST', '/iot/users', { username: 'lock-me', realname: '锁定', password: 'Passw0rd!' });
    const page = await h.open('/login');
    for (let i = 0; i < 5; i++) {
      await signIn(page, 'lock-me', 'Wrong@123');
      await page.getByTestId('login-error').waitFor();
    }
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('对不起，您的密码错误次数过多，已被锁定，请联系系统管理员！');
    await page.close();
  });

  it('offers SMS sign-in with a code countdown', async () => {
    const page = await h.open('/login');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    await page.getByPlaceholder('手机号', { exact: true }).fill('13912345678');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
    const code = h.t.lastSmsCode('13912345678');
    expect(code).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('验证码').fill(code!);
    await page.getByRole('button', { name: '登 录' }).last().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/projects');
    await page.close();
  });
});

describe('route guard', () => {
  it('without a token goes to the index', async () => {
    const page = await h.open('/usercenter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/index');
    await page.close();
  });

  it('takes an accessToken from the address, keeps it and strips it', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
      '/usercenter',
    );
    await expect.poll(() => routeName(page)).toBe('router-usercenter');
    expect(page.url()).not.toContain('accessToken');
    await page.close();
  });

  it('an inactive accessToken goes to /401', async () => {
    const page = await h.open('/usercenter?accessToken=nonsense');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/401');
    await page.close();
  });

  it('signs in by clientId and clientSecret in the address', async () => {
    const user = await h.api<{ userId: number }>('POST', '/iot/users', {
      username: 'bot-user',
      realname: '集成',
      password: 'Passw0rd!',
    });
    const client = await h.api<{ clientSecret: string }>('POST', '/iot/system/clients', {
      name: '大屏集成',
      clientId: 'screen',
      userId: user.userId,
    });
    const page = await h.open(
      `/usercenter?clientId=screen&clientSecret=${encodeURIComponent(client.clientSecret)}`,
    );
    await expect.poll(() => routeName(page)).toBe('router-usercenter');
    await page.close();
  });

  it('sends unknown addresses to /404', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/usercenter');
    await expect.poll(() => routeName(page)).toBe('router-usercenter');
    await page.goto(`${h.t.baseUrl}/no/such/page`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404');
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/noSuchScreen`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404');
    await page.close();
  });
});

describe('generated routes', () => {
  it('names project, firm and system routes with their suffix and prefix', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, `/projects/groups/${projectId}/realTimeData`);
    await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
    const firms = await h.api<{ list: { id: number }[] }>('GET', '/iot/gatewayFirms');
    const firmId = firms.list[0]!.id;
    await page.goto(`${h.t.baseUrl}/gatewayfirms/${firmId}/gateways`);
    await expect.poll(() => routeName(page)).toBe(`router-firmGateway-f${firmId}`);
    await page.goto(`${h.t.baseUrl}/system/users`);
    await expect.poll(() => routeName(page)).toBe('router-system-users-s');
    await page.close();
  });

  it('shows only the menu entries the role grants', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
      `/projects/groups/${projectId}/realTimeData`,
    );
    await expect.poll(() => page.locator('.shell-sider').getByText('实时数据').count()).toBe(1);
    expect(await page.locator('.shell-sider').getByText('角色管理').count()).toBe(0);
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/roles`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404');
    await page.close();
  });

  it('redirects /projects/{n}/… to /projects/…', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      '/projects/3/',
    );
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/projects\/?$/);
    await page.close();
  });
});

describe('layout', () => {
  it('hides the breadcrumb on project home (hd) and shows it elsewhere', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/project/${projectId}/index/projectHD/hd`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-project-g${projectId}`);
    expect(await page.getByTestId('breadcrumb').count()).toBe(0);
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/realTimeData?gatewayAlias=1号网关`);
    await expect.poll(() => page.getByTestId('crumb-last').textContent()).toBe('1号网关 实时数据');
    await page.close();
  });

  it('switches group from the breadcrumb dropdown', async () => {
    const tree = await h.api<{ children: { id: number; name: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/tree`,
    );
    const [first, second] = tree.children;
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${first!.id}/realTimeData`,
    );
    await page.getByTestId(`crumb-${first!.id}`).click();
    await page.getByRole('menuitem', { name: second!.name }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/groups/${second!.id}/realTimeData`);
    await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${second!.id}`);
    await page.close();
  });

  it('Enter in the main area clicks 查 询', async () => {
    await h.api('POST', '/iot/projects', { name: '另一个厂区' });
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/projects');
    await expect.poll(() => page.getByText('另一个厂区').count()).toBe(1);
    await page.getByPlaceholder('项目名称').fill('示范');
    await page.getByPlaceholder('项目名称').press('Enter');
    await expect.poll(() => page.getByText('另一个厂区').count()).toBe(0);
    await expect.poll(() => page.getByText('示范污水处理项目').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe('session', () => {
  it('refreshes the token before a request once exp − 600 s has passed', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
      '/usercenter',
    );
    await expect.poll(() => routeName(page)).toBe('router-usercenter');
    const before = await page.evaluate(
      () => JSON.parse(localStorage.getItem('iot.session')!).token as string,
    );
    // Pretend the token has five minutes left: inside the 600 s margin.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('iot.session')!);
      session.exp = Math.floor(Date.now() / 1000) + 300;
      localStorage.setItem('iot.session', JSON.stringify(session));
    });
    const refreshed = page.waitForRequest(
      (r) =>
        r.url().endsWith('/iot/oauth/token') && (r.postData() ?? '').includes('grant_type=refresh_token'),
    );
    await page.reload();
    await refreshed;
    // The new session's expiry is past the margin again: what the refresh promises. (That each token
    // differs, also within one second, is the random jti's; platform/auth/tokens.test.ts.)
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const session = JSON.parse(localStorage.getItem('iot.session')!);
            return session.exp - Math.floor(Date.now() / 1000);
          }),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(600);
    expect(before).toBeTruthy();
    await page.close();
  });

  it('shows the 登出提醒 dialog on 50001 and signs out', async () => {
    const { access, refresh } = await h.t.login(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
    );
    const page = await h.open(`/usercenter?accessToken=${access}&refreshToken=${refresh}`);
    await expect.poll(() => routeName(page)).toBe('router-usercenter');
    await h.t.request('POST', `/iot/exit?accessToken=${access}`, { token: access });
    await page.goto(`${h.t.baseUrl}/projects`);
    await page.getByText('您的登录状态已过期,请重新登录!').waitFor();
    expect(await page.locator('.ant-modal-confirm-title', { hasText: '登出提醒' }).count()).toBe(1);
    await page.getByRole('button', { name: '重新登录' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('iot.session'))).toBeNull();
    await page.close();
  });

  it('redirects to the arrears page when the project is suspended (payStatus D)', async () => {
    const project = await h.api<{ projectGroupId: number }>('POST', '/iot/projects', { name: '欠费项目' });
    await h.api('PUT', `/iot/projects/${project.projectGroupId}/terms`, { payStatus: 'D' });
    const page = await h.openAs(
      'admin',
      ADMIN_PASSWORD,
      `/project/${project.projectGroupId}/index/projectHD/hd`,
    );
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/arrearageProjectPage/${project.projectGroupId}`);
    await page.getByText('欠费项目').first().waitFor();
    await page.close();
  });
});

describe('themes', () => {
  it('new users get tech; switching in the user center applies at once and persists', async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
      '/usercenter',
    );
    await expect.poll(() => page.locator('.theme-scope').first().getAttribute('data-theme')).toBe('tech');
    await page.getByRole('tab', { name: '主题' }).click();
    await page.getByText('明亮', { exact: true }).click();
    await expect.poll(() => page.locator('.theme-scope').first().getAttribute('data-theme')).toBe('light');
    await page.getByRole('tab', { name: '基本资料' }).click();
    await page.reload();
    await expect.poll(() => page.locator('.theme-scope').first().getAttribute('data-theme')).toBe('light');
    await page.close();
  });

  it('routes with their own theme use it: /viewLastData is tech', async () => {
    const page = await h.open('/viewLastData');
    await expect.poll(() => page.locator('[data-theme="tech"]').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe('user center', () => {
  it('uploads an avatar that then shows in the top bar', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      '/usercenter',
    );
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => page.locator('[data-testid=avatar-menu] img').getAttribute('src'))
      .toMatch(/^\/iot\/files\/avatars\/[\w-]+\.png$/);
    await page.close();
  });
});

describe('entering a project over its indicator limit', () => {
  it('shows a dialog stating the limit', async () => {
    const project = await h.api<{ projectGroupId: number }>('POST', '/iot/projects', { name: '超限项目' });
    const groupId = project.projectGroupId;
    const indicator = await h.api<{ id: number }>('POST', `/iot/groups/${groupId}/indicators`, {
      name: 'COD',
      type: 'float',
    });
    const gateway = await h.api<{ id: number }>('POST', `/iot/groups/${groupId}/gateways`, {
      serialNumber: 'LIMIT0001',
      alias: '1号',
    });
    for (const key of ['a', 'b']) {
      await h.api('POST', `/iot/groups/${groupId}/gateways/${gateway.id}/indicators`, {
        indicatorId: indicator.id,
        alias: key,
        dataIdentification: key,
      });
    }
    // An administrator lowers the maximum below what is already connected.
    await h.api('PUT', `/iot/projects/${groupId}/terms`, { accessGatewayIndicatorMaxNum: 1 });
    const page = await h.openAs('admin', ADMIN_PASSWORD, `/projects/groups/${groupId}/realTimeData`);
    // The buy reminder (feature-areas §2; decision 0068) states the limit.
    await page.locator('.ant-modal-confirm-title', { hasText: '购买监测项提醒' }).waitFor();
    expect(await page.getByText('本项目最多可接入 1 个监测项，当前已接入 2 个').count()).toBe(1);
    await page.close();
  });
});
