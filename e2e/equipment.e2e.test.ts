import type { Equipment } from '@iot/contracts/equipment';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway, type TestGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * 设备台账 as the project administrator (create with a bound run signal, the code check, import,
 * delete behind a confirmation) and read-only as the demo operator; 工艺设备监控 as the operator,
 * following the data socket as a fault signal goes on, at the desk and at 390 px (decision 0051).
 */
let h: BrowserHarness;
let projectId: number;
let admin: string;
let gw: TestGateway;
const PHONE = { width: 390, height: 844 };

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (scope: Page | Locator, text: string) =>
  scope.locator('.ant-table-row').filter({ hasText: text });

async function openAs(
  account: { username: string; password: string },
  path: string,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const { access, refresh } = await h.t.login(account.username, account.password);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/${path}?accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

async function setTheme(account: { username: string; password: string }, theme: 'light' | 'tech') {
  const { access } = await h.t.login(account.username, account.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function send(values: Record<string, number>) {
  const response = await fetch(`${h.t.baseUrl}/api/v1/${gw.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ts: Date.now(), values }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  gw = await createGateway(h.t, projectId, [
    { key: 'run', type: 'boolean' },
    { key: 'fault', type: 'boolean' },
    { key: 'current', type: 'float', decimals: 1 },
  ]);
  const tree = await h.api<{ children: { children: { id: number; name: string }[] }[] }>(
    'GET',
    `/iot/groups/${projectId}/tree`,
    undefined,
    admin,
  );
  const site = tree.children[0]!.children[1]!;
  await h.api<Equipment>(
    'POST',
    `/iot/groups/${projectId}/equipment`,
    {
      name: '1号提升泵',
      code: 'TS-01',
      category: '泵',
      model: 'WQ300-15-22',
      manufacturer: '南方泵业',
      groupId: site.id,
      installDate: '2022-09-01',
      warrantyEnd: '2025-09-01',
      ratedCapacity: 900,
      ratedUnit: 'm³/h',
      bindings: [
        { role: 'run', gatewayIndicatorId: gw.indicators.run },
        { role: 'fault', gatewayIndicatorId: gw.indicators.fault },
        { role: 'current', gatewayIndicatorId: gw.indicators.current },
      ],
    },
    admin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/equipment`,
    { name: '2号提升泵', code: 'TS-02', category: '泵', groupId: site.id, manualStatus: 'maintenance' },
    admin,
  );
  await send({ run: 1, fault: 0, current: 36.4 });
});
afterAll(() => h?.close());

describe('设备台账', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`the administrator adds a piece bound to a run signal, imports, and deletes with a confirmation (${theme})`, async () => {
      await setTheme(DEMO_ACCOUNTS.projectAdmin, theme);
      const page = await openAs(DEMO_ACCOUNTS.projectAdmin, 'equipment');
      await expect.poll(() => routeName(page)).toBe(`router-equipment-g${projectId}`);
      await rows(page, '1号提升泵').getByText('运行').waitFor();
      await screenshot(page, `equipment-ledger-${theme}`);

      const code = `GF-${theme}`;
      await button(page, '新建设备').click();
      const dialog = page.locator('.ant-modal', { hasText: '新建设备' });
      await dialog.getByLabel('设备名称').fill(`鼓风机（${theme}）`);
      await dialog.getByLabel('设备编码').fill('TS-01');
      await dialog.getByLabel('类别').click();
      await dialog.getByText('设备编码已存在').waitFor();
      await dialog.getByLabel('设备编码').fill(code);
      await button(dialog, '添加绑定').click();
      await dialog.getByLabel('选择指标', { exact: true }).click();
      const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      await dropdown.locator('.ant-select-tree-node-content-wrapper[title="run（run）"]').first().click();
      await page.keyboard.press('Escape');
      await screenshot(page, `equipment-form-${theme}`);
      await button(dialog, '保存').click();
      await page.getByText(`设备「鼓风机（${theme}）」已新建`).waitFor();
      await rows(page, code).waitFor();

      // Import: a sheet with one good row and one whose place does not exist.
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('设备台账');
      sheet.addRow(['*名称', '*编码', '类别', '位置', '状态']);
      sheet.addRow([`加药泵（${theme}）`, `JY-${theme}`, '泵', '进水区/格栅间', '正常']);
      sheet.addRow(['坏行', `BAD-${theme}`, '', '没有这个站', '']);
      await button(page, '导入').click();
      const importing = page.locator('.ant-modal', { hasText: '导入设备台账' });
      await importing.locator('input[type=file]').setInputFiles({
        name: '设备.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await book.xlsx.writeBuffer()),
      });
      await button(importing, '开始导入').click();
      await importing.getByText('导入完成，1 行未导入').waitFor();
      await importing.getByText('位置不存在（请写从项目起的路径，如 进水区/格栅间）').waitFor();
      await button(importing, '完成').click();
      await rows(page, `JY-${theme}`).waitFor();

      // Deleting asks first.
      await rows(page, code)
        .locator('button', { hasText: /^删\s?除$/ })
        .click();
      await page.getByText(`确定删除设备「鼓风机（${theme}）」吗？`).waitFor();
      await page
        .locator('.ant-popconfirm')
        .locator('button', { hasText: /^删\s?除$/ })
        .click();
      await page.getByText(`设备「鼓风机（${theme}）」已删除`).waitFor();
      await expect.poll(() => rows(page, code).count()).toBe(0);
      await page.close();
    });
  }

  it('the operator reads the ledger and a piece’s detail, and may change nothing', async () => {
    const page = await openAs(DEMO_ACCOUNTS.operator, 'equipment');
    await rows(page, '1号提升泵').waitFor();
    expect(await button(page, '新建设备').count()).toBe(0);
    expect(await button(page, '导入').count()).toBe(0);
    expect(
      await rows(page, '1号提升泵')
        .locator('button', { hasText: /^编\s?辑$/ })
        .count(),
    ).toBe(0);
    await rows(page, '1号提升泵').getByText('详情').click();
    const detail = page.getByTestId('equipment-detail');
    await detail.getByText('36.4', { exact: true }).waitFor();
    // The operator reads 设备故障记录, 工单管理 and 维保记录: a tab each (e2e/equipment-work covers them).
    const work = page.getByTestId('equipment-work');
    await work.getByTestId('equipment-malfunctions').getByText('该设备没有故障记录').waitFor();
    expect(await work.getByRole('tab').allTextContents()).toEqual(['故障记录', '工单', '维保记录']);
    await page.close();
  });
});

