import type { InstructionRecord } from '@iot/contracts/remote-control';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway, type TestGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Issue 5's tools in the browser against the real server: ranking gateways over a day of known data,
 * a remote command acknowledged by a device on MQTT, and every tool-set entry of the top bar.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
const { username, password } = DEMO_ACCOUNTS.projectAdmin;
const MINUTE = 60_000;

/** Known cod values over the last day on three simulated gateways: 高 80, 中 50, 低 20. */
const RANKED = [
  { alias: '排名站-中', cod: 50 },
  { alias: '排名站-高', cod: 80 },
  { alias: '排名站-低', cod: 20 },
];

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  site = await startSimulatedSite(h, { aliases: RANKED.map((r) => r.alias), intervalMs: 5000 });
  const now = Date.now();
  for (const [index, gw] of site.gateways.entries()) {
    const entries = Array.from({ length: 22 * 60 }, (_, i) => ({
      ts: now - 23 * 60 * MINUTE + i * MINUTE,
      values: { cod: RANKED[index]!.cod + (i % 2 === 0 ? 1 : -1) },
    }));
    await h.t.server.telemetry.ingest.ingest(
      { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId },
      JSON.stringify(entries),
      now,
    );
  }
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

/** A picture of the whole screen from its top (clicks may have scrolled it). */
async function picture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400); // let transitions settle
  await screenshot(page, name);
}

async function openAs(path: string, theme = 'light'): Promise<Page> {
  const { access } = await h.t.login(username, password);
  const answer = await h.t.request('PUT', '/iot/users/current/theme', { token: access, body: { theme } });
  expect(answer.body.code).toBe(20000);
  const page = await h.openAs(username, password, path);
  await page.locator('[data-route-name]').waitFor();
  return page;
}

/** Picks an option of an antd select: opens it, types to filter, clicks the option. */
async function choose(page: Page, label: string, option: string, search?: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  if (search !== undefined) await select.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

const rankedAliases = async (page: Page) =>
  (
    await page.locator('[data-testid="ranking-table"] tbody tr.ant-table-row td:nth-child(2)').allInnerTexts()
  ).map((t) => t.trim());

describe('ranking', () => {
  for (const theme of ['light', 'tech']) {
    it(`ranks gateways by their average cod over the last day (${theme})`, async () => {
      const page = await openAs(`/projects/groups/${projectId}/ranking`, theme);
      expect(await routeName(page)).toBe(`router-ranking-g${projectId}`);
      await choose(page, '选择指标', '（cod）', 'cod');
      await choose(page, '时间范围', '最近24小时');
      await page.getByRole('button', { name: '查 询' }).click();
      await expect
        .poll(async () => (await rankedAliases(page)).slice(0, 3))
        .toEqual(['排名站-高', '排名站-中', '排名站-低']);
      await page.locator('[data-testid="ranking-chart"] canvas').waitFor();
      await picture(page, `ranking-${theme}`);

      // Lowest first, only the picked gateways; the conditions survive a reload (saved per user).
      await page.getByText('指定网关').click();
      await choose(page, '选择网关', '排名站-高');
      await choose(page, '选择网关', '排名站-低');
      await page.keyboard.press('Escape');
      await page.getByText('从低到高').click();
      await page.getByRole('button', { name: '查 询' }).click();
      await expect.poll(() => rankedAliases(page)).toEqual(['排名站-低', '排名站-高']);
      await page.reload();
      await expect.poll(() => rankedAliases(page)).toEqual(['排名站-低', '排名站-高']);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '导出' }).click();
      expect((await download).suggestedFilename()).toMatch(/^排名分析-.+-平均值-\d{4}-\d{2}-\d{2}\.xlsx$/);
      await page.context().close();
    });
  }
});

