import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * A failed load is not "no data" (issue 11, item 6): with the list's request answered 500 or 502,
 * each screen shows 「…加载失败」 with 重试 and not its empty text; once the server answers again,
 * 重试 brings the data. Each screen is opened by the least-privileged user who sees it: the demo
 * operator (read-only monitoring, gateways, groups, warnings) or a role with 指标配置 only.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;
let operator: { token: string; userId: number };
const OPERATOR = DEMO_ACCOUNTS.operator;
const INDICATOR_READER = { username: 'indicator-reader', password: 'Reader#2026' };
let gatewayIndicator: { id: number; alias: string; dataIdentification: string; gatewayId: number };

/** A request the test breaks: the server's 500 with a reason, or the proxy's bare 502. */
type Failure = { status: 500; reason: string } | { status: 502 };
const MAINTENANCE = '系统维护中,请稍后再试!';

async function fail(
  page: Page,
  matches: (url: URL) => boolean,
  failure: Failure,
): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    failure.status === 502
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' })
      : route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 40000, message: failure.reason, data: null }),
        });
  const predicate = (url: URL) => matches(url);
  await page.route(predicate, handler);
  return () => page.unroute(predicate, handler);
}

/**
 * Opens `pathname` with `matches` failing; expects the failure with its reason and 重试, never
 * `empty`; lets the server answer, clicks 重试 and waits for `data`.
 */
async function failThenRetry(options: {
  user: { username: string; password: string };
  pathname: string;
  matches: (url: URL) => boolean;
  failure: Failure;
  what: string;
  empty: string;
  /** What shows once the data is there (inside the screen's content, not the shell). */
  data: (page: Page) => Locator;
  shot: string;
}): Promise<Page> {
  const page = await h.openAs(options.user.username, options.user.password, '/usercenter');
  await page.getByText('个人中心').first().waitFor();
  const restore = await fail(page, options.matches, options.failure);
  await page.goto(h.t.baseUrl + options.pathname);
  const reason = options.failure.status === 502 ? MAINTENANCE : options.failure.reason;
  const error = page.getByTestId('load-error').filter({ hasText: `${options.what}加载失败` });
  await error.first().waitFor();
  await expect.poll(() => error.first().textContent()).toContain(reason);
  await error
    .first()
    .getByRole('button', { name: /重\s?试/ })
    .waitFor();
  expect(await page.getByText(options.empty, { exact: true }).filter({ visible: true }).count()).toBe(0);
  await screenshot(page, options.shot);

  await restore();
  await error
    .first()
    .getByRole('button', { name: /重\s?试/ })
    .click();
  await options.data(page).first().waitFor();
  await expect.poll(() => error.count()).toBe(0);
  return page;
}

const path = (url: URL, pathname: string) => url.pathname === pathname;

