import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, REVIEW_SHOTS, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 使用分享码 end to end (decision 0069): the demo project's admin shares two gateways that publish
 * over MQTT; another project's admin uses the code from the avatar menu (after the capacity-short
 * dialog sends them to 资源概览 once), sees the gateways tagged 共享 with live data, and loses
 * them when the owner revokes the share.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let demoProject: number;
let target: number;
let targetToken: string;
let ownerToken: string;
const SHOTS = process.env.SHARE_SHOTS ?? REVIEW_SHOTS;
const { username: OWNER, password: OWNER_PASSWORD } = DEMO_ACCOUNTS.projectAdmin;
const TARGET_USER = 'share-e2e';
const TARGET_PASSWORD = 'Passw0rd!';

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/share-${name}.png` });
}

async function setTheme(token: string, theme: string) {
  expect((await h.t.request('PUT', '/iot/users/current/theme', { token, body: { theme } })).body.code).toBe(
    20000,
  );
}

async function openUseShare(page: Page) {
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '使用分享码' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '使用分享码' });
  await dialog.getByTestId('share-code').waitFor();
  return dialog;
}

async function fillShare(page: Page, dialog: Locator, code: string, project = '接收泵站') {
  await dialog.getByTestId('share-code').fill(code);
  await dialog.getByTestId('share-code').blur();
  await dialog.getByTestId('share-preview').waitFor();
  await dialog.getByLabel('目标项目').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByText(project, { exact: true })
    .click();
}

beforeAll(async () => {
  h = await startBrowserHarness();
  demoProject = h.t.server.seeded.demoProjectId!;
  site = await startSimulatedSite(h, { aliases: ['共享进水泵', '共享出水泵'], intervalMs: 800 });
  // The target project starts with room for two monitoring items: too few for the share.
  target = (
    await h.api<{ projectGroupId: number }>('POST', '/iot/projects', {
      name: '接收泵站',
      accessGatewayIndicatorMaxNum: 2,
    })
  ).projectGroupId;
  const roles = await h.api<{ id: number; builtin: string | null }[]>(
    'GET',
    `/iot/groups/${target}/roles/options`,
  );
  await h.api('POST', `/iot/groups/${target}/users`, {
    username: TARGET_USER,
    realname: '泵站管理员',
    password: TARGET_PASSWORD,
    roleId: roles.find((r) => r.builtin === 'admin')!.id,
  });
  targetToken = (await h.t.login(TARGET_USER, TARGET_PASSWORD)).access;
  ownerToken = (await h.t.login(OWNER, OWNER_PASSWORD)).access;
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('sharing two gateways by code', () => {
  let code = '';

  it('the owner project’s admin shares two gateways and copies the code', async () => {
    await setTheme(ownerToken, 'light');
    const page = await h.openAs(OWNER, OWNER_PASSWORD, `/projects/groups/${demoProject}/gateways`);
    await page.getByTestId('open-shares').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '设备分享' });
    await dialog.getByTestId('share-gateways').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    for (const gateway of site.gateways)
      await dropdown.getByText(gateway.alias, { exact: false }).first().click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('share-create').click();
    const created = dialog.getByTestId('share-created');
    await created.waitFor();
    code = ((await created.locator('strong').textContent()) ?? '').trim();
    expect(code).toHaveLength(36);
    await dialog.locator('.ant-table-row').first().waitFor();
    await shot(page, 'manage-light-desk');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Its own project as the target: refused on the field with the spec's message.
    const use = await openUseShare(page);
    await fillShare(page, use, code, '示范污水处理项目');
    await button(use, '创建').click();
    await use.getByText('分享码的设备来自所选项目，请更换项目！').waitFor();
    await page.close();
  });

  it('the target’s admin is told the project has too few monitoring items, with a link to 资源概览', async () => {
    await setTheme(targetToken, 'light');
    const page = await h.openAs(TARGET_USER, TARGET_PASSWORD, `/projects/groups/${target}/gateways`);
    const dialog = await openUseShare(page);
    // The spec's messages: empty fields on 创建.
    await button(dialog, '创建').click();
    await dialog.getByText('分享码不能为空！').waitFor();
    await dialog.getByText('项目不能为空！').waitFor();
    await dialog.getByTestId('share-code').fill('x'.repeat(37));
    await dialog.getByText('最多输入36个字符！').waitFor();
    await dialog.getByTestId('share-code').fill('no-such-code');
    await dialog.getByTestId('share-code').blur();
    await dialog.getByText('分享码不存在或已撤销！').waitFor();

    await fillShare(page, dialog, code);
    await shot(page, 'use-light-desk');
    await button(dialog, '创建').click();
    const short = page.getByTestId('capacity-short');
    await short.waitFor();
    expect(await short.textContent()).toMatch(/该分享需要的监测项比项目剩余的多\d+个/);
    await shot(page, 'capacity-light-desk');
    await short.getByRole('link', { name: '前往资源概览购买' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/groups/${target}/overview`);
    await page.close();
  });

  it('after more items are bought, the code creates the links and the gateways show live, tagged 共享', async () => {
    await h.api('PUT', `/iot/projects/${target}/terms`, { accessGatewayIndicatorMaxNum: 256 });
    await setTheme(targetToken, 'tech');
    const page = await h.openAs(TARGET_USER, TARGET_PASSWORD, `/projects/groups/${target}/gateways`);
    const dialog = await openUseShare(page);
    await fillShare(page, dialog, code);
    await shot(page, 'use-tech-desk');
    await button(dialog, '创建').click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '创建成功' });
    await notice.getByText(/已添加2个共享网关/).waitFor();

    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.filter({ has: page.getByTestId('shared-tag') }).count()).toBe(2);
    // Read-only here: 详情 and 移除共享, nothing that changes the gateway.
    const sharedRow = rows.filter({ has: page.getByTestId('shared-tag') }).first();
    await sharedRow.getByRole('button', { name: '移除共享' }).waitFor();
    expect(await sharedRow.getByRole('button', { name: /编\s?辑|删\s?除|解\s?绑/ }).count()).toBe(0);
    await shot(page, 'list-tech-desk');

    await page.goto(`${h.t.baseUrl}/projects/groups/${target}/realTimeData`);
    const [one, two] = site.gateways;
    for (const gateway of [one!, two!]) {
      const card = page.getByTestId(`gateway-card-${gateway.id}`);
      await card.getByTestId('shared-tag').waitFor();
      // Live values over the socket: the tile's text changes without a reload.
      const tile = card.locator('[data-testid^="live-tile-"]').first();
      await tile.waitFor();
      const before = await tile.textContent();
      await expect.poll(() => tile.textContent(), { timeout: 15_000 }).not.toBe(before);
    }
    await shot(page, 'live-tech-desk');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId(`gateway-card-${one!.id}`).waitFor();
    await shot(page, 'live-tech-390');
    await page.close();
  });

  it('the owner revokes the share after confirming; the gateways are gone from the target', async () => {
    const page = await h.openAs(OWNER, OWNER_PASSWORD, `/projects/groups/${demoProject}/gateways`);
    await page.getByTestId('open-shares').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '设备分享' });
    const row = dialog.locator('.ant-table-row').filter({ hasText: '接收泵站' });
    await row.waitFor();
    await row.getByRole('button', { name: /撤\s?销/ }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定撤销这个分享吗？' });
    await confirm.getByText('使用它的1个项目将立即失去这些设备。').waitFor();
    await shot(page, 'revoke-light-desk');
    await button(confirm, '撤销').click();
    await row.getByText('已撤销').waitFor();
    await page.close();
    await setTheme(targetToken, 'light');

    const after = await h.openAs(TARGET_USER, TARGET_PASSWORD, `/projects/groups/${target}/gateways`);
    await after.getByText('还没有网关').waitFor();
    await after.setViewportSize({ width: 390, height: 844 });
    await shot(after, 'revoked-light-390');
    await after.goto(`${h.t.baseUrl}/projects/groups/${target}/realTimeData`);
    await after.waitForTimeout(1500);
    expect(await after.getByTestId(`gateway-card-${site.gateways[0]!.id}`).count()).toBe(0);
    await after.close();
  });

  it('at 390 px the dialog and the share management fit', async () => {
    await setTheme(targetToken, 'light');
    const page = await h.openAs(TARGET_USER, TARGET_PASSWORD, `/projects/groups/${target}/gateways`);
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await openUseShare(page);
    await button(dialog, '创建').click();
    await dialog.getByText('分享码不能为空！').waitFor();
    await shot(page, 'use-light-390');
    await page.close();
    await setTheme(targetToken, 'tech');
    const tech = await h.openAs(TARGET_USER, TARGET_PASSWORD, `/projects/groups/${target}/gateways`);
    await tech.setViewportSize({ width: 390, height: 844 });
    await openUseShare(tech);
    await shot(tech, 'use-tech-390');
    await tech.close();
    for (const theme of ['light', 'tech']) {
      await setTheme(ownerToken, theme);
      const owner = await h.openAs(OWNER, OWNER_PASSWORD, `/projects/groups/${demoProject}/gateways`);
      const sharesDialog = owner.getByRole('dialog').filter({ hasText: '设备分享' });
      if (theme === 'tech') {
        await owner.getByTestId('open-shares').click();
        await sharesDialog.locator('.ant-table-row').first().waitFor();
        await shot(owner, 'manage-tech-desk');
        await owner.keyboard.press('Escape');
        await sharesDialog.waitFor({ state: 'hidden' });
      }
      await owner.setViewportSize({ width: 390, height: 844 });
      await owner.getByTestId('open-shares').click();
      await sharesDialog.locator('.ant-table-row').first().waitFor();
      await shot(owner, `manage-${theme}-390`);
      await owner.close();
    }
  });
});
