import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway, type TestGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * Data repair with audit (issue 5): a day of COD with a spike, a repair proposed on the screen by
 * the project administrator, approved on 我的审批 by an auditor, and the corrected history on the
 * historical data API and on the screen; a second repair rejected with a reason.
 */
// Operators are in China: this process and the Chromium it starts keep China time, as the server's summaries do.
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let projectId: number;
let gw: TestGateway;
let adminToken: string;
const MINUTE = 60_000;
const AUDITOR = { username: 'data-auditor', password: 'Audit@2026', realname: '数据审核员甲' };
const ALIAS = '1号出水口';
/** Yesterday at local midnight (the browser and this process share the machine's time zone). */
const day = (() => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime() - 24 * 60 * MINUTE;
})();
const at = (hours: number, minutes = 0) => day + (hours * 60 + minutes) * MINUTE;
const SPIKE = [at(10, 0), at(10, 10), at(10, 20)];
const pad = (n: number) => String(n).padStart(2, '0');
const typed = (ts: number) => {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  gw = await createGateway(h.t, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
  const db = h.t.server.platform.db;
  await db.updateTable('gateways').set({ alias: ALIAS }).where('id', '=', gw.id).execute();
  await db
    .updateTable('gateway_indicators')
    .set({ alias: 'COD' })
    .where('id', '=', gw.indicators.cod!)
    .execute();
  // A day of points every 10 minutes, 20–22.5 mg/L, with a spike of 500 from 10:00 to 10:20.
  const entries = Array.from({ length: 144 }, (_, i) => {
    const ts = day + i * 10 * MINUTE;
    return { ts, values: { cod: SPIKE.includes(ts) ? 500 : 20 + (i % 6) * 0.5 } };
  });
  await h.t.server.telemetry.ingest.ingest(
    { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId },
    JSON.stringify(entries),
    Date.now(),
  );
  adminToken = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  // The auditor: a project role with 查看 + 删除 (审批) on 数据修复, granted by the project administrator.
  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    { name: '数据审核', functions: [{ code: 'router-dataRepair', permission: 5 }] },
    adminToken,
  );
  await h.api('POST', `/iot/groups/${projectId}/users`, { ...AUDITOR, roleId: role.id }, adminToken);
  await setTheme(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password, 'light');
  await setTheme(AUDITOR.username, AUDITOR.password, 'light');
});
afterAll(() => h?.close());

async function setTheme(username: string, password: string, theme: string) {
  const { access } = await h.t.login(username, password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

async function picture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await screenshot(page, name);
}

/** antd puts a space between two Chinese characters of a button. */
const two = (text: string) => new RegExp(`^${text[0]}\\s?${text[1]}$`);
/** Table cells holding exactly this text (chart axis labels are not cells). */
const cells = (scope: Page | Locator, text: string) =>
  scope.locator('td.ant-table-cell').filter({ hasText: new RegExp(`^${text}$`) });

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** The data repair screen as the project administrator, queried for the spike: [10:00, 10:30). */
async function openRepairScreen(): Promise<Page> {
  const page = await h.openAs(
    DEMO_ACCOUNTS.projectAdmin.username,
    DEMO_ACCOUNTS.projectAdmin.password,
    `/projects/groups/${projectId}/dataRepair`,
  );
  await expect.poll(() => routeName(page)).toBe(`router-dataRepair-g${projectId}`);
  await choose(page, '网关', ALIAS);
  await choose(page, '指标', 'COD（cod）');
  // Typed as a person would: the start and Enter, then the end (focused next) and Enter.
  await page.locator('.ant-picker-range input').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typed(at(10, 0)));
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typed(at(10, 30)));
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.locator('.ant-picker-range input').last().inputValue())
    .toBe(typed(at(10, 30)));
  expect(await page.locator('.ant-picker-range input').first().inputValue()).toBe(typed(at(10, 0)));
  await page.getByRole('button', { name: '查 询' }).click();
  return page;
}

const historyValues = async () => {
  const answer = await h.api<{ list: { ts: number; value: number }[] }>(
    'POST',
    '/data-server/api/v2/gateways/history',
    { gatewayIds: [gw.id], metrics: ['cod'], startTime: at(9, 30), stopTime: at(10, 40), ascending: true },
    adminToken,
  );
  return answer.list.map((p) => p.value);
};

