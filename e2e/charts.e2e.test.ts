import type { GroupNode, GroupTreeNode } from '@iot/contracts/groups';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { WATER_PROFILES } from '../apps/server/src/simulator/profiles.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { chooseTimePreset, pickIndicators, queryChart } from './support/monitoring.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Charts as the read-only operator uses them (issue 11, items 2–4 and the display side of 1):
 * extremes dated by their samples, dates on the time axes and in tooltips, a tooltip that does not
 * answer for an empty stretch, one axis per unit, averages with the indicator's decimals and unit,
 * the project home's key points over the last day kept when live values arrive, and 数据修复's
 * default range ending now.
 */
// Operators are in China: this process and the Chromium it starts keep China time.
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let adminToken: string;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const operator = DEMO_ACCOUNTS.operator;
const REPAIR_VIEWER = { username: 'repair-viewer', password: 'Viewer@2026', realname: '修复查看员' };
const HISTORY_ALIAS = '曲线历史站';

/** Local midnight today and yesterday (the browser and this process share China time). */
const today = (() => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
})();
const yesterday = today - DAY;
const at = (hours: number, minutes = 0) => yesterday + (hours * 60 + minutes) * MINUTE;
const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (ts: number) => {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const timeOf = (ts: number) => {
  const d = new Date(ts);
  return `${dateOf(ts)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const monthDay = (ts: number) => dateOf(ts).slice(5);

/** Yesterday 06:00–18:00, one point a minute: COD (minimum at 09:17, maximum at 15:42) and pH. */
const HISTORY = Array.from({ length: 721 }, (_, i) => ({
  ts: at(6) + i * MINUTE,
  values: {
    cod: i === 197 ? 5 : i === 582 ? 99.9 : 40 + ((i * 7) % 13) * 0.5,
    ph: Math.round((7 + ((i * 5) % 11) * 0.03) * 100) / 100,
  },
}));
const MIN_AT = at(9, 17);
const MAX_AT = at(15, 42);
const codAverage = HISTORY.reduce((sum, p) => sum + p.values.cod, 0) / HISTORY.length;

const profiles = WATER_PROFILES.filter((p) => p.key === 'cod' || p.key === 'ph');
/** Every tick label: a date (MM-DD, YYYY-MM-DD on 1 January) or a time of day, never a bare number. */
const TICK = /^(\d{4}-)?\d{2}-\d{2}$|^\d{2}:\d{2}(:\d{2})?$/;
/** A tooltip's first line: its time as YYYY-MM-DD HH:mm:ss (not 2026/11/24 …). */
const TOOLTIP_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\n/;

async function createGateway(alias: string, points: { name: string; key: string; alias: string }[]) {
  const indicators = await h.api<{ list: { id: number; name: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/indicators?size=1000`,
    undefined,
    adminToken,
  );
  const gateway = await h.api<{ id: number; secret: string }>(
    'POST',
    `/iot/groups/${projectId}/gateways`,
    { serialNumber: `CH${Date.now() % 1_000_000}${alias.length}`, alias },
    adminToken,
  );
  for (const p of points) {
    await h.api(
      'POST',
      `/iot/groups/${projectId}/gateways/${gateway.id}/indicators`,
      {
        indicatorId: indicators.list.find((i) => i.name === p.name)!.id,
        alias: p.alias,
        dataIdentification: p.key,
      },
      adminToken,
    );
  }
  return gateway;
}

async function monitoringPoint(name: string, gatewayId: number, metrics: string[]) {
  const point = await h.api<GroupNode>(
    'POST',
    `/iot/groups/${projectId}/children`,
    { name, groupType: 'site', siteType: 'container', isMonitor: true },
    adminToken,
  );
  const [root] = await h.api<GroupTreeNode[]>(
    'GET',
    `/iot/groups/${projectId}/groupTree?includeSelf=true`,
    undefined,
    adminToken,
  );
  const ids = root!.gatewayIndicators
    .filter((i) => i.gatewayId === gatewayId && metrics.includes(i.dataIdentification))
    .map((i) => i.id);
  expect(ids).toHaveLength(metrics.length);
  await h.api('PUT', `/iot/groups/${point.id}/gatewayIndicators`, { gatewayIndicatorIds: ids }, adminToken);
}

