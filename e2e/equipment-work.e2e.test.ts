import { mkdirSync } from 'node:fs';
import type { Equipment, EquipmentBoard } from '@iot/contracts/equipment';
import type { WorkOrder } from '@iot/contracts/maintenance';
import type { Malfunction } from '@iot/contracts/malfunctions';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * A piece's malfunctions, work orders and maintenance records in its detail, and a site's equipment
 * and open work orders on 站点首页 (decision 0051), as least-privileged users: a reader holding only
 * the read bits of those menus, and a site watcher holding 站点首页 and 工艺设备监控 alone (no tabs,
 * no work-order card). A failed load shows 重试; everything fits a 390 px phone.
 */
let h: BrowserHarness;
let projectId: number;
let admin: string;
let site: { id: number; name: string };
let pump: Equipment;
let openOrder: WorkOrder;
let doneOrder: WorkOrder;
const READER = { username: 'equipment-reader', password: 'Reader#2026' };
const WATCHER = { username: 'site-watcher', password: 'Watcher#2026' };
const PHONE = { width: 390, height: 844 };
const SHOTS = REVIEW_SHOTS;

async function shot(page: Page, name: string) {
  await screenshot(page, `eqdetail-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/eqdetail-${name}.png` });
}

async function openAs(
  account: { username: string; password: string },
  pathname: string,
  {
    viewport = { width: 1440, height: 900 },
    theme = 'light',
    before,
  }: {
    viewport?: { width: number; height: number };
    theme?: string;
    before?(page: Page): Promise<unknown>;
  } = {},
): Promise<Page> {
  const { access, refresh } = await h.t.login(account.username, account.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await before?.(page);
  const join = pathname.includes('?') ? '&' : '?';
  await page.goto(`${h.t.baseUrl}${pathname}${join}accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

const failing = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ code: 40000, message: '系统繁忙', data: null }),
  });

async function roleWith(name: string, functions: { code: string; permission: number }[]) {
  return h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    { name, description: '', functions },
    admin,
  );
}

/** Opens the piece's detail from 工艺设备监控. */
async function openDetail(page: Page) {
  await expect.poll(() => routeName(page)).toBe(`router-equipmentMonitor-g${projectId}`);
  await page.getByTestId('equipment-card').filter({ hasText: pump.name }).click();
  await page.getByTestId('equipment-detail').waitFor();
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const reader = await roleWith('设备查看员', [
    { code: 'router-site-home', permission: 1 },
    { code: 'router-equipmentMonitor', permission: 1 },
    { code: 'router-equipmentMalfunctionRecord', permission: 1 },
    { code: 'router-maintenanceTaskList', permission: 1 },
    { code: 'router-maintenanceRecord', permission: 1 },
  ]);
  const watcher = await roleWith('站点值守', [
    { code: 'router-site-home', permission: 1 },
    { code: 'router-equipmentMonitor', permission: 1 },
  ]);
  await h.api(
    'POST',
    `/iot/groups/${projectId}/users`,
    { ...READER, realname: '设备查看员', roleId: reader.id },
    admin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/users`,
    { ...WATCHER, realname: '站点值守', roleId: watcher.id },
    admin,
  );
  const options = await h.api<{ id: number; parentId: number | null; name: string; groupType: string }[]>(
    'GET',
    `/iot/groups/${projectId}/workOrders/siteOptions`,
    undefined,
    admin,
  );
  site = options.find((g) => g.groupType === 'site')!;
  pump = await h.api<Equipment>(
    'POST',
    `/iot/groups/${projectId}/equipment`,
    { name: '3号回流泵', code: 'HL-E2E', category: '泵', groupId: site.id },
    admin,
  );
  // One malfunction over, one still going (the newest).
  const now = Date.now();
  const old = await h.api<Malfunction>(
    'POST',
    `/iot/groups/${projectId}/malfunctions`,
    { equipmentId: pump.id, description: '轴承温度偏高', startedAt: now - 30 * 3_600_000 },
    admin,
  );
  await h.api(
    'PUT',
    `/iot/groups/${projectId}/malfunctions/${old.id}/close`,
    { note: '已加注润滑脂' },
    admin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/malfunctions`,
    { equipmentId: pump.id, description: '出口压力低', startedAt: now - 20 * 60_000 },
    admin,
  );
  // One order done and accepted (a 维保记录), then one still to allocate (created last: the newest).
  const people = await h.api<{ id: number; username: string }[]>(
    'GET',
    `/iot/groups/${projectId}/workOrders/assigneeOptions`,
    undefined,
    admin,
  );
  // The operator does the work; the administrator accepts it (nobody accepts their own, decision 0050).
  const worker = people.find((p) => p.username === DEMO_ACCOUNTS.operator.username)!.id;
  const operator = (await h.t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  doneOrder = await h.api<WorkOrder>(
    'POST',
    `/iot/groups/${projectId}/workOrders`,
    { title: '回流泵轴承润滑', type: 8, groupId: site.id, equipmentId: pump.id, assigneeIds: [worker] },
    admin,
  );
  const step = (action: string, token: string, body: object = { note: '' }) =>
    h.api('PUT', `/iot/groups/${projectId}/workOrders/${doneOrder.id}/${action}`, body, token);
  await step('start', operator);
  await step('submitResolved', operator, { result: '已加注润滑脂，温度恢复正常' });
  await step('acceptPass', admin);
  openOrder = await h.api<WorkOrder>(
    'POST',
    `/iot/groups/${projectId}/workOrders`,
    { title: '回流泵出口压力排查', type: 2, priority: 1, groupId: site.id, equipmentId: pump.id },
    admin,
  );
});
afterAll(() => h?.close());

describe('the equipment detail’s 故障记录, 工单 and 维保记录', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`shows the piece’s work to a reader of those menus, each linking to its screen (${theme})`, async () => {
      const page = await openAs(READER, `/projects/groups/${projectId}/equipmentMonitor`, { theme });
      await openDetail(page);
      const work = page.getByTestId('equipment-work');
      expect(await work.getByRole('tab').allTextContents()).toEqual(['故障记录', '工单', '维保记录']);

      // Latest first: the ongoing one counts up in red, the closed one shows what was done.
      const faults = work.getByTestId('equipment-malfunctions');
      const rows = faults.getByTestId('short-list-row');
      await rows.first().getByTestId('ongoing-duration').waitFor();
      expect(await rows.count()).toBe(2);
      await rows.nth(1).getByText('轴承温度偏高 · 处理：已加注润滑脂').waitFor();
      await faults.getByText('共 2 条').waitFor();
      await work.scrollIntoViewIfNeeded();
      await shot(page, `detail-malfunctions-${theme}`);

      // Open orders first.
      await work.getByRole('tab', { name: '工单' }).click();
      const orders = work.getByTestId('equipment-work-orders').getByTestId('open-order');
      await orders.first().waitFor();
      expect(await orders.allTextContents()).toEqual([openOrder.title, doneOrder.title]);
      await work.getByTestId('equipment-orders-count').getByText('未完成 1 张 · 共 2 张').waitFor();
      await shot(page, `detail-orders-${theme}`);

      await work.getByRole('tab', { name: '维保记录' }).click();
      const records = work.getByTestId('equipment-records');
      await records.getByText(doneOrder.title).waitFor();
      await records.getByText(/已加注润滑脂，温度恢复正常/).waitFor();
      await shot(page, `detail-records-${theme}`);

      // The record link opens 维保记录 narrowed to the piece.
      await records.getByRole('link', { name: '在维保记录中查看' }).click();
      await expect.poll(() => routeName(page)).toBe(`router-maintenanceRecord-g${projectId}`);
      expect(new URL(page.url()).searchParams.get('equipmentId')).toBe(String(pump.id));
      await page.getByText(`设备 #${pump.id}`).waitFor();
      await page.locator('.ant-table-row').filter({ hasText: doneOrder.title }).waitFor();
      await page.close();
    });
  }

  it('opens an order in 工单管理 and the malfunctions in 设备故障记录, filtered to the piece', async () => {
    const page = await openAs(READER, `/projects/groups/${projectId}/equipmentMonitor`);
    await openDetail(page);
    const work = page.getByTestId('equipment-work');
    await work.getByRole('tab', { name: '工单' }).click();
    await work.getByTestId('open-order').filter({ hasText: openOrder.title }).click();
    await expect.poll(() => routeName(page)).toBe(`router-maintenanceTaskList-g${projectId}`);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(String(openOrder.id));
    await page.locator('.ant-drawer').getByText(openOrder.code).first().waitFor();

    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/equipmentMonitor`);
    await openDetail(page);
    await page
      .getByTestId('equipment-malfunctions')
      .getByRole('link', { name: '在设备故障记录中查看' })
      .click();
    await expect.poll(() => routeName(page)).toBe(`router-equipmentMalfunctionRecord-g${projectId}`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    await page.getByText('出口压力低').waitFor();
    await page.close();
  });

  it('lists all the piece’s orders in 工单管理 through its 设备 filter, which the reader may also clear or choose', async () => {
    const page = await openAs(READER, `/projects/groups/${projectId}/equipmentMonitor`);
    await openDetail(page);
    const work = page.getByTestId('equipment-work');
    await work.getByRole('tab', { name: '工单' }).click();
    await work.getByRole('link', { name: '在工单管理中查看全部' }).click();
    await expect.poll(() => routeName(page)).toBe(`router-maintenanceTaskList-g${projectId}`);
    const filters = page.getByTestId('order-filters');
    await filters.getByText(`${pump.name}（${pump.code}）`).waitFor();
    const titles = () => page.locator('.ant-table-row a.ant-typography').allTextContents();
    await expect.poll(titles).toEqual([openOrder.title, doneOrder.title]);
    // The address no longer carries the piece: the filter is the list's own, kept like the others.
    expect(new URL(page.url()).searchParams.get('equipmentId')).toBeNull();
    await shot(page, 'orders-equipment-filter');
    // Cleared, the project's other orders come back; chosen again by typing, only the piece's.
    await filters.locator('.ant-select').filter({ hasText: pump.name }).hover();
    await filters.locator('.ant-select-clear').last().click();
    await expect.poll(async () => (await titles()).length).toBeGreaterThan(2);
    await filters.getByLabel('设备').fill(pump.code);
    await page.locator('.ant-select-item-option').filter({ hasText: pump.code }).click();
    await expect.poll(titles).toEqual([openOrder.title, doneOrder.title]);
    await page.close();
  });

  it('shows a failed list with 重试 and fits a 390 px phone', async () => {
    const list = (url: URL) =>
      url.pathname === `/iot/groups/${projectId}/malfunctions` &&
      url.searchParams.get('equipmentId') === String(pump.id);
    const page = await openAs(READER, `/projects/groups/${projectId}/equipmentMonitor`, {
      viewport: PHONE,
      before: (p) => p.route(list, failing),
    });
    await openDetail(page);
    const faults = page.getByTestId('equipment-malfunctions');
    const error = faults.getByTestId('load-error');
    await error.getByText('故障记录加载失败：系统繁忙').waitFor();
    expect(await faults.getByText('该设备没有故障记录').count()).toBe(0);
    await page.unroute(list, failing);
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await faults.getByTestId('ongoing-duration').waitFor();
    await page.getByTestId('equipment-work').getByRole('tab', { name: '工单' }).click();
    await page.getByTestId('open-order').first().waitFor();
    const width = await page.evaluate(() => {
      const drawer = document.querySelector('.ant-drawer-body');
      return Math.max(document.documentElement.scrollWidth, drawer?.scrollWidth ?? 0);
    });
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('equipment-work').scrollIntoViewIfNeeded();
    await shot(page, 'detail-phone-light');
    await page.close();
  });

  it('shows no tabs to a user without those menus', async () => {
    const page = await openAs(WATCHER, `/projects/groups/${projectId}/equipmentMonitor`);
    await openDetail(page);
    await page.getByTestId('equipment-history').waitFor();
    expect(await page.getByTestId('equipment-work').count()).toBe(0);
    await page.close();
  });
});

describe('站点首页’s equipment and open work orders', () => {
  const siteHome = () => `/sites/groups/${site.id}/siteHome`;

  for (const theme of ['light', 'tech'] as const) {
    it(`counts the site’s equipment by status and lists its open orders (${theme})`, async () => {
      const board = await h.api<EquipmentBoard>(
        'GET',
        `/iot/groups/${projectId}/equipment/board?siteId=${site.id}`,
        undefined,
        admin,
      );
      const open = await h.api<{ total: number }>(
        'GET',
        `/iot/groups/${projectId}/workOrders?open=true&siteId=${site.id}&size=1`,
        undefined,
        admin,
      );
      const page = await openAs(READER, siteHome(), { theme });
      await expect.poll(() => routeName(page)).toBe(`router-site-home-g${site.id}`);
      const equipment = page.getByTestId('site-equipment');
      await equipment.getByTestId('site-equipment-total').getByText(`共 ${board.items.length} 台`).waitFor();
      const unknown = board.items.filter((p) => p.status === 'unknown').length;
      await expect
        .poll(() => equipment.getByTestId('site-equipment-unknown').textContent())
        .toBe(`无信号 ${unknown}`);
      const orders = page.getByTestId('site-work-orders');
      await expect
        .poll(() => orders.locator('.ant-statistic-content-value').textContent())
        .toBe(String(open.total));
      await orders.getByTestId('open-order').filter({ hasText: openOrder.title }).waitFor();
      expect(await orders.getByText(doneOrder.title).count()).toBe(0);
      await orders.scrollIntoViewIfNeeded();
      await shot(page, `site-home-${theme}`);

      await orders.getByTestId('open-order').filter({ hasText: openOrder.title }).click();
      await expect.poll(() => routeName(page)).toBe(`router-maintenanceTaskList-g${projectId}`);
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(String(openOrder.id));
      await page.goto(`${h.t.baseUrl}${siteHome()}`);
      await page.getByTestId('site-equipment').getByRole('link', { name: '打开工艺设备监控' }).click();
      await expect.poll(() => routeName(page)).toBe(`router-equipmentMonitor-g${projectId}`);
      await page.close();
    });
  }

  it('shows a failed load with 重试 at 390 px, and only the cards whose menus the user holds', async () => {
    const list = (url: URL) => url.pathname === `/iot/groups/${site.id}/workOrders`;
    const page = await openAs(READER, siteHome(), { viewport: PHONE, before: (p) => p.route(list, failing) });
    const orders = page.getByTestId('site-work-orders');
    const error = orders.getByTestId('load-error');
    await error.getByText('未完成工单加载失败：系统繁忙').waitFor();
    expect(await orders.getByText('站点没有未完成的工单').count()).toBe(0);
    await page.unroute(list, failing);
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await orders.getByTestId('open-order').first().waitFor();
    await page.getByTestId('site-equipment').getByTestId('site-equipment-total').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('site-equipment').scrollIntoViewIfNeeded();
    await shot(page, 'site-home-phone-light');
    await page.close();

    const watcher = await openAs(WATCHER, siteHome(), { viewport: PHONE });
    await watcher.getByTestId('site-equipment').getByTestId('site-equipment-total').waitFor();
    expect(await watcher.getByTestId('site-work-orders').count()).toBe(0);
    await watcher.close();
  });
});
