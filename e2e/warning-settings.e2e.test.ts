import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADDRESS_FORMAT } from '@iot/contracts';
import type { MessageTemplate, RecipientSetting, Webhook } from '@iot/contracts/messages';
import type { WarningRule } from '@iot/contracts/warnings';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 预警设置 (issue 6) against the real server: rules made, changed, switched off and deleted on the
 * form; one rule applied to two gateway indicators; the GB 18918 water-quality template; who is
 * told (recipients, a message template); and a webhook whose test reaches a local HTTP server,
 * signed, and shows as delivered.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let adminToken: string;
const READER = { username: 'warning-reader', password: 'Reader@2026', realname: '预警设置只读' };
const [STATION_A, STATION_B] = ['预警甲站', '预警乙站'];

/** What the local webhook receiver got: headers and the raw body. */
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

/** antd puts a space between two Chinese characters of a button. */
const two = (text: string) => new RegExp(`^${text[0]}\\s?${text[1]}$`);
const modal = (page: Page) => page.locator('.ant-modal:visible');
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

async function setTheme(theme: 'light' | 'tech') {
  await h.api('PUT', '/iot/users/current/theme', { theme }, adminToken);
}

async function picture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  // Toasts of the last action would cover the toolbar.
  await expect.poll(() => page.locator('.ant-message-notice').count()).toBe(0);
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

const rules = async () =>
  (
    await h.api<{ list: WarningRule[] }>(
      'GET',
      `/iot/groups/${projectId}/warningRules?size=1000`,
      undefined,
      adminToken,
    )
  ).list;

async function openSettings(
  tab = '',
  account: { username: string; password: string } = DEMO_ACCOUNTS.projectAdmin,
) {
  const page = await h.openAs(
    account.username,
    account.password,
    `/projects/groups/${projectId}/warningSetting${tab ? `?tab=${tab}` : ''}`,
  );
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-warningSetting-g${projectId}`);
  return page;
}

/** Picks an option of a select in the dialog by its label (typing it first in a searchable one). */
async function choose(page: Page, label: string, option: string, search = false) {
  const select = modal(page).getByLabel(label, { exact: true });
  await select.click();
  if (search) await select.fill(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Closes an open dropdown of the dialog (Escape would close the dialog itself). */
const closeDropdown = (page: Page) => modal(page).locator('.ant-modal-title').click();

/**
 * Clicks the dialog's OK button (保存, 应用 …). Its name is matched at the end only: after a
 * refused save the spinner may still be fading out, and its "loading" icon is part of the name.
 */
const confirm = (page: Page, text: string) =>
  modal(page)
    .getByRole('button', { name: new RegExp(`${text.split('').join('\\s?')}$`) })
    .click();

async function popconfirm(page: Page, trigger: Locator, ok: string) {
  await trigger.click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: two(ok) })
    .click();
}

beforeAll(async () => {
  h = await startBrowserHarness();
  site = await startSimulatedSite(h, { aliases: [STATION_A, STATION_B], intervalMs: 5000 });
  projectId = site.projectId;
  adminToken = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  await setTheme('light');
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/iot-hook`;
}, 120_000);

afterAll(async () => {
  await site?.simulation.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await h?.close();
});

