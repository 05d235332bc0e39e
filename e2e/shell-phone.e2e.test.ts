import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The shell as its least-privileged users meet it (issue 11, items 9 and 10): on a 390 px phone
 * (drawer, condensed top bar, tables that scroll, /m with its tab bar), and at the desk (icons
 * on every menu entry, no 建设中 entries, personal screens that keep the project, 退出 that asks,
 * /401 that says what happened).
 */
let h: BrowserHarness;
let projectId: number;
let siteId: number;
const operator = DEMO_ACCOUNTS.operator;
const PHONE = { width: 390, height: 844 };
/** A role granting, beside 实时数据, two entries whose screens are not built (报表, 库存管理). */
const INSPECTOR = { username: 'inspector', password: 'Inspect#2026' };

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  const tree = await h.api<{ children: { id: number; children: { id: number }[] }[] }>(
    'GET',
    `/iot/groups/${projectId}/tree`,
  );
  siteId = tree.children[0]!.children[0]!.id;
  const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    name: '巡检员',
    functions: [
      { code: 'router-realTimeData', permission: 1 },
      { code: 'router-report', permission: 1 },
      { code: 'router-inventory', permission: 1 },
    ],
  });
  await h.api('POST', `/iot/groups/${projectId}/users`, {
    ...INSPECTOR,
    realname: '巡检员',
    roleId: role.id,
  });
});
afterAll(() => h?.close());

async function setTheme(username: string, password: string, theme: string): Promise<void> {
  const { access } = await h.t.login(username, password);
  const answer = await h.t.request('PUT', '/iot/users/current/theme', { token: access, body: { theme } });
  expect(answer.body.code).toBe(20000);
}

