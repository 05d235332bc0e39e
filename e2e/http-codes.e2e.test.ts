import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, startBrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let projectId: number;
const notices = (page: Page) => page.locator('.ant-notification-notice');
const answer = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  await h.api('POST', `/iot/groups/${projectId}/roles`, {
    name: '临时角色',
    functions: [{ code: 'router-project', permission: 1 }],
  });
});
afterAll(() => h?.close());

/** Spec core §8: how the web client treats the catalogue's codes. */
describe('answer codes', () => {
  it('a failed delete says 删除失败！ with the reason', async () => {
    const { username, password } = DEMO_ACCOUNTS.projectAdmin;
    const page = await h.openAs(username, password, `/projects/groups/${projectId}/roles`);
    const row = page.locator('.ant-table-row', { hasText: '临时角色' });
    await row.waitFor();
    await page.route(
      (url) => url.pathname.startsWith(`/iot/groups/${projectId}/roles/`),
      (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill(answer({ code: 40000, message: '该角色已分配给成员', data: null }))
          : route.fallback(),
    );
    await row.getByRole('button', { name: /删\s?除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await notices(page).filter({ hasText: '删除失败！该角色已分配给成员' }).waitFor();
    await row.waitFor();
  });

  it('50002 is ignored: no notice, while the screen still tells the list did not load', async () => {
    const { username, password } = DEMO_ACCOUNTS.projectAdmin;
    const page = await h.openAs(username, password, `/projects/groups/${projectId}/roles`);
    await page.locator('.ant-table-row').first().waitFor();
    await page.route(
      (url) => url.pathname === `/iot/groups/${projectId}/roles`,
      (route) => route.fulfill(answer({ code: 50002, message: '忽略', data: null })),
    );
    await page.reload();
    await page.getByTestId('load-error').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await notices(page).count()).toBe(0);
  });
});
