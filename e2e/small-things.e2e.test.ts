import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Issue 11, item 13 (smaller things) as a read-only operator or an anonymous visitor: /login while
 * signed in, /viewLastData's title and live dot, the arrears page naming its project, and readable
 * /interfaceDocument addresses.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
const SITE_NAME = '进水泵房';
const { operator } = DEMO_ACCOUNTS;

async function setTheme(theme: 'light' | 'tech') {
  const { access } = await h.t.login(operator.username, operator.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function picture(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  const tree = await h.api<{ children: { children: { id: number; name: string }[] }[] }>(
    'GET',
    `/iot/groups/${projectId}/tree`,
  );
  const siteId = tree.children.flatMap((a) => a.children).find((s) => s.name === SITE_NAME)!.id;
  site = await startSimulatedSite(h, { aliases: ['泵房网关'], intervalMs: 1000, groupId: siteId });
  await h.api('PUT', `/iot/projects/${projectId}/terms`, { isDemo: true });
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('/login (demo-operator)', () => {
  it('sends a signed-in user on to where they were instead of showing the form again', async () => {
    const page = await h.openAs(
      operator.username,
      operator.password,
      `/projects/groups/${projectId}/realTimeData`,
    );
    await page.locator('[data-route-name]').waitFor();
    await page.goto(`${h.t.baseUrl}/login`);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).pathname).toBe(`/projects/groups/${projectId}/realTimeData`);
    expect(await page.getByPlaceholder('账号或手机号').count()).toBe(0);
    // An address asked for wins, when it is one of ours.
    await page.goto(
      `${h.t.baseUrl}/login?redirect=${encodeURIComponent(`/projects/groups/${projectId}/groups`)}`,
    );
    await page.waitForURL((url) => url.pathname === `/projects/groups/${projectId}/groups`);
    await page.goto(`${h.t.baseUrl}/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).host).toBe(new URL(h.t.baseUrl).host);
    await page.context().close();
  });

  it('still shows the form to a visitor who is not signed in', async () => {
    const page = await h.open('/login');
    await page.getByPlaceholder('账号或手机号').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

describe('/viewLastData (anonymous)', () => {
  it('titles itself with the site and gateway, and shows the live dot only while values arrive', async () => {
    const [gateway] = site.gateways;
    const page = await h.open(`/viewLastData?gatewayIds=${gateway!.id}`);
    const title = page.getByTestId('view-title');
    await expect.poll(() => title.textContent()).toBe(`${SITE_NAME} · 泵房网关 · 最新数据`);
    await expect.poll(() => page.title()).toBe(`${SITE_NAME} · 泵房网关 - 最新数据`);
    expect(
      await page.locator(`[data-testid="gateway-card-${gateway!.id}"] .ant-card-head-title`).textContent(),
    ).toBe('泵房网关');
    const status = page.getByTestId('live-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
    expect(await status.textContent()).toBe('实时数据');
    await page.getByTestId(`live-tile-${gateway!.id}-cod`).waitFor();
    await picture(page, 'small-view-last-data-tech');
    await page.context().close();
  });

  it('says 暂无数据 for a gateway that has sent nothing, and names nothing outside demo projects', async () => {
    const silent = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/gateways`, {
      serialNumber: `SILENT${Date.now() % 100_000}`,
      alias: '静默网关',
    });
    let page = await h.open(`/viewLastData?gatewayIds=${silent.id}`);
    const status = page.getByTestId('live-status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('暂无数据');
    expect(await status.getAttribute('data-status')).toBe('default');
    await expect.poll(() => page.getByTestId('view-title').textContent()).toBe('静默网关 · 最新数据');
    await picture(page, 'small-view-last-data-empty-tech');
    await page.context().close();

    page = await h.open('/viewLastData?gatewayIds=999999');
    await expect
      .poll(() => page.getByTestId('live-status').textContent(), { timeout: 15_000 })
      .toBe('没有可显示的网关');
    await expect.poll(() => page.getByTestId('view-title').textContent()).toBe('最新数据');
    await page.context().close();
  });
});

describe('/arrearageProjectPage (demo-operator)', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`names the suspended project in its title (${theme})`, async () => {
      await setTheme(theme);
      await h.api('PUT', `/iot/projects/${projectId}/terms`, { payStatus: 'D' });
      try {
        // Entering the suspended project leads to the arrears page (spec core §4: D, E, F).
        const { access, refresh } = await h.t.login(operator.username, operator.password);
        const context = await h.newContext();
        const page = await context.newPage();
        await page.goto(
          `${h.t.baseUrl}/projects/groups/${projectId}/realTimeData?accessToken=${access}&refreshToken=${refresh}`,
          { waitUntil: 'commit' },
        );
        await page.waitForURL((url) => url.pathname === `/arrearageProjectPage/${projectId}`, {
          waitUntil: 'commit',
        });
        await expect
          .poll(() => page.getByTestId('arrearage-title').textContent())
          .toBe(`「${DEMO_PROJECT_NAME}」因欠费已停机`);
        await expect.poll(() => page.title()).toMatch(new RegExp(`^${DEMO_PROJECT_NAME} · 欠费停机 - `));
        await picture(page, `small-arrearage-${theme}`);
        await page.context().close();
      } finally {
        await h.api('PUT', `/iot/projects/${projectId}/terms`, { payStatus: 'A' });
        await setTheme('light');
      }
    });
  }
});

describe('/interfaceDocument (anonymous)', () => {
  it('addresses each API group by a readable slug, and moves an old address by name to it', async () => {
    const page = await h.open('/interfaceDocument');
    const menu = page.locator('.shell-sider .ant-menu-item');
    await menu.first().waitFor();
    await menu.filter({ hasText: /^实时数据（/ }).click();
    await page.waitForURL((url) => url.pathname === '/interfaceDocument/live-data');
    expect(page.url()).not.toContain('%');
    await page.getByRole('heading', { name: /^实时数据（\d+）$/ }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, 'small-interface-document-light');

    // Every group's address is plain ASCII.
    const keys = await menu.evaluateAll((items) => items.map((i) => i.getAttribute('data-menu-id') ?? ''));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(key).toMatch(/^[\x20-\x7e]+$/);

    await page.goto(`${h.t.baseUrl}/interfaceDocument/${encodeURIComponent('项目网关')}`);
    await page.waitForURL((url) => url.pathname === '/interfaceDocument/project-gateways');
    await page.getByRole('heading', { name: /^项目网关（\d+）$/ }).waitFor();
    await page.context().close();
  });
});
