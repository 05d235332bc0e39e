import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../apps/server/src/test/factories.js';
import { projectWithAdmin } from '../apps/server/src/test/tenants.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * Resource purchase (decision 0068) as people do it: a project over its indicator limit is told
 * so on entering; 立即购买 opens the purchase dialog; the quantity rules speak the spec's words; a
 * refused order shows the server's message; the order opens the built-in pay page in a new window;
 * a system member holding only 订单管理 confirms the transfer; the pay page turns 已支付 and the
 * project's quota has grown.
 */
let h: BrowserHarness;
let projectId: number;
const BUYER = { username: 'buy-e2e', password: 'Passw0rd!' };
const CLERK = { username: 'order-clerk', password: 'Orders#2026' };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = REVIEW_SHOTS;

const button = (scope: Page | ReturnType<Page['locator']>, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const dialog = (page: Page) => page.getByTestId('purchase-dialog');

async function shot(page: Page, name: string) {
  await screenshot(page, `buy-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/buy-${name}.png`, fullPage: true });
}

async function openAs(
  who: { username: string; password: string },
  path: string,
  viewport = DESK,
  theme = 'light',
) {
  const { access, refresh } = await h.t.login(who.username, who.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  const join = path.includes('?') ? '&' : '?';
  await page.goto(`${h.t.baseUrl}${path}${join}accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

const overview = () => `/projects/groups/${projectId}/overview`;

beforeAll(async () => {
  h = await startBrowserHarness();
  ({ projectId } = await projectWithAdmin(h.t, h.adminToken, '购买演示项目', BUYER.username));
  // Two indicators connected, one allowed: the project has run out of indicators.
  await createGateway(h.t, projectId, [
    { key: 'cod', type: 'float' },
    { key: 'ph', type: 'float' },
  ]);
  await h.api('PUT', `/iot/projects/${projectId}/terms`, {
    accessGatewayIndicatorMaxNum: 1,
    setMealEndAt: Date.now() + 200 * 86_400_000,
    sendMessagesTotalNum: 0,
  });
  await h.api('PUT', '/iot/purchaseSettings', {
    payStatusWarnDays: 30,
    payStatusGraceDays: 15,
    bankTransferNote:
      '收款单位：示范物联网科技有限公司\n开户行：中国工商银行北京海淀支行\n账号：0200 0045 0900 1234 567',
  });
  const role = await h.api<{ id: number }>('POST', '/iot/system/roles', {
    name: '订单管理员',
    functions: [{ code: 'router-system-orders', permission: 3 }],
  });
  await h.api('POST', '/iot/systemMembers', { ...CLERK, realname: '订单管理员', roleId: role.id });
});
afterAll(() => h?.close());

describe('resource purchase', () => {
  it('out of indicators → dialog → buy → pay by transfer → confirmed → the quota grows', async () => {
    const page = await openAs(BUYER, overview());
    const limit = page.locator('.ant-modal-confirm', { hasText: '购买监测项提醒' });
    await limit.getByText('本项目最多可接入 1 个监测项，当前已接入 2 个').waitFor();
    await shot(page, 'limit-dialog-light-desk');
    await button(limit, '立即购买').click();

    // The dialog opens at 升级监测项配置; first a renewal, which the server refuses for a custom maximum.
    const buy = dialog(page);
    await buy.getByText('当前配置 1 个监测项，已接入 2 个').waitFor();
    await buy.getByText('监测项续费', { exact: true }).click();
    await buy.getByText('监测项数量').waitFor();
    await button(buy, '立即购买').click();
    const failure = page.locator('.order-failure');
    await failure.getByText('当前监测项配置没有对应的套餐，请先升级监测项配置').waitFor();
    await shot(page, 'order-failure-light-desk');

    await buy.getByText('升级监测项配置', { exact: true }).click();
    await buy.getByText('1024个监测项').click();
    const quantity = buy.getByTestId('purchase-number');
    for (const [value, text] of <const>[
      ['0', '购买数量只能为大于0的整数'],
      ['101', '购买数量不能超过100'],
    ]) {
      await quantity.fill(value);
      await button(buy, '立即购买').click();
      await buy.getByText(text).waitFor();
    }
    await quantity.fill('1');
    await expect.poll(() => buy.getByTestId('purchase-total').textContent()).toBe('¥2,500.00');
    await shot(page, 'dialog-upgrade-light-desk');

    // The pay link opens in a new window, signed in as the buyer.
    const [payPage] = await Promise.all([
      page.context().waitForEvent('page'),
      button(buy, '立即购买').click(),
    ]);
    await payPage.waitForLoadState();
    await payPage.getByText('请通过银行转账付款').waitFor();
    await payPage.getByText('开户行：中国工商银行北京海淀支行', { exact: false }).waitFor();
    expect(await payPage.getByTestId('order-status').first().textContent()).toBe('待支付');
    const orderId = new URL(payPage.url()).pathname.split('/').pop()!;
    expect(orderId).toMatch(/^PO\d{14}/);
    await shot(payPage, 'pay-page-unpaid-light-desk');

    // A system member holding only 订单管理 confirms the receipt.
    const clerk = await openAs(CLERK, '/system/orders');
    await expect.poll(() => routeName(clerk)).toBe('router-system-orders-s');
    const row = clerk.locator('.ant-table-row', { hasText: orderId });
    await row.getByText('待支付').waitFor();
    await shot(clerk, 'orders-unpaid-light-desk');
    await button(row, '确认收款').click();
    await button(clerk.locator('.ant-popover'), '确认收款').click();
    await clerk.getByText('已确认收款，资源已到账').waitFor();
    await row.getByText('已支付').waitFor();

    // The pay page notices by itself; the overview shows the new maximum and the paid order.
    await payPage.getByText('支付成功，资源已到账').waitFor({ timeout: 15_000 });
    await shot(payPage, 'pay-page-paid-now-light-desk');
    await page.reload();
    await expect.poll(() => page.getByTestId('overview-indicators').textContent()).toContain('/ 1024');
    await page.getByTestId('overview-orders').getByText('已支付').waitFor();
    await expect.poll(() => page.getByTestId('overview-set-meal-name').textContent()).toBe('1024个监测项');
    expect(await page.locator('.ant-modal-confirm', { hasText: '购买监测项提醒' }).count()).toBe(0);
    await shot(page, 'overview-light-desk');
    await clerk.context().close();
    await page.context().close();
  });

  it('a project suspended for arrears (D) renews from the arrears page and is back to A once paid', async () => {
    await h.api('PUT', `/iot/projects/${projectId}/terms`, { payStatus: 'D' });
    const page = await openAs(BUYER, overview());
    await page.waitForURL((url) => url.pathname === `/arrearageProjectPage/${projectId}`);
    await page.getByText('已存数据与设备照常保留', { exact: false }).waitFor();
    await shot(page, 'arrears-light-desk');
    await page.getByTestId('arrearage-renew').click();
    const buy = dialog(page);
    await buy.getByText('当前', { exact: true }).waitFor();
    await expect.poll(() => buy.getByTestId('purchase-total').textContent()).toBe('¥2,500.00');
    await shot(page, 'renew-dialog-light-desk');
    const [payPage] = await Promise.all([
      page.context().waitForEvent('page'),
      button(buy, '立即购买').click(),
    ]);
    await payPage.getByText('请通过银行转账付款').waitFor();
    const orderId = new URL(payPage.url()).pathname.split('/').pop()!;
    await h.api('POST', `/iot/orders/${orderId}/confirm`);
    await payPage.getByText('支付成功，资源已到账').waitFor({ timeout: 15_000 });
    const settings = await h.api<{ payStatus: string }>(
      'GET',
      `/iot/projects/getProjectByGroupId?groupId=${projectId}`,
    );
    expect(settings.payStatus).toBe('A');
    await page.context().close();
  });

  it('looks right in light and tech, at a desk and on a 390 px phone', async () => {
    const { list } = await h.api<{ list: { orderId: string }[] }>('GET', `/iot/groups/${projectId}/orders`);
    const orderId = list[0]!.orderId;
    for (const theme of ['light', 'tech']) {
      for (const [size, viewport] of [
        ['desk', DESK],
        ['390', PHONE],
      ] as const) {
        const page = await openAs(BUYER, overview(), viewport, theme);
        await page.getByTestId('overview-orders').getByText('已支付').first().waitFor();
        if (!(theme === 'light' && size === 'desk')) await shot(page, `overview-${theme}-${size}`);
        await button(page.getByTestId('overview-orders'), '购买资源').click();
        await dialog(page).getByTestId('purchase-total').waitFor();
        await dialog(page).getByText('购买短信资源', { exact: true }).click();
        await dialog(page).getByText('1000条（80元）').waitFor();
        await shot(page, `dialog-${theme}-${size}`);
        await page.goto(`${h.t.baseUrl}/payOrder/${projectId}/${orderId}`);
        await page.getByText('支付成功，资源已到账').waitFor();
        await shot(page, `pay-page-${theme}-${size}`);
        await page.context().close();
        const clerk = await openAs(CLERK, '/system/orders', viewport, theme);
        await clerk.locator('.ant-table-row', { hasText: orderId }).waitFor();
        await shot(clerk, `orders-${theme}-${size}`);
        await clerk.getByRole('tab', { name: '套餐与资源包' }).click();
        await clerk.getByTestId('packages-panel').getByText('1024个监测项').waitFor();
        await shot(clerk, `packages-${theme}-${size}`);
        await clerk.getByRole('tab', { name: '付费设置' }).click();
        await clerk.getByTestId('purchase-settings').getByText('即将逾期提前天数（B）').waitFor();
        await shot(clerk, `settings-${theme}-${size}`);
        await clerk.context().close();
      }
    }
    // Four sizes and themes, each signing in twice: 41 s in CI on a slow machine.
  }, 120_000);
});
