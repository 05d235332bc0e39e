import type { Page as ListPage } from '@iot/contracts';
import type { GatewayWithCredentials } from '@iot/contracts/gateways';
import type { ProjectSettings, ResourceUsage } from '@iot/contracts/projects';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * 我的公司, 我的网关厂商, 资源概览 and 项目配置 (decision 0045), each as the least-privileged member who
 * has it: a corporation member whose role holds 公司项目 only, a firm member holding 网关管理 (read)
 * only, a project member holding 资源概览 and 项目配置 read only, and one who may change 项目配置.
 * Each screen at the desk and at 390 px, light and tech, with a failed request shown with 重试.
 */
let h: BrowserHarness;
let projectId: number;
let corporationId: number;
let firmId: number;
const PASSWORD = 'Passw0rd!';
const people = {
  corpViewer: { username: 'corp-viewer', password: PASSWORD },
  corpScreenless: { username: 'corp-screenless', password: PASSWORD },
  firmViewer: { username: 'firm-viewer', password: PASSWORD },
  resourceViewer: { username: 'res-viewer', password: PASSWORD },
  settingEditor: { username: 'setting-editor', password: PASSWORD },
};
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const THEMES = ['light', 'tech'] as const;

const button = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const token = async (who: { username: string; password: string }) =>
  (await h.t.login(who.username, who.password)).access;

async function setTheme(who: { username: string; password: string }, theme: 'light' | 'tech') {
  await h.api('PUT', '/iot/users/current/theme', { theme }, await token(who));
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A member of a scope with a role of the given functions (created by the system administrator). */
async function member(
  base: string,
  who: { username: string },
  roleName: string,
  functions: { code: string; permission: number }[],
  roleToken = h.adminToken,
) {
  const role = await h.api<{ id: number }>('POST', `${base}/roles`, { name: roleName, functions }, roleToken);
  await h.api(
    'POST',
    `${base}/users`,
    {
      username: who.username,
      realname: roleName,
      password: PASSWORD,
      roleId: role.id,
    },
    roleToken,
  );
}

/** Spinners and switches done moving, notices gone: the screen as a person reads it. */
async function settle(page: Page) {
  await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click();
  await page.waitForTimeout(400);
}

/** The page's width fits the phone: nothing scrolls sideways. */
const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** Opens `path` with the list call failing (500), expects `<what>加载失败` with 重试 and not `empty`, then retries. */
async function failThenRetry(
  page: Page,
  options: {
    call: (url: URL) => boolean;
    what: string;
    empty?: string;
    data: () => Promise<unknown>;
    shot: string;
  },
) {
  const handler = (route: { fulfill(r: object): Promise<void> }) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 40000, message: '服务暂时不可用', data: null }),
    });
  await page.route(options.call, handler);
  await page.reload();
  const error = page.getByTestId('load-error').filter({ hasText: `${options.what}加载失败` });
  await error.first().waitFor();
  expect(await error.first().textContent()).toContain('服务暂时不可用');
  if (options.empty) expect(await page.getByText(options.empty).filter({ visible: true }).count()).toBe(0);
  await screenshot(page, options.shot);
  await page.unroute(options.call, handler);
  await error
    .first()
    .getByRole('button', { name: /重\s?试/ })
    .click();
  await options.data();
  await expect.poll(() => error.count()).toBe(0);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  const corpAdmin = await token(DEMO_ACCOUNTS.corporationAdmin);
  corporationId = (
    await h.api<ListPage<{ id: number }>>('GET', '/iot/corporations/byCurUser', undefined, corpAdmin)
  ).list[0]!.id;
  const firmAdmin = await token(DEMO_ACCOUNTS.firmAdmin);
  firmId = (await h.api<ListPage<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmAdmin))
    .list[0]!.id;

  const corp = `/iot/corporations/${corporationId}`;
  await member(corp, people.corpViewer, '公司观察员', [
    { code: 'router-corporation-project', permission: 1 },
  ]);
  // A role holding only a screen the web app does not have yet (公司大屏).
  await member(corp, people.corpScreenless, '大屏观众', [
    { code: 'router-corporation-bigScreen', permission: 1 },
  ]);
  await member(`/iot/gatewayFirms/${firmId}`, people.firmViewer, '网关查看员', [
    { code: 'router-firmGateway', permission: 1 },
  ]);
  // The firm's stock: three gateways, one bound to the demo project.
  const made: GatewayWithCredentials[] = [];
  for (const n of [1, 2, 3])
    made.push(
      await h.api<GatewayWithCredentials>(
        'POST',
        `/iot/gatewayFirms/${firmId}/gateways`,
        { serialNumber: `DEMO-E2E-000${n}`, alias: `出厂网关${n}` },
        firmAdmin,
      ),
    );
  const demoAdmin = await token(DEMO_ACCOUNTS.projectAdmin);
  await h.api(
    'POST',
    `/iot/groups/${projectId}/gateways/bind`,
    { serialNumber: made[0]!.serialNumber, bindCode: made[0]!.bindCode, alias: '进水仪表' },
    demoAdmin,
  );

  const project = `/iot/groups/${projectId}`;
  await member(
    project,
    people.resourceViewer,
    '资源查看',
    [
      { code: 'router-projectOverview', permission: 1 },
      { code: 'router-projectSetting', permission: 1 },
    ],
    demoAdmin,
  );
  await member(
    project,
    people.settingEditor,
    '配置管理',
    [{ code: 'router-projectSetting', permission: 3 }],
    demoAdmin,
  );
  // The set meal ends in three days: 资源概览 says so, as the sign-in notice does.
  await h.api('PUT', `/iot/projects/${projectId}/terms`, { setMealEndAt: Date.now() + 3 * 86_400_000 });
  await h.api('POST', '/iot/projects', { name: '城北泵站项目' });
});
afterAll(() => h?.close());

