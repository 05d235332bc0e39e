import type { GroupNode, GroupTreeNode } from '@iot/contracts/groups';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import type { Profile } from '../apps/server/src/simulator/profiles.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { chooseTimePreset, queryChart } from './support/monitoring.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Issue 11 item 1, decision 0031: demo-operator (read-only operator, no 指标配置) sees what the
 * values mean on every monitoring screen — names, units, decimals and enum labels — not the raw
 * payload keys (`cod`, `控制模式 1`).
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let operatorToken: string;
const { username, password } = DEMO_ACCOUNTS.operator;

/** Indicators of our own (names no other test or seed uses): a float with a unit, a boolean, an enum. */
const still = { amplitude: 0, peakHour: 0, noise: 0, excursion: 0 };
const PROFILES: Profile[] = [
  {
    ...still,
    key: 'cod',
    name: '运维COD',
    unit: 'mg/L',
    type: 'float',
    decimals: 1,
    base: 38,
    amplitude: 6,
    peakHour: 10,
    noise: 1.2,
    min: 0,
    max: 500,
    excursionChance: 0,
  },
  {
    ...still,
    key: 'pump',
    name: '运维提升泵运行',
    unit: '',
    type: 'boolean',
    decimals: 0,
    base: 1,
    min: 0,
    max: 1,
    excursionChance: 0,
  },
  {
    ...still,
    key: 'mode',
    name: '运维控制模式',
    unit: '',
    type: 'enum',
    decimals: 0,
    base: 1,
    min: 0,
    max: 1,
    excursionChance: 0,
    enums: [
      { value: 0, label: '手动' },
      { value: 1, label: '自动' },
    ],
  },
];
/** The simulated gateway, live; and one whose last day was sent as history (a point every 5 minutes). */
const GATEWAY = '格栅间网关';
const HISTORY_GATEWAY = '进水泵房网关';
let historyGateway: number;

const screenPath = (route: string) => `/projects/groups/${projectId}/${route}`;

async function open(pathname: string, code: string): Promise<Page> {
  const page = await h.openAs(username, password, pathname);
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

async function setTheme(theme: 'light' | 'tech') {
  await h.api('PUT', '/iot/users/current/theme', { theme }, operatorToken);
}

const button = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`^${text.split('').join('\\s?')}$`) });

