import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { WorkOrderDetail } from '@iot/contracts/maintenance';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Issue 13's field story end to end (decision 0057): a simulated device's value crosses a warning
 * limit over MQTT; at the desk a manager (create, update and delete on 工单管理) makes a work order of
 * the warning and allocates it; on a 390×844 phone a field worker (read and update only) finds it
 * among 我的待办 on /m, starts it, and submits the checklist with a photo from the camera input; they
 * also claim an order from the pool and reach the project's warnings; the manager accepts and the
 * order is closed, and it shows in 维保记录 and 维保统计.
 */
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let admin: string;
let warningId: number;
const ALIAS = '9号出水口';
const MANAGER = { username: 'wo-manager', password: 'Manager@2026', realname: '工单主管' };
const FIELD = { username: 'field-worker', password: 'Field@2026', realname: '现场运维员' };
const PHONE = { width: 390, height: 844 };
const PLAN = '加药间日常加药';
/** A real 1×1 PNG: the photo the field worker takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const modal = (page: Page) => page.locator('.ant-modal:visible');
const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible');
const bar = (page: Page) => page.locator('.mobile-action-bar');
const cards = (page: Page) => page.getByTestId('order-card');

async function setTheme(who: { username: string; password: string }, theme: 'light' | 'tech') {
  const { access } = await h.t.login(who.username, who.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

/** A screenshot in e2e/screenshots and a copy under the notes for the lead. */
async function picture(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
  try {
    mkdirSync(REVIEW_SHOTS, { recursive: true });
    copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(REVIEW_SHOTS, `mobile-${name}.png`));
  } catch {
    // Not on the team's machine: the copy in e2e/screenshots is enough.
  }
}

