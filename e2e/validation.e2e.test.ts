import {
  ADDRESS_FORMAT,
  ADDRESS_REQUIRED,
  MOBILE_MESSAGE,
  NUMBER_MESSAGE,
  POSITIVE_INTEGER_MESSAGE,
} from '@iot/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The rules of spec core §5 as a user meets them in representative forms, in the words the server
 * answers (decision 0043's table): the phone and address rules (公司, Webhook, 验证码登录), the
 * number and decimal rules and the positive integer (预警规则), and the decimal rule in an
 * InputNumber (消息设置). Every page records uncaught errors; none may occur.
 */
let h: BrowserHarness;
let projectId: number;
let demoAdmin: string;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
const pageErrors = new Map<Page, string[]>();

/** Ant Design puts a space between two Chinese characters of a button (保存 reads 保 存). */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const dialog = (page: Page) => page.locator('.ant-modal:visible');
const itemOf = (scope: Page | Locator, field: Locator) =>
  scope.locator('.ant-form-item').filter({ has: field });
const errorsOf = (item: Locator) => item.locator('.ant-form-item-explain-error').allTextContents();
/** The one message an item shows once validation settles. */
async function expectOnly(item: Locator, message: string): Promise<void> {
  await expect.poll(() => errorsOf(item)).toEqual([message]);
}
/** Types a value, leaves the field, and expects the one message. */
async function typeAndExpect(scope: Page | Locator, field: Locator, value: string, message: string) {
  await field.fill(value);
  await field.blur();
  await expectOnly(itemOf(scope, field), message);
}

async function open(username: string, password: string, pathname: string): Promise<Page> {
  const page = await h.openAs(username, password, pathname);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  pageErrors.set(page, errors);
  return page;
}
async function done(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  expect(pageErrors.get(page)).toEqual([]);
  await page.context().close();
}
const setTheme = (theme: 'light' | 'tech', token = demoAdmin) =>
  h.api('PUT', '/iot/users/current/theme', { theme }, token);

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(ADMIN.username, ADMIN.password)).access;
  await setTheme('light', h.adminToken);
});
afterAll(async () => {
  await h?.close();
});

describe('phone and address rules', () => {
  it('公司: a short mobile reads 输入的手机号错误 and a logo that is no address 输入的地址格式错误', async () => {
    const page = await open('admin', ADMIN_PASSWORD, '/system/corporations');
    await expect.poll(() => routeName(page)).toBe('router-system-corporations-s');
    await page.getByRole('button', { name: '新建' }).click();
    const form = dialog(page);
    await form.getByLabel('公司名称').fill('校验水务');
    await form.getByLabel('负责人', { exact: true }).fill('李工');
    // Fields found from the page: a `has` filter takes a locator relative to the item.
    const mobile = page.getByLabel('负责人手机号');
    await typeAndExpect(form, mobile, '1380000', MOBILE_MESSAGE);
    const logo = page.getByPlaceholder('如：/iot/files/logo.png 或 https://…');
    await logo.fill('logo .png');
    await button(form, '保存').click();
    await expectOnly(itemOf(form, logo), ADDRESS_FORMAT);
    await expectOnly(itemOf(form, mobile), MOBILE_MESSAGE);
    await screenshot(page, 'validation-corporation-light');
    // Both corrected, the same form saves.
    await mobile.fill('13812345678');
    await logo.fill('/iot/files/logos/water.png');
    await button(form, '保存').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '校验水务' }).count()).toBe(1);
    await done(page);
  });

  it('Webhook: an empty address reads 请输入地址, a malformed one 输入的地址格式错误', async () => {
    await setTheme('tech');
    const page = await open(
      ADMIN.username,
      ADMIN.password,
      `/projects/groups/${projectId}/warningSetting?tab=webhooks`,
    );
    await page.getByRole('button', { name: '新建 Webhook' }).click();
    const form = dialog(page);
    const url = page.locator('#webhook_url');
    await button(form, '保存').click();
    await expectOnly(itemOf(form, url), ADDRESS_REQUIRED);
    await typeAndExpect(form, url, 'http://not an address', ADDRESS_FORMAT);
    await screenshot(page, 'validation-webhook-tech');
    await url.fill('https://hooks.example.com/iot');
    await url.blur();
    await expect.poll(() => errorsOf(itemOf(form, url))).toEqual([]);
    await page.keyboard.press('Escape');
    await setTheme('light');
    await done(page);
  });

  it('验证码登录: a mobile of 7 digits reads 输入的手机号错误', async () => {
    const page = await h.open('/login');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('tab', { name: /验证码登录|手机/ }).click();
    const mobile = page.getByPlaceholder('手机号', { exact: true });
    await mobile.fill('1380000');
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await expectOnly(itemOf(page, mobile), MOBILE_MESSAGE);
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('number rules', () => {
  it('预警规则: 请输入数字！, the decimal rule on a threshold, a positive integer of offline minutes', async () => {
    const page = await open(ADMIN.username, ADMIN.password, `/projects/groups/${projectId}/warningSetting`);
    await button(page, '新建规则').click();
    const form = page.getByRole('dialog', { name: '新建预警规则' });
    await form.waitFor();
    const high = page.getByLabel('上限');
    await typeAndExpect(form, high, 'abc', NUMBER_MESSAGE);
    await typeAndExpect(form, high, '1234567890', '只能9位以内整数');
    await typeAndExpect(form, high, '12.1234567', '6位以内小数');
    await screenshot(page, 'validation-rule-decimals-light');
    await high.fill('-12.5');
    await high.blur();
    await expect.poll(() => errorsOf(itemOf(form, high))).toEqual([]);

    await form.getByLabel('规则类型').click();
    await page.locator('.ant-select-item-option', { hasText: '离线超时' }).click();
    const minutes = page.getByLabel('离线分钟数');
    await typeAndExpect(form, minutes, '0', POSITIVE_INTEGER_MESSAGE);
    await typeAndExpect(form, minutes, '1.5', POSITIVE_INTEGER_MESSAGE);
    await typeAndExpect(form, minutes, 'x', NUMBER_MESSAGE);
    await typeAndExpect(form, minutes, '50000', '不能大于43200');
    await minutes.fill('30');
    await minutes.blur();
    await expect.poll(() => errorsOf(itemOf(form, minutes))).toEqual([]);
    await page.keyboard.press('Escape');
    await done(page);
  });
});
