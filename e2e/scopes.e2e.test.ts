import type { Page as ListPage } from '@iot/contracts';
import type { Corporation } from '@iot/contracts/corporations';
import type { GroupTreeNode } from '@iot/contracts/groups';
import type { CorporationProject } from '@iot/contracts/projects';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * The site scope (站点首页 as the read-only demo operator, with live values, today's warnings and the
 * breadcrumb switching sites) and the corporation scope (企业项目, 企业设置 as the corporation
 * administrator; 返回公司 inside a project for corporation members only). Decision 0041.
 */
let h: BrowserHarness;
let projectId: number;
let demoAdmin: string;
let sim: SimulatedSite;
let corporation: Corporation;
const sites: { id: number; name: string }[] = [];
const operator = DEMO_ACCOUNTS.operator;
const corp = DEMO_ACCOUNTS.corporationAdmin;

const button = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });

async function setTheme(account: { username: string; password: string }, theme: 'light' | 'tech') {
  const { access } = await h.t.login(account.username, account.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const [root] = await h.api<GroupTreeNode[]>(
    'GET',
    `/iot/groups/${projectId}/groupTree?includeSelf=true`,
    undefined,
    demoAdmin,
  );
  // The two sites of the first area (格栅间, 进水泵房).
  for (const site of root!.children[0]!.children) sites.push({ id: site.id, name: site.name });
  sim = await startSimulatedSite(h, {
    aliases: ['格栅一号', '格栅二号'],
    intervalMs: 1000,
    groupId: sites[0]!.id,
  });
  // A rule every value breaks: today's warnings of the site are not empty.
  const indicators = await h.api<ListPage<{ id: number }>>(
    'GET',
    `/iot/groups/${projectId}/gateways/${sim.gateways[0]!.id}/indicators?size=10`,
    undefined,
    demoAdmin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    { gatewayIndicatorId: indicators.list[0]!.id, kind: 'above', high: -1_000_000, level: 1 },
    demoAdmin,
  );
  const { access } = await h.t.login(corp.username, corp.password);
  const [mine] = (
    await h.api<ListPage<{ id: number }>>('GET', '/iot/corporations/byCurUser', undefined, access)
  ).list;
  // 公司设置's full record (我的公司's rows leave out the owner's mobile).
  corporation = await h.api<Corporation>('GET', `/iot/corporations/${mine!.id}/setting`, undefined, access);
});
afterAll(async () => {
  await sim?.simulation.stop();
  await h?.close();
});

