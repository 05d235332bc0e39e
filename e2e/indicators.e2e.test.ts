import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import type { Profile } from '../apps/server/src/simulator/profiles.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * 指标配置 (issue 5) against the real server and a live simulated device: indicators with their
 * type-specific fields, gateway indicators, thing-model import, Modbus configuration, decimals
 * applied to the next value, the growing gateway-indicator list and the quota refusal.
 */
let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let demoAdmin: string;
let gatewayId: number;
let gatewayAlias: string;
const files = mkdtempSync(path.join(tmpdir(), 'indicators-e2e-'));

/** The device's turbidity: four decimals as sent, so a change to fewer shows in the next value. */
const TURBIDITY: Profile = {
  key: 'turb',
  name: 'E2E浊度',
  unit: 'NTU',
  type: 'float',
  decimals: 4,
  base: 12.3456,
  amplitude: 1.5,
  peakHour: 10,
  noise: 0.37,
  min: 0,
  max: 100,
  excursionChance: 0,
  excursion: 1,
};

/** Ant Design puts a space between two Chinese characters of a button (保存 reads 保 存); an icon may lead. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
/** Table rows holding every one of `texts`. */
const row = (scope: Page | Locator, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), scope.locator('.ant-table-row'));
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks an option (by its title) of the Select labelled `label`; types `search` first if given. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  if (search) await select.fill(search);
  await openDropdown(page).locator(`[title="${option}"]`).click();
  // No Escape to hurry it: inside a dialog that would close the dialog too.
  await openDropdown(page).waitFor({ state: 'hidden', timeout: 10_000 });
}

const indicatorsPath = () => `/projects/groups/${projectId}/indicators`;

async function openIndicators(): Promise<Page> {
  const page = await h.openAs(
    DEMO_ACCOUNTS.projectAdmin.username,
    DEMO_ACCOUNTS.projectAdmin.password,
    indicatorsPath(),
  );
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await expect.poll(() => routeName(page)).toBe(`router-indicatorConfig-g${projectId}`);
  return page;
}

/** Errors thrown in the pages of the current test: none is expected. */
let pageErrors: string[] = [];
afterEach(() => {
  const errors = pageErrors;
  pageErrors = [];
  expect(errors).toEqual([]);
});

/** 接入配置 → the gateway → one of its sections (网关指标, Modbus配置). */
async function openAccess(page: Page, alias: string, section: '网关指标' | 'Modbus配置'): Promise<void> {
  await page.getByRole('tab', { name: '接入配置' }).click();
  const select = page.getByLabel('网关', { exact: true });
  await select.click();
  await select.fill(alias);
  await openDropdown(page)
    .locator('.ant-select-item-option', { hasText: `${alias}（` })
    .click();
  await page.getByRole('tab', { name: section }).click();
}

