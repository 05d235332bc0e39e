import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { WorkOrderDetail } from '@iot/contracts/maintenance';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * 工单管理 (issue 13) against the real server: a warning becomes a work order in one click on 预警列表,
 * the manager allocates it, the operator starts it and submits the report with a photo, the manager
 * accepts it and it is closed — the timeline shows each step. A read-only user sees no buttons; a
 * failed list shows its reason with 重试; the list and the detail work at 390 px.
 */
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let projectId: number;
let manager: string;
let warningId: number;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
const OPERATOR = DEMO_ACCOUNTS.operator;
const READER = { username: 'wo-viewer', password: 'Viewer@2026', realname: '工单查看员' };
const PHONE = { width: 390, height: 844 };
/** A real 1×1 PNG: the photo the operator takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const button = (scope: Page | ReturnType<Page['locator']>, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible');
const modal = (page: Page) => page.locator('.ant-modal:visible');

async function open(route: string, code: string, as: { username: string; password: string }, size?: object) {
  const page = await h.openAs(as.username, as.password, `/projects/groups/${projectId}/${route}`);
  if (size) await page.setViewportSize(size as { width: number; height: number });
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

async function setTheme(who: { username: string; password: string }, theme: 'light' | 'tech') {
  const { access } = await h.t.login(who.username, who.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

/** A screenshot in e2e/screenshots and a copy under the notes for the lead. */
async function picture(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
  const notes = REVIEW_SHOTS;
  try {
    mkdirSync(notes, { recursive: true });
    copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(notes, `workorders-${name}.png`));
  } catch {
    // Not on the team's machine: the copy in e2e/screenshots is enough.
  }
}

async function act(page: Page, action: string, confirm: string) {
  await button(drawer(page), action).click();
  await expect.poll(() => modal(page).count()).toBe(1);
  await button(modal(page), confirm).click();
  await expect.poll(() => modal(page).count(), { timeout: 10_000 }).toBe(0);
}