describe('站点首页 as the demo operator', () => {
  const siteHome = (id: number) => `/sites/groups/${id}/siteHome`;

  it('is reached from the project home, shows the site’s gateways online with live values and today’s warnings', async () => {
    await setTheme(operator, 'light');
    const page = await h.openAs(
      operator.username,
      operator.password,
      `/project/${projectId}/index/projectHD/hd`,
    );
    const errors = watchErrors(page);
    await page.getByTestId('site-link').filter({ hasText: sites[0]!.name }).click();
    await page.waitForURL((url) => url.pathname === siteHome(sites[0]!.id));
    // The address changes a moment before the screen under it.
    await expect.poll(() => routeName(page)).toBe(`router-site-home-g${sites[0]!.id}`);
    await expect.poll(() => page.getByTestId('site-name').textContent()).toBe(sites[0]!.name);

    // The site's own gateways, both online once the devices speak.
    const gateways = page.getByTestId('site-gateway');
    await expect.poll(() => gateways.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => page.getByTestId('site-online-count').textContent(), { timeout: 15_000 })
      .toBe('网关在线 2/2');
    expect(await gateways.filter({ hasText: '格栅一号' }).count()).toBe(1);
    await page.getByTestId('live-status').filter({ hasText: '实时数据已连接' }).waitFor();

    // Live values change on screen without a reload.
    const first = sim.gateways[0]!;
    const value = page.locator(`[data-testid^="live-${first.id}:"]`).first();
    await value.waitFor({ timeout: 15_000 });
    const before = await value.textContent();
    await expect.poll(() => value.textContent(), { timeout: 15_000 }).not.toBe(before);

    // Today's warnings of this site's gateways; the site's equipment and open work orders (the
    // operator reads 工艺设备监控 and 工单管理; e2e/equipment-work covers those cards).
    const warnings = page.getByTestId('site-warnings');
    await warnings
      .locator('.ant-table-row')
      .filter({ hasText: first.alias })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('site-equipment').getByRole('link', { name: '打开工艺设备监控' }).waitFor();
    await page.getByTestId('site-work-orders').getByTestId('site-open-orders-count').waitFor();
    // The operator's site menu: 站点首页 and 站点实时数据, nothing of the project's.
    const menu = page.locator('.shell-sider .ant-menu-title-content');
    await expect.poll(() => menu.allTextContents()).toEqual(['站点首页', '站点实时数据']);

    await screenshot(page, 'site-home-light');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches to the other site from the breadcrumb', async () => {
    const page = await h.openAs(operator.username, operator.password, siteHome(sites[0]!.id));
    await page.getByTestId(`crumb-${sites[0]!.id}`).click();
    await page.getByRole('menuitem', { name: sites[1]!.name }).click();
    await page.waitForURL((url) => url.pathname === siteHome(sites[1]!.id));
    await expect.poll(() => page.getByTestId('site-name').textContent()).toBe(sites[1]!.name);
    await page.getByText('站点下还没有网关').waitFor();
    await page.getByText('今日暂无预警').waitFor();
    await page.close();
  });

  it('站点实时数据 reads the site’s own gateways', async () => {
    const page = await h.openAs(
      operator.username,
      operator.password,
      `/sites/groups/${sites[0]!.id}/realTimeData`,
    );
    // The address changes a moment before the screen under it.
    await expect.poll(() => routeName(page)).toBe(`router-site-realTimeData-g${sites[0]!.id}`);
    await page.getByText('格栅一号').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('load-error').count()).toBe(0);
    await screenshot(page, 'site-realtime-light');
    await page.close();
  });

  it('says a failed warnings load with a retry, never “no warnings”', async () => {
    const page = await h.openAs(operator.username, operator.password, siteHome(sites[0]!.id));
    const call = (url: URL) => url.pathname === `/iot/groups/${sites[0]!.id}/warnings`;
    await page.route(call, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.reload();
    await page.getByText(/今日预警加载失败/).waitFor();
    expect(await page.getByText('今日暂无预警').count()).toBe(0);
    await page.unroute(call);
    await page.getByTestId('site-warnings').getByTestId('load-retry').click();
    await page.getByTestId('site-warnings').locator('.ant-table-row').first().waitFor();
    await page.close();
  });

  it('fits a phone at 390 px and looks right in the tech theme', async () => {
    await setTheme(operator, 'tech');
    const page = await h.openAs(operator.username, operator.password, siteHome(sites[0]!.id));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('site-gateway').first().waitFor();
    await page.locator(`[data-testid^="live-${sim.gateways[0]!.id}:"]`).first().waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'site-home-tech-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(300);
    await screenshot(page, 'site-home-tech');
    await setTheme(operator, 'light');
    await page.close();
  });
});

