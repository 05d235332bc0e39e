import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 网关管理 against the real server with simulated devices publishing over MQTT: search, the
 * detail page with live values, secret rotation, xlsx export and re-import, bind and unbind.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;
const downloads = mkdtempSync(path.join(tmpdir(), 'gateways-e2e-'));

const { username: ADMIN, password: ADMIN_PASSWORD } = DEMO_ACCOUNTS.projectAdmin;
const listPath = () => `/projects/groups/${projectId}/gateways`;

/** Ant Design puts a space between two Chinese characters of a button (查询 reads 查 询); icons come first. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (page: Page) => page.locator('.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

async function openList(theme?: string): Promise<Page> {
  if (theme) {
    const answer = await h.t.request('PUT', '/iot/users/current/theme', {
      token: demoAdmin,
      body: { theme },
    });
    expect(answer.body.code).toBe(20000);
  }
  const page = await h.openAs(ADMIN, ADMIN_PASSWORD, listPath());
  await expect.poll(() => routeName(page)).toBe(`router-projectGateway-g${projectId}`);
  return page;
}

async function searchFor(page: Page, keyword: string): Promise<void> {
  const input = page.getByLabel('序列号或别名');
  await input.fill(keyword);
  await input.press('Enter');
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(ADMIN, ADMIN_PASSWORD)).access;
  site = await startSimulatedSite(h, { aliases: ['一号进水泵站', '二号出水泵站'], intervalMs: 800 });
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('gateways of a project', () => {
  it('finds a gateway by searching and shows its values changing live on the detail page', async () => {
    const page = await openList('light');
    const [first, second] = site.gateways;
    await row(page, first!.alias).waitFor();
    await row(page, second!.alias).waitFor();

    await searchFor(page, first!.serialNumber);
    await expect.poll(() => rows(page).count()).toBe(1);
    await row(page, first!.alias).getByText('在线').waitFor();
    await screenshot(page, 'gateways-list-light');

    await row(page, first!.alias).getByRole('link', { name: first!.alias }).click();
    await page.getByText('实时更新中').waitFor();
    await page.locator('.ant-descriptions-item-content', { hasText: first!.serialNumber }).first().waitFor();
    // The simulator reports every 800 ms: a value cell must change without any reload.
    const cell = page.locator('[data-metric]').filter({ hasNotText: '—' }).first();
    await cell.waitFor();
    const metric = await cell.getAttribute('data-metric');
    const valueCell = page.locator(`[data-metric="${metric}"]`);
    const before = await valueCell.textContent();
    const timeCell = page.locator('.ant-table-row', { has: valueCell }).locator('td').last();
    const beforeTime = await timeCell.textContent();
    await expect.poll(() => timeCell.textContent(), { timeout: 15_000 }).not.toBe(beforeTime);
    expect(await valueCell.textContent()).toBeTruthy();
    expect(before).not.toBe('—');
    // The connection instructions name the broker, the topic and the serial number as user name.
    const guide = page.getByTestId('connection-guide');
    await guide.getByText(`gateways/${first!.serialNumber}/telemetry`).first().waitFor();
    await guide.getByText('mosquitto_pub').first().waitFor();
    const { mqttPort } = await h.api<{ mqttPort: number }>('GET', '/iot/system/info');
    await guide.getByText(`:${mqttPort}`).first().waitFor();
    await page.getByTestId('traffic-chart').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'gateway-detail-light');
    await guide.getByText('用 mosquitto_pub 试发一条数据').scrollIntoViewIfNeeded();
    await screenshot(page, 'gateway-connection-light');
    await page.close();
  });

  it('rotates the secret after a confirmation and shows it once', async () => {
    const gateway = site.gateways[1]!;
    const page = await h.openAs(
      ADMIN,
      ADMIN_PASSWORD,
      `${listPath()}?gatewayId=${gateway.id}&gatewayAlias=${encodeURIComponent(gateway.alias)}`,
    );
    await page.getByRole('button', { name: /重置密钥/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('旧密钥立即失效').waitFor();
    await button(confirm, '重置').click();
    const shown = page.getByRole('dialog').filter({ hasText: '设备密钥只显示这一次' });
    const secret = (await shown.getByTestId('device-secret').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(32);
    // The new secret works as the HTTP access token at once.
    const sent = await h.t.request('POST', `/api/v1/${secret}/telemetry`, { body: { unknownE2eKey: 1 } });
    expect(sent.body.code).toBe(20000);
    await button(shown, '我已妥善保存').click();
    await shown.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText('设备接入说明').waitFor();
    expect(await page.content()).not.toContain(secret);
    // The rejected key shows in the rejected payloads panel.
    await page.getByRole('tab', { name: /被拒数据/ }).click();
    await page.getByText('unknownE2eKey').first().waitFor();
    await page.close();
  });

  it('exports the list to xlsx and re-imports it with a rule, showing the result report', async () => {
    const page = await openList();
    await searchFor(page, '泵站');
    await expect.poll(() => rows(page).count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出').click()]);
    expect(download.suggestedFilename()).toMatch(/^网关列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(downloads, 'gateways.xlsx');
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual(['序列号', '别名', '类型', '型号', 'ICCID', '批次或合同号']);
    expect(sheet.actualRowCount).toBe(3);
    const serials = [2, 3].map((n) => sheet.getRow(n).getCell(1).text).sort();
    expect(serials).toEqual(site.gateways.map((g) => g.serialNumber).sort());
    expect(sheet.getRow(2).getCell(3).text).toBe('普通网关');

    // Edit the sheet as an operator would: one batch number changed, one new gateway, one bad row.
    sheet.getRow(2).getCell(6).value = 'E2E-批次-2';
    sheet.addRow(['E2E-IMPORT-0001', '导入的三号泵站', '智能网关', '直连设备', '', '']);
    sheet.addRow(['x', '', '', '', '', '']);
    const edited = path.join(downloads, 'gateways-edited.xlsx');
    await workbook.xlsx.writeFile(edited);

    await button(page, '导入').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '导入网关' });
    await dialog.getByText('保留已有，覆盖重复').click();
    await dialog.locator('input[type=file]').setInputFiles(edited);
    await dialog.getByText('gateways-edited.xlsx').waitFor();
    await page.waitForTimeout(400); // the file row fades in
    await screenshot(page, 'gateways-import-light');
    await button(dialog, '开始导入').click();
    const report = dialog.getByTestId('import-report');
    await report.waitFor();
    const count = (label: string) =>
      report
        .locator('.ant-descriptions-item-label', { hasText: label })
        .locator('xpath=following-sibling::td[1]');
    await expect.poll(() => count('新建').textContent()).toBe('1');
    expect(await count('更新').textContent()).toBe('2');
    await report.getByText('1 行未导入').waitFor();
    await report.locator('.ant-table-row', { hasText: '5' }).first().waitFor();
    await report.getByText('E2E-IMPORT-0001').waitFor();
    await screenshot(page, 'gateways-import-report-light');
    await button(dialog, '完成').click();

    await searchFor(page, 'E2E-IMPORT-0001');
    await row(page, '导入的三号泵站').waitFor();
    await page.close();
  });

  it('binds a firm gateway with its bind code and unbinds it after a confirmation', async () => {
    const firmToken = (await h.t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password))
      .access;
    const firms = await h.api<{ list: { id: number }[] }>(
      'GET',
      '/iot/gatewayFirms/byCurUser',
      undefined,
      firmToken,
    );
    const firmId = firms.list[0]!.id;
    const made = await h.api<{ serialNumber: string; bindCode: string; id: number }>(
      'POST',
      `/iot/gatewayFirms/${firmId}/gateways`,
      { serialNumber: 'FIRM-E2E-0001', alias: '厂商出厂网关', type: 'smart', model: 'cloudModbus' },
      firmToken,
    );

    const page = await openList();
    await button(page, '绑定').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '绑定网关' });
    await dialog.getByLabel('序列号').fill(made.serialNumber);
    await dialog.getByLabel('绑定码').fill('WRONG234');
    await dialog.getByLabel('网关别名').fill('絮凝池网关');
    await button(dialog, '绑定').click();
    await page.getByText('序列号或绑定码错误').waitFor();
    await dialog.getByLabel('绑定码').fill(made.bindCode.toLowerCase());
    await button(dialog, '绑定').click();
    await dialog.waitFor({ state: 'hidden' });
    await searchFor(page, '絮凝池');
    await row(page, '絮凝池网关').waitFor();
    // A firm's gateway is unbound, never deleted, by the project.
    expect(
      await row(page, '絮凝池网关')
        .getByRole('button', { name: /删\s?除/ })
        .count(),
    ).toBe(0);

    await row(page, '絮凝池网关')
      .getByRole('button', { name: /解\s?绑/ })
      .click();
    const pop = page.locator('.ant-popconfirm');
    await pop.getByText('确定解绑网关「絮凝池网关」吗？').waitFor();
    await button(pop, '解绑').click();
    await page.getByText('网关「絮凝池网关」已解绑').waitFor();
    await page.getByText('没有匹配“絮凝池”的网关').waitFor();
    const firmList = await h.api<{ list: { serialNumber: string; projectId: number | null }[] }>(
      'GET',
      `/iot/gatewayFirms/${firmId}/gateways?keyword=FIRM-E2E`,
      undefined,
      firmToken,
    );
    expect(firmList.list[0]).toMatchObject({ serialNumber: made.serialNumber, projectId: null });
    await page.close();

    // The firm sees it back in its own list (the firm scope's own list call).
    const firmPage = await h.openAs(
      DEMO_ACCOUNTS.firmAdmin.username,
      DEMO_ACCOUNTS.firmAdmin.password,
      `/gatewayfirms/${firmId}/gateways`,
    );
    await expect.poll(() => routeName(firmPage)).toBe(`router-firmGateway-f${firmId}`);
    await row(firmPage, made.serialNumber).getByText('未绑定').waitFor();
    // Its detail in the firm: the connection instructions, the rejected payloads, no failing call.
    await row(firmPage, made.serialNumber).getByRole('link').first().click();
    await firmPage
      .getByTestId('connection-guide')
      .getByText(`gateways/${made.serialNumber}/telemetry`)
      .first()
      .waitFor();
    await firmPage.getByRole('tab', { name: /被拒数据/ }).click();
    await firmPage.getByText('没有被拒绝的数据').waitFor();
    await firmPage.getByRole('button', { name: /重置密钥/ }).waitFor();
    expect(await firmPage.locator('.ant-notification-notice-error').count()).toBe(0);
    await firmPage.close();
  });

  it('moves a gateway to an area of the project (更多 → 更换分组)', async () => {
    const gateway = site.gateways[1]!;
    const page = await openList();
    await searchFor(page, gateway.serialNumber);
    await expect.poll(() => rows(page).count()).toBe(1);
    await row(page, gateway.alias).getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '更换分组' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '更换绑定分组' });
    await dialog.getByLabel('新的分组').click();
    await page.locator('.ant-select-tree-title', { hasText: /^进水区$/ }).click();
    await button(dialog, '确定').click();
    await page.getByText(`网关「${gateway.alias}」已更换分组`).waitFor();
    const detail = await h.api<{ groupName: string }>(
      'GET',
      `/iot/groups/${projectId}/gateways/${gateway.id}`,
      undefined,
      demoAdmin,
    );
    expect(detail.groupName).toBe('进水区');
    await page.close();
  });

  it('remembers the search per user, and looks right in the tech theme', async () => {
    const page = await openList('tech');
    await searchFor(page, '泵站');
    await row(page, site.gateways[0]!.alias).waitFor();
    // The search is kept in local storage for this user: a reload brings it back with its result.
    await page.reload();
    await row(page, site.gateways[1]!.alias).waitFor();
    expect(await page.getByLabel('序列号或别名').inputValue()).toBe('泵站');
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.endsWith(`gateways.g${location.pathname.split('/')[3]}`)),
      ),
    ).toHaveLength(1);
    await row(page, site.gateways[0]!.alias).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'gateways-list-tech');
    await row(page, site.gateways[0]!.alias).getByRole('link', { name: site.gateways[0]!.alias }).click();
    await page.getByText('实时更新中').waitFor();
    await page.getByTestId('traffic-chart').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'gateway-detail-tech');
    await page.getByRole('button', { name: '返回列表' }).click();
    await row(page, site.gateways[1]!.alias).waitFor();
    await button(page, '导入').click();
    await page.getByRole('dialog').getByText('保留已有，跳过重复').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'gateways-import-tech');
    await page.close();
  });
});