describe('data repair with audit', () => {
  it('the project administrator proposes a repair on the screen and submits it', async () => {
    const page = await openRepairScreen();
    await expect.poll(() => cells(page, '500').count()).toBe(3);
    // Corrections by point: the 10:00 value typed in the table previews as one change.
    await page.getByLabel(`修正值 ${typed(at(10, 0))}:00`).fill('21');
    await page.getByRole('button', { name: '预览修正' }).click();
    await expect.poll(() => page.getByText('共 1 处修改').count()).toBeGreaterThan(0);
    // Then a rule instead: linear interpolation across the spike.
    await page.getByText('按规则修正').click();
    await page.getByRole('button', { name: '预览修正' }).click();
    await expect.poll(() => page.getByText('共 3 处修改').count()).toBeGreaterThan(0);
    await picture(page, 'data-repair-preview-light');
    await page.getByLabel('修复说明').fill('采样管堵塞，10:00–10:20 读数异常，按前后数据线性插值');
    await page.getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => page.getByText('已提交审批').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.ant-tag', { hasText: '待审批' }).count()).toBe(1);
    expect(await historyValues()).toContain(500);
    await page.context().close();
  });

  it('an auditor approves it on 我的审批 and the history is corrected', async () => {
    const page = await h.openAs(AUDITOR.username, AUDITOR.password, '/auditList');
    await expect.poll(() => routeName(page)).toBe('router-auditList');
    const row = page.locator('.ant-table-row', { hasText: `${ALIAS} / COD` });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText(DEMO_ACCOUNTS.projectAdmin.realname).count()).toBe(1);
    await picture(page, 'audit-list-light');
    await row.getByRole('button', { name: two('详情') }).click();
    await expect.poll(() => routeName(page)).toBe('router-auditDetail');
    await expect.poll(() => page.getByText('共 3 处修改').count()).toBe(1);
    await picture(page, 'audit-detail-light');
    await page
      .getByRole('button', { name: two('通过') })
      .first()
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: two('通过') })
      .click();
    await expect.poll(() => page.locator('.ant-tag', { hasText: '已通过' }).count()).toBeGreaterThan(0);
    // The historical data API answers the interpolated values; no spike is left.
    const values = await historyValues();
    // 09:30–10:40: the spike at 10:00–10:20 now lies on the line from 22.5 (09:50) to 21.5 (10:30).
    expect(values).toEqual([21.5, 22, 22.5, 22.3, 22, 21.8, 21.5]);
    await page.context().close();
  });

  it('the corrected history shows on the screen, with the originals in the repair detail', async () => {
    const page = await openRepairScreen();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: typed(at(10, 10)) }).count()).toBe(1);
    expect(await cells(page, '500').count()).toBe(0);
    await expect.poll(() => page.locator('.ant-tag', { hasText: '已通过' }).count()).toBe(1);
    await page.getByText('修复记录').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await screenshot(page, 'data-repair-list-light');
    await page.getByRole('button', { name: two('详情') }).click();
    const drawer = page.locator('.ant-drawer');
    await expect.poll(() => drawer.getByText('已写入 3 处修改', { exact: false }).count()).toBe(1);
    await expect.poll(() => cells(drawer, '500').count()).toBe(3);
    await picture(page, 'data-repair-detail-light');
    await page.context().close();
  });

  it('a second repair is rejected with a reason', async () => {
    await h.api(
      'POST',
      `/iot/dataRepair?groupId=${projectId}`,
      {
        gatewayIndicatorId: gw.indicators.cod,
        startTime: at(14),
        stopTime: at(15),
        mode: 'rule',
        rule: { kind: 'offset', value: -2 },
        description: '疑似零点漂移',
      },
      adminToken,
    );
    const page = await h.openAs(AUDITOR.username, AUDITOR.password, '/auditList');
    const row = page.locator('.ant-table-row', { hasText: '加减偏移' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: two('驳回') }).click();
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: two('驳回') })
      .click();
    await expect.poll(() => page.getByText('请填写驳回原因').count()).toBe(1);
    await page.getByLabel('驳回原因').fill('漂移没有校准记录支持');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: two('驳回') })
      .click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('tab', { name: '已处理' }).click();
    await expect.poll(() => page.getByText('漂移没有校准记录支持').count()).toBe(1);
    await picture(page, 'audit-list-done-light');
    await page.context().close();
  });

  it('the screens in the tech theme', async () => {
    await setTheme(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password, 'tech');
    await setTheme(AUDITOR.username, AUDITOR.password, 'tech');
    const repair = await openRepairScreen();
    await expect.poll(() => repair.locator('.ant-table-row', { hasText: typed(at(10, 10)) }).count()).toBe(1);
    await repair.getByText('按规则修正').click();
    await choose(repair, '修复规则', '设为常量');
    await repair.getByLabel('规则数值').fill('20');
    await repair.getByRole('button', { name: '预览修正' }).click();
    await expect.poll(() => repair.getByText('共 3 处修改').count()).toBeGreaterThan(0);
    await picture(repair, 'data-repair-preview-tech');
    await repair.context().close();
    const audits = await h.openAs(AUDITOR.username, AUDITOR.password, '/auditList');
    await audits.getByRole('tab', { name: '已处理' }).click();
    await expect.poll(() => audits.locator('.ant-table-row').count()).toBe(2);
    await picture(audits, 'audit-list-tech');
    await audits
      .locator('.ant-table-row', { hasText: '线性插值' })
      .first()
      .getByRole('button', { name: two('详情') })
      .click();
    await expect.poll(() => audits.getByText('共 3 处修改').count()).toBe(1);
    await picture(audits, 'audit-detail-tech');
    await audits.context().close();
  });
});
