import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, SCREENSHOTS, screenshot, startBrowserHarness } from './support/browser.js';

/** /userManual and /firmManual (platform-core §2; decision 0067): the manuals of the repository, as pages. */
let h: BrowserHarness;
const NOTES = '/work/notes/shots';
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h?.close());

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(NOTES, { recursive: true });
  copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(NOTES, `${name}.png`));
}

async function open(pathname: string, options: { phone?: boolean; tech?: boolean } = {}): Promise<Page> {
  const context = await h.newContext(
    options.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  let url = `${h.t.baseUrl}${pathname}`;
  if (options.tech) {
    // A signed-in user's own theme applies on routes without one (the demo operator's is tech).
    const { access, refresh } = await h.t.login(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
    );
    url += `?accessToken=${access}&refreshToken=${refresh}`;
  }
  await page.goto(url);
  return page;
}

describe('manuals', () => {
  it('the firm manual states the device protocol: topics, payloads, DTU registration, a checked Modbus frame', async () => {
    const page = await open('/firmManual');
    const manual = page.getByTestId('firm-manual');
    await expect.poll(() => manual.isVisible(), { timeout: 15_000 }).toBe(true);
    for (const text of [
      'gateways/{序列号}/telemetry',
      'gateways/{序列号}/commands/ack',
      'v1/devices/me/rpc/request/+',
      '/api/v1/{设备密钥}/telemetry',
      '序列号,设备密钥',
      '01 03 00 00 00 02 C4 0B',
    ])
      expect(await manual.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
    // The contents jump to a section.
    await page.getByRole('link', { name: 'DTU 透传 Modbus' }).first().click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await shot(page, 'guide-firm-manual-light-desk');
    await page.context().close();

    const phone = await open('/firmManual', { phone: true, tech: true });
    await expect.poll(() => phone.getByTestId('firm-manual').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-firm-manual-tech-390');
    await phone.context().close();
  });

  it('the user manual walks the screens, at the desk and on a phone', async () => {
    const page = await open('/userManual', { tech: true });
    const manual = page.getByTestId('user-manual');
    await expect.poll(() => manual.isVisible(), { timeout: 15_000 }).toBe(true);
    for (const text of ['设备接入', '监测中心', '预警中心', '运维中心', '项目设置', '手机版'])
      expect(await manual.getByRole('heading', { name: text }).count(), text).toBe(1);
    expect(await manual.getByRole('link', { name: '厂商接入手册' }).getAttribute('href')).toBe('/firmManual');
    await shot(page, 'guide-user-manual-tech-desk');
    await page.context().close();

    const phone = await open('/docs/userManual/', { phone: true });
    await expect.poll(() => phone.getByTestId('user-manual').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-user-manual-light-390');
    await phone.context().close();
  });
});
