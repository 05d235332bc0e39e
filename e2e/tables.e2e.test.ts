import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { chooseTimePreset, pickIndicators } from './support/monitoring.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Issue 11, item 11 (tables and exports) as the least-privileged user of each screen: exports named
 * by content and date, the history export as time × indicator with real date cells, 下载模板 in
 * every import dialog, the gateway list's group column, a site's gateways in its detail, 排名分析
 * with units and decimals, and 查找设备's 最后通信 column fully shown.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let adminToken: string;
/** The site the simulated gateways sit in, and its name. */
let siteId: number;
const SITE_NAME = '格栅间';
const downloads = mkdtempSync(path.join(tmpdir(), 'tables-e2e-'));
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Yesterday 08:00 local, and 12 points 10 minutes apart: cod at each, flow at all but the last. */
const START = (() => {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  d.setHours(8, 0, 0, 0);
  return d.getTime();
})();
const TIMES = 12;
const EXPORT_ALIAS = '导出站';

/** Users with one role each, the least a screen needs: username → password. */
const USERS = {
  operator: DEMO_ACCOUNTS.operator,
  ranking: { username: 'e2e-ranking', password: 'Ranking@2026' },
  importer: { username: 'e2e-importer', password: 'Importer@2026' },
};

/** Ant Design puts a space between two Chinese characters of a button, and icons add their name. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const treeNode = (page: Page, name: string) =>
  page.locator('.group-tree [data-testid="group-node"]').filter({
    has: page.locator('.group-tree-name', { hasText: new RegExp(`^${name}$`) }),
  });

async function userWithRole(
  username: string,
  password: string,
  functions: { code: string; permission: number }[],
) {
  const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    name: `${username}角色`,
    description: 'e2e',
    functions,
  });
  await h.api('POST', `/iot/groups/${projectId}/users`, {
    username,
    realname: username,
    password,
    roleId: role.id,
  });
}

async function openAs(
  user: { username: string; password: string },
  pathname: string,
  theme: 'light' | 'tech' = 'light',
  width = 1440,
): Promise<Page> {
  const { access } = await h.t.login(user.username, user.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const page = await h.openAs(user.username, user.password, pathname);
  if (width !== 1440) await page.setViewportSize({ width, height: 844 });
  await page.locator('[data-route-name]').waitFor();
  return page;
}

async function picture(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

async function readXlsx(file: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets[0]!;
}

async function download(page: Page, click: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const saved = path.join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), saved };
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  adminToken = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const tree = await h.api<{ children: { name: string; children: { id: number; name: string }[] }[] }>(
    'GET',
    `/iot/groups/${projectId}/tree`,
  );
  siteId = tree.children.flatMap((a) => a.children).find((s) => s.name === SITE_NAME)!.id;
  site = await startSimulatedSite(h, {
    aliases: ['格栅间一号', '格栅间二号'],
    intervalMs: 2000,
    groupId: siteId,
  });

  // A gateway with known history yesterday, at the project root.
  const indicators = await h.api<{ list: { id: number; name: string; unit: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/indicators?size=1000`,
    undefined,
    adminToken,
  );
  const cod = indicators.list.find((i) => i.name === '化学需氧量')!;
  const flow = indicators.list.find((i) => i.unit === 'm³/h')!;
  const gateway = await h.api<{ id: number; secret: string }>(
    'POST',
    `/iot/groups/${projectId}/gateways`,
    { serialNumber: `EXP${Date.now() % 1_000_000}`, alias: EXPORT_ALIAS },
    adminToken,
  );
  for (const [indicator, alias, key] of [
    [cod, '导出COD', 'cod'],
    [flow, '导出流量', 'flow'],
  ] as const) {
    await h.api(
      'POST',
      `/iot/groups/${projectId}/gateways/${gateway.id}/indicators`,
      { indicatorId: indicator.id, alias, dataIdentification: key },
      adminToken,
    );
  }
  const entries = Array.from({ length: TIMES }, (_, i) => ({
    ts: START + i * 600_000,
    values: i === TIMES - 1 ? { cod: 40 + i / 3 } : { cod: 40 + i / 3, flow: 100 + i },
  }));
  await h.t.request('POST', `/api/v1/${gateway.secret}/telemetry`, { body: entries });

  await userWithRole(USERS.ranking.username, USERS.ranking.password, [
    { code: 'router-ranking', permission: 1 },
  ]);
  await userWithRole(USERS.importer.username, USERS.importer.password, [
    { code: 'router-projectGateway', permission: 1 | 8 },
    { code: 'router-project-group', permission: 1 | 8 },
  ]);
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('网关列表 (demo-operator)', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`shows each gateway's group and exports 网关列表-<date>.xlsx with it (${theme})`, async () => {
      const page = await openAs(USERS.operator, `/projects/groups/${projectId}/gateways`, theme);
      const row = page.locator('tr.ant-table-row', { hasText: '格栅间一号' });
      await row.waitFor();
      const headers = await page.locator('.ant-table-thead th').allInnerTexts();
      const groupColumn = headers.findIndex((t) => t.trim() === '分组');
      expect(groupColumn).toBeGreaterThan(0);
      expect((await row.locator('td').nth(groupColumn).textContent())?.trim()).toBe(SITE_NAME);
      const rootRow = page.locator('tr.ant-table-row', { hasText: EXPORT_ALIAS });
      expect((await rootRow.locator('td').nth(groupColumn).textContent())?.trim()).toBe('—');
      await picture(page, `tables-gateway-list-${theme}`);

      if (theme === 'light') {
        const file = await download(page, () => button(page, '导出').click());
        expect(file.name).toBe(`网关列表-${today()}.xlsx`);
        const sheet = await readXlsx(file.saved);
        const header = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(header.slice(0, 7)).toEqual([
          '序列号',
          '别名',
          '类型',
          '型号',
          'ICCID',
          '批次或合同号',
          '分组',
        ]);
        const rows = [...Array(sheet.actualRowCount - 1).keys()].map((i) => sheet.getRow(i + 2));
        const first = rows.find((r) => r.getCell(2).text === '格栅间一号')!;
        expect(first.getCell(7).text).toBe(SITE_NAME);
      }
      await page.context().close();
    });
  }
});

describe('查找设备 (demo-operator)', () => {
  for (const [theme, width] of [
    ['light', 1440],
    ['tech', 1440],
    ['light', 390],
  ] as const) {
    it(`shows 最后通信 whole, not cut (${theme}, ${width} px)`, async () => {
      const page = await openAs(
        USERS.operator,
        `/projects/groups/${projectId}/toolSet?activeKey=gatewayDetail`,
        theme,
        width,
      );
      const tool = page.locator('[data-tool="gatewayDetail"]');
      const row = tool.locator('tr.ant-table-row', { hasText: '格栅间一号' });
      await row.waitFor();
      const headers = await tool.locator('.ant-table-thead th').allInnerTexts();
      const index = headers.findIndex((t) => t.trim() === '最后通信');
      expect(index).toBeGreaterThan(0);
      const cell = row.locator('td').nth(index);
      await expect.poll(() => cell.textContent()).toMatch(/^\d{2}-\d{2} \d{2}:\d{2}$/);
      await picture(page, `tables-find-device-${theme}-${width}`);
      await cell.scrollIntoViewIfNeeded();
      // The whole text fits its cell, and the cell is not hidden under the fixed 操作 column.
      const fit = await cell.evaluate((td) => {
        const inner = td.firstElementChild ?? td;
        const actions = td.parentElement!.lastElementChild!.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        return { inner: inner.scrollWidth, cell: td.clientWidth, right: box.right, actions: actions.left };
      });
      expect(fit.inner).toBeLessThanOrEqual(fit.cell);
      expect(fit.right).toBeLessThanOrEqual(fit.actions + 1);
      const header = tool.locator('.ant-table-thead th').nth(index);
      expect(await header.evaluate((th) => th.scrollWidth <= th.clientWidth)).toBe(true);
      await page.context().close();
    });
  }
});

describe('分组 (demo-operator)', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`a site's detail lists its gateways with their status (${theme})`, async () => {
      const page = await openAs(USERS.operator, `/projects/groups/${projectId}/groups`, theme);
      await treeNode(page, SITE_NAME).click();
      await expect.poll(() => page.getByTestId('group-detail-name').textContent()).toBe(SITE_NAME);
      const list = page.getByTestId('group-gateways');
      await list.getByText('本站点的网关').waitFor();
      const rows = list.locator('tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      const text = (await rows.allInnerTexts()).join('\n');
      expect(text).toContain('格栅间一号');
      expect(text).toContain('格栅间二号');
      await expect.poll(() => list.locator('.ant-tag', { hasText: '在线' }).count()).toBe(2);
      expect(text).not.toContain(EXPORT_ALIAS);
      await picture(page, `tables-group-site-${theme}`);
      await page.context().close();
    });
  }

  it('a failed load of the site’s gateways says so, with a retry', async () => {
    const page = await openAs(USERS.operator, `/projects/groups/${projectId}/groups`);
    await page.route(/\/gateways\?.*groupId=/, (r) =>
      r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":40000,"message":"服务异常"}',
      }),
    );
    await treeNode(page, SITE_NAME).click();
    const list = page.getByTestId('group-gateways');
    await list.getByText(/网关加载失败/).waitFor();
    expect(await list.getByText('本站点还没有网关').count()).toBe(0);
    await page.unroute(/\/gateways\?.*groupId=/);
    await list.getByTestId('load-retry').click();
    await expect.poll(() => list.locator('tr.ant-table-row').count()).toBe(2);
    await page.context().close();
  });
});

describe('导入 (a role that may only create gateways and groups)', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`every import dialog offers 下载模板 with the headers the import reads (${theme})`, async () => {
      let page = await openAs(USERS.importer, `/projects/groups/${projectId}/gateways`, theme);
      await button(page, '导入').click();
      let dialog = page.getByRole('dialog').filter({ hasText: '导入网关' });
      await dialog.waitFor();
      await picture(page, `tables-gateway-import-${theme}`);
      let file = await download(page, () => button(dialog, '下载模板').click());
      expect(file.name).toBe('网关导入模板.xlsx');
      let sheet = await readXlsx(file.saved);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        '序列号*',
        '别名*',
        '类型',
        '型号',
        'ICCID',
        '批次或合同号',
      ]);
      expect(sheet.getRow(2).getCell(3).text).toBe('普通网关');
      await page.context().close();

      page = await openAs(USERS.importer, `/projects/groups/${projectId}/groups`, theme);
      await button(page, '导入').click();
      dialog = page.getByRole('dialog').filter({ hasText: '导入区域与站点' });
      await dialog.waitFor();
      file = await download(page, () => button(dialog, '下载模板').click());
      expect(file.name).toBe('分组导入模板.xlsx');
      sheet = await readXlsx(file.saved);
      expect(sheet.getRow(1).getCell(1).text).toBe('*名称');
      await picture(page, `tables-group-import-${theme}`);
      await page.context().close();
    });
  }
});

describe('历史数据 export (demo-operator)', () => {
  async function queryYesterday(page: Page) {
    await pickIndicators(page, ['导出COD（cod）', '导出流量（flow）']);
    await chooseTimePreset(page, '最近7天（不含今天）');
    await button(page, '查询').click();
    await page.getByTestId('history-table').locator('tr.ant-table-row').first().waitFor();
  }

  for (const theme of ['light', 'tech'] as const) {
    it(`exports one row per time and one column per indicator, with date cells (${theme})`, async () => {
      const page = await openAs(USERS.operator, `/projects/groups/${projectId}/historicalData`, theme);
      expect(await routeName(page)).toBe(`router-historicalData-g${projectId}`);
      await queryYesterday(page);
      await page.getByRole('button', { name: /导出/ }).click();
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      await menu.getByText('时间 × 指标（每行一个时间，每列一个指标）').waitFor();
      await picture(page, `tables-history-export-${theme}`);
      if (theme === 'tech') {
        await page.keyboard.press('Escape');
        await page.context().close();
        return;
      }

      const wide = await download(page, () =>
        menu.getByText('时间 × 指标（每行一个时间，每列一个指标）').click(),
      );
      expect(wide.name).toBe(`历史数据-${today()}.xlsx`);
      const sheet = await readXlsx(wide.saved);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        '时间',
        `${EXPORT_ALIAS} · 导出COD（mg/L）`,
        `${EXPORT_ALIAS} · 导出流量（m³/h）`,
      ]);
      expect(sheet.actualRowCount).toBe(TIMES + 1);
      const time = sheet.getCell('A2');
      expect(time.type).toBe(ExcelJS.ValueType.Date);
      expect(time.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      // Excel's zone-less date reads as the wall-clock time shown on screen.
      const start = new Date(START);
      const cell = time.value as Date;
      expect([cell.getUTCDate(), cell.getUTCHours(), cell.getUTCMinutes()]).toEqual([start.getDate(), 8, 0]);
      expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
      expect(sheet.getCell('C2').value).toBe(100);
      // The last time has cod only: its flow cell is empty.
      expect(sheet.getCell(`C${TIMES + 1}`).value).toBeNull();

      // The per-point layout stays available.
      await page.getByRole('button', { name: /导出/ }).click();
      const long = await download(page, () =>
        page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('逐条（每行一个数据点）').click(),
      );
      const points = await readXlsx(long.saved);
      expect((points.getRow(1).values as unknown[]).slice(1)).toEqual([
        '时间',
        '网关',
        '指标',
        '数据标识',
        '数值',
        '单位',
      ]);
      expect(points.actualRowCount).toBe(TIMES * 2 - 1 + 1);
      expect(points.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
      await page.context().close();
    });
  }
});

describe('排名分析 (a role that may only read 排名分析)', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`shows values with the indicator's unit and decimals, and exports them named (${theme})`, async () => {
      const page = await openAs(USERS.ranking, `/projects/groups/${projectId}/ranking`, theme);
      expect(await routeName(page)).toBe(`router-ranking-g${projectId}`);
      const select = page.getByLabel('选择指标', { exact: true });
      await select.click();
      await select.fill('cod');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '（cod）' })
        .first()
        .click();
      await page.getByLabel('时间范围', { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '最近7天' })
        .first()
        .click();
      await button(page, '查询').click();
      const row = page.locator('[data-testid="ranking-table"] tr.ant-table-row', { hasText: EXPORT_ALIAS });
      await row.waitFor();
      // cod (化学需氧量) has 1 decimal and mg/L: the average of 40, 40.33, … 43.67 is 41.8 mg/L.
      await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('41.8 mg/L');
      await page.locator('[data-testid="ranking-chart"] canvas').waitFor();
      await picture(page, `tables-ranking-${theme}`);
      if (theme === 'light') {
        const file = await download(page, () => button(page, '导出').click());
        expect(file.name).toMatch(new RegExp(`^排名分析-.+-平均值-${today()}\\.xlsx$`));
        const sheet = await readXlsx(file.saved);
        const header = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(header).toContain('单位');
        const rows = [...Array(sheet.actualRowCount - 1).keys()].map((i) => sheet.getRow(i + 2));
        const exported = rows.find((r) => r.getCell(2).text === EXPORT_ALIAS)!;
        expect(exported.getCell(5).value).toBe(41.8);
        expect(exported.getCell(6).text).toBe('mg/L');
      }
      await page.context().close();
    });
  }
});