/** A fresh page of the given size, signed in by handing the tokens over in the address. */
async function openAs(
  account: { username: string; password: string },
  pathname: string,
  viewport = PHONE,
): Promise<Page> {
  const { access, refresh } = await h.t.login(account.username, account.password);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  const join = pathname.includes('?') ? '&' : '?';
  await page.goto(`${h.t.baseUrl}${pathname}${join}accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

/** The element's box lies wholly inside the viewport. */
async function insideViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width &&
    box.y + box.height <= size.height
  );
}

describe('at 390 px', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`the sidebar is a drawer, the bell and the avatar stay on screen (${theme})`, async () => {
      await setTheme(operator.username, operator.password, theme);
      const page = await openAs(operator, `/projects/groups/${projectId}/realTimeData`);
      await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
      expect(await page.locator('.shell-sider').count()).toBe(0);
      expect(await insideViewport(page, '[data-testid=message-bell]')).toBe(true);
      expect(await insideViewport(page, '[data-testid=avatar-menu]')).toBe(true);
      expect(await insideViewport(page, '[data-testid=menu-button]')).toBe(true);
      // Nothing is wider than the phone: the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.waitForTimeout(300);
      await screenshot(page, `phone-realtime-${theme}`);

      await page.getByTestId('menu-button').click();
      const drawer = page.locator('.shell-drawer');
      await drawer.getByText('历史数据').waitFor();
      // Every entry has its icon; entries whose screen is not built are not offered.
      expect(await drawer.locator('.ant-menu-item:not(:has(.anticon))').count()).toBe(0);
      await page.waitForTimeout(300);
      await screenshot(page, `phone-drawer-${theme}`);
      await drawer.getByText('历史数据').click();
      await expect.poll(() => routeName(page)).toBe(`router-historicalData-g${projectId}`);
      await expect.poll(() => drawer.isVisible()).toBe(false);
      await page.close();
    });
  }

  it('a long project name and every top-bar button still leave the bell and avatar on screen', async () => {
    const project = await h.api<{ projectGroupId: number }>('POST', '/iot/projects', {
      name: '华东区域第三污水处理厂提标改造二期工程智慧运维项目',
    });
    const { access, refresh } = await h.t.login('admin', ADMIN_PASSWORD);
    const context = await h.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(
      `${h.t.baseUrl}/projects/groups/${project.projectGroupId}/realTimeData?accessToken=${access}&refreshToken=${refresh}`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${project.projectGroupId}`);
    await expect.poll(() => page.getByTestId('scope-switcher').textContent()).toContain('华东区域');
    for (const selector of [
      '[data-testid=message-bell]',
      '[data-testid=avatar-menu]',
      '[aria-label=系统管理]',
    ]) {
      expect(await insideViewport(page, selector), selector).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-long-name-admin');
    await context.close();
  });

  it('no screen of the operator is wider than the phone (filters wrap, tables scroll inside)', async () => {
    await setTheme(operator.username, operator.password, 'light');
    const page = await openAs(operator, `/projects/groups/${projectId}/realTimeData`);
    await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
    const routes: [string, string][] = [
      ['realTimeData', 'router-realTimeData'],
      ['historicalData', 'router-historicalData'],
      ['trend', 'router-trend'],
      ['ranking', 'router-ranking'],
      ['gateways', 'router-projectGateway'],
      ['groups', 'router-project-group'],
      ['warningList', 'router-warningList'],
      ['warningAnalysis', 'router-warningAnalysis'],
      ['toolSet', 'router-toolSet'],
    ];
    for (const [route, code] of routes) {
      await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/${route}`);
      await expect.poll(() => routeName(page)).toBe(`${code}-g${projectId}`);
      await page.locator('.ant-card').first().waitFor();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(
        PHONE.width,
      );
    }
    // 预警列表's 开始时间: the preset and the range take a line each.
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/warningList`);
    const range = page.getByLabel('起止时间').first();
    await range.waitFor();
    const picker = (await page.locator('.ant-picker-range').first().boundingBox())!;
    expect(picker.x + picker.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'i11-phone-warning-list-light');
    await setTheme(operator.username, operator.password, 'tech');
    await page.reload();
    await page.locator('.ant-picker-range').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'i11-phone-warning-list-tech');
    await page.close();
  });

  it('a table keeps its columns and scrolls sideways instead of collapsing', async () => {
    await setTheme(operator.username, operator.password, 'light');
    for (const n of [1, 2]) {
      await h.api('POST', `/iot/groups/${projectId}/gateways`, {
        serialNumber: `PHONE000${n}`,
        alias: `${n}号进水泵房网关`,
        groupId: siteId,
      });
    }
    const page = await openAs(operator, `/projects/groups/${projectId}/gateways`);
    await expect.poll(() => routeName(page)).toBe(`router-projectGateway-g${projectId}`);
    const table = page.locator('.ant-table-content').first();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const { scrollWidth, clientWidth } = await table.evaluate((e) => ({
      scrollWidth: e.scrollWidth,
      clientWidth: e.clientWidth,
    }));
    expect(clientWidth).toBeLessThanOrEqual(PHONE.width);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // Every header keeps its text on one line, at least as wide as the text.
    const headers = await page.locator('.ant-table-thead th').evaluateAll((cells) =>
      cells.map((c) => ({
        text: c.textContent ?? '',
        width: c.getBoundingClientRect().width,
        height: c.getBoundingClientRect().height,
      })),
    );
    for (const header of headers.filter((c) => c.text.length > 0)) {
      expect(header.width, header.text).toBeGreaterThanOrEqual(header.text.length * 12);
      expect(header.height, header.text).toBeLessThan(64);
    }
    // The 操作 column (290 px for a project) is not pinned over the phone: the first columns show,
    // 操作 comes into view by scrolling.
    const box = async (text: string) =>
      (await page.locator('.ant-table-thead th', { hasText: text }).first().boundingBox())!;
    expect((await box('网关别名')).x).toBeGreaterThanOrEqual(0);
    expect((await box('序列号')).x + (await box('序列号')).width).toBeLessThanOrEqual(PHONE.width);
    expect((await box('操作')).x).toBeGreaterThanOrEqual(PHONE.width);
    await table.evaluate((e) => {
      e.scrollLeft = e.scrollWidth;
    });
    await expect.poll(async () => (await box('操作')).x).toBeLessThan(PHONE.width);
    expect((await box('网关别名')).x).toBeLessThan(0);
    await screenshot(page, 'phone-gateway-table-light');
    await page.close();
  });

  for (const theme of ['light', 'tech'] as const) {
    it(`/m has a home and a tab bar to real-time, warnings and messages (${theme})`, async () => {
      await setTheme(operator.username, operator.password, theme);
      const page = await openAs(operator, '/m');
      const home = page.getByTestId('mobile-home');
      await home.getByText('示范污水处理项目').first().waitFor();
      expect(await page.locator('.shell-header').count()).toBe(0);
      const tabs = page.getByTestId('tab-bar');
      expect(await insideViewport(page, '[data-testid=tab-bar]')).toBe(true);
      expect(await tabs.locator('.mobile-tab').allTextContents()).toEqual([
        '首页',
        '工单',
        '实时',
        '预警',
        '消息',
      ]);
      await page.waitForTimeout(300);
      await screenshot(page, `phone-m-home-${theme}`);

      await home.getByText('示范污水处理项目').first().click();
      await expect.poll(() => routeName(page)).toBe(`router-project-g${projectId}`);
      expect(new URL(page.url()).pathname).toBe(`/m/project/${projectId}/index/projectHD/hd`);
      await page.waitForTimeout(1000);
      await screenshot(page, `phone-m-project-home-${theme}`);
      await tabs.getByText('实时').click();
      await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
      expect(new URL(page.url()).pathname).toBe(`/m/projects/groups/${projectId}/realTimeData`);
      expect(await tabs.locator('[aria-current=page]').textContent()).toBe('实时');
      await page.waitForTimeout(300);
      await screenshot(page, `phone-m-realtime-${theme}`);
      await tabs.getByText('预警').click();
      await expect.poll(() => routeName(page)).toBe(`router-warningList-g${projectId}`);
      await tabs.getByText('消息').click();
      await expect.poll(() => routeName(page)).toBe('router-messageCenter');
      expect(new URL(page.url()).pathname).toBe('/m/messageCenter');
      // Home remembers the project the tabs work on.
      await tabs.getByText('首页').click();
      await page.getByTestId('current-project').getByText('示范污水处理项目').waitFor();
      // 退出 on the phone asks too; 取消 keeps the session.
      await home.getByRole('button', { name: /退\s*出/ }).click();
      const ask = page.locator('.ant-modal-confirm');
      await ask.locator('.ant-modal-confirm-title', { hasText: '确定退出登录吗？' }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `i11-phone-m-logout-${theme}`);
      await ask.getByRole('button', { name: /取\s*消/ }).click();
      await expect.poll(() => ask.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/m');
      expect(await page.evaluate(() => localStorage.getItem('iot.session'))).not.toBeNull();
      await page.close();
    });
  }
});

