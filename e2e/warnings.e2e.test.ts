import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page as ListPage } from '@iot/contracts';
import type { Warning, WarningDetail } from '@iot/contracts/warnings';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 预警列表 and 预警分析 (issue 6) against the real server: simulated MQTT devices whose values break
 * rules made through the API raise three warnings; the list filters, exports, handles one with a
 * note and two at once, shows the handling in the detail drawer (also opened by ?warningId=), and
 * the analysis draws the counts.
 */
// Operators are in China: this process and the Chromium it starts keep China time, as the server's summaries do.
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
const READER = { username: 'warning-reader', password: 'Reader@2026', realname: '预警查看员' };
const downloads = mkdtempSync(path.join(tmpdir(), 'warnings-e2e-'));
/** The three warnings, by where they come from. */
const raised = { firstCod: 0, firstNh3n: 0, secondCod: 0 };

/** A button by its text (antd spaces two Chinese characters; an icon's name may come first). */
const button = (scope: Page, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const row = (page: Page, gateway: string, metric: string) =>
  rows(page)
    .filter({ hasText: gateway })
    .filter({ hasText: `（${metric}）` });

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

async function setTheme(username: string, password: string, theme: 'light' | 'tech') {
  const { access } = await h.t.login(username, password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function open(
  route: string,
  code: string,
  as: { username: string; password: string } = ADMIN,
): Promise<Page> {
  const page = await h.openAs(as.username, as.password, `/projects/groups/${projectId}/${route}`);
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

/** A screenshot; `height` makes the window tall enough for a long screen. */
async function picture(page: Page, name: string, height = 900) {
  await page.setViewportSize({ width: 1440, height });
  await page.waitForTimeout(500);
  await screenshot(page, name);
}

const detail = (id: number) =>
  h.api<WarningDetail>('GET', `/iot/groups/${projectId}/warnings/${id}`, undefined, demoAdmin);

beforeAll(async () => {
  h = await startBrowserHarness();
  site = await startSimulatedSite(h, { aliases: ['1号出水口', '2号出水口'], intervalMs: 1000 });
  projectId = site.projectId;
  demoAdmin = (await h.t.login(ADMIN.username, ADMIN.password)).access;
  await setTheme(ADMIN.username, ADMIN.password, 'light');
  // Rules the simulated water always breaks (COD about 38 mg/L, NH3-N about 2.2 mg/L), one per level.
  const [first, second] = site.gateways as [SimulatedSite['gateways'][0], SimulatedSite['gateways'][0]];
  const indicatorsOf = async (gatewayId: number) =>
    new Map(
      (
        await h.api<{ list: { id: number; dataIdentification: string }[] }>(
          'GET',
          `/iot/groups/${projectId}/gateways/${gatewayId}/indicators?size=100`,
          undefined,
          demoAdmin,
        )
      ).list.map((gi) => [gi.dataIdentification, gi.id]),
    );
  const firstIndicators = await indicatorsOf(first.id);
  const secondIndicators = await indicatorsOf(second.id);
  const rule = (gatewayIndicatorId: number | undefined, level: number, high: number) =>
    h.api(
      'POST',
      `/iot/groups/${projectId}/warningRules`,
      { gatewayIndicatorId, kind: 'above', high, level },
      demoAdmin,
    );
  await rule(firstIndicators.get('cod'), 1, 1);
  await rule(firstIndicators.get('nh3n'), 2, 0.1);
  await rule(secondIndicators.get('cod'), 3, 1);
  // The engine raises them with the devices' next values.
  await vi.waitFor(
    async () => {
      const page = await h.api<ListPage<Warning>>(
        'GET',
        `/iot/groups/${projectId}/warnings?size=100`,
        undefined,
        demoAdmin,
      );
      if (page.total !== 3) throw new Error(`${page.total} warnings so far`);
    },
    { timeout: 20_000, interval: 250 },
  );
  const list = await h.api<ListPage<Warning>>(
    'GET',
    `/iot/groups/${projectId}/warnings?size=100`,
    undefined,
    demoAdmin,
  );
  const find = (gatewayId: number, metric: string) =>
    list.list.find((w) => w.gatewayId === gatewayId && w.metric === metric)!.id;
  raised.firstCod = find(first.id, 'cod');
  raised.firstNh3n = find(first.id, 'nh3n');
  raised.secondCod = find(second.id, 'cod');
  // A reader: 预警列表 and 预警分析 without the update bit.
  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    {
      name: '预警查看',
      functions: [
        { code: 'router-warningList', permission: 1 },
        { code: 'router-warningAnalysis', permission: 1 },
      ],
    },
    demoAdmin,
  );
  await h.api('POST', `/iot/groups/${projectId}/users`, { ...READER, roleId: role.id }, demoAdmin);
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('预警列表', () => {
  it('starts from ?status=unhandled, shows the raised warnings, filters and exports them', async () => {
    const page = await open('warningList?status=unhandled', 'router-warningList');
    await expect.poll(() => rows(page).count()).toBe(3);
    // The preset shows in the conditions, and leaves the address.
    await expect
      .poll(() => page.locator('.ant-select', { has: page.getByLabel('处理状态') }).textContent())
      .toContain('未处理');
    await expect.poll(() => new URL(page.url()).searchParams.has('status')).toBe(false);
    const severe = row(page, '1号出水口', 'cod');
    expect(await severe.locator('[data-level="1"]').textContent()).toBe('一级（严重）');
    expect(await severe.locator('[data-status="unhandled"]').textContent()).toBe('未处理');
    expect(await severe.textContent()).toContain('> 1');
    expect(await severe.textContent()).toContain('预警中');

    await choose(page, '级别', '一级（严重）');
    await button(page, '查询').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('1号出水口');
    await button(page, '重置').click();
    await page.getByLabel('关键字', { exact: true }).fill('2号');
    await button(page, '查询').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('2号出水口');

    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出').click()]);
    expect(download.suggestedFilename()).toMatch(/^预警列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(downloads, 'warnings.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('预警列表')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('网关');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('2号出水口');

    await button(page, '重置').click();
    await button(page, '查询').click();
    await expect.poll(() => rows(page).count()).toBe(3);
    await picture(page, 'warnings-list-light');
    await page.context().close();
  });

  it('handles one with a required note; the detail drawer shows who, when and the note', async () => {
    const page = await open('warningList', 'router-warningList');
    const target = row(page, '1号出水口', 'cod');
    await target.getByRole('button', { name: '处理' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByText('处理中', { exact: true }).click();
    await button(page, '确定').click();
    await expect.poll(() => dialog.getByText('请填写处理说明').count()).toBe(1);
    await dialog.getByLabel('处理说明').fill('已通知现场检查采样泵');
    await picture(page, 'warnings-handle-light');
    await button(page, '确定').click();
    await expect.poll(() => target.locator('[data-status="handling"]').count()).toBe(1);

    await target.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer');
    const history = drawer.getByTestId('handle-history');
    await expect.poll(() => history.getByText('已通知现场检查采样泵').count()).toBe(1);
    expect(await history.textContent()).toContain(ADMIN.realname);
    expect(await history.textContent()).toContain('处理中');
    expect(new URL(page.url()).searchParams.get('warningId')).toBe(String(raised.firstCod));
    await page.waitForTimeout(500);
    await screenshot(page, 'warnings-detail-light');
    expect((await detail(raised.firstCod)).handles).toMatchObject([
      { status: 'handling', note: '已通知现场检查采样泵', username: ADMIN.username },
    ]);
    await page.context().close();
  });

  it('handles two at once', async () => {
    const page = await open('warningList', 'router-warningList');
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const [gateway, metric] of [
      ['1号出水口', 'nh3n'],
      ['2号出水口', 'cod'],
    ] as const)
      await row(page, gateway, metric).locator('.ant-checkbox-input').check();
    await button(page, '批量处理').click();
    const dialog = page.locator('.ant-modal');
    await expect.poll(() => dialog.getByText('批量处理预警（2 条）').count()).toBe(1);
    await dialog.getByLabel('处理说明').fill('进水负荷偏高，已调整曝气');
    await button(page, '确定').click();
    await expect.poll(() => page.locator('[data-status="handled"]').count()).toBe(2);
    expect(await row(page, '1号出水口', 'cod').locator('[data-status="handling"]').count()).toBe(1);
    for (const id of [raised.firstNh3n, raised.secondCod])
      expect((await detail(id)).handles).toMatchObject([
        { status: 'handled', note: '进水负荷偏高，已调整曝气', username: ADMIN.username },
      ]);
    await page.context().close();
  });

  it('opens the detail of ?warningId= at once', async () => {
    const page = await open(`warningList?warningId=${raised.firstNh3n}`, 'router-warningList');
    const drawer = page.locator('.ant-drawer');
    await expect.poll(() => drawer.getByText('预警详情').count()).toBe(1);
    await expect.poll(() => drawer.getByText('进水负荷偏高，已调整曝气').count()).toBe(1);
    expect(await drawer.textContent()).toContain('氨氮（nh3n）');
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => new URL(page.url()).searchParams.has('warningId')).toBe(false);
    await page.context().close();
  });

  it('offers no handling without the update bit', async () => {
    const page = await open('warningList', 'router-warningList', READER);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByRole('button', { name: '批量处理' }).count()).toBe(0);
    expect(await page.locator('.ant-table-tbody .ant-checkbox').count()).toBe(0);
    expect(await rows(page).getByRole('button', { name: '处理' }).count()).toBe(0);
    expect(await rows(page).getByRole('button', { name: '详情' }).count()).toBe(3);
    await page.context().close();
  });
});

describe('预警分析', () => {
  it('draws the range’s counts per day, level, status, kind, gateway and indicator', async () => {
    const page = await open('warningAnalysis', 'router-warningAnalysis');
    await expect.poll(() => page.getByTestId('figure-total').textContent()).toContain('3');
    expect(await page.getByTestId('figure-unhandled').textContent()).toContain('0');
    expect(await page.getByTestId('figure-handling').textContent()).toContain('1');
    expect(await page.getByTestId('figure-rate').textContent()).toContain('66.7%');
    const values = (id: string) => page.getByTestId(id).getAttribute('data-values');
    expect(await values('chart-by-level')).toBe('一级（严重）:1|二级（重要）:1|三级（一般）:1');
    expect(await values('chart-by-status')).toBe('处理中:1|已处理:2');
    expect(await values('chart-by-kind')).toBe('高于上限:3');
    expect(await values('chart-by-gateway')).toBe('1号出水口:2|2号出水口:1');
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(await values('chart-by-day')).toContain(`${day}:3`);
    // Every chart has drawn on its canvas.
    await expect.poll(() => page.locator('[data-testid^="chart-"] canvas').count()).toBe(6);
    await picture(page, 'warnings-analysis-light', 1480);
    await page.context().close();
  });
});

describe('in the tech theme', () => {
  it('the list, the handle dialog and the analysis read well', async () => {
    await setTheme(ADMIN.username, ADMIN.password, 'tech');
    const list = await open('warningList', 'router-warningList');
    await expect.poll(() => list.locator('[data-theme="tech"]').count()).toBeGreaterThan(0);
    await expect.poll(() => rows(list).count()).toBe(3);
    await picture(list, 'warnings-list-tech');
    await row(list, '1号出水口', 'cod').getByRole('button', { name: '处理' }).click();
    await list.locator('.ant-modal').getByLabel('处理说明').fill('采样泵已更换，读数恢复');
    await picture(list, 'warnings-handle-tech');
    await button(list, '确定').click();
    await expect.poll(() => list.locator('[data-status="handled"]').count()).toBe(3);
    await list.context().close();

    const analysis = await open('warningAnalysis', 'router-warningAnalysis');
    await expect.poll(() => analysis.getByTestId('figure-rate').textContent()).toContain('100.0%');
    await expect.poll(() => analysis.locator('[data-testid^="chart-"] canvas').count()).toBe(6);
    await picture(analysis, 'warnings-analysis-tech', 1480);
    await analysis.context().close();
    await setTheme(ADMIN.username, ADMIN.password, 'light');
  });
});
