import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page as ListPage } from '@iot/contracts';
import type { DutyChange, OnDuty } from '@iot/contracts/duty';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * 排班管理 (decision 0053) as a member whose role has only that menu: the demo schedule on the month
 * calendar and who is on duty now, on a desk and a phone, light and tech; a shift and a rotation made
 * in the editors, an override made from a calendar slot and removed again behind a confirmation.
 */
let h: BrowserHarness;
let projectId: number;
const consoleErrors: string[] = [];
const KEEPER = { username: 'duty-keeper', password: 'Keeper@2026', realname: '排班员老李' };

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await openDropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

async function setTheme(theme: 'light' | 'tech') {
  const { access } = await h.t.login(KEEPER.username, KEEPER.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function open(path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const { access, refresh } = await h.t.login(KEEPER.username, KEEPER.password);
  // Shift times read as China time, as on the operators' own machines.
  const context = await h.newContext({ viewport, timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  // Nothing on the console: no React or Ant Design warning, no failed request left unshown.
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
  });
  const join = path.includes('?') ? '&' : '?';
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/${path}${join}accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

/** Keeps a screenshot for the notes as well (light and tech, desk and phone, looked at). */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const notes = REVIEW_SHOTS;
  try {
    mkdirSync(notes, { recursive: true });
    copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(notes, `duty-${name}.png`));
  } catch {
    // Only where the notes folder exists.
  }
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    name: '仅排班管理',
    functions: [
      { code: 'router-project', permission: 1 },
      { code: 'router-dutySchedule', permission: 15 },
    ],
  });
  await h.api('POST', '/iot/users', KEEPER);
  await h.api('POST', `/iot/groups/${projectId}/users`, { account: KEEPER.username, roleId: role.id });
});
afterAll(() => h?.close());

describe('排班管理', () => {
  it('shows the demo schedule and who is on duty, on a desk and on a phone, light and tech', async () => {
    const { access } = await h.t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    const now = await h.api<OnDuty>('GET', `/iot/groups/${projectId}/duty/onDuty`, undefined, access);
    expect(now.people).toHaveLength(1);
    for (const theme of ['light', 'tech'] as const) {
      await setTheme(theme);
      for (const [size, viewport] of [
        ['desk', { width: 1440, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        const page = await open('dutySchedule', viewport);
        await expect.poll(() => routeName(page)).toBe(`router-dutySchedule-g${projectId}`);
        await page.getByTestId('on-duty-now').getByText(now.people[0]!.realname).waitFor();
        const cell = page.locator(`[data-date="${today()}"]`);
        await cell.getByText('白班').waitFor();
        await cell.getByText('夜班').waitFor();
        await shot(page, `calendar-${size}-${theme}`);
        await page.close();
      }
    }
    await setTheme('light');
    expect(consoleErrors).toEqual([]);
  });

  it('makes a shift and a rotation, puts someone on a slot from the calendar, and takes it back', async () => {
    const page = await open('dutySchedule?tab=shifts');
    await button(page, '新建班次').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('班次名称').fill('白班');
    await dialog.getByLabel('开始时间').click();
    await dialog.getByText('班次名称已存在').waitFor();
    await dialog.getByLabel('班次名称').fill('巡检班');
    await expect.poll(() => dialog.getByText('班次名称已存在').count()).toBe(0);
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row', { hasText: '巡检班' }).getByText('08:00–20:00').waitFor();
    await shot(page, 'shifts-desk-light');

    await page.getByRole('tab', { name: '轮班规则' }).click();
    await button(page, '新建轮班规则').click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('规则名称').fill('巡检轮值');
    await choose(page, dialog.getByLabel('班次'), '巡检班');
    await choose(page, dialog.getByLabel('轮班人员'), KEEPER.realname);
    await dialog.getByLabel('规则名称').click();
    await shot(page, 'rotation-form-desk-light');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row', { hasText: '巡检轮值' }).getByText(KEEPER.realname).waitFor();

    // Today's 巡检班 is the keeper's; a click on it puts the demo operator there instead.
    await page.getByRole('tab', { name: '值班日历' }).click();
    const cell = page.locator(`[data-date="${today()}"]`);
    const slot = cell.getByRole('button', { name: '调整值班 巡检班' });
    await slot.getByText(KEEPER.realname).waitFor();
    await slot.click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('指定值班', { exact: true }).click();
    await choose(page, dialog.getByLabel('指定值班人员'), '示范运维人员');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await slot.getByText('示范运维人员').waitFor();
    await expect.poll(() => slot.getByText(KEEPER.realname).count()).toBe(0);
    await slot.getByText('指', { exact: true }).waitFor();

    // Removed again in 调班与指定, after a confirmation.
    await page.getByRole('tab', { name: '调班与指定' }).click();
    const row = page.locator('.ant-table-row', { hasText: '由 示范运维人员 值班' });
    await row.locator('button', { hasText: /^删\s?除$/ }).click();
    await page.getByText(`确定删除 ${today()} 巡检班的指定值班吗？`).waitFor();
    await page
      .locator('.ant-popconfirm')
      .locator('button', { hasText: /^删\s?除$/ })
      .click();
    await row.waitFor({ state: 'detached' });
    const left = await h.api<ListPage<DutyChange>>(
      'GET',
      `/iot/groups/${projectId}/duty/changes?kind=override`,
    );
    expect(left.list.filter((c) => c.shiftName === '巡检班')).toEqual([]);
    await page.getByRole('tab', { name: '值班日历' }).click();
    await cell.getByRole('button', { name: '调整值班 巡检班' }).getByText(KEEPER.realname).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