/** The menu texts of the desk sidebar. */
const siderTexts = (page: Page) => page.locator('.shell-sider .ant-menu-title-content').allTextContents();

describe('menus of the least-privileged users', () => {
  const cases = [
    {
      who: 'demo-operator',
      account: DEMO_ACCOUNTS.operator,
      path: () => `/projects/groups/${projectId}/realTimeData`,
      unbuilt: [] as string[],
      shows: '实时数据',
    },
    {
      // Granted two entries whose screens are not built: they are not offered.
      who: 'inspector',
      account: INSPECTOR,
      path: () => `/projects/groups/${projectId}/realTimeData`,
      unbuilt: ['报表', '库存管理'],
      shows: '实时数据',
    },
    {
      who: 'demo-corp',
      account: DEMO_ACCOUNTS.corporationAdmin,
      path: async () => {
        const { access } = await h.t.login(
          DEMO_ACCOUNTS.corporationAdmin.username,
          DEMO_ACCOUNTS.corporationAdmin.password,
        );
        const corps = await h.api<{ list: { id: number }[] }>(
          'GET',
          '/iot/corporations/byCurUser',
          undefined,
          access,
        );
        return `/corporations/groups/${corps.list[0]!.id}/roles`;
      },
      unbuilt: ['公司大屏'],
      shows: '角色管理',
    },
    {
      who: 'demo-firm',
      account: DEMO_ACCOUNTS.firmAdmin,
      path: async () => {
        const { access } = await h.t.login(
          DEMO_ACCOUNTS.firmAdmin.username,
          DEMO_ACCOUNTS.firmAdmin.password,
        );
        const firms = await h.api<{ list: { id: number }[] }>(
          'GET',
          '/iot/gatewayFirms/byCurUser',
          undefined,
          access,
        );
        return `/gatewayfirms/${firms.list[0]!.id}/gateways`;
      },
      unbuilt: ['固件管理', '升级任务', '校准管理'],
      shows: '网关管理',
    },
  ];
  for (const c of cases) {
    it(`${c.who}: every entry has an icon, none leads to a screen not built yet`, async () => {
      await setTheme(c.account.username, c.account.password, 'light');
      const page = await openAs(c.account, await c.path(), { width: 1440, height: 900 });
      await page.locator('.shell-sider').getByText(c.shows).waitFor();
      const texts = await siderTexts(page);
      for (const name of c.unbuilt) expect(texts, name).not.toContain(name);
      const items = page.locator('.shell-sider .ant-menu-item, .shell-sider .ant-menu-submenu-title');
      expect(await items.count()).toBeGreaterThan(0);
      expect(
        await page
          .locator(
            '.shell-sider .ant-menu-item:not(:has(.anticon)), .shell-sider .ant-menu-submenu-title:not(:has(.anticon))',
          )
          .count(),
      ).toBe(0);
      // Collapsed, the sidebar shows one icon per top-level entry, never first characters.
      await page.locator('.shell-sider .ant-layout-sider-trigger').click();
      await expect.poll(() => page.locator('.shell-sider.ant-layout-sider-collapsed').count()).toBe(1);
      const top = page.locator('.shell-sider .ant-menu-root > li');
      for (let i = 0; i < (await top.count()); i++) {
        expect(await top.nth(i).locator('.anticon').count()).toBeGreaterThan(0);
      }
      await page.waitForTimeout(300);
      await screenshot(page, `menu-collapsed-${c.who}`);
      // Each leaf opens a built screen.
      await page.locator('.shell-sider .ant-layout-sider-trigger').click();
      const leaves = await page.locator('.shell-sider .ant-menu-item').count();
      for (let i = 0; i < leaves; i++) {
        await page.locator('.shell-sider .ant-menu-item').nth(i).click();
        await page.locator('[data-route-name]').waitFor();
        expect(await page.getByTestId('under-construction').count()).toBe(0);
      }
      await page.close();
    });
  }

  it('an unbuilt screen still answers its address (bookmarks) and says so plainly', async () => {
    const page = await openAs(INSPECTOR, `/projects/groups/${projectId}/reports`, {
      width: 1440,
      height: 900,
    });
    await page.getByTestId('under-construction').getByText('报表暂未开放').waitFor();
    await page.close();
  });
});

