import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let projectId: number;
const AUDITOR = { username: 'log-auditor', password: 'Auditor@2026' };

const rows = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const button = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`^${text.split('').join('\\s?')}$`) });

async function setTheme(username: string, password: string, theme: 'light' | 'tech') {
  const { access } = await h.t.login(username, password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  // The least-privileged role with the menu: the project's log and nothing else.
  const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    name: '日志审阅',
    functions: [
      { code: 'router-project', permission: 1 },
      { code: 'router-operationLog', permission: 1 },
    ],
  });
  await h.api('POST', '/iot/users', { ...AUDITOR, realname: '日志审阅人' });
  await h.api('POST', `/iot/groups/${projectId}/users`, { account: AUDITOR.username, roleId: role.id });
  // A write in the project by its administrator.
  const projectAdmin = (
    await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)
  ).access;
  await h.api(
    'POST',
    `/iot/groups/${projectId}/children`,
    { name: '日志里的站点', groupType: 'site', siteType: 'container', parentId: projectId },
    projectAdmin,
  );
  await h.t.server.operationLogs.flush();
});
afterAll(() => h?.close());

describe('操作日志 of a project', () => {
  it('shows the project’s writes to a member whose role has only the log, and exports them', async () => {
    const page = await h.openAs(
      AUDITOR.username,
      AUDITOR.password,
      `/projects/groups/${projectId}/operationLogs`,
    );
    await expect.poll(() => routeName(page)).toBe(`router-operationLog-g${projectId}`);
    const row = rows(page, DEMO_ACCOUNTS.projectAdmin.realname).filter({
      hasText: '/iot/groups/:groupId/children',
    });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('成功');
    // Sign-ins are the system's, not the project's.
    expect(await page.locator('.ant-table-row', { hasText: '登录' }).count()).toBe(0);

    await page.getByLabel('结果', { exact: true }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="失败"]').click();
    await button(page, '查询').click();
    await page.getByText('这段时间没有符合条件的操作').waitFor();
    await button(page, '重置').click();
    await row.first().waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^操作日志-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await screenshot(page, 'operation-logs-project');
  });

  it('says a failed load and retries, instead of an empty log', async () => {
    const page = await h.openAs(
      AUDITOR.username,
      AUDITOR.password,
      `/projects/groups/${projectId}/operationLogs`,
    );
    // The API call, not the page's own address (which ends the same way).
    const logCalls = (url: URL) =>
      url.pathname.startsWith('/iot/') && url.pathname.endsWith('/operationLogs');
    await page.route(logCalls, (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
    );
    await page.reload();
    await page.getByText(/操作日志加载失败/).waitFor();
    expect(await page.getByText('这段时间没有符合条件的操作').count()).toBe(0);
    await page.unroute(logCalls);
    await page.getByTestId('load-retry').click();
    await rows(page, DEMO_ACCOUNTS.projectAdmin.realname).first().waitFor();
  });

  it('reads at phone width', async () => {
    const page = await h.openAs(
      AUDITOR.username,
      AUDITOR.password,
      `/projects/groups/${projectId}/operationLogs`,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await rows(page, DEMO_ACCOUNTS.projectAdmin.realname).first().waitFor();
    // The table scrolls sideways inside the card instead of squeezing its columns.
    const body = page.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The filter bar's time range wraps onto its own lines rather than running off the screen.
    const picker = await page.locator('.ant-picker-range').boundingBox();
    expect(picker!.x + picker!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'operation-logs-phone');
  });
});

describe('操作日志 of the system', () => {
  it('shows sign-ins and refused sign-ins to the administrator, in light and tech', async () => {
    await h.t.grant({ grant_type: 'password', username: AUDITOR.username, password: 'not-the-password' });
    await h.t.server.operationLogs.flush();
    for (const theme of ['light', 'tech'] as const) {
      await setTheme('admin', ADMIN_PASSWORD, theme);
      const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/operationLogs');
      await expect.poll(() => routeName(page)).toBe('router-system-operationLogs-s');
      const refused = rows(page, AUDITOR.username)
        .filter({ hasText: '登录（账号密码）' })
        .filter({ hasText: '失败' });
      await refused.first().waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await screenshot(page, `operation-logs-system-${theme}`);
      await page.close();
    }
    await setTheme('admin', ADMIN_PASSWORD, 'light');
  });
});
