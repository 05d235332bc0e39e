import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import type { MaintenanceStatistics } from '../packages/contracts/src/maintenance/index.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * 维保记录 and 维保统计 as the demo operator (read only on both menus; decision 0055): the demo's
 * finished work listed, filtered, opened and exported; the statistics' figures as the server counts
 * them; a failed request shows 重试, not an empty screen; both at 390 px; light and tech.
 */
let h: BrowserHarness;
let projectId: number;
const OPERATOR = DEMO_ACCOUNTS.operator;
const SHOTS = process.env.RECORDS_SHOTS ?? REVIEW_SHOTS;

const rows = (page: Page) => page.locator('.ant-table-row');
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `records-${name}.png`), fullPage: true });
}

async function setTheme(theme: 'light' | 'tech') {
  const { access } = await h.t.login(OPERATOR.username, OPERATOR.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

/** Answers the matching requests 500 until the returned function is called. */
async function failing(page: Page, pathPart: string) {
  const predicate = (url: URL) => url.pathname.startsWith('/iot/') && url.pathname.endsWith(pathPart);
  const handler = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 40000, message: '数据库暂不可用', data: null }),
    });
  await page.route(predicate, handler);
  return () => page.unroute(predicate, handler);
}

async function openPhone(pathname: string) {
  const { access, refresh } = await h.t.login(OPERATOR.username, OPERATOR.password);
  const context = await h.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${h.t.baseUrl}${pathname}?accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

describe('维保记录', () => {
  it('lists the finished work, filters it, opens a record and exports it (operator, light)', async () => {
    await setTheme('light');
    const page = await h.openAs(
      OPERATOR.username,
      OPERATOR.password,
      `/projects/groups/${projectId}/maintenanceRecords`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-maintenanceRecord-g${projectId}`);
    await rows(page).first().waitFor();
    await page.getByText(/共 \d+ 条记录/).waitFor();
    await shot(page, 'list-light');

    await page.getByLabel('状态').click();
    await page.locator('.ant-select-item-option', { hasText: '已处理未解决' }).click();
    await expect
      .poll(async () => {
        const texts = await rows(page).allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes('已处理未解决'));
      })
      .toBe(true);

    // The first unresolved record opens with the result its row shows (demo orders of several seeds).
    const listed = (await rows(page).first().textContent()) ?? '';
    await rows(page)
      .first()
      .getByRole('button', { name: /详\s?情/ })
      .click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('执行结果').waitFor();
    await drawer.getByText('流转记录').waitFor();
    const result = (await drawer.getByTestId('record-result').textContent()) ?? '';
    expect(result.length).toBeGreaterThan(8);
    expect(listed).toContain(result.slice(0, 8));
    await shot(page, 'detail-light');
    await drawer.locator('.ant-drawer-close').click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s?出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^维保记录-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('shows 重试 when the list fails, then the rows once it answers', async () => {
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const restore = await failing(page, '/maintenanceRecords');
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/maintenanceRecords`);
    const error = page.getByTestId('load-error').filter({ hasText: '维保记录加载失败' });
    await error.waitFor();
    expect(await error.textContent()).toContain('数据库暂不可用');
    expect(await page.getByText('没有符合条件的维保记录').count()).toBe(0);
    await restore();
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await rows(page).first().waitFor();
  });
});

describe('维保统计', () => {
  it('shows the server’s figures and the charts by month (operator, tech)', async () => {
    await setTheme('tech');
    const page = await h.openAs(
      OPERATOR.username,
      OPERATOR.password,
      `/projects/groups/${projectId}/maintenanceStatistics`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-maintenanceStatistics-g${projectId}`);
    const months = page.getByTestId('chart-by-month');
    await months.waitFor();
    // 近6个月: this month and the five before it.
    await expect.poll(async () => (await months.getAttribute('data-values'))?.split('|').length).toBe(6);
    const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('.ant-statistic-content');
    const created = Number(await figure('created').textContent());
    expect(created).toBeGreaterThan(40);
    // The same figures as the API answers for the same range (read back from the page's request).
    const range = await page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .findLast((n) => n.includes('/maintenanceStatistics?'));
      return entry ? new URL(entry).search : '';
    });
    const { access } = await h.t.login(OPERATOR.username, OPERATOR.password);
    const stats = await h.api<MaintenanceStatistics>(
      'GET',
      `/iot/groups/${projectId}/maintenanceStatistics${range}`,
      undefined,
      access,
    );
    expect(created).toBe(stats.created);
    expect(await figure('completion').textContent()).toBe(
      `${((stats.completionRate ?? 0) * 100).toFixed(1)}%`,
    );
    expect(await figure('onTime').textContent()).toBe(`${((stats.onTimeRate ?? 0) * 100).toFixed(1)}%`);
    await page.getByTestId('chart-by-status').waitFor();
    await page.getByTestId('by-person').getByText(DEMO_ACCOUNTS.operator.realname).waitFor();
    await shot(page, 'statistics-tech');
  });

  it('shows 重试 when the statistics fail', async () => {
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const restore = await failing(page, '/maintenanceStatistics');
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/maintenanceStatistics`);
    const error = page.getByTestId('load-error').filter({ hasText: '运维统计加载失败' });
    await error.waitFor();
    await restore();
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await page.getByTestId('chart-by-month').waitFor();
  });
});

describe('on a phone (390 px)', () => {
  it('shows both screens without the page running off the side', async () => {
    for (const theme of ['light', 'tech'] as const) {
      await setTheme(theme);
      const records = await openPhone(`/projects/groups/${projectId}/maintenanceRecords`);
      await rows(records).first().waitFor();
      expect(await records.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(records, `list-phone-${theme}`);
      const stats = await openPhone(`/projects/groups/${projectId}/maintenanceStatistics`);
      await stats.getByTestId('chart-by-month').waitFor();
      expect(await stats.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(stats, `statistics-phone-${theme}`);
      await records.context().close();
      await stats.context().close();
      // And at the desk in the same theme.
      const desk = await h.openAs(
        OPERATOR.username,
        OPERATOR.password,
        `/projects/groups/${projectId}/maintenanceStatistics`,
      );
      await desk.getByTestId('chart-by-site').waitFor();
      await shot(desk, `statistics-desk-${theme}`);
      await desk.goto(`${h.t.baseUrl}/projects/groups/${projectId}/maintenanceRecords`);
      await rows(desk).first().waitFor();
      await shot(desk, `list-desk-${theme}`);
      await desk.context().close();
    }
  });
});
