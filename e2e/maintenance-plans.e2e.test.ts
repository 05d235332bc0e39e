import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, REVIEW_SHOTS, routeName, startBrowserHarness } from './support/browser.js';

/**
 * 保养计划 (issue 13, decision 0052): the project administrator creates a plan on the screen, sees
 * the next five dates previewed, generates its orders now and finds them under the plan; the
 * operator reads the list without the buttons to change it.
 */
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let projectId: number;
const SHOTS = REVIEW_SHOTS;
const manager = DEMO_ACCOUNTS.projectAdmin;
const operator = DEMO_ACCOUNTS.operator;

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

async function setTheme(account: { username: string; password: string }, theme: string) {
  const { access } = await h.t.login(account.username, account.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/plans-${name}.png`, fullPage: false });
}

async function openPlans(
  account: { username: string; password: string },
  viewport?: { width: number; height: number },
) {
  const { access, refresh } = await h.t.login(account.username, account.password);
  const context = await h.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/maintenancePlans?accessToken=${access}&refreshToken=${refresh}`,
  );
  await expect.poll(() => routeName(page)).toBe(`router-maintenancePlan-g${projectId}`);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

describe('保养计划', () => {
  it('the administrator creates a plan, previews its dates and generates its orders', async () => {
    await setTheme(manager, 'light');
    const { access } = await h.t.login(manager.username, manager.password);
    await h.api(
      'POST',
      `/iot/groups/${projectId}/equipment`,
      { name: 'E2E 格栅机', code: 'E2E-GS', bindings: [] },
      access,
    );
    const page = await openPlans(manager);
    await page.getByRole('button', { name: '新建计划' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('计划名称').fill('E2E 格栅日常巡检');
    await dialog
      .locator('label')
      .filter({ hasText: /^巡检$/ })
      .click();
    await dialog
      .locator('label')
      .filter({ hasText: /^按天$/ })
      .click();
    // Every day: the preview lists five consecutive days.
    const preview = dialog.getByTestId('plan-preview').locator('li');
    await expect.poll(() => preview.count()).toBe(5);
    // By run hours there are no dates: the rule in words, with its hours.
    await dialog
      .locator('label')
      .filter({ hasText: /^按运行小时$/ })
      .click();
    await dialog.getByLabel('每运行（小时）').fill('500');
    await expect
      .poll(() => dialog.getByTestId('plan-preview').textContent())
      .toContain('所选设备自开始日期起每累计运行满500小时，各生成一张工单');
    await shot(page, 'form-run-hours-light');
    await dialog
      .locator('label')
      .filter({ hasText: /^按天$/ })
      .click();
    await dialog.getByLabel('每隔（天）').fill('1');
    await expect.poll(() => preview.count()).toBe(5);
    await dialog.getByLabel('提前生成（小时）').fill('48');
    await choose(page, '区域 / 站点', '格栅间');
    // Equipment comes from the ledger by name and code, not typed as numbers (searched: the
    // dropdown's list is virtual).
    await dialog.getByLabel('设备', { exact: true }).fill('E2E-GS');
    await choose(page, '设备', 'E2E 格栅机（E2E-GS）');
    await dialog
      .locator('label')
      .filter({ hasText: /^指定人员$/ })
      .click();
    await choose(page, '人员', operator.realname);
    await dialog.getByRole('button', { name: '添加检查项' }).click();
    await dialog.getByPlaceholder('检查内容').fill('格栅无堵塞');
    await dialog.getByPlaceholder('期望（如 正常）').fill('正常');
    await shot(page, 'form-light');
    await dialog.getByRole('button', { name: '保 存' }).click();
    const row = page.locator('tr').filter({ hasText: 'E2E 格栅日常巡检' });
    await expect.poll(() => row.count()).toBe(1);
    await shot(page, 'list-light');

    await row.getByRole('button', { name: '立即生成' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    const drawer = page.locator('.ant-drawer');
    await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await drawer.locator('tbody tr.ant-table-row').first().textContent()).toContain('待执行');
    await shot(page, 'orders-light');
    // The orders carry the plan's checklist for the execution form.
    const plans = await h.api<{ list: { id: number; name: string; equipmentIds: number[] }[] }>(
      'GET',
      `/iot/groups/${projectId}/maintenancePlans?keyword=E2E&page=0&size=10`,
      undefined,
      (await h.t.login(manager.username, manager.password)).access,
    );
    expect(plans.list[0]!.equipmentIds).toHaveLength(1);
    const orders = await h.api<{ list: { id: number }[] }>(
      'GET',
      `/iot/groups/${projectId}/maintenancePlans/${plans.list[0]!.id}/workOrders?page=0&size=10`,
      undefined,
      (await h.t.login(manager.username, manager.password)).access,
    );
    const detail = await h.api<{ checklist: { text: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/workOrders/${orders.list[0]!.id}`,
      undefined,
      (await h.t.login(manager.username, manager.password)).access,
    );
    expect(detail.checklist.map((c) => c.text)).toEqual(['格栅无堵塞']);
    await page.context().close();
  });

  it('the operator reads the plans without the buttons to change them; tech theme and a phone', async () => {
    await setTheme(operator, 'tech');
    const page = await openPlans(operator);
    await expect.poll(() => page.locator('tr').filter({ hasText: 'E2E 格栅日常巡检' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '新建计划' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '立即生成' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    await shot(page, 'list-tech');
    await page.context().close();

    const phone = await openPlans(operator, { width: 390, height: 844 });
    await expect.poll(() => phone.locator('tr').filter({ hasText: 'E2E 格栅日常巡检' }).count()).toBe(1);
    await shot(phone, 'list-tech-390');
    await phone.context().close();
    await setTheme(manager, 'light');
    const managerPhone = await openPlans(manager, { width: 390, height: 844 });
    await managerPhone.getByRole('button', { name: '新建计划' }).click();
    await expect.poll(() => managerPhone.getByTestId('plan-preview').locator('li').count()).toBe(5);
    await shot(managerPhone, 'form-light-390');
    await managerPhone.context().close();
  });
});
