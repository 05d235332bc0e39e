import { PASSWORD_RULE_MESSAGE } from '@iot/contracts';
import { ICCID_MESSAGE } from '@iot/contracts/gateways';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * Forms that say one thing at a time (issue 11, item 8): the one password rule (decision 0034) in
 * 修改密码 and 找回密码, an alias of spaces, an ICCID, a threshold that is not a number, 获取验证码
 * without a phone, and Esc on a dialog. Every page records uncaught errors; none may occur.
 */
let h: BrowserHarness;
let projectId: number;
let demoAdmin: string;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
const PASSWORD_USER = { username: 'form-tester', password: 'Tester#2026' };
const pageErrors = new Map<Page, string[]>();

/** Ant Design puts a space between two Chinese characters of a button (保存 reads 保 存). */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });

/** The messages under one form item, by its label or placeholder. */
function itemOf(page: Page | Locator, field: Locator): Locator {
  return page.locator('.ant-form-item').filter({ has: field });
}
const errorsOf = (item: Locator) => item.locator('.ant-form-item-explain-error').allTextContents();

async function open(username: string, password: string, pathname: string): Promise<Page> {
  const page = await h.openAs(username, password, pathname);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  pageErrors.set(page, errors);
  return page;
}
async function noPageErrors(page: Page): Promise<void> {
  // Give an unhandled rejection the moment it needs to surface.
  await page.waitForTimeout(300);
  expect(pageErrors.get(page)).toEqual([]);
}
/** The one message an item shows once validation settles. */
async function expectOnly(item: Locator, message: string): Promise<void> {
  await expect.poll(() => errorsOf(item)).toEqual([message]);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(ADMIN.username, ADMIN.password)).access;
  await h.api('POST', '/iot/users', { ...PASSWORD_USER, realname: '表单测试' });
  const tester = (await h.t.login(PASSWORD_USER.username, PASSWORD_USER.password)).access;
  await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, tester);
  await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, demoAdmin);
});
afterAll(async () => {
  await h?.close();
});

