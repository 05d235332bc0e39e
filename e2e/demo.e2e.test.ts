import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type Demo, historySink, startDemo } from '../apps/server/src/simulator/demo.js';
import { localHour } from '../apps/server/src/simulator/profiles.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { chooseTimePreset, pickIndicators } from './support/monitoring.js';

/**
 * Issue 11 item 12: the demo as the read-only operator finds it on a fresh install — a history with
 * the day in it, and warnings both open and handled. The demo starts as on a first start, with a
 * shorter history (8 days; the month is checked in apps/server/src/simulator/demo.db.test.ts).
 */
let h: BrowserHarness;
let demo: Demo;
let projectId: number;
const OPERATOR = DEMO_ACCOUNTS.operator;

const button = (scope: Page, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

async function setTheme(theme: 'light' | 'tech') {
  const { access } = await h.t.login(OPERATOR.username, OPERATOR.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function open(route: string, code: string): Promise<Page> {
  const page = await h.openAs(OPERATOR.username, OPERATOR.password, `/projects/groups/${projectId}/${route}`);
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

interface ChartAnswer {
  data: {
    series: { gateway: string; metric: string; points: { ts: number; avg: number; count: number }[] }[];
  };
}

/** 历史数据 as the operator: both inflow and outflow, 最近7天, 查询; answers what the chart was drawn from. */
async function queryLastWeek(page: Page): Promise<ChartAnswer['data']> {
  await pickIndicators(page, ['瞬时流量（flow）', '瞬时流量（flow）']);
  await chooseTimePreset(page, '最近7天（不含今天）');
  const answered = page.waitForResponse((r) => r.url().endsWith('/gateways/chart'));
  await button(page, '查询').click();
  return ((await (await answered).json()) as ChartAnswer).data;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

beforeAll(async () => {
  h = await startBrowserHarness();
  demo = startDemo({
    baseUrl: h.t.baseUrl,
    mqttPort: h.t.server.telemetry.mqttPort,
    dataDir: h.t.config.dataDir,
    webClientSecret: h.t.config.webClientSecret,
    log: h.t.server.app.log,
    sink: historySink(h.t.server),
    historyDays: 8,
    intervalMs: 2000,
  });
  await demo.ready;
  projectId = h.t.server.seeded.demoProjectId!;
}, 120_000);

afterAll(async () => {
  await demo?.stop();
  await h?.close();
});

describe('the demo as the operator finds it', () => {
  it('历史数据 最近7天 draws inflow and outflow with the day in them', async () => {
    await setTheme('light');
    const page = await open('historicalData', 'router-historicalData');
    const chart = await queryLastWeek(page);
    expect(chart.series).toHaveLength(2);
    for (const series of chart.series) {
      const points = series.points.filter((p) => p.count > 0);
      // A whole week of readings, every bucket of it.
      expect(points.at(-1)!.ts - points[0]!.ts).toBeGreaterThan(6.8 * 86_400_000);
      // A daily cycle: the morning's flow well above the small hours', every day of the week.
      const between = (from: number, to: number) =>
        mean(points.filter((p) => localHour(p.ts) >= from && localHour(p.ts) < to).map((p) => p.avg));
      expect(between(9, 14)).toBeGreaterThan(between(0, 5) * 1.3);
    }
    // Seven days of a reading every five minutes, per gateway.
    const summaries = page.locator('[data-testid^="summary-"]');
    await expect.poll(() => summaries.count(), { timeout: 15_000 }).toBe(2);
    for (const text of await summaries.allTextContents()) {
      expect(text).toContain(`${7 * 288} 条`);
      expect(text).toContain('m³/h');
    }
    await page.getByTestId('series-chart').locator('canvas').waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'demo-history-week-light');
    await page.context().close();

    await setTheme('tech');
    const dark = await open('historicalData', 'router-historicalData');
    await queryLastWeek(dark);
    await dark.getByTestId('series-chart').locator('canvas').waitFor();
    await dark.waitForTimeout(800);
    await screenshot(dark, 'demo-history-week-tech');
    await dark.context().close();
  }, 90_000);

  it('实时数据 shows each site its own water: raw sewage in, treated water out', async () => {
    const { access } = await h.t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    const list = await h.api<{ list: { id: number; alias: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/gateways?size=100`,
      undefined,
      access,
    );
    const id = (alias: string) => list.list.find((g) => g.alias === alias)!.id;
    await setTheme('light');
    const page = await open('realTimeData', 'router-realTimeData');
    const value = async (gateway: number, key: string) => {
      const tile = page.getByTestId(`live-tile-${gateway}-${key}`);
      await expect.poll(() => tile.textContent(), { timeout: 15_000 }).toMatch(/^\d/);
      return Number(await tile.textContent());
    };
    expect(await value(id('格栅间网关'), 'cod')).toBeGreaterThan(150);
    expect(await value(id('在线监测站网关'), 'cod')).toBeLessThan(50);
    expect(await value(id('进水泵房网关'), 'flow')).toBeGreaterThan(300);
    expect(await value(id('AAO生化池网关'), 'doSet')).toBe(2);
    await page.waitForTimeout(500);
    await page.setViewportSize({ width: 1440, height: 1600 });
    await page.waitForTimeout(300);
    await screenshot(page, 'demo-realtime-light');
    await page.context().close();
  }, 60_000);

  it('远程控制 stops the lift pump; the simulated device answers and its current drops to 0', async () => {
    const admin = DEMO_ACCOUNTS.projectAdmin;
    const { access } = await h.t.login(admin.username, admin.password);
    await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, access);
    const list = await h.api<{ list: { id: number; alias: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/gateways?size=100`,
      undefined,
      access,
    );
    const pumpHouse = list.list.find((g) => g.alias === '进水泵房网关')!.id;
    const page = await h.openAs(
      admin.username,
      admin.password,
      `/projects/groups/${projectId}/remoteControl`,
    );
    await expect
      .poll(() => routeName(page), { timeout: 15_000 })
      .toBe(`router-equipmentRemoteControl-g${projectId}`);
    const select = page.getByLabel('选择网关', { exact: true });
    await select.click();
    await select.fill('进水泵房');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '进水泵房网关' })
      .first()
      .click();
    // The pump is the one writable point of the pump house.
    const table = page.getByTestId('writable-indicators');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    const pump = table.locator('tr', { hasText: '提升泵运行' });
    await pump.getByRole('switch').click();
    await pump.getByRole('button', { name: /^下\s?发$/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^下\s?发$/ })
      .click();
    await page
      .getByTestId('instruction-records')
      .getByText('指令执行成功')
      .first()
      .waitFor({ timeout: 15_000 });
    const last = async () =>
      (
        await h.api<Record<string, Record<string, { value: number }>>>(
          'POST',
          '/data-server/api/v2/gateways/lastMetrics',
          { gatewayIds: [pumpHouse] },
          access,
        )
      )[pumpHouse]!;
    await expect.poll(async () => (await last()).pump?.value, { timeout: 10_000 }).toBe(0);
    expect((await last()).current?.value).toBe(0);
    // The screen's current value follows the device's new reading.
    await expect.poll(() => pump.locator('td').nth(2).textContent(), { timeout: 15_000 }).toMatch(/^关/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(500);
    await screenshot(page, 'demo-remote-control-light');
    await page.context().close();
  }, 60_000);

  it('预警 lists open warnings and handled ones, from the effluent only', async () => {
    await setTheme('light');
    const page = await open('warningList', 'router-warningList');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const statuses = await page
      .locator('.ant-table-tbody [data-status]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
    expect(statuses).toContain('unhandled');
    expect(statuses).toContain('handling');
    expect(statuses).toContain('handled');
    // Yesterday's ammonia excursion at the monitoring station is the newest, and still open.
    const newest = rows(page).first();
    expect(await newest.textContent()).toContain('在线监测站网关');
    expect(await newest.textContent()).toContain('（nh3n）');
    expect(await newest.locator('[data-status]').textContent()).toBe('未处理');
    const gateways = await rows(page).allTextContents();
    expect(gateways.every((text) => /在线监测站网关|消毒池网关/.test(text))).toBe(true);
    await page.waitForTimeout(500);
    await screenshot(page, 'demo-warnings-light');
    await page.context().close();

    await setTheme('tech');
    const dark = await open('warningList', 'router-warningList');
    await expect.poll(() => rows(dark).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await dark.waitForTimeout(500);
    await screenshot(dark, 'demo-warnings-tech');
    await dark.context().close();
    await setTheme('light');
  }, 60_000);
});