async function gatewayIndicators(id: number) {
  return h.api<{ total: number; list: { id: number; alias: string; dataIdentification: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/gateways/${id}/indicators?size=1000`,
    undefined,
    demoAdmin,
  );
}

async function lastTurbidity(): Promise<{ ts: number; value: number } | undefined> {
  const answer = await h.api<Record<string, Record<string, { ts: number; value: number }>>>(
    'POST',
    '/data-server/api/v2/gateways/lastMetrics',
    { gatewayIds: [gatewayId], metrics: ['turb'] },
    demoAdmin,
  );
  return answer[gatewayId]?.turb;
}

const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  demoAdmin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, demoAdmin);
  site = await startSimulatedSite(h, { aliases: ['E2E接入网关'], profiles: [TURBIDITY], intervalMs: 500 });
  const gateway = site.gateways[0]!;
  gatewayId = gateway.id;
  gatewayAlias = gateway.alias;
}, 60_000);
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('indicators', () => {
  it('creates an enum indicator and a float indicator with decimals through the form', async () => {
    const page = await openIndicators();
    await row(page, 'E2E浊度').waitFor();

    await button(page, '新建指标').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('指标名称', { exact: true }).fill('E2E运行状态');
    await choose(page, dialog, '指标类型', '枚举');
    await dialog.getByRole('button', { name: '添加枚举值' }).waitFor();
    // An enum indicator needs values: the contracts' message until one is added.
    await button(dialog, '保存').click();
    await dialog.getByText('枚举类型的指标至少需要一个枚举值').waitFor();
    await dialog.getByRole('button', { name: '添加枚举值' }).click();
    await dialog.getByRole('button', { name: '添加枚举值' }).click();
    const values = dialog.getByLabel('枚举值', { exact: true });
    const labels = dialog.getByLabel('枚举含义', { exact: true });
    await values.nth(0).fill('0');
    await labels.nth(0).fill('停止');
    await values.nth(1).fill('0');
    await labels.nth(1).fill('运行');
    await button(dialog, '保存').click();
    await dialog.getByText('枚举值不能重复').waitFor();
    await values.nth(1).fill('1');
    await expect.poll(() => dialog.getByText('枚举值不能重复').count()).toBe(0);
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'E2E运行状态', '枚举', '0：停止', '1：运行').waitFor();

    await button(page, '新建指标').click();
    await dialog.getByLabel('指标名称', { exact: true }).fill('E2E溶解氧');
    // Float is the default type: unit and decimal places are its own fields.
    // The unit is picked from 单位管理's catalogue (decision 0040), searched by symbol.
    await choose(page, dialog, '单位', 'mg/L（毫克每升）', 'mg/L');
    await dialog.getByLabel('小数位数', { exact: true }).fill('3');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'E2E溶解氧', '浮点数', 'mg/L').waitFor();

    const list = await h.api<{
      list: { name: string; type: string; decimalPlaces: number; indicatorEnums: unknown }[];
    }>('GET', `/iot/groups/${projectId}/indicators?size=1000`, undefined, demoAdmin);
    expect(list.list.find((i) => i.name === 'E2E运行状态')).toMatchObject({
      type: 'enum',
      indicatorEnums: [
        { value: 0, label: '停止' },
        { value: 1, label: '运行' },
      ],
    });
    expect(list.list.find((i) => i.name === 'E2E溶解氧')).toMatchObject({ type: 'float', decimalPlaces: 3 });
    await page.close();
  });

  it('binds both as gateway indicators of the live gateway', async () => {
    const page = await openIndicators();
    await openAccess(page, gatewayAlias, '网关指标');
    const panel = page.getByTestId('gateway-indicators-panel');
    await row(panel, 'E2E浊度', 'turb').waitFor();

    for (const [indicator, key, io] of [
      ['E2E运行状态', 'run', '读写'],
      ['E2E溶解氧', 'do2', '只读'],
    ] as const) {
      await button(panel, '新建网关指标').click();
      const dialog = page.getByRole('dialog');
      await choose(
        page,
        dialog,
        '指标',
        `${indicator}（${indicator === 'E2E溶解氧' ? '浮点数，mg/L' : '枚举'}）`,
        indicator,
      );
      // The alias follows the indicator's name until it is typed.
      await expect.poll(() => dialog.getByLabel('别名', { exact: true }).inputValue()).toBe(indicator);
      await dialog.getByLabel('数据标识', { exact: true }).fill('bad key!');
      await button(dialog, '保存').click();
      await dialog.getByText('数据标识只能包含字母、数字和 _ . : -，1～64位').waitFor();
      await dialog.getByLabel('数据标识', { exact: true }).fill(key);
      await dialog.getByText(io, { exact: true }).click();
      await button(dialog, '保存').click();
      await dialog.waitFor({ state: 'hidden' });
      await row(panel, indicator, key, io).waitFor();
    }
    const keys = (await gatewayIndicators(gatewayId)).list.map((g) => g.dataIdentification);
    expect(keys).toEqual(expect.arrayContaining(['turb', 'run', 'do2']));
    await page.close();
  });

  it('imports a thing model JSON file, and refuses any other file with the spec’s message', async () => {
    const page = await openIndicators();
    await openAccess(page, gatewayAlias, '网关指标');
    const panel = page.getByTestId('gateway-indicators-panel');
    await row(panel, 'E2E溶解氧').waitFor();
    const input = panel.locator('input[type=file]');

    const text = path.join(files, 'model.txt');
    writeFileSync(text, '{"properties": []}');
    await input.setInputFiles(text);
    await page.getByText('上传的文件格式不正确,请选择.json类型的物模型文件').waitFor();

    const model = path.join(files, 'pump.json');
    writeFileSync(
      model,
      JSON.stringify({
        properties: [
          {
            name: 'E2E出水流量',
            identifier: 'flow_out',
            desc: '出水瞬时流量',
            accessMode: 'r',
            dataType: { type: 'float', specs: { step: '0.01', unit: 'm³/h' } },
          },
          {
            name: 'E2E水泵开关',
            identifier: 'pump_on',
            accessMode: 'rw',
            dataType: { type: 'bool', specs: {} },
          },
        ],
      }),
    );
    await input.setInputFiles(model);
    await page
      .getByText('物模型已导入：新增网关指标 2 个，跳过已有数据标识 0 个，新建项目指标 2 个')
      .waitFor();
    await row(panel, 'E2E出水流量', 'flow_out', 'm³/h', '只读').waitFor();
    await row(panel, 'E2E水泵开关', 'pump_on', '布尔', '读写').waitFor();
    await page.close();
  });

  it('fills and saves a Modbus configuration and reads it back', async () => {
    const page = await openIndicators();
    await openAccess(page, gatewayAlias, 'Modbus配置');
    const form = page.getByTestId('modbus-config-panel');
    await form.getByRole('checkbox', { name: '采集 E2E溶解氧' }).waitFor();

    await choose(page, form, '波特率', '19200');
    await choose(page, form, '校验位', '偶校验');
    await form.getByLabel('采集周期（秒）', { exact: true }).fill('30');
    await form.getByRole('checkbox', { name: '采集 E2E溶解氧' }).check();
    await form.getByLabel('从站地址 E2E溶解氧', { exact: true }).fill('2');
    await form.getByLabel('寄存器地址 E2E溶解氧', { exact: true }).fill('100');
    // Function code 01 reads coils: only bit may be read that way (the contracts' rule).
    await choose(page, form, '功能码 E2E溶解氧', '01 读线圈');
    await choose(page, form, '数据类型 E2E溶解氧', 'float32');
    await button(form, '保存 Modbus 配置').click();
    await form.getByText('功能码 01、02 只能使用 bit 数据类型', { exact: true }).waitFor();
    await choose(page, form, '功能码 E2E溶解氧', '03 读保持寄存器');
    await choose(page, form, '字节序 E2E溶解氧', 'CDAB');
    await choose(page, form, '模拟量采集 E2E溶解氧', '4-20mA');
    await form.getByLabel('倍率 E2E溶解氧', { exact: true }).fill('0.1');
    await button(form, '保存 Modbus 配置').click();
    await page.getByText('Modbus 配置已保存，采集 1 个网关指标').waitFor();

    const doId = (await gatewayIndicators(gatewayId)).list.find((g) => g.dataIdentification === 'do2')!.id;
    const saved = await h.api<Record<string, unknown>>(
      'GET',
      `/iot/groups/${projectId}/gateways/${gatewayId}/modbusConfig`,
      undefined,
      demoAdmin,
    );
    expect(saved).toEqual({
      baudRate: 19200,
      dataBits: 8,
      stopBits: 1,
      parity: 'even',
      pollIntervalSeconds: 30,
      indicators: [
        {
          gatewayIndicatorId: doId,
          dataIdentification: 'do2',
          slaveId: 2,
          functionCode: 3,
          address: 100,
          dataType: 'float32',
          byteOrder: 'CDAB',
          scale: 0.1,
          analogRange: '4-20mA',
        },
      ],
    });

    // Read back in a fresh page: the form shows what was saved.
    await page.reload();
    await page.getByRole('tab', { name: 'Modbus配置', selected: true }).waitFor();
    await expect.poll(() => form.getByLabel('采集周期（秒）', { exact: true }).inputValue()).toBe('30');
    expect(await form.getByRole('checkbox', { name: '采集 E2E溶解氧' }).isChecked()).toBe(true);
    expect(await form.getByLabel('寄存器地址 E2E溶解氧', { exact: true }).inputValue()).toBe('100');
    await form.locator('.ant-select', { hasText: '偶校验' }).waitFor();
    await form.locator('.ant-select', { hasText: '19200' }).waitFor();
    await form.locator('.ant-select', { hasText: 'CDAB' }).waitFor();
    await form.locator('.ant-select', { hasText: '4-20mA' }).waitFor();
    expect(await form.getByRole('checkbox', { name: '采集 E2E浊度' }).isChecked()).toBe(false);
    await page.close();
  });

  it('normalises the next value from the device to the decimal places just configured', async () => {
    // The device sends four decimals; the indicator keeps four until the operator changes it.
    await expect
      .poll(async () => decimalsOf((await lastTurbidity())?.value ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(1);

    const page = await openIndicators();
    await page.getByLabel('指标名称', { exact: true }).fill('E2E浊度');
    await page.keyboard.press('Enter');
    const turbidity = row(page, 'E2E浊度');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await button(turbidity, '编辑').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('小数位数', { exact: true }).inputValue()).toBe('4');
    await dialog.getByLabel('小数位数', { exact: true }).fill('1');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    const changedAt = Date.now();

    // Values arriving after the change carry one decimal (the server rereads bindings within 5 s).
    await expect
      .poll(
        async () => {
          const last = await lastTurbidity();
          return last && last.ts > changedAt + 6000 ? decimalsOf(last.value) : -1;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(0);
    const last = (await lastTurbidity())!;
    expect(decimalsOf(last.value)).toBeLessThanOrEqual(1);
    expect(last.value).toBe(Number(last.value.toFixed(1)));
    await page.close();
  });

  it('loads a long gateway-indicator list in chunks of 64', async () => {
    const created = await h.api<{ id: number; serialNumber: string; alias: string }>(
      'POST',
      `/iot/groups/${projectId}/gateways`,
      { serialNumber: 'E2ECHUNK0001', alias: 'E2E多点网关' },
      demoAdmin,
    );
    const indicator = await h.api<{ id: number }>(
      'POST',
      `/iot/groups/${projectId}/indicators`,
      { name: 'E2E温度', type: 'float', unit: '℃', decimalPlaces: 1 },
      demoAdmin,
    );
    for (let i = 1; i <= 70; i++)
      await h.api(
        'POST',
        `/iot/groups/${projectId}/gateways/${created.id}/indicators`,
        {
          indicatorId: indicator.id,
          alias: `温度点${String(i).padStart(2, '0')}`,
          dataIdentification: `t${i}`,
        },
        demoAdmin,
      );

    const page = await openIndicators();
    await openAccess(page, created.alias, '网关指标');
    const panel = page.getByTestId('gateway-indicators-panel');
    await panel.getByText('已显示 64 / 共 70 个网关指标').waitFor();
    expect(await panel.locator('.ant-table-row').count()).toBe(64);
    await button(panel, '加载更多').click();
    await panel.getByText('已显示 70 / 共 70 个网关指标').waitFor();
    expect(await panel.locator('.ant-table-row').count()).toBe(70);
    expect(await button(panel, '加载更多').count()).toBe(0);
    await row(panel, '温度点70', 't70').waitFor();
    await page.close();
  });

  it('refuses a gateway indicator over the project quota with 指标数量超过限制', async () => {
    const quota = await h.api<{ max: number; used: number; left: number }>(
      'GET',
      `/iot/groups/${projectId}/getLeftAccessGatewayIndicatorByGroupId`,
      undefined,
      demoAdmin,
    );
    // The system administrator lowers the project's maximum to what it already uses.
    await h.api('PUT', `/iot/projects/${projectId}/terms`, { accessGatewayIndicatorMaxNum: quota.used });
    try {
      const page = await openIndicators();
      await page
        .getByTestId('indicator-quota')
        .getByText(`已用 ${quota.used} / ${quota.used}`)
        .first()
        .waitFor();
      await openAccess(page, gatewayAlias, '网关指标');
      const panel = page.getByTestId('gateway-indicators-panel');
      await button(panel, '新建网关指标').click();
      const dialog = page.getByRole('dialog');
      await choose(page, dialog, '指标', 'E2E溶解氧（浮点数，mg/L）', 'E2E溶解氧');
      await dialog.getByLabel('别名', { exact: true }).fill('溶解氧二号');
      await dialog.getByLabel('数据标识', { exact: true }).fill('do2_b');
      await button(dialog, '保存').click();
      const refusal = page.locator('.ant-modal-confirm');
      await refusal.locator('.ant-modal-confirm-title', { hasText: '指标数量超过限制' }).waitFor();
      await refusal.getByText(`本项目最多可接入 ${quota.used} 个网关指标`).waitFor();
      await page.waitForTimeout(500); // the dialog's entrance
      await screenshot(page, 'indicators-quota-light');
      await button(refusal, '知道了').click();
      const keys = (await gatewayIndicators(gatewayId)).list.map((g) => g.dataIdentification);
      expect(keys).not.toContain('do2_b');
      await page.close();
    } finally {
      await h.api('PUT', `/iot/projects/${projectId}/terms`, { accessGatewayIndicatorMaxNum: 256 });
    }
  });
});

describe('screenshots in the light and the tech theme', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`indicator list, form, gateway indicators and Modbus form (${theme})`, async () => {
      const answer = await h.t.request('PUT', '/iot/users/current/theme', {
        token: demoAdmin,
        body: { theme },
      });
      expect(answer.body.code).toBe(20000);
      const page = await openIndicators();
      await row(page, 'E2E运行状态').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `indicators-list-${theme}`);

      await button(page, '新建指标').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('指标名称', { exact: true }).fill('出水总磷');
      await choose(page, dialog, '单位', 'mg/L（毫克每升）', 'mg/L');
      await page.waitForTimeout(400);
      await screenshot(page, `indicators-form-${theme}`);
      await choose(page, dialog, '指标类型', '枚举');
      await dialog.getByRole('button', { name: '添加枚举值' }).click();
      await dialog.getByLabel('枚举含义', { exact: true }).fill('停止');
      await page.waitForTimeout(300);
      await screenshot(page, `indicators-form-enum-${theme}`);
      await button(dialog, '取消').click();

      await openAccess(page, gatewayAlias, '网关指标');
      await row(page.getByTestId('gateway-indicators-panel'), 'E2E水泵开关').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `indicators-gateway-indicators-${theme}`);

      await page.getByRole('tab', { name: 'Modbus配置' }).click();
      await page
        .getByTestId('modbus-config-panel')
        .getByRole('checkbox', { name: '采集 E2E溶解氧' })
        .waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `indicators-modbus-${theme}`);
      await page.close();
    });
  }
});