const orderOfWarning = async () => {
  const found = await h.api<{ id: number }[]>(
    'GET',
    `/iot/groups/${projectId}/workOrders/ofWarnings?warningIds=${warningId}`,
    undefined,
    manager,
  );
  return found[0]?.id;
};
const detail = async () =>
  h.api<WorkOrderDetail>(
    'GET',
    `/iot/groups/${projectId}/workOrders/${await orderOfWarning()}`,
    undefined,
    manager,
  );

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  manager = (await h.t.login(ADMIN.username, ADMIN.password)).access;
  await setTheme(ADMIN, 'light');
  await setTheme(OPERATOR, 'light');
  const gw = await createGateway(h.t, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
  ({ id: warningId } = await h.t.server.platform.db
    .insertInto('warnings')
    .values({
      project_id: projectId,
      gateway_id: gw.id,
      gateway_indicator_id: gw.indicators.cod!,
      rule_id: null,
      kind: 'above',
      level: 1,
      value: '68.2',
      threshold: '> 50',
      started_at: Date.now() - 20 * 60_000,
      released_at: null,
      release_value: null,
      handle_status: 'unhandled',
      handled_by: null,
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    { name: '工单查看', functions: [{ code: 'router-maintenanceTaskList', permission: 1 }] },
    manager,
  );
  await h.api('POST', `/iot/groups/${projectId}/users`, { ...READER, roleId: role.id }, manager);
}, 120_000);
afterAll(() => h.close());

describe('from a warning to a closed work order', () => {
  it('converts, allocates, starts, submits with a photo, accepts; the timeline shows each step', async () => {
    // 转工单 on the warning's row, then the offer to open the order.
    const warnings = await open('warningList', 'router-warningList', ADMIN);
    const row = warnings.locator('.ant-table-tbody .ant-table-row').filter({ hasText: '68.2' });
    await button(row, '转工单').click();
    await expect
      .poll(() => warnings.locator('.ant-modal-confirm-title').first().textContent())
      .toBe('已生成工单');
    await button(warnings, '打开工单').click();
    await expect.poll(() => routeName(warnings)).toBe(`router-maintenanceTaskList-g${projectId}`);
    await expect.poll(() => drawer(warnings).getByTestId('order-warning').count()).toBe(1);
    const warningCard = drawer(warnings).getByTestId('order-warning');
    expect(await warningCard.textContent()).toContain('68.2');
    expect(await warningCard.textContent()).toContain('预警中');
    expect(await drawer(warnings).getByTestId('order-status').first().textContent()).toBe('待分配');
    await picture(warnings, 'detail-light');

    // Back on 预警列表 the row offers 查看工单 now.
    await warnings.goto(`${h.t.baseUrl}/projects/groups/${projectId}/warningList`);
    const again = warnings.locator('.ant-table-tbody .ant-table-row').filter({ hasText: '68.2' });
    await expect.poll(() => button(again, '查看工单').count(), { timeout: 10_000 }).toBe(1);
    expect(await button(again, '转工单').count()).toBe(0);
    await warnings.context().close();

    // The manager allocates it to the operator.
    const orderId = await orderOfWarning();
    const desk = await open(`maintenanceTasks?orderId=${orderId}`, 'router-maintenanceTaskList', ADMIN);
    await expect.poll(() => drawer(desk).getByTestId('order-actions').count()).toBe(1);
    await button(drawer(desk), '分配').click();
    await modal(desk).getByLabel('执行人').click();
    await desk
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: OPERATOR.realname })
      .click();
    await modal(desk).getByPlaceholder('说明（可选）').fill('请今天处理');
    await button(modal(desk), '确认分配').click();
    await expect.poll(() => modal(desk).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await detail()).status).toBe(6);
    await desk.context().close();

    // The operator starts and submits the report with a photo.
    const field = await open(`maintenanceTasks?orderId=${orderId}`, 'router-maintenanceTaskList', OPERATOR);
    await expect.poll(() => drawer(field).getByTestId('order-actions').count()).toBe(1);
    await act(field, '开始执行', '确认开始执行');
    await expect.poll(async () => (await detail()).status).toBe(10);
    await button(drawer(field), '提交结果（已解决）').click();
    const form = modal(field);
    await button(form, '添加检查项').click();
    await form.getByLabel('检查项', { exact: true }).fill('COD 在线仪表校准');
    await button(form, '添加测量值').click();
    await form.getByLabel('测量名称').fill('COD');
    await form.getByLabel('测量数值').fill('38.5');
    await form.getByLabel('测量单位').fill('mg/L');
    await button(form, '添加加药').click();
    await form.getByLabel('投加量').fill('12');
    await form.getByLabel('处理结果').fill('更换探头并校准，出水 COD 恢复正常');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() =>
        form
          .locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')
          .count(),
      )
      .toBe(1);
    await picture(field, 'execution-light');
    await button(form, '提交').click();
    await expect.poll(() => modal(field).count(), { timeout: 10_000 }).toBe(0);
    const submitted = await detail();
    expect(submitted).toMatchObject({ status: 10, submitted: true });
    expect(submitted.execution).toMatchObject({
      checklist: [{ item: 'COD 在线仪表校准', ok: true }],
      measurements: [{ name: 'COD', value: 38.5, unit: 'mg/L' }],
      dosing: [{ medicine: 'PAC', quantity: 12, unit: 'kg' }],
    });
    expect(submitted.timeline.at(-1)!.attachments).toEqual([
      expect.stringMatching(/^\/iot\/files\/work-orders\/.+\.png$/),
    ]);
    await expect.poll(() => drawer(field).getByTestId('order-execution').count()).toBe(1);
    // Submitted once: no second submit (acceptance is for the creator or an update holder, decision 0050).
    await expect.poll(() => button(drawer(field), '提交结果（已解决）').count()).toBe(0);
    await field.context().close();

    // The manager accepts; closed, with every step on the timeline.
    const accept = await open(`maintenanceTasks?orderId=${orderId}`, 'router-maintenanceTaskList', ADMIN);
    await expect.poll(() => drawer(accept).getByTestId('order-actions').count()).toBe(1);
    await act(accept, '验收通过', '确认验收通过');
    await expect.poll(() => drawer(accept).getByTestId('order-status').first().textContent()).toBe('已关闭');
    const entries = drawer(accept).getByTestId('timeline-entry');
    await expect.poll(() => entries.count()).toBe(5);
    const texts = await entries.allTextContents();
    expect(texts[0]).toMatch(/^创建待分配/);
    expect(texts[1]).toMatch(/^分配待分配 → 待执行/);
    expect(texts[1]).toContain('请今天处理');
    expect(texts[2]).toMatch(/^开始执行待执行 → 执行中.*示范运维人员/);
    expect(texts[3]).toMatch(/^提交结果（已解决）执行中 → 执行中/);
    expect(texts[4]).toMatch(/^验收通过执行中 → 已关闭.*示范项目管理员/);
    expect(await entries.nth(3).locator('img').count()).toBe(1);
    await picture(accept, 'detail-closed-light');
    await accept.context().close();
  });
});