async function setTheme(username: string, password: string, theme: 'light' | 'tech') {
  const { access } = await h.t.login(username, password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function openAs(user: { username: string; password: string }, route: string, code: string) {
  const page = await h.openAs(user.username, user.password, route);
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

/** What the chart's tooltip says (the only text inside a canvas chart), line by line. */
// biome-ignore lint/performance/useDomNodeTextContent: the tooltip's lines are its rendered text
const tooltipText = (chart: Locator) => chart.evaluate((el) => (el as HTMLElement).innerText.trim());

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  adminToken = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  // A live site of COD and pH, whose last six hours are already stored (every five minutes).
  site = await startSimulatedSite(h, { aliases: ['曲线一号站'], intervalMs: 1000, profiles });
  const live = site.gateways[0]!;
  const now = Date.now();
  const past = Array.from({ length: 69 }, (_, i) => ({
    ts: now - 6 * HOUR + i * 5 * MINUTE,
    values: { cod: 30 + (i % 5), ph: 7.1 },
  }));
  await h.t.server.telemetry.ingest.ingest(
    { gatewayId: live.id, serialNumber: live.serialNumber, projectId },
    JSON.stringify(past),
    now,
  );
  await monitoringPoint('曲线监测点', live.id, ['cod', 'ph']);
  // A site that reported once, two hours ago.
  const single = await createGateway('单点站', [{ name: '化学需氧量', key: 'cod', alias: '单点COD' }]);
  const stored = await h.t.request<{ stored: number }>('POST', `/api/v1/${single.secret}/telemetry`, {
    body: [{ ts: now - 2 * HOUR, values: { cod: 42 } }],
  });
  expect(stored.body.data.stored).toBe(1);
  await monitoringPoint('单点监测点', single.id, ['cod']);

  // Yesterday's history for the history screen.
  const history = await createGateway(HISTORY_ALIAS, [
    { name: '化学需氧量', key: 'cod', alias: 'COD' },
    { name: 'pH', key: 'ph', alias: 'pH值' },
  ]);
  const answer = await h.t.request<{ stored: number }>('POST', `/api/v1/${history.secret}/telemetry`, {
    body: HISTORY,
  });
  expect(answer.body.data.stored).toBe(HISTORY.length * 2);
  await h.t.server.history.recomputeRollups();

  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    { name: '修复查看', functions: [{ code: 'router-dataRepair', permission: 1 }] },
    adminToken,
  );
  await h.api('POST', `/iot/groups/${projectId}/users`, { ...REPAIR_VIEWER, roleId: role.id }, adminToken);
  await setTheme(operator.username, operator.password, 'light');
  await setTheme(REPAIR_VIEWER.username, REPAIR_VIEWER.password, 'light');
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

/** Picks the history gateway's COD and pH, the preset 最近7天（不含今天）, then 查 询. */
async function queryLastWeek(page: Page) {
  await pickIndicators(page, ['COD（cod）', 'pH值（ph）']);
  await chooseTimePreset(page, '最近7天（不含今天）');
  await queryChart(page);
}

/** The x of a time on the history chart: its grid leaves 72 px each side for the two axes. */
async function xOf(chart: Locator, ts: number) {
  const box = (await chart.boundingBox())!;
  const start = today - 7 * DAY;
  return box.x + 72 + ((ts - start) / (7 * DAY)) * (box.width - 144);
}

describe('历史数据 as the operator', () => {
  it('dates extremes by their samples, formats the average, one axis per unit, dated ticks and tooltips', async () => {
    const page = await openAs(
      operator,
      `/projects/groups/${projectId}/historicalData`,
      'router-historicalData',
    );
    await queryLastWeek(page);
    const summary = page.getByTestId('history-summary').locator('.ant-card').filter({ hasText: '· COD' });
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toContain('最大值 99.9 mg/L');
    // The samples' own times, not the start of their buckets (nor of the range).
    expect(await summary.getByTestId('max-time').textContent()).toBe(`（${timeOf(MAX_AT)}）`);
    expect(await summary.getByTestId('min-time').textContent()).toBe(`（${timeOf(MIN_AT)}）`);
    expect(await summary.textContent()).toContain('最小值 5.0 mg/L');
    // The average with COD's one decimal and its unit.
    expect(await summary.textContent()).toContain(
      `平均值 ${codAverage.toFixed(1)} mg/L · ${HISTORY.length} 条`,
    );
    const ph = page.getByTestId('history-summary').locator('.ant-card').filter({ hasText: 'pH值' });
    expect(await ph.textContent()).toMatch(/平均值 7\.\d{2} · 721 条/);

    // COD on its mg/L axis, pH (no unit) on an axis of its own name — not one shared 数值 axis.
    const chart = page.getByTestId('series-chart');
    await expect.poll(() => chart.getAttribute('data-units')).toBe('mg/L|pH值');
    // Day ticks are dates: yesterday reads as its MM-DD, no label is a bare day number.
    await expect.poll(() => chart.getAttribute('data-x-labels')).toBeTruthy();
    const labels = (await chart.getAttribute('data-x-labels'))!.split('|');
    expect(labels).toContain(monthDay(yesterday));
    for (const label of labels) expect(label).toMatch(TICK);

    // The tooltip at yesterday noon: a YYYY-MM-DD HH:mm:ss time of yesterday and COD's value.
    await page.mouse.move(await xOf(chart, at(12)), ((await chart.boundingBox())!.y ?? 0) + 200);
    await expect.poll(() => tooltipText(chart)).toMatch(TOOLTIP_TIME);
    const tip = await tooltipText(chart);
    expect(tip.startsWith(dateOf(yesterday))).toBe(true);
    expect(tip).toContain('mg/L');
    await screenshot(page, 'charts-history-tooltip-light');

    // Zoom into four days ago, where nothing was stored: the tooltip says so, not yesterday's value.
    const empty = await xOf(chart, today - 4 * DAY - 12 * HOUR);
    const y = (await chart.boundingBox())!.y + 200;
    await page.mouse.move(empty, y);
    const charts = page.waitForResponse((r) => r.url().endsWith('/gateways/chart'));
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(60);
    }
    await charts;
    await expect.poll(() => page.getByText('已缩放至').count()).toBe(1);
    await page.waitForTimeout(500);
    await page.mouse.move(empty + 3, y + 3);
    await expect.poll(() => tooltipText(chart)).toContain('该时刻附近没有数据');
    const far = await tooltipText(chart);
    expect(far).toMatch(TOOLTIP_TIME);
    expect(far).toContain(dateOf(today - 5 * DAY).slice(0, 8));
    expect(far).not.toContain('mg/L');
    await screenshot(page, 'charts-history-zoomed-empty-light');
    await page.close();
  }, 90_000);
});

describe('项目首页 key points as the operator', () => {
  it('shows the last day on every card, kept when live values arrive, with dated ticks and tooltips', async () => {
    const page = await openAs(operator, `/project/${projectId}/index/projectHD/hd`, 'router-project');
    const card = page.getByTestId('key-point').filter({ hasText: '曲线监测点' });
    const single = page.getByTestId('key-point').filter({ hasText: '单点监测点' });
    await card.waitFor({ timeout: 15_000 });
    await page.getByText('实时数据已连接').waitFor({ timeout: 15_000 });
    // Live values arrive and change.
    const value = card.getByTestId('live-value').first();
    await expect.poll(() => value.textContent(), { timeout: 15_000 }).not.toBe('—');
    const first = await value.textContent();
    await expect.poll(() => value.textContent(), { timeout: 20_000 }).not.toBe(first);

    // Six hours of stored points are still drawn after the live values came.
    const chart = card.getByTestId('live-chart');
    const earliest = Number(await chart.getAttribute('data-earliest'));
    expect(earliest).toBeLessThanOrEqual(Date.now() - 5.5 * HOUR);
    // The same span on every card — the last day, not 48 hours around a lone point.
    for (const c of [chart, single.getByTestId('live-chart')])
      expect(await c.getAttribute('data-span')).toBe(String(DAY));
    expect(Number(await single.getByTestId('live-chart').getAttribute('data-earliest'))).toBeLessThan(
      Date.now() - HOUR,
    );
    // The day's midnight is a date on the axis; every other tick a time of day.
    await expect.poll(() => chart.getAttribute('data-x-labels')).toBeTruthy();
    const labels = (await chart.getAttribute('data-x-labels'))!.split('|');
    expect(labels).toContain(monthDay(today));
    for (const label of labels) expect(label).toMatch(TICK);

    // The tooltip three hours ago: YYYY-MM-DD HH:mm:ss.
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.875, box.y + box.height / 2);
    await expect.poll(() => tooltipText(chart)).toMatch(TOOLTIP_TIME);
    await screenshot(page, 'charts-home-light');

    // On a phone the cards stack, and still share the day's span.
    await page.mouse.move(0, 0);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    for (const c of [chart, single.getByTestId('live-chart')])
      expect(await c.getAttribute('data-span')).toBe(String(DAY));
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'charts-home-phone-light');
    await page.close();
  }, 90_000);
});