async function desk(pathname: string, code: string) {
  const page = await h.openAs(
    MANAGER.username,
    MANAGER.password,
    `/projects/groups/${projectId}/${pathname}`,
  );
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

/** A phone (the field worker's unless said), signed in by handing the tokens over in the address. */
async function phone(pathname: string, who = FIELD): Promise<Page> {
  const { access, refresh } = await h.t.login(who.username, who.password);
  const context = await h.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const join = pathname.includes('?') ? '&' : '?';
  await page.goto(`${h.t.baseUrl}${pathname}${join}accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

/** Taps a step in the bottom bar and confirms it. */
async function step(page: Page, action: string, confirm: string) {
  await button(bar(page), action).tap();
  await expect.poll(() => modal(page).count()).toBe(1);
  await button(modal(page), confirm).click();
  await expect.poll(() => modal(page).count(), { timeout: 10_000 }).toBe(0);
}

const orderOfWarning = async () => {
  const found = await h.api<{ id: number }[]>(
    'GET',
    `/iot/groups/${projectId}/workOrders/ofWarnings?warningIds=${warningId}`,
    undefined,
    admin,
  );
  return found[0]?.id;
};
const detail = async (id: number) =>
  h.api<WorkOrderDetail>('GET', `/iot/groups/${projectId}/workOrders/${id}`, undefined, admin);

beforeAll(async () => {
  h = await startBrowserHarness();
  site = await startSimulatedSite(h, { aliases: [ALIAS], intervalMs: 1000 });
  projectId = site.projectId;
  admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  // Least privilege: the manager runs work orders and reads the rest; the field worker reads and
  // updates work orders (claim, start, submit) and reads the warnings.
  const manager = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    {
      name: '工单主管',
      functions: [
        { code: 'router-maintenanceTaskList', permission: 15 },
        { code: 'router-warningList', permission: 1 },
        { code: 'router-maintenanceRecord', permission: 1 },
        { code: 'router-maintenanceStatistics', permission: 1 },
      ],
    },
    admin,
  );
  const field = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    {
      name: '现场运维',
      functions: [
        { code: 'router-maintenanceTaskList', permission: 3 },
        { code: 'router-warningList', permission: 1 },
      ],
    },
    admin,
  );
  await h.api('POST', `/iot/groups/${projectId}/users`, { ...MANAGER, roleId: manager.id }, admin);
  await h.api('POST', `/iot/groups/${projectId}/users`, { ...FIELD, roleId: field.id }, admin);
  await setTheme(MANAGER, 'light');
  await setTheme(FIELD, 'light');

  // A plan of the field worker's, with a checklist and dosing: its orders carry them (decision 0052).
  const people = await h.api<{ id: number; username: string }[]>(
    'GET',
    `/iot/groups/${projectId}/workOrders/assigneeOptions`,
    undefined,
    admin,
  );
  const plan = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/maintenancePlans`,
    {
      name: PLAN,
      types: 1 | 4,
      schedule: { unit: 'day', every: 1, time: '08:00' },
      startAt: Date.now() - 86_400_000,
      leadHours: 48,
      allowedHours: 24,
      assignees: { kind: 'users', userIds: [people.find((p) => p.username === FIELD.username)!.id] },
      checklist: [
        { text: '余氯', min: 0.3, max: 4, unit: 'mg/L' },
        { text: '计量泵无泄漏', expected: '正常', photoRequired: true },
      ],
      dosing: [{ medicine: '消毒次氯酸钠', quantity: 25, unit: 'kg' }],
    },
    admin,
  );
  await h.api('POST', `/iot/groups/${projectId}/maintenancePlans/${plan.id}/generate`, undefined, admin);

  // A limit the simulated water always crosses (COD about 38 mg/L): the engine raises the warning.
  const indicators = await h.api<{ list: { id: number; dataIdentification: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/gateways/${site.gateways[0]!.id}/indicators?size=100`,
    undefined,
    admin,
  );
  const cod = indicators.list.find((i) => i.dataIdentification === 'cod')!.id;
  await h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    { gatewayIndicatorId: cod, kind: 'above', high: 1, level: 1 },
    admin,
  );
  warningId = await vi.waitFor(
    async () => {
      const page = await h.api<{ list: { id: number; gatewayId: number }[] }>(
        'GET',
        `/iot/groups/${projectId}/warnings?size=100`,
        undefined,
        admin,
      );
      const raised = page.list.find((w) => w.gatewayId === site.gateways[0]!.id);
      if (!raised) throw new Error('no warning yet');
      return raised.id;
    },
    { timeout: 20_000, interval: 250 },
  );
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('from a crossed limit to a closed order, with the field worker on a phone', () => {
  it('desk: 转工单 and allocate; phone: start, checklist and photo; desk: accept; records and statistics', async () => {
    // The manager turns the warning into an order in one click and allocates it to the field worker.
    const warnings = await desk('warningList', 'router-warningList');
    const row = warnings.locator('.ant-table-tbody .ant-table-row').filter({ hasText: ALIAS });
    await button(row, '转工单').click();
    await button(warnings, '打开工单').click();
    await expect.poll(() => routeName(warnings)).toBe(`router-maintenanceTaskList-g${projectId}`);
    await expect.poll(() => drawer(warnings).getByTestId('order-actions').count()).toBe(1);
    await button(drawer(warnings), '分配').click();
    await modal(warnings).getByLabel('执行人').click();
    await warnings
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: FIELD.realname })
      .click();
    await button(modal(warnings), '确认分配').click();
    await expect.poll(() => modal(warnings).count(), { timeout: 10_000 }).toBe(0);
    const orderId = (await orderOfWarning())!;
    await expect.poll(async () => (await detail(orderId)).status).toBe(6);
    const { title } = await detail(orderId);
    await warnings.context().close();

    // The field worker opens /m and picks the project: without its home in their role, they land
    // on 工单 → 我的待办, where the order waits.
    const field = await phone('/m');
    await field.getByTestId('mobile-home').getByText('示范污水处理项目').first().tap();
    const tabs = field.getByTestId('tab-bar');
    await expect.poll(() => routeName(field)).toBe(`router-maintenanceTaskList-g${projectId}`);
    expect(new URL(field.url()).pathname).toBe(`/m/projects/groups/${projectId}/maintenanceTasks`);
    expect(await tabs.locator('[aria-current=page]').textContent()).toMatch(/工单$/);
    // The 工单 tab counts the worker's open orders (decision 0059), this one among them.
    const badge = tabs.getByTestId('work-order-badge').locator('.ant-badge-count');
    await expect.poll(async () => Number(await badge.getAttribute('title'))).toBeGreaterThan(0);
    const mineBefore = Number(await badge.getAttribute('title'));
    const card = cards(field).filter({ hasText: title });
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    expect(await card.getByTestId('order-status').textContent()).toBe('待执行');
    // Nothing on the page is wider than the phone.
    expect(await field.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await picture(field, 'm-orders-light');

    // Tap → the order at phone width, the warning it came from, its steps in the bottom bar.
    await card.tap();
    await field.getByTestId('order-warning').waitFor();
    expect(await field.getByTestId('order-warning').textContent()).toContain('预警中');
    // The warning's link keeps the field worker inside /m.
    expect(await field.getByTestId('order-warning').locator('a').getAttribute('href')).toMatch(
      new RegExp(`^/m/projects/groups/${projectId}/warningList\\?warningId=${warningId}$`),
    );
    expect(await field.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await picture(field, 'm-order-light');
    await step(field, '开始执行', '确认开始执行');
    await expect.poll(async () => (await detail(orderId)).status).toBe(10);

    // The report: checklist, a measured value, and a photo from the camera input.
    await button(bar(field), '提交结果（已解决）').tap();
    const form = modal(field);
    await form.getByTestId('execution-form').waitFor();
    await button(form, '添加检查项').click();
    await form.getByLabel('检查项', { exact: true }).fill('COD 在线仪表校准');
    await button(form, '添加测量值').click();
    await form.getByLabel('测量名称').fill('COD');
    await form.getByLabel('测量数值').fill('36.2');
    await form.getByLabel('测量单位').fill('mg/L');
    await form.getByLabel('处理结果').fill('清洗探头并校准，读数恢复正常');
    const camera = form.locator('input[type=file]');
    expect(await camera.getAttribute('accept')).toBe('image/*');
    expect(await camera.getAttribute('capture')).toBe('environment');
    await camera.setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => form.locator('.ant-upload-list-item:not(.ant-upload-list-item-uploading)').count())
      .toBe(1);
    await picture(field, 'm-execution-light');
    await button(form, '提交').click();
    await expect.poll(() => modal(field).count(), { timeout: 10_000 }).toBe(0);
    const submitted = await detail(orderId);
    expect(submitted).toMatchObject({ status: 10, submitted: true });
    expect(submitted.execution).toMatchObject({
      checklist: [{ item: 'COD 在线仪表校准', ok: true }],
      measurements: [{ name: 'COD', value: 36.2, unit: 'mg/L' }],
      result: '清洗探头并校准，读数恢复正常',
    });
    expect(submitted.timeline.at(-1)!.attachments).toEqual([
      expect.stringMatching(/^\/iot\/files\/work-orders\/.+\.png$/),
    ]);
    await field.getByTestId('order-execution').waitFor();
    // Submitted once: no second submit. (Acceptance is the manager's below; decision 0050 lets an
    // update holder accept too, so the worker's bar may offer it.)
    await expect.poll(() => button(bar(field), '提交结果（已解决）').count()).toBe(0);

    // Back to the list (the phone's back button), then the pool: claim 厂区雨水井巡查.
    await field.goBack();
    await expect.poll(() => cards(field).count()).toBeGreaterThan(0);
    await field.getByText('待领取', { exact: true }).tap();
    const pooled = cards(field).filter({ hasText: '厂区雨水井巡查' });
    await expect.poll(() => pooled.count(), { timeout: 10_000 }).toBe(1);
    await picture(field, 'm-pool-light');
    await pooled.tap();
    await expect.poll(() => button(bar(field), '领取').count()).toBe(1);
    await step(field, '领取', '确认领取');
    await expect.poll(() => field.getByTestId('order-status').first().textContent()).toBe('待执行');
    expect(await button(bar(field), '开始执行').count()).toBe(1);
    const claimed = await h.api<{ list: { id: number; title: string; assignees: { realname: string }[] }[] }>(
      'GET',
      `/iot/groups/${projectId}/workOrders?keyword=厂区雨水井巡查`,
      undefined,
      admin,
    );
    expect(claimed.list[0]!.assignees.map((a) => a.realname)).toEqual([FIELD.realname]);
    // Claimed: one more of the worker's open orders on the tab.
    await expect.poll(async () => Number(await badge.getAttribute('title'))).toBe(mineBefore + 1);

    // The project's warnings are one tab away.
    await tabs.getByText('预警').tap();
    await expect.poll(() => routeName(field)).toBe(`router-warningList-g${projectId}`);
    expect(new URL(field.url()).pathname).toBe(`/m/projects/groups/${projectId}/warningList`);
    await expect
      .poll(() => field.locator('.ant-table-tbody .ant-table-row').filter({ hasText: ALIAS }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await picture(field, 'm-warnings-light');
    await field.context().close();

    // The manager accepts at the desk: closed.
    const accept = await desk(`maintenanceTasks?orderId=${orderId}`, 'router-maintenanceTaskList');
    await expect.poll(() => drawer(accept).getByTestId('order-actions').count()).toBe(1);
    await button(drawer(accept), '验收通过').click();
    await button(modal(accept), '确认验收通过').click();
    await expect.poll(() => drawer(accept).getByTestId('order-status').first().textContent()).toBe('已关闭');
    const texts = await drawer(accept).getByTestId('timeline-entry').allTextContents();
    expect(texts).toHaveLength(5);
    expect(texts[0]).toMatch(/^创建/);
    expect(texts[1]).toMatch(/^分配/);
    expect(texts[2]).toMatch(new RegExp(`^开始执行.*${FIELD.realname}`));
    expect(texts[3]).toMatch(new RegExp(`^提交结果（已解决）.*${FIELD.realname}`));
    expect(texts[4]).toMatch(new RegExp(`^验收通过.*${MANAGER.realname}`));

    // 维保记录 lists it; 维保统计 counts the field worker's closed order.
    await accept.goto(`${h.t.baseUrl}/projects/groups/${projectId}/maintenanceRecords`);
    await expect.poll(() => routeName(accept)).toBe(`router-maintenanceRecord-g${projectId}`);
    await expect
      .poll(() => accept.locator('.ant-table-row').filter({ hasText: title }).count(), { timeout: 10_000 })
      .toBe(1);
    await accept.goto(`${h.t.baseUrl}/projects/groups/${projectId}/maintenanceStatistics`);
    await expect.poll(() => routeName(accept)).toBe(`router-maintenanceStatistics-g${projectId}`);
    await accept.getByTestId('by-person').getByText(FIELD.realname).waitFor();
    await accept.context().close();
  }, 240_000);
});

describe('the /m work-order pages', () => {
  it('shows a failed list with its reason and 重试, never as empty', async () => {
    const page = await phone('/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const failing = (url: URL) => url.pathname === `/iot/groups/${projectId}/workOrders`;
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '数据库暂不可用', data: null }),
      }),
    );
    await page.goto(`${h.t.baseUrl}/m/projects/groups/${projectId}/maintenanceTasks`);
    await expect.poll(() => page.getByTestId('load-error').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('load-error').textContent()).toContain('工单列表加载失败：数据库暂不可用');
    expect(await page.getByText('没有待办工单').count()).toBe(0);
    await page.unroute(failing);
    await page.getByTestId('load-retry').tap();
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.context().close();
  });

  it('says so when a list is empty', async () => {
    // The manager has no order of their own.
    const page = await phone(`/m/projects/groups/${projectId}/maintenanceTasks`, MANAGER);
    await page.getByText('没有待办工单').waitFor();
    await page.context().close();
  });

  it('in the tech theme: the list, an order and the execution form', async () => {
    await setTheme(FIELD, 'tech');
    const page = await phone(`/m/projects/groups/${projectId}/maintenanceTasks`);
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await picture(page, 'm-orders-tech');
    await cards(page).filter({ hasText: '厂区雨水井巡查' }).tap();
    await expect.poll(() => button(bar(page), '开始执行').count()).toBe(1);
    await picture(page, 'm-order-tech');
    await page.goBack();

    // A plan's order: what the plan asks for is on the order, and the report starts from it.
    const planned = cards(page).filter({ hasText: PLAN }).first();
    await expect.poll(() => planned.count(), { timeout: 10_000 }).toBe(1);
    await planned.tap();
    const asks = page.getByTestId('order-planned');
    await asks.waitFor();
    expect(await asks.textContent()).toContain('余氯应为 0.3 ~ 4 mg/L');
    expect(await asks.textContent()).toContain('需拍照');
    expect(await asks.textContent()).toContain('加药 · 消毒次氯酸钠 25 kg');
    await asks.scrollIntoViewIfNeeded();
    await picture(page, 'm-plan-order-tech');
    await step(page, '开始执行', '确认开始执行');
    await button(bar(page), '提交结果（已解决）').tap();
    const form = modal(page);
    await form.getByTestId('execution-form').waitFor();
    const items = form.getByLabel('检查项', { exact: true });
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).inputValue()).toBe('余氯');
    expect(await items.nth(1).inputValue()).toBe('计量泵无泄漏');
    expect(await form.getByLabel('投加量').inputValue()).toBe('25');
    await picture(page, 'm-execution-tech');
    await button(form, '取消').click();
    await page.goBack();
    await page.getByText('我的全部', { exact: true }).tap();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(1);
    await picture(page, 'm-mine-tech');
    await page.context().close();
    await setTheme(FIELD, 'light');
  }, 120_000);
});