describe('工艺设备监控', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`the operator watches the board follow the data socket, at the desk and at 390 px (${theme})`, async () => {
      await send({ run: 1, fault: 0 });
      await setTheme(DEMO_ACCOUNTS.operator, theme);
      const page = await openAs(DEMO_ACCOUNTS.operator, 'equipmentMonitor');
      await expect.poll(() => routeName(page)).toBe(`router-equipmentMonitor-g${projectId}`);
      const card = page.getByTestId('equipment-card').filter({ hasText: '1号提升泵' });
      await card.getByText('运行', { exact: true }).waitFor();
      await page.getByTestId('count-maintenance').getByText('1').waitFor();
      await page.getByText('实时', { exact: true }).waitFor();
      await screenshot(page, `equipment-board-${theme}`);

      // The fault signal goes on: the card and the counts follow without a reload.
      await send({ fault: 1 });
      await card.getByText('故障', { exact: true }).waitFor();
      await expect
        .poll(() => page.getByTestId('count-fault').locator('.ant-statistic-content-value').textContent())
        .toBe('1');
      await card.click();
      const detail = page.getByTestId('equipment-detail');
      await detail.getByTestId('detail-status').getByText('故障').waitFor();
      await page.getByTestId('equipment-history').locator('canvas').first().waitFor();
      await screenshot(page, `equipment-detail-${theme}`);
      await send({ fault: 0 });
      await page.close();

      const phone = await openAs(DEMO_ACCOUNTS.operator, 'equipmentMonitor', PHONE);
      await phone
        .getByTestId('equipment-card')
        .filter({ hasText: '1号提升泵' })
        .getByText('运行', { exact: true })
        .waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await screenshot(phone, `equipment-board-phone-${theme}`);
      await phone.getByTestId('equipment-card').filter({ hasText: '1号提升泵' }).click();
      await phone.getByTestId('equipment-detail').waitFor();
      await screenshot(phone, `equipment-detail-phone-${theme}`);
      await phone.close();
    });
  }
});