describe('我的公司', () => {
  it('shows the member’s corporation with their role, projects and gateways, and enters it', async () => {
    await setTheme(people.corpViewer, 'light');
    const page = await h.openAs(people.corpViewer.username, people.corpViewer.password, '/corporations');
    const errors = watchErrors(page);
    await expect.poll(() => routeName(page)).toBe('router-myCorporations');
    const card = page.getByTestId(`corporation-${corporationId}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('示范环保集团');
    expect(await card.textContent()).toContain('公司观察员');
    expect(await card.textContent()).toContain('负责人 王经理');
    await expect
      .poll(() => card.getByTestId('corporation-figures').textContent())
      .toMatch(/项目 1 个在线 \d+离线 \d+/);
    // The personal menu offers all three lists.
    const menu = page.locator('.shell-sider .ant-menu-title-content');
    await expect
      .poll(() => menu.allTextContents())
      .toEqual(expect.arrayContaining(['我的项目', '我的公司', '我的网关厂商']));
    await screenshot(page, 'my-corporations-light');

    // A keyword that matches none of the member's corporations.
    await page.getByPlaceholder('公司名称').fill('城西');
    await button(page, '查询').click();
    await page.getByText('没有名称包含“城西”的公司').waitFor();
    await page.getByPlaceholder('公司名称').fill('');
    await button(page, '查询').click();

    await card.getByRole('button', { name: '进入公司' }).click();
    await page.waitForURL((url) => url.pathname === `/corporations/groups/${corporationId}/projects`);
    await expect.poll(() => routeName(page)).toBe(`router-corporation-project-g${corporationId}`);
    await page.locator('.ant-table-row').filter({ hasText: DEMO_PROJECT_NAME }).waitFor();
    // Any member reads the corporation's name for the title (公司设置 is not in this role).
    await expect.poll(() => page.getByTestId('scope-switcher').textContent()).toContain('示范环保集团');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a role without a screen the web has is told so, and stays', async () => {
    const page = await h.openAs(
      people.corpScreenless.username,
      people.corpScreenless.password,
      '/corporations',
    );
    await page.getByTestId(`corporation-${corporationId}`).getByRole('button', { name: '进入公司' }).click();
    await page.getByText('您在“示范环保集团”没有可访问的功能菜单，请联系公司管理员分配角色').waitFor();
    expect(new URL(page.url()).pathname).toBe('/corporations');
    await page.close();
  });

  it('someone in no corporation sees the empty list', async () => {
    const operator = DEMO_ACCOUNTS.operator;
    const page = await h.openAs(operator.username, operator.password, '/corporations');
    await page.getByText('您还没有加入任何公司').waitFor();
    await page.close();
  });

  it('reads in the tech theme, fits 390 px, and says a failed load with 重试', async () => {
    await setTheme(people.corpViewer, 'tech');
    const page = await h.openAs(people.corpViewer.username, people.corpViewer.password, '/corporations');
    const card = page.getByTestId(`corporation-${corporationId}`);
    await card.waitFor();
    await settle(page);
    await screenshot(page, 'my-corporations-tech');
    await page.setViewportSize(PHONE);
    await settle(page);
    await fitsPhone(page);
    await screenshot(page, 'my-corporations-tech-phone');
    await failThenRetry(page, {
      call: (url) => url.pathname === '/iot/corporations/byCurUser',
      what: '公司列表',
      empty: '您还没有加入任何公司',
      data: () => card.waitFor(),
      shot: 'my-corporations-error-tech-phone',
    });
    await setTheme(people.corpViewer, 'light');
    await page.close();
  });
});

describe('我的网关厂商', () => {
  it('shows the member’s firm with their role and its gateways, enters it; a failed load retries', async () => {
    for (const theme of THEMES) {
      await setTheme(people.firmViewer, theme);
      const page = await h.openAs(people.firmViewer.username, people.firmViewer.password, '/gatewayFirms');
      const errors = watchErrors(page);
      await expect.poll(() => routeName(page)).toBe('router-myGatewayFirms');
      const card = page.getByTestId(`firm-${firmId}`);
      await card.waitFor();
      expect(await card.textContent()).toContain('示范网关厂商');
      expect(await card.textContent()).toContain('网关查看员');
      expect(await card.textContent()).toContain('识别码 DEMO');
      expect(await card.getByTestId('firm-figures').textContent()).toBe('网关 3 台已绑定 1库存 2在线 0');
      await settle(page);
      await screenshot(page, `my-gateway-firms-${theme}`);
      await page.setViewportSize(PHONE);
      await settle(page);
      await fitsPhone(page);
      await screenshot(page, `my-gateway-firms-${theme}-phone`);
      await page.setViewportSize(DESK);
      if (theme === 'light') {
        await failThenRetry(page, {
          call: (url) => url.pathname === '/iot/gatewayFirms/byCurUser',
          what: '网关厂商列表',
          empty: '您还没有加入任何网关厂商',
          data: () => card.waitFor(),
          shot: 'my-gateway-firms-error-light',
        });
        await card.getByRole('button', { name: '进入厂商' }).click();
        await page.waitForURL((url) => url.pathname === `/gatewayfirms/${firmId}/gateways`);
        await expect.poll(() => routeName(page)).toBe(`router-firmGateway-f${firmId}`);
        await page.getByText('出厂网关2').waitFor();
      }
      expect(errors).toEqual([]);
      await page.close();
    }
    await setTheme(people.firmViewer, 'light');
  });
});

describe('资源概览 as a member who may only read it', () => {
  const path = () => `/projects/groups/${projectId}/overview`;

  it('shows the terms against the use as the server counts them, with the set meal’s warning', async () => {
    await setTheme(people.resourceViewer, 'light');
    const page = await h.openAs(people.resourceViewer.username, people.resourceViewer.password, path());
    const errors = watchErrors(page);
    await expect.poll(() => routeName(page)).toBe(`router-projectOverview-g${projectId}`);
    const server = await h.api<ResourceUsage>(
      'GET',
      `/iot/groups/${projectId}/getResourceUsage`,
      undefined,
      await token(people.resourceViewer),
    );
    const text = (id: string) => page.getByTestId(id).textContent();
    await expect.poll(() => text('overview-indicators')).toContain(`${server.indicators.used}/ 256`);
    expect(await text('overview-indicators')).toContain(`剩余 ${server.indicators.left} 个`);
    expect(await text('overview-pay-status')).toBe('A 正常');
    expect(await text('overview-set-meal')).toMatch(/（剩余 3 天）$/);
    expect(await text('overview-sms')).toContain('1,000条已发送 0 条');
    expect(await text('overview-sms')).toContain('未设置短信接收人');
    expect(await text('overview-voice')).toContain('200次');
    expect(await text('overview-chat')).toContain('100条');
    expect(await text('overview-gateways')).toContain(`${server.gateways.total}台`);
    expect(await text('overview-gateways')).toContain(`离线 ${server.gateways.offline}`);
    expect(await text('overview-groups')).toContain('区域 3 · 站点 6 · 监测点 0');
    expect(await text('overview-members')).toContain(`${server.members}人`);
    expect(server.members).toBe(4);
    await page.getByTestId('overview-warnings').getByText('套餐即将到期').waitFor();
    // Read-only: nothing to change on it.
    expect(await page.getByTestId('project-overview').locator('input, .ant-switch').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'project-overview-light');
    await page.setViewportSize(PHONE);
    await settle(page);
    await fitsPhone(page);
    await screenshot(page, 'project-overview-light-phone');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads in the tech theme, fits 390 px, and says a failed load with 重试', async () => {
    await setTheme(people.resourceViewer, 'tech');
    const page = await h.openAs(people.resourceViewer.username, people.resourceViewer.password, path());
    await page.getByTestId('overview-indicators').waitFor();
    await settle(page);
    await screenshot(page, 'project-overview-tech');
    await page.setViewportSize(PHONE);
    await settle(page);
    await fitsPhone(page);
    await screenshot(page, 'project-overview-tech-phone');
    await page.setViewportSize(DESK);
    await failThenRetry(page, {
      call: (url) => url.pathname === `/iot/groups/${projectId}/getResourceUsage`,
      what: '资源概览',
      data: () => page.getByTestId('overview-indicators').waitFor(),
      shot: 'project-overview-error-tech',
    });
    await setTheme(people.resourceViewer, 'light');
    await page.close();
  });

  it('项目配置 is read-only for this member', async () => {
    const page = await h.openAs(
      people.resourceViewer.username,
      people.resourceViewer.password,
      `/projects/groups/${projectId}/projectSetting`,
    );
    const form = page.getByTestId('project-setting');
    await expect.poll(() => form.getByLabel('项目名称').inputValue()).toBe(DEMO_PROJECT_NAME);
    expect(await form.getByLabel('项目名称').isDisabled()).toBe(true);
    expect(await form.getByRole('switch', { name: '允许解绑网关' }).isDisabled()).toBe(true);
    expect(await button(page, '保存').count()).toBe(0);
    await page.getByText('您只能查看项目配置，修改需要项目配置的修改权限。').waitFor();
    await settle(page);
    await screenshot(page, 'project-setting-readonly-light');
    await page.close();
  });
});

describe('项目配置 as a member who may change it', () => {
  const path = () => `/projects/groups/${projectId}/projectSetting`;
  const settings = async () =>
    h.api<ProjectSettings>('GET', `/iot/projects/getProjectByGroupId?groupId=${projectId}`);

  it('saves the project’s own settings and flags; a taken name is said on the field', async () => {
    await setTheme(people.settingEditor, 'light');
    const page = await h.openAs(people.settingEditor.username, people.settingEditor.password, path());
    const errors = watchErrors(page);
    await expect.poll(() => routeName(page)).toBe(`router-projectSetting-g${projectId}`);
    const form = page.getByTestId('project-setting');
    const name = form.getByLabel('项目名称');
    await expect.poll(() => name.inputValue()).toBe(DEMO_PROJECT_NAME);
    expect(await form.getByTestId('project-corporation').textContent()).toBe('示范环保集团');
    await settle(page);
    await screenshot(page, 'project-setting-light');
    await page.setViewportSize(PHONE);
    await settle(page);
    await fitsPhone(page);
    await screenshot(page, 'project-setting-light-phone');
    await page.setViewportSize(DESK);

    await name.fill('城北泵站项目');
    await button(page, '保存').click();
    await form.getByText('项目名称已存在').waitFor();
    await name.fill(DEMO_PROJECT_NAME);
    await form.getByLabel('分组显示名称').fill('片区');
    await form.getByLabel('入口名称').fill('返回集团');
    const unbind = form.getByRole('switch', { name: '允许解绑网关' });
    expect(await unbind.getAttribute('aria-checked')).toBe('true');
    await unbind.click();
    await button(page, '保存').click();
    await page.getByText('项目配置已保存').waitFor();
    expect(await settings()).toMatchObject({
      name: DEMO_PROJECT_NAME,
      groupDisplayName: '片区',
      menuName: '返回集团',
      canUnbindGateway: false,
      canChangeBindGateway: true,
    });
    // Put back what other screens of this run expect.
    await unbind.click();
    await form.getByLabel('分组显示名称').fill('分组');
    await button(page, '保存').click();
    await expect.poll(async () => (await settings()).canUnbindGateway).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads in the tech theme, fits 390 px, and says a failed load with 重试', async () => {
    await setTheme(people.settingEditor, 'tech');
    const page = await h.openAs(people.settingEditor.username, people.settingEditor.password, path());
    const form = page.getByTestId('project-setting');
    await expect.poll(() => form.getByLabel('项目名称').inputValue()).toBe(DEMO_PROJECT_NAME);
    await settle(page);
    await screenshot(page, 'project-setting-tech');
    await page.setViewportSize(PHONE);
    await settle(page);
    await fitsPhone(page);
    await screenshot(page, 'project-setting-tech-phone');
    await page.setViewportSize(DESK);
    await failThenRetry(page, {
      call: (url) => url.pathname === '/iot/projects/getProjectByGroupId',
      what: '项目配置',
      data: () => form.waitFor(),
      shot: 'project-setting-error-tech',
    });
    await setTheme(people.settingEditor, 'light');
    await page.close();
  });
});