/** 历史数据: every indicator of the gateway over the last 24 hours, then 查 询. */
async function queryHistory(page: Page) {
  await page.getByLabel('选择指标', { exact: true }).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.locator(`.ant-select-tree-node-content-wrapper[title="${HISTORY_GATEWAY}"]`).first().click();
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'detached' }).catch(() => page.keyboard.press('Escape'));
  await chooseTimePreset(page, '最近24小时');
  await queryChart(page);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  site = await startSimulatedSite(h, { aliases: [GATEWAY], intervalMs: 1000, profiles: PROFILES });
  projectId = site.projectId;
  operatorToken = (await h.t.login(username, password)).access;
  await setTheme('light');
  const demoAdmin = (
    await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)
  ).access;
  // The history gateway: the same indicators, the last 24 hours sent with their timestamps.
  const indicators = await h.api<{ list: { id: number; name: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/indicators?size=1000`,
    undefined,
    demoAdmin,
  );
  const created = await h.api<{ id: number; secret: string }>(
    'POST',
    `/iot/groups/${projectId}/gateways`,
    { serialNumber: `OPH${Date.now() % 1_000_000}`, alias: HISTORY_GATEWAY },
    demoAdmin,
  );
  historyGateway = created.id;
  for (const profile of PROFILES) {
    await h.api(
      'POST',
      `/iot/groups/${projectId}/gateways/${created.id}/indicators`,
      {
        indicatorId: indicators.list.find((i) => i.name === profile.name)!.id,
        alias: profile.name,
        dataIdentification: profile.key,
      },
      demoAdmin,
    );
  }
  const now = Date.now();
  const entries = Array.from({ length: 288 }, (_, i) => ({
    ts: now - 86_400_000 + 60_000 + i * 300_000,
    values: { cod: Math.round((40 + 8 * Math.sin(i / 20)) * 10) / 10, pump: i % 50 < 40 ? 1 : 0, mode: 1 },
  }));
  const sent = await h.t.request<{ stored: number }>('POST', `/api/v1/${created.secret}/telemetry`, {
    body: entries,
  });
  expect(sent.body.data.stored).toBe(entries.length * 3);
  // A monitoring point following the live gateway's COD and control mode, for the project home.
  const point = await h.api<GroupNode>(
    'POST',
    `/iot/groups/${projectId}/children`,
    { name: '格栅间监测点', groupType: 'site', siteType: 'container', isMonitor: true },
    demoAdmin,
  );
  const [root] = await h.api<GroupTreeNode[]>(
    'GET',
    `/iot/groups/${projectId}/groupTree?includeSelf=true`,
    undefined,
    demoAdmin,
  );
  const linked = root!.gatewayIndicators.filter(
    (i) => i.gatewayId === site.gateways[0]!.id && ['cod', 'mode'].includes(i.dataIdentification),
  );
  await h.api(
    'PUT',
    `/iot/groups/${point.id}/gatewayIndicators`,
    { gatewayIndicatorIds: linked.map((i) => i.id) },
    demoAdmin,
  );
  // A rule every live COD value breaks, for the warning list.
  await h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    {
      gatewayIndicatorId: linked.find((i) => i.dataIdentification === 'cod')!.id,
      kind: 'above',
      high: -1_000_000,
      level: 1,
    },
    demoAdmin,
  );
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('demo-operator sees what the values mean', () => {
  it('实时数据: names, units and decimals, boolean and enum labels', async () => {
    const gateway = site.gateways[0]!.id;
    const page = await open(screenPath('realTimeData'), 'router-realTimeData');
    await page.getByTestId(`gateway-card-${gateway}`).waitFor();
    // COD: its name, one decimal, its unit — not `cod` and a bare number.
    const cod = page.getByTestId(`tile-${gateway}-cod`);
    await expect.poll(() => cod.textContent(), { timeout: 15_000 }).toMatch(/^运维COD\d+\.\dmg\/L/);
    await expect.poll(() => page.getByTestId(`live-tile-${gateway}-cod`).textContent()).toMatch(/^\d+\.\d$/);
    // The boolean and the enum read as words, under their names.
    await expect.poll(() => page.getByTestId(`live-tile-${gateway}-pump`).textContent()).toMatch(/^(是|否)$/);
    await expect(page.getByTestId(`tile-${gateway}-pump`).textContent()).resolves.toContain('运维提升泵运行');
    await expect
      .poll(() => page.getByTestId(`live-tile-${gateway}-mode`).textContent())
      .toMatch(/^(手动|自动)$/);
    await expect(page.getByTestId(`tile-${gateway}-mode`).textContent()).resolves.toContain('运维控制模式');
    await screenshot(page, 'operator-realtime-light');
    // The table view too.
    await page.getByText('表格', { exact: true }).click();
    await expect.poll(() => page.getByTestId(`live-${gateway}-mode`).textContent()).toMatch(/^(手动|自动)$/);
    await page.waitForTimeout(300);
    await screenshot(page, 'operator-realtime-table-light');
    await page.close();
  }, 60_000);

  it('历史数据: legends, extremes and table name the gateway and the indicator, with units', async () => {
    const gateway = historyGateway;
    const page = await open(screenPath('historicalData'), 'router-historicalData');
    await queryHistory(page);
    const summary = page.getByTestId(`summary-${gateway}-cod`);
    await expect
      .poll(() => summary.locator('.ant-typography').first().textContent(), { timeout: 15_000 })
      .toBe(`${HISTORY_GATEWAY} · 运维COD`);
    await expect(summary.textContent()).resolves.toMatch(/最大值 \d+\.\d mg\/L/);
    // The chart's series (legend and tooltip) carry the same names: hover to read them.
    const chart = page.getByTestId('series-chart');
    await chart.locator('canvas').waitFor();
    const box = (await chart.boundingBox())!;
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
          await page.mouse.move(box.x + box.width * 0.52, box.y + box.height * 0.45);
          return chart.textContent();
        },
        { timeout: 10_000 },
      )
      .toContain(`${HISTORY_GATEWAY} · 运维COD`);
    const tooltip = (await chart.textContent()) ?? '';
    expect(tooltip).toContain(`${HISTORY_GATEWAY} · 运维控制模式`);
    expect(tooltip).toMatch(/\d+\.\d mg\/L/);
    // The enum and the boolean in their words, as on 实时数据 — not 1 and 0.
    expect(tooltip).toContain('运维控制模式：自动');
    expect(tooltip).toMatch(/运维提升泵运行：(是|否)/);
    expect(tooltip).not.toContain(' · cod');
    await page.mouse.move(box.x - 40, box.y - 40);
    await page.waitForTimeout(300);
    await screenshot(page, 'operator-history-light');
    // The table's 网关 · 指标 column and values.
    const table = page.getByTestId('history-table');
    await table.locator('.ant-table-row').first().waitFor();
    const cells = await table.locator('.ant-table-row td:nth-child(2)').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell).toMatch(/^进水泵房网关 · 运维(COD|提升泵运行|控制模式)$/);
    await page.close();
  }, 60_000);

  it('趋势分析: each line named and on the axis of its unit, not on a shared 数值 axis', async () => {
    const page = await open(screenPath('trend'), 'router-trend');
    await queryHistory(page);
    const chart = page.getByTestId('series-chart');
    // COD on mg/L; the pump and the mode (no unit) on axes of their own names — never the raw keys.
    await expect
      .poll(() => chart.getAttribute('data-units'), { timeout: 15_000 })
      .toBe('mg/L|运维提升泵运行|运维控制模式');
    await expect(page.getByText('3 条曲线 · 3 个单位坐标轴').count()).resolves.toBe(1);
    // The pump's and the mode's axes tick at their words, not at 0.2 steps.
    expect(await chart.getAttribute('data-levels')).toBe('运维提升泵运行:否/是|运维控制模式:手动/自动');
    await chart.locator('canvas').waitFor();
    const box = (await chart.boundingBox())!;
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
          await page.mouse.move(box.x + box.width * 0.52, box.y + box.height * 0.45);
          return chart.textContent();
        },
        { timeout: 10_000 },
      )
      .toContain(`${HISTORY_GATEWAY} · 运维COD`);
    expect(await chart.textContent()).toMatch(/\d+\.\d mg\/L/);
    expect(await chart.textContent()).toContain('运维控制模式：自动');
    await screenshot(page, 'i11-operator-trend-light');
    await page.close();
  }, 60_000);

  it('网关详情: every indicator under its name, with its unit or label', async () => {
    const gateway = site.gateways[0]!;
    const page = await open(
      `${screenPath('gateways')}?gatewayId=${gateway.id}&gatewayAlias=${encodeURIComponent(gateway.alias)}`,
      'router-projectGateway',
    );
    const row = (metric: string) =>
      page.locator('.ant-table-row', { has: page.locator(`[data-metric="${metric}"]`) });
    await expect
      .poll(() => row('cod').locator('td').first().textContent(), { timeout: 15_000 })
      .toBe('运维COD');
    await expect.poll(() => page.locator('[data-metric="cod"]').textContent()).toMatch(/^\d+\.\d mg\/L$/);
    await expect(row('mode').locator('td').first().textContent()).resolves.toBe('运维控制模式');
    await expect.poll(() => page.locator('[data-metric="mode"]').textContent()).toMatch(/^(手动|自动)$/);
    await expect.poll(() => page.locator('[data-metric="pump"]').textContent()).toMatch(/^(是|否)$/);
    await page.waitForTimeout(500);
    await screenshot(page, 'operator-gateway-detail-light');
    await page.close();
  }, 60_000);

  it('项目首页: the key points show values with their units and labels', async () => {
    const gateway = site.gateways[0]!.id;
    const page = await open(`/project/${projectId}/index/projectHD/hd`, 'router-project');
    const value = (metric: string) =>
      page.locator(`[data-testid="live-value"][data-key="${gateway}:${metric}"]`);
    await expect.poll(() => value('cod').textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d mg\/L$/);
    await expect.poll(() => value('mode').textContent()).toMatch(/^(手动|自动)$/);
    // The key point's curve tells the same: COD with its unit, the mode in its word.
    const chart = page.getByTestId('live-chart').first();
    const box = (await chart.boundingBox())!;
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.5);
          await page.mouse.move(box.x + box.width * 0.97, box.y + box.height * 0.55);
          return chart.textContent();
        },
        { timeout: 10_000 },
      )
      .toMatch(/\d+\.\d mg\/L/);
    expect(await chart.textContent()).toMatch(/运维控制模式：(手动|自动)/);
    await page.waitForTimeout(300);
    await screenshot(page, 'operator-home-light');
    await page.close();
  }, 60_000);

  it('排名分析 and 预警列表: indicators by their names', async () => {
    let page = await open(screenPath('ranking'), 'router-ranking');
    const choose = async (label: string, option: string) => {
      await page.getByLabel(label, { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: option })
        .first()
        .click();
    };
    // The metric list names the indicator, not only its key.
    await choose('选择指标', '运维COD（cod）');
    await choose('时间范围', '最近24小时');
    await button(page, '查询').click();
    const rows = page.locator('[data-testid="ranking-table"] tbody tr.ant-table-row');
    await expect
      .poll(async () => (await rows.allInnerTexts()).join('\n'), { timeout: 15_000 })
      .toContain(HISTORY_GATEWAY);
    for (const row of await rows.allInnerTexts()) expect(row).toContain('运维COD（cod）');
    await page.locator('[data-testid="ranking-chart"] canvas').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'operator-ranking-light');
    await page.close();

    page = await open(screenPath('warningList'), 'router-warningList');
    const warning = page.locator('.ant-table-row', { hasText: GATEWAY }).first();
    await expect.poll(() => warning.textContent(), { timeout: 20_000 }).toContain('运维COD');
    await page.waitForTimeout(300);
    await screenshot(page, 'operator-warnings-light');
    await page.close();
  }, 60_000);

  it('reads as well in the tech theme', async () => {
    await setTheme('tech');
    try {
      const gateway = site.gateways[0]!;
      let page = await open(screenPath('realTimeData'), 'router-realTimeData');
      await expect
        .poll(() => page.getByTestId(`tile-${gateway.id}-cod`).textContent(), { timeout: 15_000 })
        .toContain('mg/L');
      await screenshot(page, 'operator-realtime-tech');
      await page.close();

      page = await open(screenPath('historicalData'), 'router-historicalData');
      await queryHistory(page);
      await page.getByTestId(`summary-${historyGateway}-cod`).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, 'operator-history-tech');
      await page.close();

      page = await open(screenPath('trend'), 'router-trend');
      await queryHistory(page);
      await expect
        .poll(() => page.getByTestId('series-chart').getAttribute('data-units'), { timeout: 15_000 })
        .toContain('mg/L');
      await page.waitForTimeout(500);
      await screenshot(page, 'i11-operator-trend-tech');
      await page.close();

      page = await open(
        `${screenPath('gateways')}?gatewayId=${gateway.id}&gatewayAlias=${encodeURIComponent(gateway.alias)}`,
        'router-projectGateway',
      );
      await expect
        .poll(() => page.locator('[data-metric="cod"]').textContent(), { timeout: 15_000 })
        .toContain('mg/L');
      await page.waitForTimeout(500);
      await screenshot(page, 'operator-gateway-detail-tech');
      await page.close();

      page = await open(`/project/${projectId}/index/projectHD/hd`, 'router-project');
      await expect
        .poll(() => page.locator(`[data-testid="live-value"][data-key="${gateway.id}:cod"]`).textContent(), {
          timeout: 15_000,
        })
        .toContain('mg/L');
      await page.waitForTimeout(500);
      await screenshot(page, 'operator-home-tech');
      await page.close();
    } finally {
      await setTheme('light');
    }
  }, 90_000);
});