describe('warning rules', () => {
  it('creates a rule on the form (the form names what is missing), edits, disables and deletes it', async () => {
    const page = await openSettings();
    await expect.poll(() => page.getByText('还没有预警规则', { exact: false }).count()).toBe(1);
    await page.getByRole('button', { name: '新建规则' }).click();
    await choose(page, '网关指标', `${STATION_A} / 化学需氧量`, true);
    await modal(page).getByLabel('规则名称').fill('出水COD偏高');
    // Without 上限 nothing is sent: the field says what is missing (the server says the same, 请填写阈值).
    await confirm(page, '保存');
    await expect.poll(() => modal(page).getByText('请填写上限').count()).toBe(1);
    await modal(page).getByLabel('上限').fill('60');
    // 持续时间 is the shared duration input: 30 秒 is kept as 30 (this field's unit is seconds).
    await modal(page).getByRole('spinbutton', { name: '持续时间秒' }).fill('30');
    await modal(page).getByLabel('解除回差').fill('2');
    await modal(page).getByRole('switch', { name: '生效时段' }).click();
    const times = modal(page).locator('.ant-picker-range input');
    await times.first().click();
    await page.keyboard.type('08:00');
    await page.keyboard.press('Enter');
    await page.keyboard.type('18:00');
    await page.keyboard.press('Enter');
    await expect.poll(() => times.last().inputValue()).toBe('18:00');
    await picture(page, 'warning-settings-rule-form-light');
    await confirm(page, '保存');
    await expect.poll(() => modal(page).count()).toBe(0);

    const stored = (await rules()).find((r) => r.name === '出水COD偏高');
    expect(stored).toMatchObject({
      gatewayId: site.gateways[0]!.id,
      metric: 'cod',
      kind: 'above',
      high: 60,
      low: null,
      level: 2,
      delaySeconds: 30,
      hysteresis: 2,
      schedule: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
      enabled: true,
    });
    const listed = row(page, '出水COD偏高');
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.textContent()).toContain('> 60');
    expect(await listed.textContent()).toContain('周一至周五 08:00–18:00');

    // Edit: a higher limit and level 一级.
    await listed.getByRole('button', { name: two('编辑') }).click();
    await modal(page).getByLabel('上限').fill('80');
    await choose(page, '预警等级', '一级');
    await confirm(page, '保存');
    await expect.poll(async () => (await rules()).find((r) => r.id === stored!.id)?.high).toBe(80);
    expect((await rules()).find((r) => r.id === stored!.id)?.level).toBe(1);
    await expect.poll(() => listed.textContent()).toContain('> 80');

    // Switched off in the list.
    await listed.getByRole('switch', { name: `启用规则 ${stored!.id}` }).click();
    await expect.poll(async () => (await rules()).find((r) => r.id === stored!.id)?.enabled).toBe(false);

    // Deleted after confirming.
    await popconfirm(page, listed.getByRole('button', { name: two('删除') }), '删除');
    await expect.poll(async () => (await rules()).some((r) => r.id === stored!.id)).toBe(false);
    await expect.poll(() => listed.count()).toBe(0);
    await page.context().close();
  }, 90_000);

  it('applies one rule to two gateway indicators, then the water-quality template to the rest', async () => {
    const page = await openSettings('rules');
    await page.getByRole('button', { name: '批量应用' }).click();
    // The same indicator of both stations (the tree lists station A before B).
    await modal(page).getByLabel('选择指标', { exact: true }).click();
    const tree = page.locator('.ant-select-dropdown:visible');
    const nh3n = tree.locator('.ant-select-tree-node-content-wrapper[title="氨氮（nh3n）"]');
    await expect.poll(() => nh3n.count()).toBe(2);
    await nh3n.nth(0).click();
    await nh3n.nth(1).click();
    await closeDropdown(page);
    await modal(page).getByLabel('规则名称').fill('氨氮批量');
    await modal(page).getByLabel('上限').fill('8');
    await confirm(page, '应用');
    await expect.poll(() => page.getByText('已创建 2 条预警规则').count()).toBe(1);
    const batch = (await rules()).filter((r) => r.name === '氨氮批量');
    expect(batch.map((r) => r.gatewayId).sort()).toEqual(site.gateways.map((g) => g.id).sort());
    expect(batch.every((r) => r.metric === 'nh3n' && r.kind === 'above' && r.high === 8)).toBe(true);

    // The template treats effluent: no gateway named 出水 here, so none is chosen until the user
    // picks; then COD, SS, TN, NH3-N, TP and pH match on station A only (NH3-N already has a rule).
    await page.getByRole('button', { name: '水质模板' }).click();
    const ss = row(page, '悬浮物（SS）');
    await expect.poll(() => row(page, '化学需氧量（COD）').textContent()).toContain('无');
    expect(await modal(page).getByText('请选择出水网关').count()).toBe(1);
    expect(
      await modal(page)
        .getByRole('button', { name: /应用 0 项$/ })
        .isDisabled(),
    ).toBe(true);
    await choose(page, '应用到网关', STATION_A);
    await closeDropdown(page);
    await expect.poll(() => ss.locator('.ant-tag').count()).toBe(1);
    expect(await ss.textContent()).toContain(STATION_A);
    expect(await ss.textContent()).not.toContain(STATION_B);
    expect(await row(page, '氨氮（以N计）').textContent()).toContain('已有');
    expect(await row(page, '五日生化需氧量（BOD5）').textContent()).toContain('无');
    // Not SS this time.
    await ss.locator('.ant-checkbox-input').click();
    await picture(page, 'warning-settings-water-quality-light');
    await confirm(page, '应用 4 项');
    await expect.poll(() => page.getByText('已按水质模板创建 4 条预警规则').count()).toBe(1);
    const after = await rules();
    const [stationA] = site.gateways;
    const named = (name: string) => after.filter((r) => r.name === name);
    expect(named('化学需氧量（COD）').map((r) => [r.gatewayId, r.metric, r.kind, r.high])).toEqual([
      [stationA!.id, 'cod', 'above', 50],
    ]);
    expect(named('pH').map((r) => [r.gatewayId, r.kind, r.low, r.high])).toEqual([
      [stationA!.id, 'outside', 6, 9],
    ]);
    expect(named('总氮（以N计）')).toHaveLength(1);
    expect(named('总磷（以P计）')).toHaveLength(1);
    expect(named('悬浮物（SS）')).toHaveLength(0);
    expect(named('氨氮（以N计）')).toHaveLength(0);
    // The server refuses a gateway of another project, whatever the page sends.
    const other = await h.api<{ projectGroupId: number }>('POST', '/iot/projects', {
      name: '水质模板他项目',
    });
    const foreign = await createGateway(h.t, other.projectGroupId, [{ key: 'ss', type: 'float' }]);
    const refused = await h.t.request(
      'POST',
      `/iot/groups/${projectId}/warningTemplates/waterQuality/apply`,
      { token: adminToken, body: { gatewayIds: [stationA!.id, foreign.id], keys: ['ss'] } },
    );
    expect(refused.body).toMatchObject({ code: 40000, message: '网关不存在或不属于本项目' });
    expect((await rules()).length).toBe(after.length);
    await expect.poll(() => page.getByText(`共 ${after.length} 条`).count()).toBe(1);
    await picture(page, 'warning-settings-rules-light');
    await page.context().close();
  }, 90_000);
});

