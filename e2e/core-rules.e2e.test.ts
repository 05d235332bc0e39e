import * as SheetJS from '@e965/xlsx';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * Rules of core §4, §5, §8, §9 where they govern (decision 0043), each as a member whose role has
 * only what the screen needs.
 */
let h: BrowserHarness;
let projectId: number;
const PASSWORD = 'Keeper@2026';
const MEMBERS = {
  importer: [{ code: 'router-projectGateway', permission: 1 | 8 }],
  enterer: [
    { code: 'router-projectGateway', permission: 1 },
    { code: 'router-dataRepair', permission: 8 },
  ],
  gatewayReader: [{ code: 'router-projectGateway', permission: 1 }],
} as const;

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const setFlags = (flags: Record<string, boolean>) => h.api('PUT', `/iot/projects/${projectId}`, flags);
const setTheme = async (username: string, theme: 'light' | 'tech') => {
  const { access } = await h.t.login(username, PASSWORD);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
};
const open = (who: keyof typeof MEMBERS, path: string) =>
  h.openAs(who, PASSWORD, `/projects/groups/${projectId}/${path}`);

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  for (const [username, functions] of Object.entries(MEMBERS)) {
    const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      name: `仅${username}`,
      functions: [{ code: 'router-project', permission: 1 }, ...functions],
    });
    await h.api('POST', '/iot/users', { username, password: PASSWORD, realname: username });
    await h.api('POST', `/iot/groups/${projectId}/users`, { account: username, roleId: role.id });
  }
});
afterAll(() => h?.close());

describe('spreadsheet imports (core §5)', () => {
  it('imports gateways from a legacy .xls file, headers marked with * and 必填', async () => {
    const book = SheetJS.utils.book_new();
    SheetJS.utils.book_append_sheet(
      book,
      SheetJS.utils.aoa_to_sheet([
        ['*序列号', '别名（必填）', '网关类型'],
        ['XLSE2E01', '旧表格泵站', '智能网关'],
      ]),
      '网关',
    );
    const xls = Buffer.from(SheetJS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    const page = await open('importer', 'gateways');
    await button(page, '导入').click();
    const dialog = page.locator('.ant-modal', { hasText: '导入网关' });
    await dialog.getByText('点击或拖拽 .csv、.xls 或 .xlsx 文件到此处').waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: '网关.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: xls,
    });
    await dialog.getByText('网关.xls').waitFor();
    await button(dialog, '开始导入').click();
    await dialog.getByTestId('import-report').getByText('导入完成').waitFor();
    await screenshot(page, 'core-rules-import-xls');
    await button(dialog, '完成').click();
    await page.locator('.ant-table-row', { hasText: 'XLSE2E01' }).first().waitFor();
    const listed = await h.api<{ list: { serialNumber: string; alias: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/gateways?keyword=XLSE2E01`,
    );
    expect(listed.list.map((g) => [g.serialNumber, g.alias])).toEqual([['XLSE2E01', '旧表格泵站']]);
  });

  it('refuses another kind of file with the spec’s message', async () => {
    const page = await open('importer', 'gateways');
    await button(page, '导入').click();
    const dialog = page.locator('.ant-modal', { hasText: '导入网关' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('上传的文件格式不正确,请选择.csv,.xls,.xlsx类型的文件').waitFor();
  });
});

describe('project flags', () => {
  it('canEntryData: 手动录入 a value for a gateway without a device, a failed save says why, light and tech', async () => {
    const gateway = await createGateway(h.t, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
    const detail = `gateways?gatewayId=${gateway.id}&gatewayAlias=${gateway.serialNumber}`;
    await setFlags({ canEntryData: false });
    const off = await open('enterer', detail);
    await off.locator('[data-metric="cod"]').waitFor();
    expect(await button(off, '手动录入').count()).toBe(0);

    await setFlags({ canEntryData: true });
    // A member without 数据修复's create bit is not offered it either.
    const reader = await open('gatewayReader', detail);
    await reader.locator('[data-metric="cod"]').waitFor();
    expect(await button(reader, '手动录入').count()).toBe(0);

    for (const theme of ['light', 'tech'] as const) {
      await setTheme('enterer', theme);
      const page = await open('enterer', detail);
      await button(page, '手动录入').first().click();
      const dialog = page.locator('.ant-modal', { hasText: '手动录入' });
      await dialog.locator('input.ant-input-number-input').fill(theme === 'light' ? '21.5' : '22.5');
      if (theme === 'light') {
        const manualEntries = (url: URL) => url.pathname.endsWith('/manualEntries');
        await page.route(manualEntries, (route) =>
          route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
        );
        await button(dialog, '录入').click();
        await page.locator('.ant-notification-notice, .ant-message-notice').first().waitFor();
        expect(await dialog.isVisible()).toBe(true);
        await page.unroute(manualEntries);
      }
      await screenshot(page, `core-rules-manual-entry-${theme}`);
      await button(dialog, '录入').click();
      await page.getByText(`已录入「cod」`).waitFor();
      await page.locator('[data-metric="cod"]', { hasText: theme === 'light' ? '21.5' : '22.5' }).waitFor();
    }
    await setTheme('enterer', 'light');
    const stored = await h.api<{ list: { value: string }[] }>(
      'GET',
      `/iot/groups/${projectId}/gateways/${gateway.id}/manualEntries`,
    );
    expect(stored.list.map((e) => e.value)).toEqual(['22.5', '21.5']);
  });
});

describe('/interfaceDocument', () => {
  it('shows the live data socket’s wire format to a visitor, even when the REST document fails to load', async () => {
    const page = await h.open('/interfaceDocument');
    await page.getByRole('link', { name: '实时数据连接（WebSocket）' }).click();
    const doc = page.getByTestId('live-socket-doc');
    await doc
      .getByText('"type": "subscribe", "gateways": ["17", "18"], "getLastData": true', { exact: false })
      .waitFor();
    await doc.getByText('4008').waitFor();
    await screenshot(page, 'core-rules-live-socket-doc');
    await page.route('**/openapi.json', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.reload();
    await doc.getByText('/data-server/ws?token=', { exact: false }).waitFor();
    await page.goto(`${h.t.baseUrl}/interfaceDocument`);
    await page.getByText('接口文档加载失败').waitFor();
  });
});