describe('navigation at the desk', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`个人中心 and 我的消息 keep the project and lead back to it (${theme})`, async () => {
      await setTheme(operator.username, operator.password, theme);
      const page = await openAs(operator, `/projects/groups/${projectId}/realTimeData`, {
        width: 1440,
        height: 900,
      });
      await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
      await page.getByTestId('avatar-menu').hover();
      await page.getByRole('menuitem', { name: '个人中心' }).click();
      await expect.poll(() => routeName(page)).toBe('router-usercenter');
      // The project's name and menu stay; the breadcrumb leads back.
      await expect.poll(() => page.getByTestId('scope-switcher').textContent()).toContain('示范污水处理项目');
      await page.locator('.shell-sider').getByText('实时数据').waitFor();
      const back = page.getByTestId('scope-return');
      await expect.poll(() => back.textContent()).toContain('返回示范污水处理项目');
      await page.waitForTimeout(300);
      await screenshot(page, `user-center-in-project-${theme}`);
      await back.click();
      await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);

      // 我的消息 opened by its address (a bookmark) in the same tab keeps the way back too.
      await page.goto(`${h.t.baseUrl}/messageCenter`);
      await expect.poll(() => routeName(page)).toBe('router-messageCenter');
      await page.getByTestId('scope-return').click();
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toBe(`/projects/groups/${projectId}/realTimeData`);
      await page.close();
    });
  }

  it('账号安全 and 消息设置 are 个人中心 tabs: not in the menu, their addresses open the tab', async () => {
    const page = await openAs(operator, '/usercenter', { width: 1440, height: 900 });
    await expect.poll(() => routeName(page)).toBe('router-usercenter');
    const texts = await siderTexts(page);
    expect(texts).toContain('个人中心');
    expect(texts).not.toContain('账号安全');
    expect(texts).not.toContain('消息设置');
    await page.goto(`${h.t.baseUrl}/security`);
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=password');
    expect(new URL(page.url()).pathname).toBe('/usercenter');
    await page.goto(`${h.t.baseUrl}/messageSetting`);
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=message');
    await page.close();
  });

  it('退出 asks first; 取消 keeps the session', async () => {
    await setTheme(operator.username, operator.password, 'tech');
    const page = await openAs(operator, `/projects/groups/${projectId}/realTimeData`, {
      width: 1440,
      height: 900,
    });
    await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
    await page.getByTestId('avatar-menu').hover();
    await page.getByRole('menuitem', { name: '退出' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '确定退出登录吗？' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'logout-confirm-tech');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/projects/groups/${projectId}/realTimeData`);
    expect(await page.evaluate(() => localStorage.getItem('iot.session'))).not.toBeNull();
    await page.getByTestId('avatar-menu').hover();
    await page.getByRole('menuitem', { name: '退出' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /退\s*出/ })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('iot.session'))).toBeNull();
    await page.close();
  });

  for (const theme of ['light', 'tech'] as const) {
    it(`/401 tells a signed-in user they lack the permission and offers the way back (${theme})`, async () => {
      await setTheme(operator.username, operator.password, theme);
      const page = await openAs(operator, `/projects/groups/${projectId}/realTimeData`, {
        width: 1440,
        height: 900,
      });
      await expect.poll(() => routeName(page)).toBe(`router-realTimeData-g${projectId}`);
      await page.locator('.shell-sider').getByText('历史数据').click();
      await expect.poll(() => routeName(page)).toBe(`router-historicalData-g${projectId}`);
      // A page of system management, which demo-operator's roles do not grant.
      await page.evaluate(() => {
        window.history.pushState(
          { ...window.history.state, idx: (window.history.state?.idx ?? 0) + 1 },
          '',
          '/system/users',
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      await expect.poll(() => new URL(page.url()).pathname).toBe('/401');
      await page.getByText('无权访问此页面').waitFor();
      expect(await page.getByRole('button', { name: '重新登录' }).count()).toBe(0);
      await page.waitForTimeout(300);
      await screenshot(page, `unauthorized-signed-in-${theme}`);
      await page.getByRole('button', { name: '返回上一页' }).click();
      await expect.poll(() => routeName(page)).toBe(`router-historicalData-g${projectId}`);
      await page.close();
    });
  }

  for (const theme of ['light', 'tech'] as const) {
    it(`at 1440 px the shell keeps its sidebar and full top bar (${theme})`, async () => {
      await setTheme(operator.username, operator.password, theme);
      const page = await openAs(operator, `/projects/groups/${projectId}/realTimeData`, {
        width: 1440,
        height: 900,
      });
      await page.locator('.shell-sider').getByText('实时数据').waitFor();
      expect(await page.getByTestId('menu-button').count()).toBe(0);
      await page.getByTestId('system-name').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `desk-realtime-${theme}`);
      await page.close();
    });
  }
});