describe('the list', () => {
  it('shows orders with status tags and late ones by their due time; no buttons for a read-only user', async () => {
    const page = await open('maintenanceTasks', 'router-maintenanceTaskList', READER);
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(3);
    expect(await button(page, '新建工单').count()).toBe(0);
    // The plans' generated orders may fill the first page (how many depends on the weekday): find it.
    await page.getByLabel('关键字').fill('鼓风机月度保养');
    await button(page, '查询').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('order-late').count()).toBe(1);
    await rows.filter({ hasText: '鼓风机月度保养' }).getByText('详情').click();
    await expect.poll(() => drawer(page).getByTestId('order-timeline').count()).toBe(1);
    expect(await drawer(page).getByTestId('order-actions').count()).toBe(0);
    expect(await drawer(page).getByTestId('order-status').first().textContent()).toBe('已逾期');
    await page.context().close();
  });

  it('filters by status and 我的工单, and creates an order', async () => {
    const page = await open('maintenanceTasks', 'router-maintenanceTaskList', ADMIN);
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(3);
    await picture(page, 'list-light');
    await page.getByLabel('状态', { exact: true }).click();
    await page.getByLabel('状态', { exact: true }).fill('已逾期');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^已逾期$/ })
      .click();
    await expect.poll(() => rows.count()).toBe(1);
    await button(page, '重置').click();
    await button(page, '新建工单').click();
    const form = modal(page);
    await form.getByLabel('标题').fill('1号提升泵异响检查');
    await form.getByLabel('执行人').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: OPERATOR.realname })
      .click();
    await form.getByLabel('标题').click();
    await button(form, '创建').click();
    await expect.poll(() => modal(page).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => drawer(page).getByTestId('order-status').first().textContent()).toBe('待执行');
    await page.context().close();
    const mine = await open('maintenanceTasks', 'router-maintenanceTaskList', OPERATOR);
    await mine.getByText('我的工单', { exact: true }).click();
    await expect
      .poll(() =>
        mine.locator('.ant-table-tbody .ant-table-row').filter({ hasText: '1号提升泵异响检查' }).count(),
      )
      .toBe(1);
    await mine.context().close();
  });

  it('shows a failed list with its reason and 重试, never as empty', async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    const { access, refresh } = await h.t.login(ADMIN.username, ADMIN.password);
    const failing = (url: URL) => url.pathname === `/iot/groups/${projectId}/workOrders`;
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '数据库暂不可用', data: null }),
      }),
    );
    await page.goto(
      `${h.t.baseUrl}/projects/groups/${projectId}/maintenanceTasks?accessToken=${access}&refreshToken=${refresh}`,
    );
    await expect.poll(() => page.getByTestId('load-error').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('load-error').textContent()).toContain('工单列表加载失败：数据库暂不可用');
    await page.unroute(failing);
    await page.getByTestId('load-retry').click();
    await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('works at 390 px, and in the tech theme', async () => {
    await setTheme(ADMIN, 'tech');
    const page = await open('maintenanceTasks', 'router-maintenanceTaskList', ADMIN, PHONE);
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(3);
    await picture(page, 'list-phone-tech');
    await rows.filter({ hasText: 'PAC加药泵加药' }).getByText('详情').click();
    await expect.poll(() => drawer(page).getByTestId('order-timeline').count()).toBe(1);
    // The drawer fits the phone.
    const box = await drawer(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await picture(page, 'detail-phone-tech');
    await page.context().close();

    const desk = await open('maintenanceTasks', 'router-maintenanceTaskList', ADMIN);
    await expect.poll(() => desk.locator('.ant-table-tbody .ant-table-row').count()).toBeGreaterThan(3);
    await picture(desk, 'list-tech');
    await desk
      .locator('.ant-table-tbody .ant-table-row')
      .filter({ hasText: 'PAC加药泵加药' })
      .getByText('详情')
      .click();
    await expect.poll(() => drawer(desk).getByTestId('order-timeline').count()).toBe(1);
    await picture(desk, 'detail-tech');
    await desk.context().close();
    await setTheme(ADMIN, 'light');

    // The execution form, as the assignee, on a desk and on a phone.
    await setTheme(OPERATOR, 'tech');
    for (const [size, name] of [
      [undefined, 'execution-tech'],
      [PHONE, 'execution-phone-tech'],
    ] as const) {
      const field = await open('maintenanceTasks', 'router-maintenanceTaskList', OPERATOR, size);
      const row = field.locator('.ant-table-tbody .ant-table-row').filter({ hasText: 'PAC加药泵加药' });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.getByText('详情').click();
      await button(drawer(field), '提交结果（已解决）').click();
      await expect.poll(() => modal(field).getByTestId('execution-form').count()).toBe(1);
      await button(modal(field), '添加检查项').click();
      await button(modal(field), '添加加药').click();
      await picture(field, name);
      await field.context().close();
    }
    await setTheme(OPERATOR, 'light');
  });
});
