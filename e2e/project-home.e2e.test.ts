import type { GroupNode, GroupTreeNode } from '@iot/contracts/groups';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 项目首页 against the real server with simulated devices publishing every second: the counts are
 * the server's, and a monitoring point's value changes on screen without a reload.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;

const { username, password } = DEMO_ACCOUNTS.projectAdmin;
const homePath = () => `/project/${projectId}/index/projectHD/hd`;

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(username, password)).access;
  site = await startSimulatedSite(h, { aliases: ['首页一号站', '首页二号站'], intervalMs: 1000 });
  // A monitoring point linking two indicators of the first simulated gateway.
  const point = await h.api<GroupNode>(
    'POST',
    `/iot/groups/${projectId}/children`,
    { name: '总出水监测点', groupType: 'site', siteType: 'container', isMonitor: true },
    demoAdmin,
  );
  const [root] = await h.api<GroupTreeNode[]>(
    'GET',
    `/iot/groups/${projectId}/groupTree?includeSelf=true`,
    undefined,
    demoAdmin,
  );
  const indicators = root!.gatewayIndicators.filter((i) => i.gatewayId === site.gateways[0]!.id).slice(0, 2);
  expect(indicators).toHaveLength(2);
  await h.api(
    'PUT',
    `/iot/groups/${point.id}/gatewayIndicators`,
    { gatewayIndicatorIds: indicators.map((i) => i.id) },
    demoAdmin,
  );
  // A rule every value breaks: the first simulated value raises a warning.
  await h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    { gatewayIndicatorId: indicators[0]!.id, kind: 'above', high: -1_000_000, level: 1 },
    demoAdmin,
  );
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

/** The number shown on a stat card. */
const statValue = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.ant-statistic-content-value')
    .textContent()
    .then((text) => Number((text ?? '').replace(/[^\d-]/g, '')));

async function serverCounts() {
  const total = async (onlineStatus: string) =>
    (
      await h.api<{ total: number }>(
        'GET',
        `/iot/groups/${projectId}/gateways?size=1&onlineStatus=${onlineStatus}`,
        undefined,
        demoAdmin,
      )
    ).total;
  const usage = await h.api<{ used: number; max: number; left: number }>(
    'GET',
    `/iot/groups/${projectId}/getLeftAccessGatewayIndicatorByGroupId`,
    undefined,
    demoAdmin,
  );
  return { online: await total('online'), offline: await total('offline'), used: usage.used, max: usage.max };
}

describe('project home', () => {
  it("shows the real counts, today's warnings, the open work orders, and the site layout", async () => {
    // The simulated gateways connect first.
    await expect
      .poll(async () => (await serverCounts()).online, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const warnings = () =>
      h.api<{ total: number }>('GET', `/iot/groups/${projectId}/warnings?size=1`, undefined, demoAdmin);
    await expect.poll(async () => (await warnings()).total, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const raised = (await warnings()).total;
    const page = await h.openAs(username, password, homePath());
    await expect.poll(() => routeName(page)).toBe(`router-project-g${projectId}`);
    // No breadcrumb on an hd route.
    await page.getByTestId('project-home').waitFor();
    expect(await page.locator('.shell-breadcrumb').count()).toBe(0);

    const expected = await serverCounts();
    await expect.poll(() => statValue(page, 'stat-online')).toBe(expected.online);
    expect(await statValue(page, 'stat-offline')).toBe(expected.offline);
    await expect.poll(() => statValue(page, 'stat-indicators')).toBe(expected.used);
    expect(expected.used).toBeGreaterThan(0);
    await page.getByTestId('stat-indicators').getByText(`/ ${expected.max}`).waitFor();
    // The warning raised by the rule, counted today and unhandled.
    await expect.poll(() => statValue(page, 'stat-warnings')).toBe(raised);
    await page.getByTestId('stat-warnings').getByText(`未处理 ${raised} 条`).waitFor();
    // The open work orders (the demo's seeded ones), with the overdue among them and a way to the list.
    const openOrders = await h.api<{ total: number }>(
      'GET',
      `/iot/groups/${projectId}/workOrders?open=true&size=1`,
      undefined,
      demoAdmin,
    );
    expect(openOrders.total).toBeGreaterThan(0);
    await expect.poll(() => statValue(page, 'stat-orders')).toBe(openOrders.total);
    await page
      .getByTestId('stat-orders')
      .getByText(/^已逾期 \d+ 个$/)
      .waitFor();
    await page.getByTestId('stat-orders').getByRole('link', { name: '查看工单' }).waitFor();

    // The schematic holds the demo areas and their sites.
    const layout = page.getByTestId('site-layout');
    for (const name of ['进水区', '生化处理区', '出水区', '格栅间', '总出水监测点']) {
      await layout.getByText(name, { exact: true }).waitFor();
    }
    await page.close();
  });

  it('follows a monitoring point live over the data socket, without reloading', async () => {
    const page = await h.openAs(username, password, homePath());
    const point = page.getByTestId('key-point').filter({ hasText: '总出水监测点' });
    await point.waitFor();
    await page.getByText('实时数据已连接').waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      (window as unknown as { homeMarker: number }).homeMarker = 1;
    });
    const value = point.getByTestId('live-value').first();
    await expect.poll(() => value.textContent(), { timeout: 15_000 }).not.toBe('—');
    const first = await value.textContent();
    await expect.poll(() => value.textContent(), { timeout: 20_000 }).not.toBe(first);
    // Still the same document: the value arrived over the socket, not by a reload.
    expect(await page.evaluate(() => (window as unknown as { homeMarker?: number }).homeMarker)).toBe(1);
    // The chart has drawn its canvas.
    expect(await point.locator('canvas').count()).toBeGreaterThan(0);
    await page.close();
  });

  for (const theme of ['light', 'tech'] as const) {
    it(`looks right in the ${theme} theme`, async () => {
      const answer = await h.t.request('PUT', '/iot/users/current/theme', {
        token: demoAdmin,
        body: { theme },
      });
      expect(answer.body.code).toBe(20000);
      const page = await h.openAs(username, password, homePath());
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.getByTestId('key-point').first().waitFor();
      await expect
        .poll(() => page.getByTestId('live-value').first().textContent(), { timeout: 15_000 })
        .not.toBe('—');
      await page.waitForTimeout(3000); // a few live points on the charts
      await screenshot(page, `project-home-${theme}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