describe('who is told', () => {
  it('saves a recipient setting with SMS, and a warning template with a placeholder', async () => {
    const page = await openSettings('recipients');
    await expect.poll(() => page.getByText('按默认发送的类型').count()).toBe(1);
    await page.getByRole('button', { name: '新建通知对象' }).click();
    await modal(page).getByLabel('名称').fill('值班管理员');
    await choose(page, '接收人', DEMO_ACCOUNTS.projectAdmin.realname, true);
    await closeDropdown(page);
    await modal(page).getByLabel('发送短信').check();
    await confirm(page, '保存');
    await expect.poll(() => row(page, '值班管理员').count()).toBe(1);
    const [setting] = await h.api<RecipientSetting[]>(
      'GET',
      `/iot/groups/${projectId}/messageRecipients`,
      undefined,
      adminToken,
    );
    expect(setting).toMatchObject({
      types: ['warning', 'warningRelease'],
      sms: true,
      voice: false,
      enabled: true,
    });
    expect(setting!.userIds).toHaveLength(1);
    expect(await row(page, '值班管理员').textContent()).toContain(DEMO_ACCOUNTS.projectAdmin.realname);
    await picture(page, 'warning-settings-recipients-light');

    // 消息模板: the address keeps the tab.
    await page.getByRole('tab', { name: '消息模板' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('templates');
    const title = page.getByLabel('标题', { exact: true });
    await title.fill('水质预警：');
    await page.getByRole('button', { name: '网关名称' }).click();
    await expect.poll(() => title.inputValue()).toBe('水质预警：{gatewayAlias}');
    await expect
      .poll(() => page.getByTestId('template-preview').textContent())
      .toContain('水质预警：1号出水口');
    await page.getByRole('button', { name: '保存模板' }).click();
    await expect.poll(() => page.getByText('「监测预警通知」模板已保存').count()).toBe(1);
    await picture(page, 'warning-settings-templates-light');
    const templates = await h.api<MessageTemplate[]>(
      'GET',
      `/iot/groups/${projectId}/messageTemplates`,
      undefined,
      adminToken,
    );
    expect(templates.find((t) => t.type === 'warning')).toMatchObject({
      title: '水质预警：{gatewayAlias}',
      isDefault: false,
    });
    await page.context().close();
  }, 60_000);
});

describe('webhooks', () => {
  it('sends a signed test to a local server and lists the delivery as delivered', async () => {
    const page = await openSettings('webhooks');
    await page.getByRole('button', { name: '新建 Webhook' }).click();
    await modal(page).getByLabel('名称').fill('本地接收');
    await modal(page).getByLabel('地址').fill('not a url');
    await confirm(page, '保存');
    await expect.poll(() => modal(page).getByText(ADDRESS_FORMAT).count()).toBe(1);
    await modal(page).getByLabel('地址').fill(receiverUrl);
    await confirm(page, '保存');
    await expect.poll(() => row(page, '本地接收').count()).toBe(1);
    const [webhook] = await h.api<Webhook[]>(
      'GET',
      `/iot/groups/${projectId}/webhooks`,
      undefined,
      adminToken,
    );
    expect(webhook!.secret.length).toBeGreaterThanOrEqual(16);

    await row(page, '本地接收')
      .getByRole('button', { name: two('测试') })
      .click();
    await expect.poll(() => received.length).toBe(1);
    const [hit] = received;
    const timestamp = String(hit!.headers['x-iot-timestamp']);
    const expected = createHmac('sha256', webhook!.secret).update(`${timestamp}.${hit!.body}`).digest('hex');
    expect(hit!.headers['x-iot-signature']).toBe(`sha256=${expected}`);
    expect(hit!.headers['x-iot-event']).toBe('test');
    expect(JSON.parse(hit!.body)).toMatchObject({ event: 'test', projectId });

    const drawer = page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.locator('.ant-tag', { hasText: '已送达' }).count()).toBe(1);
    expect(await drawer.locator('.ant-table-row').textContent()).toContain('204');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await picture(page, 'warning-settings-webhooks-light');
    await page.context().close();
  }, 60_000);
});

describe('permissions and themes', () => {
  it('a reader of 预警设置 sees the settings without the buttons that change them', async () => {
    const role = await h.api<{ id: number }>(
      'POST',
      `/iot/groups/${projectId}/roles`,
      {
        name: '预警设置只读',
        functions: [
          { code: 'router-warningSetting', permission: 1 },
          { code: 'router-project-group', permission: 1 },
        ],
      },
      adminToken,
    );
    await h.api('POST', `/iot/groups/${projectId}/users`, { ...READER, roleId: role.id }, adminToken);
    const page = await openSettings('rules', READER);
    await expect.poll(() => row(page, '氨氮批量').count()).toBe(2);
    expect(await page.getByRole('button', { name: '新建规则' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: two('编辑') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: two('删除') }).count()).toBe(0);
    expect(await row(page, '氨氮批量').first().getByRole('switch').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Webhook' }).click();
    await expect.poll(() => row(page, '本地接收').count()).toBe(1);
    expect(await page.getByRole('button', { name: two('测试') }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('reads well in the tech theme', async () => {
    await setTheme('tech');
    try {
      const page = await openSettings('rules');
      await expect.poll(() => page.locator('[data-theme="tech"]').count()).toBeGreaterThan(0);
      await expect.poll(() => row(page, '氨氮批量').count()).toBe(2);
      await picture(page, 'warning-settings-rules-tech');
      await row(page, 'pH')
        .first()
        .getByRole('button', { name: two('编辑') })
        .click();
      await expect.poll(() => modal(page).getByLabel('下限').inputValue()).toBe('6');
      await picture(page, 'warning-settings-rule-form-tech');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: '通知对象' }).click();
      await expect.poll(() => row(page, '值班管理员').count()).toBe(1);
      await picture(page, 'warning-settings-recipients-tech');
      await page.getByRole('tab', { name: 'Webhook' }).click();
      await row(page, '本地接收').getByRole('button', { name: '投递记录' }).click();
      await expect
        .poll(() => page.locator('.ant-drawer:visible .ant-tag', { hasText: '已送达' }).count())
        .toBe(1);
      await picture(page, 'warning-settings-webhooks-tech');
      await page.context().close();
    } finally {
      await setTheme('light');
    }
  }, 90_000);
});
