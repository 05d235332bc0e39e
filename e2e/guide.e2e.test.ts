import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * 新手引导 (feature-areas §2, §4, §7; decision 0067): a new account meets it once by itself, runs it
 * through the 11 steps to 完成, which sets bit 1 of isReadGuide on the server; after a reload it
 * does not open again, and the avatar menu still opens it. Its link goes to /docs/userManual/.
 */
let h: BrowserHarness;
const NOTES = REVIEW_SHOTS;
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  h = await startBrowserHarness();
  // The harness turns the automatic guide off for other screens' tests; this one is about it.
  const settings = await h.api<Record<string, unknown>>('GET', '/iot/system');
  await h.api('PUT', '/iot/system', { ...settings, guideForNewUsers: true });
});
afterAll(() => h?.close());

async function newUser(username: string, theme: 'light' | 'tech'): Promise<string> {
  const projectId = h.t.server.seeded.demoProjectId!;
  const admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    {
      name: `引导-${username}`,
      description: '',
      functions: [{ code: 'router-realTimeData', permission: 1 }],
    },
    admin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/users`,
    { username, realname: '新同事', password: 'Passw0rd!', roleId: role.id },
    admin,
  );
  const token = (await h.t.login(username, 'Passw0rd!')).access;
  await h.api('PUT', '/iot/users/current/theme', { theme }, token);
  return token;
}

const isReadGuide = async (token: string) =>
  (await h.api<{ isReadGuide: number }>('GET', '/iot/users/current/loginInfo', undefined, token)).isReadGuide;

/** Copies a harness screenshot to the notes folder the lead looks at. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(NOTES, { recursive: true });
  copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(NOTES, `${name}.png`));
}

describe('新手引导', () => {
  it('opens once for a new account, runs to 完成, is marked read and stays closed after a reload', async () => {
    const token = await newUser('guide-newcomer', 'light');
    expect(await isReadGuide(token)).toBe(0);
    const page = await h.openAs('guide-newcomer', 'Passw0rd!', '/projects');
    const modal = page.getByTestId('guide-modal');
    await expect.poll(() => page.getByTestId('guide-overview').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('guide-step').count()).toBe(11);
    await expect
      .poll(() => modal.getByRole('link', { name: /用户手册/ }).getAttribute('href'))
      .toBe('/docs/userManual/');
    await shot(page, 'guide-overview-light-desk');

    await page
      .getByTestId('guide-step')
      .first()
      .getByRole('button', { name: /详\s?情/ })
      .click();
    await expect
      .poll(() => page.getByTestId('guide-position').textContent())
      .toContain('第 1 步 创建项目（1/3）');
    // The screenshot loads, and it carries as many numbered markers as the page lists hints.
    await expect
      .poll(() => modal.locator('.guide-shot img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await modal.locator('.guide-shot .guide-marker').count()).toBe(
      await modal.locator('.guide-hints li').count(),
    );
    await shot(page, 'guide-detail-light-desk');
    expect(await modal.getByRole('button', { name: /完\s?成/ }).count()).toBe(0);

    // 下一步 through every page; 完成 shows only on the last page of step 11.
    let pages = 1;
    while ((await modal.getByRole('button', { name: /完\s?成/ }).count()) === 0) {
      const before = await page.getByTestId('guide-position').textContent();
      await modal.getByRole('button', { name: '下一步' }).click();
      await expect.poll(() => page.getByTestId('guide-position').textContent()).not.toBe(before);
      pages += 1;
      expect(pages).toBeLessThanOrEqual(44);
    }
    expect(pages).toBe(24);
    await expect
      .poll(() => page.getByTestId('guide-position').textContent())
      .toContain('第 11 步 更多（3/3）');
    expect(await isReadGuide(token)).toBe(0);
    // 上一步 walks back across a step boundary.
    await modal.getByRole('button', { name: '上一步' }).click();
    await expect.poll(() => page.getByTestId('guide-position').textContent()).toContain('（2/3）');
    await modal.getByRole('button', { name: '下一步' }).click();
    await modal.getByRole('button', { name: /完\s?成/ }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => isReadGuide(token)).toBe(1);

    await page.reload();
    await expect.poll(() => page.getByTestId('avatar-menu').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('guide-overview').count()).toBe(0);
    // The avatar menu opens it whenever asked.
    await page.getByTestId('avatar-menu').hover();
    await page.getByRole('menuitem', { name: '新手引导' }).click();
    await expect.poll(() => page.getByTestId('guide-overview').isVisible()).toBe(true);
    await page.context().close();
  });

  it('fits a phone in the tech theme, and /docs/userManual/ is the user manual', async () => {
    await newUser('guide-phone', 'tech');
    const { access, refresh } = await h.t.login('guide-phone', 'Passw0rd!');
    const context = await h.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${h.t.baseUrl}/projects?accessToken=${access}&refreshToken=${refresh}`);
    await expect.poll(() => page.getByTestId('guide-overview').isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, 'guide-overview-tech-390');
    await page
      .getByTestId('guide-step')
      .nth(6)
      .getByRole('button', { name: /详\s?情/ })
      .click();
    await expect
      .poll(() => page.getByTestId('guide-position').textContent())
      .toContain('第 7 步 添加工艺图（1/4）');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'guide-detail-tech-390');

    await page.goto(`${h.t.baseUrl}/docs/userManual/`);
    await expect.poll(() => page.getByTestId('user-manual').isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
