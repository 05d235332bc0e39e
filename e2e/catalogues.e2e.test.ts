import type { Page as ListPage } from '@iot/contracts';
import type { Label } from '@iot/contracts/labels';
import type { Mode } from '@iot/contracts/modes';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * 单位管理, 标签管理, 模式管理 (decision 0040), each as a member whose role has only that menu;
 * picking a unit in the indicator form; filtering gateways by label as the read-only operator.
 */
let h: BrowserHarness;
let projectId: number;
let demoAdmin: string;
const PASSWORD = 'Keeper@2026';
const KEEPERS = {
  units: { username: 'unit-keeper', menu: 'router-units' },
  labels: { username: 'label-keeper', menu: 'router-labels' },
  modes: { username: 'mode-keeper', menu: 'router-modes' },
  indicators: { username: 'indicator-keeper', menu: 'router-indicatorConfig' },
} as const;

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (scope: Page | Locator, ...texts: string[]) =>
  texts.reduce((found, text) => found.filter({ hasText: text }), scope.locator('.ant-table-row'));
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const settled = (page: Page) =>
  page.locator('.ant-table .ant-spin-spinning').first().waitFor({ state: 'detached' });

async function choose(page: Page, select: Locator, option: string, search?: string) {
  await select.click();
  if (search) await select.fill(search);
  await openDropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

async function setTheme(username: string, theme: 'light' | 'tech') {
  const { access } = await h.t.login(username, PASSWORD);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

const open = (who: keyof typeof KEEPERS, path: string) =>
  h.openAs(KEEPERS[who].username, PASSWORD, `/projects/groups/${projectId}/${path}`);

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  // The least-privileged role that has each menu: the project entry and that menu, nothing else.
  for (const keeper of Object.values(KEEPERS)) {
    const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      name: `仅${keeper.menu}`,
      functions: [
        { code: 'router-project', permission: 1 },
        { code: keeper.menu, permission: 15 },
      ],
    });
    await h.api('POST', '/iot/users', {
      username: keeper.username,
      password: PASSWORD,
      realname: keeper.username,
    });
    await h.api('POST', `/iot/groups/${projectId}/users`, { account: keeper.username, roleId: role.id });
  }
});
afterAll(() => h?.close());