/** Waits (outside a test, where expect.poll may not run) until `check` holds, 20 s at most. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  site = await startSimulatedSite(h, { aliases: ['故障演练泵站'], intervalMs: 1000 });
  const gateway = site.gateways[0]!;
  const indicators = await h.api<{
    list: { id: number; alias: string; dataIdentification: string; gatewayId: number }[];
  }>('GET', `/iot/groups/${projectId}/gateways/${gateway.id}/indicators?size=100`, undefined, demoAdmin);
  gatewayIndicator = indicators.list.find((i) => i.dataIdentification === 'cod') ?? indicators.list[0]!;
  // A rule every value breaks: the first simulated value raises a warning (and its messages).
  await h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    { gatewayIndicatorId: gatewayIndicator.id, kind: 'above', high: -1_000_000, level: 1 },
    demoAdmin,
  );
  const { access } = await h.t.login(OPERATOR.username, OPERATOR.password);
  const me = await h.api<{ userId: number }>('GET', '/iot/users/current/loginInfo', undefined, access);
  operator = { token: access, userId: me.userId };
  await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, access);

  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    { name: '指标查看', functions: [{ code: 'router-indicatorConfig', permission: 1 }] },
    demoAdmin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/users`,
    { ...INDICATOR_READER, realname: '指标查看员', roleId: role.id },
    demoAdmin,
  );
  // The warning exists before any screen asks for it.
  await until(
    async () =>
      (
        await h.api<{ total: number }>(
          'GET',
          `/iot/groups/${projectId}/warnings?size=1`,
          undefined,
          demoAdmin,
        )
      ).total > 0,
  );
}, 60_000);
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('a failed load shows 加载失败 with 重试, not the empty text', () => {
  it('网关管理 (demo operator, 502)', async () => {
    const page = await failThenRetry({
      user: OPERATOR,
      pathname: `/projects/groups/${projectId}/gateways`,
      matches: (url) => path(url, `/iot/groups/${projectId}/gateways`),
      failure: { status: 502 },
      what: '网关列表',
      empty: '还没有网关',
      data: (p) => p.locator('.ant-table-row', { hasText: site.gateways[0]!.alias }),
      shot: 'load-error-gateways-light',
    });
    await page.close();
  });

  it('实时数据 and 工具集 › 查找设备 (demo operator, 500 and 502)', async () => {
    let page = await failThenRetry({
      user: OPERATOR,
      pathname: `/projects/groups/${projectId}/realTimeData`,
      matches: (url) => path(url, `/iot/groups/${projectId}/groupTree`),
      failure: { status: 500, reason: '分组服务暂时不可用' },
      what: '分组树',
      empty: '分组树中还没有网关指标',
      data: (p) => p.getByTestId(`gateway-card-${site.gateways[0]!.id}`),
      shot: 'i11-load-error-realtime-light',
    });
    await page.close();
    // 查找设备 is the project's gateway list inside 工具集.
    page = await failThenRetry({
      user: OPERATOR,
      pathname: `/projects/groups/${projectId}/toolSet?activeKey=gatewayDetail`,
      matches: (url) => path(url, `/iot/groups/${projectId}/gateways`),
      failure: { status: 502 },
      what: '网关列表',
      empty: '还没有网关',
      data: (p) =>
        p.locator('[data-tool="gatewayDetail"] .ant-table-row', { hasText: site.gateways[0]!.alias }),
      shot: 'i11-load-error-find-device-light',
    });
    await page.close();
  });

  it('指标配置 › 指标列表 (a role with 指标配置 only, 500)', async () => {
    const page = await failThenRetry({
      user: INDICATOR_READER,
      pathname: `/projects/groups/${projectId}/indicators`,
      matches: (url) => path(url, `/iot/groups/${projectId}/indicators`),
      failure: { status: 500, reason: '指标服务暂时不可用' },
      what: '指标列表',
      empty: '还没有指标，点击“新建指标”添加',
      data: (p) => p.locator('.ant-table-row', { hasText: '化学需氧量' }),
      shot: 'load-error-indicators-light',
    });
    await page.close();
  });

  it('分组管理 (demo operator, 500)', async () => {
    const page = await failThenRetry({
      user: OPERATOR,
      pathname: `/projects/groups/${projectId}/groups`,
      matches: (url) => path(url, `/iot/groups/${projectId}/tree`),
      failure: { status: 500, reason: '分组服务暂时不可用' },
      what: '分组树',
      empty: '还没有分组',
      data: (p) => p.locator('.group-tree .ant-tree-treenode:not([aria-hidden])'),
      shot: 'load-error-groups-light',
    });
    await page.close();
  });

  it('预警列表 (demo operator, 500), also in the tech theme', async () => {
    await h.api('PUT', '/iot/users/current/theme', { theme: 'tech' }, operator.token);
    try {
      const page = await failThenRetry({
        user: OPERATOR,
        pathname: `/projects/groups/${projectId}/warningList`,
        matches: (url) => path(url, `/iot/groups/${projectId}/warnings`),
        failure: { status: 500, reason: '预警服务暂时不可用' },
        what: '预警列表',
        empty: '没有符合条件的预警',
        data: (p) => p.locator('.ant-table-row', { hasText: site.gateways[0]!.alias }),
        shot: 'load-error-warnings-tech',
      });
      await page.close();
    } finally {
      await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, operator.token);
    }
  });

  it('消息中心 (demo operator, 502)', async () => {
    // The warning's message reaches the operator (a member who may see warnings).
    await expect
      .poll(
        async () =>
          (await h.api<{ total: number }>('GET', '/iot/messages?size=1', undefined, operator.token)).total,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const page = await failThenRetry({
      user: OPERATOR,
      pathname: '/messageCenter',
      matches: (url) => path(url, '/iot/messages'),
      failure: { status: 502 },
      what: '消息列表',
      empty: '暂无消息',
      data: (p) => p.locator('.ant-table-row'),
      shot: 'load-error-messages-light',
    });
    await page.close();
  });

  it('历史数据: the chart and the table (demo operator, 500)', async () => {
    // The operator's remembered conditions: the simulated COD over the last 24 hours.
    const saved = {
      gatewayIndicatorIds: [gatewayIndicator.id],
      gatewayIds: [gatewayIndicator.gatewayId],
      metrics: [gatewayIndicator.dataIdentification],
      preset: 'last24h',
      start: 0,
      stop: 0,
      page: 0,
      perPage: 20,
    };
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`iot.query.${operator.userId}.monitoring.history.${projectId}`, JSON.stringify(saved)],
    );
    const restoreChart = await fail(page, (url) => url.pathname.endsWith('/gateways/chart'), {
      status: 500,
      reason: '数据服务暂时不可用',
    });
    const restoreTable = await fail(page, (url) => url.pathname.endsWith('/gateways/history'), {
      status: 500,
      reason: '数据服务暂时不可用',
    });
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/historicalData`);
    const chartError = page.getByTestId('load-error').filter({ hasText: '历史曲线加载失败' });
    const tableError = page.getByTestId('load-error').filter({ hasText: '历史数据加载失败' });
    await chartError.waitFor();
    await tableError.waitFor();
    expect(await chartError.textContent()).toContain('数据服务暂时不可用');
    expect(await page.getByText('该时间范围内没有数据').filter({ visible: true }).count()).toBe(0);
    expect(await page.getByText('暂无数据', { exact: true }).filter({ visible: true }).count()).toBe(0);
    await screenshot(page, 'load-error-history-light');

    await restoreChart();
    await restoreTable();
    await chartError.getByRole('button', { name: /重\s?试/ }).click();
    await page.getByTestId('series-chart').locator('canvas').waitFor();
    await tableError.getByRole('button', { name: /重\s?试/ }).click();
    await page.getByTestId('history-table').locator('.ant-table-row').first().waitFor();
    await expect.poll(() => page.getByTestId('load-error').count()).toBe(0);
    await page.close();
  });

  it('我的项目 (demo operator, 500)', async () => {
    const page = await failThenRetry({
      user: OPERATOR,
      pathname: '/projects',
      matches: (url) => path(url, '/iot/projects/byCurUser'),
      failure: { status: 500, reason: '项目服务暂时不可用' },
      what: '项目列表',
      empty: '您还没有加入任何项目',
      data: (p) => p.getByTestId(`project-${projectId}`),
      shot: 'load-error-projects-light',
    });
    await page.close();
  });

  it('项目信息 (the project settings every project screen reads): said once, and 重试 restores the title', async () => {
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const settings = (url: URL) => path(url, '/iot/projects/getProjectByGroupId');
    const restore = await fail(page, settings, { status: 500, reason: '项目服务暂时不可用' });
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/gateways`);
    const error = page.getByTestId('load-error').filter({ hasText: '项目信息加载失败' });
    await error.waitFor();
    await page.locator('.ant-table-row', { hasText: site.gateways[0]!.alias }).first().waitFor();
    // The gateway list, the shell's title and the gate read the same settings: one report, no toasts.
    expect(await error.count()).toBe(1);
    expect(await page.locator('.ant-message-notice, .ant-notification-notice').count()).toBe(0);
    const title = page.getByTestId('scope-switcher');
    expect(await title.getAttribute('title')).toBe('…');
    await screenshot(page, 'load-error-project-settings-light');
    await restore();
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await expect.poll(() => title.getAttribute('title')).toBe(DEMO_PROJECT_NAME);
    await expect.poll(() => error.count()).toBe(0);
    await page.close();
  });

  it('项目首页: failed counts say so on their cards (demo operator, 500)', async () => {
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const restore = await fail(page, (url) => path(url, `/iot/groups/${projectId}/gateways`), {
      status: 500,
      reason: '网关服务暂时不可用',
    });
    await page.goto(`${h.t.baseUrl}/project/${projectId}/index/projectHD/hd`);
    const online = page.getByTestId('stat-online');
    await online.getByTestId('load-error').waitFor();
    expect(await online.textContent()).toContain('加载失败：网关服务暂时不可用');
    await screenshot(page, 'load-error-home-light');
    await restore();
    await online.getByRole('button', { name: /重\s?试/ }).click();
    await online.locator('.ant-statistic-content-value').waitFor();
    await page.close();
  });
});

describe('what the values mean fails to load (demo operator, 500)', () => {
  /** The operator's 实时数据 shows the simulated gateway alone, as cards. */
  async function openRealTime(page: Page) {
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [
        `iot.query.${operator.userId}.monitoring.realTime.${projectId}`,
        JSON.stringify({ gatewayIds: [site.gateways[0]!.id], picked: true, view: 'cards' }),
      ],
    );
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/realTimeData`);
  }

  it('实时数据 says the units and labels are missing, with 重试, instead of showing raw values as if formatted', async () => {
    const gateway = site.gateways[0]!.id;
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const restore = await fail(
      page,
      (url) => path(url, `/iot/groups/${projectId}/gateways/${gateway}/indicators`),
      { status: 500, reason: '指标服务暂时不可用' },
    );
    await openRealTime(page);
    const error = page.getByTestId('load-error').filter({ hasText: '指标信息加载失败' });
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('指标服务暂时不可用');
    // The values are there, raw: no unit yet.
    const tile = page.getByTestId(`tile-${gateway}-cod`);
    await expect.poll(() => page.getByTestId(`live-tile-${gateway}-cod`).textContent()).toMatch(/\d/);
    expect(await tile.textContent()).not.toContain('mg/L');
    await page.waitForTimeout(300);
    await screenshot(page, 'i11-meta-error-realtime-light');

    await restore();
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await expect.poll(() => tile.textContent()).toContain('mg/L');
    await expect.poll(() => error.count()).toBe(0);
    await page.close();
  });

  it('实时数据 on a phone, tech theme: the notice fits and 重试 stays on screen', async () => {
    const gateway = site.gateways[0]!.id;
    await h.api('PUT', '/iot/users/current/theme', { theme: 'tech' }, operator.token);
    try {
      const context = await h.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const { access, refresh } = await h.t.login(OPERATOR.username, OPERATOR.password);
      await page.goto(`${h.t.baseUrl}/usercenter?accessToken=${access}&refreshToken=${refresh}`);
      await page.getByText('个人中心').first().waitFor();
      await fail(page, (url) => path(url, `/iot/groups/${projectId}/gateways/${gateway}/indicators`), {
        status: 502,
      });
      await openRealTime(page);
      const error = page.getByTestId('load-error').filter({ hasText: '指标信息加载失败' });
      await error.waitFor({ timeout: 15_000 });
      const retry = (await error.getByTestId('load-retry').boundingBox())!;
      expect(retry.x + retry.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.waitForTimeout(300);
      await screenshot(page, 'i11-meta-error-realtime-phone-tech');
      await context.close();
    } finally {
      await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, operator.token);
    }
  });
});

describe('charts that fail say so, with 重试 (demo operator, 500)', () => {
  /** Opens a screen with its remembered conditions and its data request failing; retries once it answers. */
  async function chartFailsThenRetry(options: {
    saved: [string, unknown];
    route: string;
    endpoint: string;
    what: string;
    empty: string;
    data: (page: Page) => Locator;
    shot: string;
  }) {
    const page = await h.openAs(OPERATOR.username, OPERATOR.password, '/usercenter');
    await page.getByText('个人中心').first().waitFor();
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`iot.query.${operator.userId}.${options.saved[0]}`, JSON.stringify(options.saved[1])],
    );
    const restore = await fail(page, (url) => url.pathname.endsWith(options.endpoint), {
      status: 500,
      reason: '数据服务暂时不可用',
    });
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/${options.route}`);
    const error = page.getByTestId('load-error').filter({ hasText: `${options.what}加载失败` });
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('数据服务暂时不可用');
    expect(await page.getByText(options.empty, { exact: true }).filter({ visible: true }).count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, options.shot);
    await restore();
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await options.data(page).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => error.count()).toBe(0);
    await page.close();
  }

  it('趋势分析', async () => {
    await chartFailsThenRetry({
      saved: [
        `monitoring.trend.${projectId}`,
        {
          gatewayIndicatorIds: [gatewayIndicator.id],
          gatewayIds: [gatewayIndicator.gatewayId],
          metrics: [gatewayIndicator.dataIdentification],
          preset: 'last24h',
          start: 0,
          stop: 0,
        },
      ],
      route: 'trend',
      endpoint: '/gateways/chart',
      what: '趋势曲线',
      empty: '该时间范围内没有数据',
      data: (p) => p.getByTestId('series-chart').locator('canvas'),
      shot: 'i11-load-error-trend-light',
    });
  });

  it('排名分析', async () => {
    await chartFailsThenRetry({
      saved: [
        `ranking.${projectId}`,
        {
          scope: 'all',
          gatewayIds: [],
          metric: gatewayIndicator.dataIdentification,
          preset: 'today',
          start: 0,
          stop: 0,
          statistic: 'avg',
          order: 'desc',
        },
      ],
      route: 'ranking',
      endpoint: '/gateways/ranking',
      what: '排名',
      empty: '暂无数据',
      data: (p) => p.locator('[data-testid="ranking-table"] .ant-table-row'),
      shot: 'i11-load-error-ranking-light',
    });
  });

  it('预警分析', async () => {
    await chartFailsThenRetry({
      saved: [`warnings.analysis.${projectId}`, { preset: 'last7d', start: 0, stop: 0 }],
      route: 'warningAnalysis',
      endpoint: '/warnings/analysis',
      what: '预警分析',
      empty: '所选时间内没有预警',
      data: (p) => p.locator('.ant-statistic'),
      shot: 'i11-load-error-warning-analysis-light',
    });
  });
});