describe('remote control', () => {
  let gw: TestGateway;
  let device: MqttClient;
  const commands: Record<string, unknown>[] = [];

  beforeAll(async () => {
    gw = await createGateway(h.t, projectId, [
      { key: 'setpoint', type: 'float', decimals: 2, ioType: 'w' },
      { key: 'valve', type: 'boolean', ioType: 'rw' },
      {
        key: 'mode',
        type: 'enum',
        ioType: 'rw',
        enums: [
          { value: 0, label: '手动' },
          { value: 1, label: '自动' },
        ],
      },
      { key: 'flow', type: 'float', decimals: 2, ioType: 'r' },
    ]);
    // The valve is a jog output: it returns to its previous value one second after success (0016).
    await h.t.server.platform.db
      .updateTable('gateway_indicators')
      .set({ is_auto_reposition: 1, reposition_delay: 1 })
      .where('id', '=', gw.indicators.valve!)
      .execute();
    // A native device: subscribes to its commands topic and acknowledges each command with success.
    device = await mqtt.connectAsync(`mqtt://127.0.0.1:${h.t.server.telemetry.mqttPort}`, {
      clientId: gw.serialNumber,
      username: gw.serialNumber,
      password: gw.secret,
      reconnectPeriod: 0,
    });
    device.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString('utf8')) as { id: number };
      commands.push(command);
      void device.publishAsync(
        `gateways/${gw.serialNumber}/commands/ack`,
        JSON.stringify({ id: command.id, success: true }),
        { qos: 1 },
      );
    });
    await device.subscribeAsync(`gateways/${gw.serialNumber}/commands`, { qos: 1 });
    await device.publishAsync(
      `gateways/${gw.serialNumber}/telemetry`,
      JSON.stringify({ setpoint: 3.5, valve: 0, mode: 0, flow: 1 }),
      {
        qos: 1,
      },
    );
  });
  afterAll(() => device?.endAsync(true));

  for (const theme of ['light', 'tech']) {
    it(`sends a command from the screen and shows it acknowledged (${theme})`, async () => {
      const page = await openAs(`/projects/groups/${projectId}/remoteControl`, theme);
      expect(await routeName(page)).toBe(`router-equipmentRemoteControl-g${projectId}`);
      await choose(page, '选择网关', gw.serialNumber, gw.serialNumber.slice(0, 8));
      const table = page.getByTestId('writable-indicators');
      // Only the writable indicators, with their current values.
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(3);
      await expect.poll(() => page.getByTestId('current-setpoint').textContent()).toBe('3.50');
      expect(await table.getByText('flow').count()).toBe(0);

      const value = theme === 'light' ? '12.5' : '7.25';
      await page.getByLabel('setpoint控制值').fill(value);
      await table
        .locator('tr', { hasText: 'setpoint' })
        .getByRole('button', { name: /^下\s?发$/ })
        .click();
      await page.locator('.ant-modal-confirm-title', { hasText: '确认下发指令' }).waitFor();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /^下\s?发$/ })
        .click();

      const records = page.getByTestId('instruction-records');
      await records
        .locator('tr', { hasText: Number(value).toFixed(2) })
        .getByText('指令执行成功')
        .waitFor();
      expect(commands.at(-1)).toMatchObject({ metric: 'setpoint', value: Number(value) });
      const returns = await records.getByText('自动复位').count();

      // The jog valve: switched on, acknowledged, then returned automatically (自动复位).
      await table.locator('tr', { hasText: 'valve' }).getByRole('switch').click();
      await table
        .locator('tr', { hasText: 'valve' })
        .getByRole('button', { name: /^下\s?发$/ })
        .click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /^下\s?发$/ })
        .click();
      await expect.poll(() => records.getByText('自动复位').count(), { timeout: 15_000 }).toBe(returns + 1);
      await expect
        .poll(async () => {
          const list = await h.api<{ list: InstructionRecord[] }>(
            'GET',
            `/data-server/api/v2/gateways/${gw.id}/instructionRecords?page=0&size=5`,
          );
          return list.list[0]?.status;
        })
        .toBe(20000);
      await expect.poll(() => records.locator('[data-status="20000"]').count()).toBeGreaterThanOrEqual(3);
      await picture(page, `remote-control-${theme}`);
      await page.context().close();
    });
  }
});

describe('tool set', () => {
  it('opens each entry of the top bar dropdown on its tab of router-toolSet', async () => {
    const page = await openAs(`/projects/groups/${projectId}/ranking`);
    const entries = [
      ['gatewayDetail', '查找设备'],
      ['historicalData', '数据查看'],
      ['equipmentRemoteControl', '远程控制'],
      ['realTimeData', '实时数据'],
      ['indicatorConfig', '接入配置'],
      ['modbusConfig', '串口配置'],
      ['sensorAccess', '传感器接入'],
    ] as const;
    for (const [key, label] of entries) {
      // The dropdown opens on hover; a busy machine may miss the first one, so hover again if needed.
      for (let attempt = 0; ; attempt++) {
        await page.getByRole('button', { name: '工具集' }).hover();
        const item = page.locator('.ant-dropdown:visible').getByText(label, { exact: true });
        try {
          await item.click({ timeout: 5000 });
          await page.waitForURL((url) => url.searchParams.get('activeKey') === key, { timeout: 5000 });
          break;
        } catch (error) {
          if (attempt === 2) throw error;
          await page.mouse.move(0, 400);
        }
      }
      await expect.poll(() => routeName(page)).toBe(`router-toolSet-g${projectId}`);
      await expect.poll(() => new URL(page.url()).searchParams.get('activeKey')).toBe(key);
      await expect.poll(() => page.locator('.ant-tabs-tab-active').textContent()).toBe(label);
      await page.locator(`[data-tool="${key}"]`).waitFor();
      // Every tool is the working screen, not a placeholder.
      expect(await page.getByTestId('under-construction').count()).toBe(0);
    }
    await expect
      .poll(() => page.getByTestId('mqtt-address').textContent())
      .toContain(String(h.t.server.telemetry.mqttPort));
    await page.context().close();
  });

  for (const theme of ['light', 'tech']) {
    it(`shows the device connection instructions (${theme})`, async () => {
      const page = await openAs(`/projects/groups/${projectId}/toolSet?activeKey=sensorAccess`, theme);
      await choose(page, '选择网关', '排名站-高', '排名站-高');
      await page.getByText(`gateways/${site.gateways[1]!.serialNumber}/telemetry`).first().waitFor();
      await picture(page, `tool-set-sensor-access-${theme}`);
      await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/toolSet?activeKey=indicatorConfig`);
      await page.locator('[data-tool="indicatorConfig"]').waitFor();
      await choose(page, '选择网关', '排名站-高', '排名站-高');
      await page.locator('[data-tool="indicatorConfig"]').getByText('cod').first().waitFor();
      await picture(page, `tool-set-indicator-config-${theme}`);
      await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/toolSet?activeKey=realTimeData`);
      await page.locator('[data-tool="realTimeData"]').getByText('排名站-高').first().waitFor();
      await page.waitForTimeout(1500); // live values arrive over the socket
      await picture(page, `tool-set-real-time-${theme}`);
      await page.context().close();
    });
  }
});