describe('单位管理', () => {
  it('lists the built-in units and the project’s own, adds one, refuses a taken name and a unit in use', async () => {
    await h.api(
      'POST',
      `/iot/groups/${projectId}/indicators`,
      { name: '废气颗粒物', type: 'float', unit: 'mg/m³', decimalPlaces: 1 },
      demoAdmin,
    );
    for (const theme of ['light', 'tech'] as const) {
      await setTheme(KEEPERS.units.username, theme);
      const page = await open('units', 'units');
      await expect.poll(() => routeName(page)).toBe(`router-units-g${projectId}`);
      await rows(page, 'mg/m³', '本项目', '1').waitFor();
      await rows(page, 'mg/L', '内置').waitFor();
      await settled(page);
      await screenshot(page, `catalogues-units-${theme}`);
      await page.close();
    }
    await setTheme(KEEPERS.units.username, 'light');

    const page = await open('units', 'units');
    await button(page, '新建单位').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('单位符号').fill('mg/L');
    await dialog.getByLabel('名称').click();
    await dialog.getByText('单位名称已存在').waitFor();
    await dialog.getByLabel('单位符号').fill('Nm³/h');
    await dialog.getByLabel('名称').fill('标况立方米每小时');
    await dialog.getByLabel('类别').fill('流量');
    await expect.poll(() => dialog.getByText('单位名称已存在').count()).toBe(0);
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await rows(page, 'Nm³/h', '标况立方米每小时', '本项目').waitFor();

    // Search by category, server-side.
    await page.getByLabel('符号、名称或类别').fill('流量');
    await button(page, '查询').click();
    await rows(page, 'L/s').waitFor();
    await expect.poll(() => rows(page, 'mg/L').count()).toBe(0);
    await page.getByLabel('符号、名称或类别').fill('');
    await button(page, '查询').click();

    // Deleting a unit an indicator uses asks first, then says why it cannot.
    await rows(page, 'mg/m³')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await page.getByText('确定删除单位「mg/m³」吗？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await page.getByText('删除失败！该单位正被 1 个指标使用，不能删除；请先修改这些指标的单位').waitFor();
    await rows(page, 'mg/m³').waitFor();
    await page.close();
  });

  it('is picked, not typed, in the indicator form', async () => {
    const page = await open('indicators', 'indicators');
    await expect.poll(() => routeName(page)).toBe(`router-indicatorConfig-g${projectId}`);
    await button(page, '新建指标').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('指标名称', { exact: true }).fill('E2E进水瞬时流量');
    // Searching by the unit's name finds the symbol.
    await choose(page, dialog.getByLabel('单位', { exact: true }), 'm³/h（立方米每小时）', '立方米每小时');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await rows(page, 'E2E进水瞬时流量', 'm³/h').waitFor();
    const list = await h.api<ListPage<{ name: string; unit: string }>>(
      'GET',
      `/iot/groups/${projectId}/indicators?size=1000`,
      undefined,
      demoAdmin,
    );
    expect(list.list.find((i) => i.name === 'E2E进水瞬时流量')?.unit).toBe('m³/h');
    await page.close();
  });
});

describe('标签管理', () => {
  it('attaches a label to gateways, at phone width', async () => {
    const gw = await createGateway(h.t, projectId, []);
    await createGateway(h.t, projectId, []); // one without the label
    await h.t.server.platform.db
      .updateTable('gateways')
      .set({ alias: 'E2E标签网关甲' })
      .where('id', '=', gw.id)
      .execute();
    const page = await open('labels', 'labels');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => routeName(page)).toBe(`router-labels-g${projectId}`);
    await rows(page, '重点监控', '2').waitFor();
    await settled(page);
    await screenshot(page, 'catalogues-labels-phone');
    await button(page, '新建标签').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标签名称').fill('重点监控');
    await dialog.getByLabel('描述').click();
    await dialog.getByText('标签名称已存在').waitFor();
    await dialog.getByLabel('标签名称').fill('E2E巡检');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await rows(page, 'E2E巡检')
      .locator('button', { hasText: /^关\s?联$/ })
      .click();
    const link = page.getByRole('dialog', { name: '关联标签「E2E巡检」' });
    await choose(page, link.getByLabel('关联网关'), 'E2E标签网关甲', '标签网关');
    // Close the list by clicking elsewhere (Tab would toggle the highlighted option off again).
    await link.getByText('关联标签「E2E巡检」').click();
    await openDropdown(page).waitFor({ state: 'hidden' });
    await button(link, '保存').click();
    await link.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const found = await h.api<ListPage<Label>>(
          'GET',
          `/iot/groups/${projectId}/labels?keyword=E2E`,
          undefined,
          demoAdmin,
        );
        return found.list.find((l) => l.name === 'E2E巡检')?.gatewayCount;
      })
      .toBe(1);
    await page.getByText('标签「E2E巡检」已关联 1 个网关、0 个分组').waitFor();
    // The table scrolls sideways inside the card rather than squeezing its columns.
    const body = page.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    // Attached: deleting is refused with the reason.
    await rows(page, 'E2E巡检')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await page
      .locator('.ant-popconfirm')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await page.getByText('删除失败！该标签已关联 1 个网关、0 个分组，不能删除；请先取消关联').waitFor();
    await page.close();
  });

  it('says a failed load with a retry, never “no labels”', async () => {
    const page = await open('labels', 'labels');
    await rows(page, '重点监控').waitFor();
    const listCall = (url: URL) => url.pathname === `/iot/groups/${projectId}/labels`;
    await page.route(listCall, (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
    );
    await page.reload();
    await page.getByText(/标签列表加载失败/).waitFor();
    expect(await page.getByText('还没有标签').count()).toBe(0);
    await page.unroute(listCall);
    await page.getByTestId('load-retry').click();
    await rows(page, '重点监控').waitFor();
    await page.close();
  });

  it('filters the gateway list for the read-only operator', async () => {
    const labels = await h.api<ListPage<Label>>(
      'GET',
      `/iot/groups/${projectId}/labels?keyword=E2E`,
      undefined,
      demoAdmin,
    );
    const label = labels.list.find((l) => l.name === 'E2E巡检')!;
    const gateways = await h.api<ListPage<{ id: number; alias: string }>>(
      'GET',
      `/iot/groups/${projectId}/gateways?size=100`,
      undefined,
      demoAdmin,
    );
    expect(gateways.total).toBeGreaterThan(1);
    const page = await h.openAs(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
      `/projects/groups/${projectId}/gateways`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-projectGateway-g${projectId}`);
    await page.locator('.ant-table-row').first().waitFor();
    await choose(page, page.getByLabel('标签', { exact: true }), 'E2E巡检');
    await rows(page, 'E2E标签网关甲').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(label.gatewayCount).toBe(1);
    await page.close();
  });
});

describe('模式管理', () => {
  it('switches a site’s mode and refuses deleting a mode in use, in light and tech', async () => {
    for (const theme of ['light', 'tech'] as const) {
      await setTheme(KEEPERS.modes.username, theme);
      const page = await open('modes', 'modes');
      await expect.poll(() => routeName(page)).toBe(`router-modes-g${projectId}`);
      await rows(page, '自动').first().waitFor();
      await rows(page, '消毒池', '检修').waitFor();
      await settled(page);
      await screenshot(page, `catalogues-modes-${theme}`);
      await page.close();
    }
    await setTheme(KEEPERS.modes.username, 'light');

    const page = await open('modes', 'modes');
    await rows(page, '格栅间').waitFor();
    await choose(page, page.getByLabel('格栅间的模式'), '手动');
    await page.getByText('「格栅间」已切换为手动').waitFor();
    const modes = await h.api<ListPage<Mode>>('GET', `/iot/groups/${projectId}/modes`, undefined, demoAdmin);
    expect(modes.list.find((m) => m.name === '手动')?.siteCount).toBe(1);

    await rows(page, '检修', '设备检修中')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await page.getByText('确定删除模式「检修」吗？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await page
      .getByText('删除失败！该模式正被使用（1 个站点处于该模式，0 条预警规则限定于该模式），不能删除')
      .waitFor();
    await page.close();
  });
});
