import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let projectId: number;

const rows = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
/** A button by its text; Ant Design spaces two-character Chinese labels (保 存). */
const button = (scope: Page | ReturnType<Page['locator']>, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${text.split('').join('\\s?')}$`) });
const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
const drawer = (page: Page) => page.getByRole('dialog');

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="${option}"]`).click();
}

/** Searches the list, then clears the search. */
async function search(page: Page, placeholder: string, keyword: string) {
  await page.getByPlaceholder(placeholder).fill(keyword);
  await button(page, '查询').click();
}

/** 删除 in the row, then the confirmation's own 删除. */
async function deleteRow(page: Page, text: string, question: RegExp) {
  await rows(page, text)
    .getByRole('button', { name: /^删\s?除$/ })
    .click();
  const confirm = page.locator('.ant-popover:visible');
  await confirm.getByText(question).waitFor();
  await button(confirm, '删除').click();
  await rows(page, text).waitFor({ state: 'detached' });
}

/** The theme of the administrator and of the demo project's administrator (开放接口). */
async function setTheme(theme: 'light' | 'tech') {
  await h.api('PUT', '/iot/users/current/theme', { theme });
  const { access } = await h.t.login(
    DEMO_ACCOUNTS.projectAdmin.username,
    DEMO_ACCOUNTS.projectAdmin.password,
  );
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

const settled = (page: Page) => page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

describe('system administration as the system administrator', () => {
  it('网关厂商: create, the name check, edit, search, export and delete with confirmation', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/gatewayFirms');
    await expect.poll(() => routeName(page)).toBe('router-system-gatewayFirms-s');
    const existing = (await h.api<{ list: { name: string }[] }>('GET', '/iot/gatewayFirms')).list[0]!.name;

    await page.getByRole('button', { name: '新建' }).click();
    await modal(page).getByLabel('厂商名称').fill(existing);
    await modal(page).getByLabel('识别码').fill('hk');
    await modal(page).getByText('网关厂商名称已存在').waitFor();
    await modal(page).getByLabel('厂商名称').fill('华控智能');
    await modal(page).getByLabel('识别码').fill('h');
    await button(modal(page), '保存').click();
    await modal(page).getByText('识别码只能包含字母和数字，2～16位').waitFor();
    await modal(page).getByLabel('识别码').fill('hk');
    await button(modal(page), '保存').click();
    await rows(page, '华控智能').getByText('HK', { exact: true }).waitFor();

    await rows(page, '华控智能')
      .getByRole('button', { name: /^编\s?辑$/ })
      .click();
    await modal(page).getByLabel('厂商名称').fill('华控智能科技');
    await button(modal(page), '保存').click();
    await rows(page, '华控智能科技').waitFor();

    await search(page, '厂商名称', '不存在的厂商');
    await page.getByText('没有匹配“不存在的厂商”的结果').waitFor();
    await search(page, '厂商名称', '科技');
    await rows(page, '华控智能科技').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toMatch(/^网关厂商列表-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await deleteRow(page, '华控智能科技', /确定删除网关厂商「华控智能科技」吗/);
    const left = await h.api<{ list: { name: string }[] }>('GET', '/iot/gatewayFirms?keyword=华控');
    expect(left.list).toEqual([]);
    await search(page, '厂商名称', '');
    await page.close();
  });

  it('公司管理: the phone rule, create, edit, search and delete with confirmation', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/corporations');
    await expect.poll(() => routeName(page)).toBe('router-system-corporations-s');
    await page.getByRole('button', { name: '新建' }).click();
    const form = modal(page);
    await form.getByLabel('公司名称').fill('滨江水务集团');
    await form.getByLabel('负责人', { exact: true }).fill('李工');
    await form.getByLabel('负责人手机号').fill('1380000');
    await button(form, '保存').click();
    await form.getByText('输入的手机号错误').waitFor();
    await form.getByLabel('负责人手机号').fill('13812345678');
    await form.getByLabel('坐标轴规则').fill('auto');
    await button(form, '保存').click();
    await rows(page, '滨江水务集团').getByText('13812345678').waitFor();

    await rows(page, '滨江水务集团')
      .getByRole('button', { name: /^编\s?辑$/ })
      .click();
    await modal(page).getByLabel('负责人', { exact: true }).fill('王工');
    await button(modal(page), '保存').click();
    await rows(page, '滨江水务集团').getByText('王工').waitFor();

    await search(page, '公司名称', '滨江');
    await rows(page, '滨江水务集团').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await deleteRow(page, '滨江水务集团', /确定删除公司「滨江水务集团」吗/);
    await search(page, '公司名称', '');
    await page.close();
  });

  it('项目管理: create from a template, the terms form saves retention days, search, delete', async () => {
    // A template with an area and a site of its own.
    const template = await h.api<{ projectGroupId: number }>('POST', '/iot/projects', {
      name: '泵站模板',
      isTemplate: true,
    });
    const area = await h.api<{ id: number }>('POST', `/iot/groups/${template.projectGroupId}/children`, {
      name: '一号泵房',
      groupType: 'area',
    });
    await h.api('POST', `/iot/groups/${area.id}/children`, { name: '进水泵', groupType: 'site' });

    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/projects');
    await expect.poll(() => routeName(page)).toBe('router-system-projects-s');
    await rows(page, '泵站模板').getByText('模板', { exact: true }).waitFor();
    await page.getByRole('button', { name: '新建' }).click();
    const form = modal(page);
    await form.getByLabel('项目名称').fill('城北泵站');
    await pick(page, '从模板创建', '泵站模板');
    await form.getByLabel('接入指标上限').fill('-1');
    await form.getByLabel('演示项目').click();
    await button(form, '保存').click();
    const row = rows(page, '城北泵站');
    await row.getByText('演示', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('不限');
    const created = (
      await h.api<{ list: { id: number; name: string }[] }>('GET', '/iot/projects?keyword=城北')
    ).list[0]!;
    const tree = await h.api<{ children: { name: string; children: { name: string }[] }[] }>(
      'GET',
      `/iot/groups/${created.id}/tree`,
    );
    expect(tree.children.map((a) => [a.name, a.children.map((s) => s.name)])).toEqual([
      ['一号泵房', ['进水泵']],
    ]);

    await row.getByRole('button', { name: /^条\s?款$/ }).click();
    const terms = drawer(page);
    await terms.getByLabel('原始数据保留天数').waitFor();
    await pick(page, '付费状态', 'B 即将逾期');
    await terms.getByLabel('原始数据保留天数').fill('30');
    await terms.getByLabel('汇总数据保留天数').fill('10');
    await button(terms, '保存').click();
    await terms.getByText('汇总数据的保留天数不能少于原始数据').waitFor();
    await terms.getByLabel('汇总数据保留天数').fill('365');
    await button(terms, '保存').click();
    await rows(page, '城北泵站').getByText('B 即将逾期').waitFor();
    const saved = await h.api<Record<string, unknown>>('GET', `/iot/projects/${created.id}/terms`);
    expect(saved).toMatchObject({
      payStatus: 'B',
      rawRetentionDays: 30,
      rollupRetentionDays: 365,
      accessGatewayIndicatorMaxNum: -1,
      isDemo: true,
    });

    await search(page, '项目名称', '城北');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await deleteRow(page, '城北泵站', /确定删除项目「城北泵站」吗/);
    await search(page, '项目名称', '');
    await page.close();
  });

  it('系统配置: saved, the sign-in page shows its texts and only the ways turned on', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/systems');
    await expect.poll(() => routeName(page)).toBe('router-systems-s');
    await page.getByLabel('系统名称').fill('');
    await button(page, '保存').click();
    await page.getByText('请输入系统名称').waitFor();
    await page.getByLabel('系统名称').fill('滨江水务监测平台');
    await page.getByLabel('登录页标语').fill('让每一滴水都可追溯');
    await page.getByLabel('登录页说明').fill('服务热线 400-800-0000');
    await page.getByLabel('账号密码登录').uncheck();
    await page.getByLabel('手机验证码登录').uncheck();
    await button(page, '保存').click();
    await page.getByText('至少开启账号密码登录或手机验证码登录中的一种').waitFor();
    await page.getByLabel('账号密码登录').check();
    await button(page, '保存').click();
    await page.getByText('系统配置已保存').waitFor();
    await page.close();

    const login = await h.open('/login');
    await login.getByTestId('login-title').getByText('让每一滴水都可追溯').waitFor();
    expect(await login.getByTestId('login-subtitle').textContent()).toBe('服务热线 400-800-0000');
    await expect.poll(() => login.title()).toBe('滨江水务监测平台');
    expect(await login.getByRole('tab', { name: '账号密码登录' }).count()).toBe(1);
    expect(await login.getByRole('tab', { name: '手机验证码登录' }).count()).toBe(0);
    await screenshot(login, 'system-admin-login');
    await login.close();
    const restored = await h.api('GET', '/iot/system');
    await h.api('PUT', '/iot/system', { ...(restored as object), signInWays: ['password', 'sms'] });
  });

  it('自定义域名: create, the domain check, edit, search and delete with confirmation', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/customDomains');
    await expect.poll(() => routeName(page)).toBe('router-customDomain-s');
    await page.getByText('还没有自定义域名').waitFor();
    await page.getByRole('button', { name: '新建' }).click();
    await modal(page).getByLabel('域名').fill('not a domain');
    await modal(page).getByLabel('登录页系统名称').fill('滨江水务');
    await button(modal(page), '保存').click();
    await modal(page).getByText('输入的域名格式错误').waitFor();
    await modal(page).getByLabel('域名').fill('iot.binjiang-water.cn');
    await button(modal(page), '保存').click();
    await rows(page, 'iot.binjiang-water.cn').getByText('滨江水务').waitFor();

    await page.getByRole('button', { name: '新建' }).click();
    await modal(page).getByLabel('域名').fill('IOT.binjiang-water.cn');
    await modal(page).getByLabel('登录页系统名称').click();
    await modal(page).getByText('域名已存在').waitFor();
    await button(modal(page), '取消').click();

    await rows(page, 'iot.binjiang-water.cn')
      .getByRole('button', { name: /^编\s?辑$/ })
      .click();
    await modal(page).getByLabel('登录页系统名称').fill('滨江水务平台');
    await button(modal(page), '保存').click();
    await rows(page, '滨江水务平台').waitFor();
    await search(page, '域名或系统名称', 'binjiang');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await deleteRow(page, 'iot.binjiang-water.cn', /确定删除域名「iot.binjiang-water.cn」吗/);
    await search(page, '域名或系统名称', '');
    await page.close();
  });

  it('开放平台: the secret is shown once, rotated, the client disabled, searched and deleted', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/openPlatform');
    await expect.poll(() => routeName(page)).toBe('router-openPlatform-s');
    expect(await page.getByRole('link', { name: /接口文档/ }).getAttribute('href')).toBe(
      '/interfaceDocument',
    );
    await page.getByRole('button', { name: '新建' }).click();
    const form = modal(page);
    await form.getByLabel('名称').fill('ERP 对接');
    await form.getByLabel('clientId').fill('iot-web');
    await form.getByLabel('名称').click();
    await form.getByText('clientId 已存在').waitFor();
    await form.getByLabel('clientId').fill('erp-binjiang');
    await form.getByLabel('登录账号').fill(DEMO_ACCOUNTS.projectAdmin.username);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await button(form, '保存').click();
    const secret = (await page.getByTestId('client-secret').textContent())!;
    expect(secret.length).toBeGreaterThan(20);
    await page.getByText('密钥只显示这一次').waitFor();
    await button(modal(page), '我已保存').click();
    await rows(page, 'erp-binjiang').waitFor();
    // Gone from the page once closed; the list does not carry it.
    await expect.poll(() => page.getByText(secret).count()).toBe(0);
    const grant = await h.t.grant({
      grant_type: 'client_credentials',
      clientId: 'erp-binjiang',
      clientSecret: secret,
    });
    expect(grant.body.code).toBe(20000);

    await rows(page, 'erp-binjiang').getByRole('button', { name: '重置密钥' }).click();
    await button(page.locator('.ant-popover:visible'), '重置').click();
    const rotated = (await page.getByTestId('client-secret').textContent())!;
    expect(rotated).not.toBe(secret);
    await button(modal(page), '我已保存').click();
    await page.getByTestId('client-secret').waitFor({ state: 'detached' });

    await rows(page, 'erp-binjiang')
      .getByRole('button', { name: /^停\s?用$/ })
      .click();
    await rows(page, 'erp-binjiang').locator('.ant-tag', { hasText: '停用' }).waitFor();
    const refused = await h.t.grant({
      grant_type: 'client_credentials',
      clientId: 'erp-binjiang',
      clientSecret: rotated,
    });
    expect(refused.body.code).not.toBe(20000);
    await rows(page, 'erp-binjiang')
      .getByRole('button', { name: /^启\s?用$/ })
      .click();
    await rows(page, 'erp-binjiang').locator('.ant-tag', { hasText: '启用' }).waitFor();

    await search(page, '名称、clientId 或账号', 'binjiang');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await search(page, '名称、clientId 或账号', '');

    // Another client goes, after its confirmation (erp-binjiang stays for 开放接口 below).
    await h.api('POST', '/iot/system/clients', { name: '临时对接', clientId: 'temp-client', userId: 1 });
    await page.reload();
    await deleteRow(page, 'temp-client', /确定删除客户端「临时对接」吗/);
    await rows(page, 'erp-binjiang').waitFor();
    await page.close();
  });

  it("a project's 开放接口 lists the clients signing in as its members", async () => {
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/openApi`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-openApi-g${projectId}`);
    await rows(page, 'erp-binjiang').waitFor();
    await page.getByText(`/iot/groups/${projectId}/tree`).waitFor();
    expect(await page.getByRole('link', { name: /接口文档/ }).getAttribute('href')).toBe(
      '/interfaceDocument',
    );
    await page.close();
  });

  it('a failed list load says so and retries (502)', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/gatewayFirms');
    const calls = (url: URL) => url.pathname === '/iot/gatewayFirms';
    await page.route(calls, (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
    );
    await page.reload();
    await page.getByText(/网关厂商列表加载失败：系统维护中/).waitFor();
    expect(await page.getByText('还没有网关厂商').count()).toBe(0);
    await page.unroute(calls);
    await page.getByTestId('load-retry').click();
    await page.locator('.ant-table-row').first().waitFor();
    await page.close();
  });

  it('reads at phone width (项目管理)', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/projects');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.ant-table-row').first().waitFor();
    await settled(page);
    const body = page.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const create = await page.getByRole('button', { name: '新建' }).boundingBox();
    expect(create!.x + create!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'system-admin-projects-phone');
    await page.close();
  });

  // One test per theme: seven sign-ins each, and fourteen in one test ran past its minute on a
  // slow machine.
  it.each(['light', 'tech'] as const)(
    'screens in the %s theme',
    async (theme) => {
      const screens = [
        'gatewayFirms',
        'corporations',
        'projects',
        'systems',
        'customDomains',
        'openPlatform',
      ];
      await setTheme(theme);
      for (const screen of screens) {
        const page = await h.openAs('admin', ADMIN_PASSWORD, `/system/${screen}`);
        await page.locator('.ant-card-head-title').first().waitFor();
        await page.locator('.ant-table-row, .ant-empty, form').first().waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, `system-admin-${screen}-${theme}`);
        await page.close();
      }
      const page = await h.openAs(
        DEMO_ACCOUNTS.projectAdmin.username,
        DEMO_ACCOUNTS.projectAdmin.password,
        `/projects/groups/${projectId}/openApi`,
      );
      await rows(page, 'erp-binjiang').waitFor();
      await screenshot(page, `system-admin-openApi-${theme}`);
      await page.close();
      await setTheme('light');
    },
    120_000,
  );
});

describe('a project administrator', () => {
  it('is refused the system routes (403) and sees no system menus', async () => {
    const { access } = await h.t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    for (const url of [
      '/iot/gatewayFirms',
      '/iot/corporations',
      '/iot/projects',
      '/iot/system',
      '/iot/customDomainConfigs',
      '/iot/system/clients',
    ]) {
      expect((await h.t.request('GET', url, { token: access })).status, url).toBe(403);
    }
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/openApi`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-openApi-g${projectId}`);
    expect(await page.getByRole('button', { name: '系统管理' }).count()).toBe(0);
    for (const name of ['网关厂商', '公司管理', '系统配置', '自定义域名', '开放平台'])
      expect(await page.locator('.shell-sider').getByText(name).count(), name).toBe(0);
    await page.goto(`${h.t.baseUrl}/system/gatewayFirms`);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/(401|404)$/);
    await page.close();
  });
});