describe('the corporation scope as its administrator', () => {
  const path = (screen: string) => `/corporations/groups/${corporation.id}/${screen}`;

  it('企业项目 lists the projects with pay status, set meal, gateways and today’s warnings, as the server counts them', async () => {
    await setTheme(corp, 'light');
    const page = await h.openAs(corp.username, corp.password, path('projects'));
    const errors = watchErrors(page);
    const row = page.locator('.ant-table-row').filter({ hasText: DEMO_PROJECT_NAME });
    await row.waitFor();
    const { access } = await h.t.login(corp.username, corp.password);
    const server = (
      await h.api<ListPage<CorporationProject>>(
        'GET',
        `/iot/corporations/${corporation.id}/projects`,
        undefined,
        access,
      )
    ).list.find((p) => p.id === projectId)!;
    expect(server.onlineGateways).toBeGreaterThanOrEqual(2);
    expect(server.todayWarnings).toBeGreaterThanOrEqual(1);
    expect(await row.textContent()).toContain('A 正常');
    // The day as the browser's clock reads it (the screen shows local dates).
    const endDay = await page.evaluate(
      (at) => new Date(at).toLocaleDateString('sv-SE'),
      server.setMealEndAt!,
    );
    expect(await row.textContent()).toContain(endDay);
    await expect
      .poll(() => row.getByTestId('corp-project-gateways').textContent(), { timeout: 10_000 })
      .toMatch(/在线 \d+离线 \d+/);
    const online = Number(
      ((await row.getByTestId('corp-project-gateways').textContent()) ?? '').match(/在线 (\d+)/)![1],
    );
    expect(Math.abs(online - server.onlineGateways)).toBeLessThanOrEqual(1);
    expect(Number(await row.getByTestId('corp-project-warnings').textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'corporation-projects-light');

    // Corporation staff hold no role in the project: entering says so instead of landing on /401.
    await button(page, '进入').first().click();
    await page.getByText(/没有可访问的功能菜单/).waitFor();
    expect(new URL(page.url()).pathname).toBe(path('projects'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('企业项目 says a failed load with a retry, and fits 390 px', async () => {
    const page = await h.openAs(corp.username, corp.password, path('projects'));
    await page.setViewportSize({ width: 390, height: 844 });
    const call = (url: URL) => url.pathname === `/iot/corporations/${corporation.id}/projects`;
    await page.route(call, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.reload();
    await page.getByText(/公司项目列表加载失败/).waitFor();
    expect(await page.getByText('公司下还没有项目').count()).toBe(0);
    await page.unroute(call);
    await page.getByTestId('load-retry').click();
    await page.locator('.ant-table-row').filter({ hasText: DEMO_PROJECT_NAME }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'corporation-projects-phone');
    await page.close();
  });

  it('企业设置 refuses a wrong mobile with 输入的手机号错误 and saves name, owner and mobile', async () => {
    await setTheme(corp, 'tech');
    const page = await h.openAs(corp.username, corp.password, path('setting'));
    const form = page.getByTestId('corporation-setting');
    const mobile = form.getByLabel('负责人手机号');
    await expect.poll(() => mobile.inputValue()).toBe(corporation.ownerMobile);
    await mobile.fill('1380000');
    await button(page, '保存').click();
    await page.getByText('输入的手机号错误').waitFor();
    await mobile.fill('13911112222');
    await form.getByLabel('负责人', { exact: true }).fill('钱经理');
    await button(page, '保存').click();
    await page.getByText('公司设置已保存').waitFor();
    const { access } = await h.t.login(corp.username, corp.password);
    const saved = await h.api<Corporation>(
      'GET',
      `/iot/corporations/${corporation.id}/setting`,
      undefined,
      access,
    );
    expect(saved).toMatchObject({ owner: '钱经理', ownerMobile: '13911112222', name: corporation.name });
    await screenshot(page, 'corporation-setting-tech');
    await setTheme(corp, 'light');
    await page.close();
  });

  it('返回公司 appears inside a project for corporation members only', async () => {
    // The operator is no corporation member: no entry.
    const plain = await h.openAs(
      operator.username,
      operator.password,
      `/projects/groups/${projectId}/realTimeData`,
    );
    await plain.locator('.shell-sider .ant-menu-item').first().waitFor();
    expect(await plain.getByTestId('back-to-corporation').count()).toBe(0);
    await plain.close();

    // The corporation administrator, given a role in the project, gets it at the top of the menu.
    const roles = await h.api<{ id: number; name: string }[]>(
      'GET',
      `/iot/groups/${projectId}/roles/options`,
      undefined,
      demoAdmin,
    );
    const role = roles.find((r) => r.name === '运维人员')!;
    await h.api(
      'POST',
      `/iot/groups/${projectId}/users`,
      { account: corp.username, roleId: role.id },
      demoAdmin,
    );
    const page = await h.openAs(corp.username, corp.password, `/projects/groups/${projectId}/realTimeData`);
    await page.getByTestId('back-to-corporation').click();
    await page.waitForURL((url) => url.pathname.startsWith(`/corporations/groups/${corporation.id}/`));
    // The project screen stays mounted for a moment after the URL changes: poll for the new route.
    await expect
      .poll(() => routeName(page))
      .toMatch(new RegExp(`^router-corporation-.*-g${corporation.id}$`));
    await page.close();
  });
});
