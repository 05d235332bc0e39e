import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startServer, type TestServer } from '../../apps/server/src/test/server.js';
import { CHROMIUM } from './global-setup.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIST = path.join(root, 'apps/web/dist');
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');

export interface BrowserHarness {
  t: TestServer;
  browser: Browser;
  /** A fresh page (own storage) at a path of the server. */
  open(pathname: string): Promise<Page>;
  close(): Promise<void>;
}

/** The real server (SQLite or PostgreSQL, demo data) serving the built web app, and Chromium. */
export async function startBrowserHarness(): Promise<BrowserHarness> {
  const t = await startServer({ webDist: WEB_DIST });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    t,
    browser,
    async open(pathname) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(t.baseUrl + pathname);
      return page;
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/** Signs in through the login form as a person would. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('账号或手机号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