describe('修改密码: one rule, one message at a time', () => {
  it('says 新密码不能为空, then the strength rule, then 两次输入的密码不一致 — never 密码不能小于5位', async () => {
    const page = await open(PASSWORD_USER.username, PASSWORD_USER.password, '/usercenter?tab=password');
    const oldField = page.getByLabel('原密码');
    const newField = page.getByLabel('新密码', { exact: true });
    const confirmField = page.getByLabel('确认新密码');
    const newItem = itemOf(page, newField);
    const confirmItem = itemOf(page, confirmField);

    // The hint is shown once, under the field, before anything is typed.
    await newItem.locator('.ant-form-item-extra').waitFor();
    await button(page, '确认修改').click();
    await expectOnly(newItem, '新密码不能为空');
    await expectOnly(confirmItem, '请再次输入新密码');
    expect(await newItem.locator('.ant-form-item-extra').isVisible()).toBe(false);

    await newField.fill('abc');
    await expectOnly(newItem, PASSWORD_RULE_MESSAGE);
    // The rule is printed once: the error replaces the hint, and no length rule contradicts it.
    expect(await page.getByText(PASSWORD_RULE_MESSAGE).count()).toBe(1);
    expect(await page.getByText('密码不能小于5位').count()).toBe(0);

    // A short, different confirmation is a mismatch, not a length problem.
    await confirmField.fill('abd');
    await expectOnly(confirmItem, '两次输入的密码不一致');

    await newField.fill('Better#2026');
    await expect.poll(() => errorsOf(newItem)).toEqual([]);
    expect(await newItem.locator('.ant-form-item-extra').isVisible()).toBe(true);
    await confirmField.fill('Better#2027');
    await expectOnly(confirmItem, '两次输入的密码不一致');
    await screenshot(page, 'forms-change-password-light');

    // The server holds the same rule, in the same words and order.
    const { access } = await h.t.login(PASSWORD_USER.username, PASSWORD_USER.password);
    for (const [newPassword, message] of [
      ['', '新密码不能为空'],
      ['abc', PASSWORD_RULE_MESSAGE],
    ] as const) {
      const answer = await h.t.request('PUT', '/iot/users/changePassword', {
        token: access,
        body: { oldPassword: PASSWORD_USER.password, newPassword },
      });
      expect(answer.body).toMatchObject({ code: 40000, message: `newPassword: ${message}` });
    }

    await confirmField.fill('Better#2026');
    await expect.poll(() => errorsOf(confirmItem)).toEqual([]);
    await oldField.fill('Wrong#2026');
    await button(page, '确认修改').click();
    await expectOnly(itemOf(page, oldField), '原密码错误');
    await oldField.fill(PASSWORD_USER.password);
    await button(page, '确认修改').click();
    await page.getByText('密码修改成功！').waitFor();
    await noPageErrors(page);
    await page.close();
  });

  it('找回密码: 获取验证码 without a phone says 请输入手机号 and throws nothing; one rule for the new password', async () => {
    const page = await h.open('/changePassword');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const phoneItem = itemOf(page, page.getByPlaceholder('账号绑定的手机号'));
    await button(page, '获取验证码').click();
    await expectOnly(phoneItem, '请输入手机号');

    const newItem = itemOf(page, page.getByPlaceholder('新密码', { exact: true }));
    const confirmItem = itemOf(page, page.getByPlaceholder('确认新密码'));
    await page.getByPlaceholder('新密码', { exact: true }).fill('abc');
    await expectOnly(newItem, PASSWORD_RULE_MESSAGE);
    await page.getByPlaceholder('确认新密码').fill('abcd');
    await expectOnly(confirmItem, '两次输入的密码不一致');
    expect(await page.getByText(PASSWORD_RULE_MESSAGE).count()).toBe(1);
    expect(await page.getByText('密码不能小于5位').count()).toBe(0);
    await screenshot(page, 'forms-forgot-password-light');
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('登录 by phone code: 获取验证码 without a phone throws nothing', async () => {
    const page = await h.open('/login');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('tab', { name: /验证码登录|手机/ }).click();
    await button(page, '获取验证码').click();
    await page.locator('.ant-form-item-explain-error', { hasText: '请输入手机号' }).waitFor();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('gateway and rule forms', () => {
  it('an alias of spaces reads 请输入网关别名 once; ICCID "abc" is refused; Esc closes the dialog', async () => {
    await h.api('PUT', '/iot/users/current/theme', { theme: 'tech' }, demoAdmin);
    const page = await open(ADMIN.username, ADMIN.password, `/projects/groups/${projectId}/gateways`);
    await button(page, '新建').click();
    const dialog = page.getByRole('dialog', { name: '新建网关' });
    await dialog.waitFor();
    // Fields found from the page: a `has` filter takes a locator relative to the item.
    const alias = page.locator('#gatewayForm_alias');
    await alias.fill('   ');
    await alias.blur();
    await expectOnly(itemOf(dialog, alias), '请输入网关别名');

    const iccid = page.locator('#gatewayForm_iccid');
    await iccid.fill('abc');
    await button(dialog, '保存').click();
    await expectOnly(itemOf(dialog, iccid), ICCID_MESSAGE);
    await expectOnly(itemOf(dialog, alias), '请输入网关别名');
    await screenshot(page, 'forms-gateway-tech');
    await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, demoAdmin);
    // The server agrees: the same words for the same ICCID.
    const refused = await h.t.request('POST', `/iot/groups/${projectId}/gateways`, {
      token: demoAdmin,
      body: { serialNumber: 'FORM-0001', alias: '表单网关', iccid: 'abc' },
    });
    expect(refused.body).toMatchObject({ code: 40000, message: `iccid: ${ICCID_MESSAGE}` });

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await noPageErrors(page);
    await page.close();
  });

  it('a threshold of "abc" stays and reads 请输入数字！, on leaving the field and on saving', async () => {
    const page = await open(ADMIN.username, ADMIN.password, `/projects/groups/${projectId}/warningSetting`);
    await button(page, '新建规则').click();
    const dialog = page.getByRole('dialog', { name: '新建预警规则' });
    await dialog.waitFor();
    const high = page.getByLabel('上限');
    await high.fill('abc');
    await high.blur();
    await expectOnly(itemOf(dialog, high), '请输入数字！');
    expect(await high.inputValue()).toBe('abc');
    await button(dialog, '保存').click();
    await expectOnly(itemOf(dialog, high), '请输入数字！');
    expect(await high.inputValue()).toBe('abc');
    await high.fill('');
    await high.blur();
    await expectOnly(itemOf(dialog, high), '请填写上限');
    await high.fill('12.5');
    await high.blur();
    await expect.poll(() => errorsOf(itemOf(dialog, high))).toEqual([]);
    await screenshot(page, 'forms-rule-light');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await noPageErrors(page);
    await page.close();
  });
});
