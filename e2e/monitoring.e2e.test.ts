import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { chooseTimePreset, pickIndicators, queryChart } from './support/monitoring.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 实时数据, 历史数据, 趋势分析 and /viewLastData (issue 5) against the real server: live values from
 * simulated MQTT devices, and a day of known history sent with past timestamps over HTTP telemetry.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;
/** The gateway whose yesterday was sent point by point: one a minute, one spike. */
let historyGateway: number;
const downloads = mkdtempSync(path.join(tmpdir(), 'monitoring-e2e-'));

const DAY_START = (() => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime() - 86_400_000;
})();
const POINTS = 1440;
const SPIKE_INDEX = 817; // 13:37 yesterday
const SPIKE = 480.5;
const COD_ALIAS = '历史COD';
const FLOW_ALIAS = '历史流量';

async function setTheme(theme: 'light' | 'tech') {
  await h.api('PUT', '/iot/users/current/theme', { theme }, demoAdmin);
}

const screenPath = (route: string) => `/projects/groups/${projectId}/${route}`;

async function openScreen(route: string, code: string): Promise<Page> {
  const page = await h.openAs(
    DEMO_ACCOUNTS.projectAdmin.username,
    DEMO_ACCOUNTS.projectAdmin.password,
    screenPath(route),
  );
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

/** Picks the seeded indicators and the preset covering yesterday, then 查 询. */
async function queryYesterday(page: Page, titles: string[]) {
  await pickIndicators(page, titles);
  // The preset select (retried: a closing dropdown can swallow the first click).
  await chooseTimePreset(page, '最近7天（不含今天）');
  await queryChart(page);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  site = await startSimulatedSite(h, { aliases: ['监测一号', '监测二号'], intervalMs: 700 });
  projectId = site.projectId;
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  await setTheme('light');
  // The demo project shows its latest data without sign-in.
  await h.api('PUT', `/iot/projects/${projectId}/terms`, { isDemo: true });

  const indicators = await h.api<{ list: { id: number; name: string; unit: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/indicators?size=1000`,
    undefined,
    demoAdmin,
  );
  const cod = indicators.list.find((i) => i.name === '化学需氧量')!;
  const flow = indicators.list.find((i) => i.unit === 'm³/h')!;
  const gateway = await h.api<{ id: number; secret: string }>(
    'POST',
    `/iot/groups/${projectId}/gateways`,
    { serialNumber: `HIST${Date.now() % 1_000_000}`, alias: '历史站' },
    demoAdmin,
  );
  historyGateway = gateway.id;
  for (const [indicator, alias, key] of [
    [cod, COD_ALIAS, 'cod'],
    [flow, FLOW_ALIAS, 'flow'],
  ] as const) {
    await h.api(
      'POST',
      `/iot/groups/${projectId}/gateways/${gateway.id}/indicators`,
      { indicatorId: indicator.id, alias, dataIdentification: key },
      demoAdmin,
    );
  }
  const entries = Array.from({ length: POINTS }, (_, i) => ({
    ts: DAY_START + i * 60_000,
    values: {
      cod: i === SPIKE_INDEX ? SPIKE : Math.round((38 + 6 * Math.sin(i / 120)) * 10) / 10,
      flow: Math.round((120 + 30 * Math.cos(i / 200)) * 10) / 10,
    },
  }));
  const answer = await h.t.request<{ stored: number }>('POST', `/api/v1/${gateway.secret}/telemetry`, {
    body: entries,
  });
  expect(answer.body.data.stored).toBe(POINTS * 2);
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('实时数据', () => {
  it('shows the chosen gateways live and unsubscribes when leaving', async () => {
    const [one, two] = site.gateways;
    const page = await openScreen('realTimeData', 'router-realTimeData');
    const sockets: WebSocket[] = [];
    const sent: { type: string; gateways?: string[] }[] = [];
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/data-server/ws')) return;
      sockets.push(ws);
      ws.on('framesent', (frame) => sent.push(JSON.parse(String(frame.payload))));
    });
    // Nothing picked yet: every gateway of the tree is shown. Narrow to the two simulated ones.
    await page.reload();
    await page.getByTestId(`gateway-card-${one!.id}`).waitFor();
    // The seeded gateway's latest values are a day old: marked stale.
    await expect
      .poll(() => page.getByTestId(`tile-${historyGateway}-cod`).textContent())
      .toMatch(/^历史COD\d+\.\dmg\/L.*过期$/);
    await page.getByLabel('选择网关', { exact: true }).click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await dropdown.locator('.ant-select-tree-node-content-wrapper[title="历史站"]').first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId(`gateway-card-${historyGateway}`).count()).toBe(0);
    expect(sent.some((c) => c.type === 'unsubscribe' && c.gateways?.includes(String(historyGateway)))).toBe(
      true,
    );

    // A value changes without any reload; it carries the indicator's unit and decimals (cod: 1).
    const value = page.getByTestId(`live-tile-${one!.id}-cod`);
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).toMatch(/^\d+\.\d$/);
    const first = await value.textContent();
    await expect.poll(() => value.textContent(), { timeout: 15_000 }).not.toBe(first);
    await expect(page.getByTestId(`tile-${one!.id}-cod`).textContent()).resolves.toContain('mg/L');
    // Enum and boolean values read as their labels.
    await expect.poll(() => page.getByTestId(`live-tile-${two!.id}-pump`).textContent()).toMatch(/^(是|否)$/);
    await expect
      .poll(() => page.getByTestId(`live-tile-${two!.id}-mode`).textContent())
      .not.toMatch(/^(\d+|—)$/);

    // The table view shows the same values, updating in place.
    await page.getByText('表格', { exact: true }).click();
    const cell = page.getByTestId(`live-${two!.id}-cod`);
    await cell.waitFor();
    const before = await cell.textContent();
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).not.toBe(before);
    await screenshot(page, 'monitoring-realtime-table-light');
    await page.getByText('卡片', { exact: true }).click();
    await page.waitForTimeout(300);
    await screenshot(page, 'monitoring-realtime-light');

    // Leave for another screen inside the app: the socket unsubscribes, closes, and hears nothing more.
    const socket = sockets.at(-1)!;
    let afterClose = 0;
    socket.on('framereceived', () => {
      if (socket.isClosed()) afterClose++;
    });
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screenPath('historicalData'));
    await expect.poll(() => routeName(page)).toBe(`router-historicalData-g${projectId}`);
    await expect.poll(() => socket.isClosed()).toBe(true);
    const last = sent.at(-1)!;
    expect(last.type).toBe('unsubscribe');
    expect(last.gateways).toEqual(expect.arrayContaining([String(one!.id), String(two!.id)]));
    await page.waitForTimeout(2000);
    expect(afterClose).toBe(0);
    await page.close();
  }, 90_000);
});

describe('历史数据', () => {
  it('draws a day, zooms with a finer re-query, keeps the spike, pages the table and exports xlsx', async () => {
    const page = await openScreen('historicalData', 'router-historicalData');
    const charts: { startTime: number; stopTime: number; buckets: number }[] = [];
    const pages: { page: number; perPage: number }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/gateways/chart')) charts.push(request.postDataJSON());
      if (request.url().endsWith('/gateways/history')) pages.push(request.postDataJSON());
    });
    await queryYesterday(page, [`${COD_ALIAS}（cod）`]);

    // The wide range (seven days) still shows the one-minute spike as the maximum.
    const summary = page.getByTestId(`summary-${historyGateway}-cod`);
    await expect
      .poll(() => summary.textContent(), { timeout: 15_000 })
      .toContain(`最大值 ${SPIKE.toFixed(1)} mg/L`);
    await expect(summary.textContent()).resolves.toContain(`${POINTS} 条`);
    const chart = page.getByTestId('series-chart');
    await chart.locator('canvas').waitFor();
    const wide = charts.at(-1)!;
    expect(wide.stopTime - wide.startTime).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);

    // Zoom with the wheel: the window is asked for again, narrower, with as many buckets.
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
    const asked = charts.length;
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(60);
    }
    await expect.poll(() => charts.length, { timeout: 10_000 }).toBeGreaterThan(asked);
    const zoomed = charts.at(-1)!;
    expect(zoomed.stopTime - zoomed.startTime).toBeLessThan(wide.stopTime - wide.startTime);
    expect(zoomed.buckets).toBe(wide.buckets);
    await expect(page.getByText('已缩放至').count()).resolves.toBe(1);
    // The range's statistics are of the whole range: the spike's maximum stays.
    await expect(summary.textContent()).resolves.toContain(`最大值 ${SPIKE.toFixed(1)} mg/L`);
    await screenshot(page, 'monitoring-history-light');

    // The table is paged by the server: 共 1440 条, page 2 asks for page 1.
    const table = page.getByTestId('history-table');
    await expect.poll(() => table.getByText(`共 ${POINTS} 条`).count()).toBe(1);
    const firstRow = await table.locator('.ant-table-row').first().textContent();
    await table.locator('.ant-pagination-item-2').click();
    await expect.poll(() => pages.some((p) => p.page === 1 && p.perPage === 20)).toBe(true);
    await expect.poll(() => table.locator('.ant-table-row').first().textContent()).not.toBe(firstRow);

    // Export: every point of the range, the spike among them.
    await page.getByRole('button', { name: /导出/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('逐条（每行一个数据点）').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^历史数据-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(downloads, 'history.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '时间', '网关', '指标', '数据标识', '数值', '单位']);
    expect(sheet.rowCount).toBe(POINTS + 1);
    const values = sheet.getColumn(5).values.slice(2);
    expect(values).toContain(SPIKE);
    expect(sheet.getRow(2).getCell(2).value).toBe('历史站');
    expect(sheet.getRow(2).getCell(6).value).toBe('mg/L');
    await page.close();
  }, 90_000);
});

describe('趋势分析', () => {
  it.each(['light', 'tech'] as const)(
    'a search typed while the group tree still loads shows its matches unfolded (%s)',
    async (theme) => {
      await setTheme(theme);
      const page = await openScreen('trend', 'router-trend');
      // The tree answers 2 s late, as on a slow link; the user types at once.
      await page.route(/\/groupTree\?/, async (route) => {
        const answer = await route.fetch();
        await page.waitForTimeout(2000);
        await route.fulfill({ response: answer });
      });
      await page.reload();
      const input = page.getByLabel('选择指标', { exact: true });
      await input.fill(COD_ALIAS);
      const leaf = page.locator(`.ant-select-tree-node-content-wrapper[title="${COD_ALIAS}（cod）"]`);
      // Folded under its group and gateway, the match would never be drawn (antd unfolds only the
      // tree present when the search was typed).
      await leaf.waitFor({ timeout: 10_000 });
      await expect(
        page.locator('.ant-select-tree-treenode-switcher-close:not(.ant-select-tree-treenode-leaf)').count(),
      ).resolves.toBe(0);
      await screenshot(page, `monitoring-picker-unfolded-${theme}`);
      await page.close();
      await setTheme('light');
    },
  );

  it('draws two indicators of different units on one time axis with two y-axes', async () => {
    const page = await openScreen('trend', 'router-trend');
    await queryYesterday(page, [`${COD_ALIAS}（cod）`, `${FLOW_ALIAS}（flow）`]);
    const chart = page.getByTestId('series-chart');
    await expect.poll(() => chart.getAttribute('data-units'), { timeout: 15_000 }).toBe('mg/L|m³/h');
    await expect(page.getByText('2 条曲线 · 2 个单位坐标轴').count()).resolves.toBe(1);
    await page.waitForTimeout(300);
    await screenshot(page, 'monitoring-trend-light');
    await page.close();
  }, 60_000);
});

describe('/viewLastData', () => {
  it('shows a demo project gateway live in the tech theme without sign-in', async () => {
    const [one] = site.gateways;
    const page = await h.open(`/viewLastData?gatewayIds=${one!.id}`);
    await expect.poll(() => page.locator('[data-theme="tech"]').count()).toBeGreaterThan(0);
    const value = page.getByTestId(`live-tile-${one!.id}-cod`);
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).toMatch(/\d/);
    const first = await value.textContent();
    await expect.poll(() => value.textContent(), { timeout: 15_000 }).not.toBe(first);
    await page.waitForTimeout(300);
    await screenshot(page, 'monitoring-view-last-data-tech');
    await page.close();
  }, 60_000);
});

describe('in the tech theme', () => {
  it('real-time, history and trend read well in the dark tech theme', async () => {
    await setTheme('tech');
    try {
      let page = await openScreen('realTimeData', 'router-realTimeData');
      await page.getByTestId(`live-tile-${site.gateways[0]!.id}-cod`).waitFor();
      await page.waitForTimeout(1500);
      await screenshot(page, 'monitoring-realtime-tech');
      await page.close();

      page = await openScreen('historicalData', 'router-historicalData');
      await queryYesterday(page, [`${COD_ALIAS}（cod）`]);
      await page.getByTestId(`summary-${historyGateway}-cod`).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, 'monitoring-history-tech');
      await page.close();

      page = await openScreen('trend', 'router-trend');
      await queryYesterday(page, [`${COD_ALIAS}（cod）`, `${FLOW_ALIAS}（flow）`]);
      await expect.poll(() => page.getByTestId('series-chart').getAttribute('data-units')).toBe('mg/L|m³/h');
      await page.waitForTimeout(500);
      await screenshot(page, 'monitoring-trend-tech');
      await page.close();
    } finally {
      await setTheme('light');
    }
  }, 120_000);
});