describe('项目首页 key points when the day’s history fails', () => {
  it('says so with a retry, instead of an empty chart, and draws the day once retried', async () => {
    const page = await openAs(operator, `/project/${projectId}/index/projectHD/hd`, 'router-project');
    await page.route('**/data-server/api/v2/gateways/chart', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":50000,"message":"服务暂不可用"}',
      }),
    );
    await page.reload();
    const failure = page.getByTestId('load-error').filter({ hasText: '最近24小时曲线加载失败：' });
    await failure.waitFor({ timeout: 15_000 });
    await page.unroute('**/data-server/api/v2/gateways/chart');
    await failure.getByTestId('load-retry').click();
    await failure.waitFor({ state: 'detached' });
    const chart = page.getByTestId('key-point').filter({ hasText: '曲线监测点' }).getByTestId('live-chart');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-earliest')), { timeout: 10_000 })
      .toBeLessThanOrEqual(Date.now() - 5.5 * HOUR);
    await page.close();
  }, 60_000);
});

describe('数据修复', () => {
  it('ends its default range now, not in the future', async () => {
    const page = await openAs(REPAIR_VIEWER, `/projects/groups/${projectId}/dataRepair`, 'router-dataRepair');
    const inputs = page.locator('.ant-picker-range input');
    await inputs.first().waitFor();
    const [from, to] = [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
    const stop = new Date(to.replace(' ', 'T')).getTime();
    expect(stop).toBeLessThanOrEqual(Date.now());
    expect(stop).toBeGreaterThan(Date.now() - 3 * MINUTE);
    expect(new Date(from.replace(' ', 'T')).getTime()).toBe(stop - DAY);
    await screenshot(page, 'charts-data-repair-light');
    await page.close();
    await setTheme(REPAIR_VIEWER.username, REPAIR_VIEWER.password, 'tech');
    const dark = await openAs(REPAIR_VIEWER, `/projects/groups/${projectId}/dataRepair`, 'router-dataRepair');
    await dark.locator('.ant-picker-range input').first().waitFor();
    await dark.waitForTimeout(500);
    await screenshot(dark, 'charts-data-repair-tech');
    await dark.close();
  }, 60_000);
});

describe('in the tech theme', () => {
  it('history and the home read well in the dark tech theme', async () => {
    await setTheme(operator.username, operator.password, 'tech');
    try {
      let page = await openAs(
        operator,
        `/projects/groups/${projectId}/historicalData`,
        'router-historicalData',
      );
      await queryLastWeek(page);
      const chart = page.getByTestId('series-chart');
      await expect.poll(() => chart.getAttribute('data-chart-drawn'), { timeout: 15_000 }).toBeTruthy();
      await page.mouse.move(await xOf(chart, at(12)), (await chart.boundingBox())!.y + 200);
      await expect.poll(() => tooltipText(chart)).toMatch(TOOLTIP_TIME);
      await screenshot(page, 'charts-history-tooltip-tech');
      await page.close();

      page = await openAs(operator, `/project/${projectId}/index/projectHD/hd`, 'router-project');
      await page.getByTestId('key-point').first().waitFor({ timeout: 15_000 });
      await page.getByText('实时数据已连接').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(2500);
      await screenshot(page, 'charts-home-tech');
      await page.close();
    } finally {
      await setTheme(operator.username, operator.password, 'light');
    }
  }, 120_000);
});
