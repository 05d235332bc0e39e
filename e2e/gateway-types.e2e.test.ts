import type { Page as ListPage } from '@iot/contracts';
import type { GatewayTypeDetail, GatewayTypeSummary } from '@iot/contracts/gateway-types';
import type { GatewayIndicator } from '@iot/contracts/indicators';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * 网关类型 (decision 0042): as a project member whose role has only that menu (list, create with a
 * thing-model import and a Modbus template, name taken, edit, delete after confirmation, a failed
 * load, 390 px), and as demo-firm in the firm scope, creating a firm gateway with the type.
 */
let h: BrowserHarness;
let projectId: number;
let firmId: number;
let firmToken: string;
const KEEPER = 'gwtype-keeper';
const PASSWORD = 'Keeper@2026';

const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const rows = (scope: Page | Locator, ...texts: string[]) =>
  texts.reduce((found, text) => found.filter({ hasText: text }), scope.locator('.ant-table-row'));
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
/** Loaded, and the loading veil faded out (a screenshot mid-fade shows a greyed table). */
async function settled(page: Page) {
  await page.locator('.ant-table .ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.locator('.ant-spin-blur').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await openDropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

async function setTheme(username: string, password: string, theme: 'light' | 'tech') {
  const { access } = await h.t.login(username, password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
}

const openProject = () => h.openAs(KEEPER, PASSWORD, `/projects/groups/${projectId}/gatewayTypes`);

const THING_MODEL = {
  properties: [
    {
      name: 'E2E出水浊度',
      identifier: 'turbidity',
      accessMode: 'r',
      dataType: { type: 'float', specs: { step: '0.01', unit: 'NTU' } },
    },
    {
      name: 'E2E提升泵',
      identifier: 'pump',
      accessMode: 'rw',
      dataType: { type: 'enum', specs: { enum: { '0': '停止', '1': '运行' } } },
    },
  ],
};

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  // The least-privileged role with the menu: the project entry and 网关类型, nothing else.
  const role = await h.api<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    name: '仅网关类型',
    functions: [
      { code: 'router-project', permission: 1 },
      { code: 'router-gatewayType', permission: 15 },
    ],
  });
  await h.api('POST', '/iot/users', { username: KEEPER, password: PASSWORD, realname: KEEPER });
  await h.api('POST', `/iot/groups/${projectId}/users`, { account: KEEPER, roleId: role.id });
  await h.api('POST', `/iot/groups/${projectId}/gatewayTypes`, {
    name: '一体化泵站',
    type: 'smart',
    model: 'cloudModbus',
    description: '带液位与泵状态',
    indicators: [{ name: 'E2E液位', identifier: 'level', type: 'float', unit: 'm', decimalPlaces: 2 }],
  });
  firmToken = (await h.t.login(DEMO_ACCOUNTS.firmAdmin.username, DEMO_ACCOUNTS.firmAdmin.password)).access;
  firmId = (await h.api<ListPage<{ id: number }>>('GET', '/iot/gatewayFirms/byCurUser', undefined, firmToken))
    .list[0]!.id;
});
afterAll(() => h?.close());

describe('网关类型 of a project', () => {
  it('lists the types in light and tech', async () => {
    for (const theme of ['light', 'tech'] as const) {
      await setTheme(KEEPER, PASSWORD, theme);
      const page = await openProject();
      await expect.poll(() => routeName(page)).toBe(`router-gatewayType-g${projectId}`);
      await rows(page, '一体化泵站', '智能网关', '云网关Modbus', '带液位与泵状态').waitFor();
      await settled(page);
      await screenshot(page, `gateway-types-list-${theme}`);
      await page.close();
    }
    await setTheme(KEEPER, PASSWORD, 'light');
  });

  it('creates a type from a thing-model file with a Modbus template, refusing a taken name', async () => {
    const page = await openProject();
    await button(page, '新建网关类型').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('类型名称').fill('一体化泵站');
    await dialog.getByLabel('描述').click();
    await dialog.getByText('网关类型名称已存在').waitFor();
    await dialog.getByLabel('类型名称').fill('E2E水质箱');
    await choose(page, dialog.getByLabel('网关型号'), 'DTU透传Modbus');
    await dialog.getByText('Modbus 模板').waitFor();
    await choose(page, dialog.getByLabel('波特率'), '19200');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'water.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(THING_MODEL)),
    });
    await page.getByText('已从物模型导入 2 个指标').waitFor();
    await dialog.getByText('指标模板（2 个）').waitFor();
    // The imported rows: names, keys, decimals from the step, the enum values as text.
    await expect.poll(() => dialog.getByLabel('数据标识').nth(0).inputValue()).toBe('turbidity');
    expect(await dialog.getByLabel('小数位').nth(0).inputValue()).toBe('2');
    expect(await dialog.getByLabel('枚举值').first().inputValue()).toBe('0=停止,1=运行');
    await dialog.getByLabel('寄存器地址').nth(0).fill('100');
    // One more by hand.
    await button(dialog, '添加指标').click();
    await dialog.getByLabel('指标名称').nth(2).fill('E2E余氯');
    await dialog.getByLabel('数据标识').nth(2).fill('chlorine');
    // The unit is picked from the catalogue (单位管理), as in 指标配置.
    await choose(page, dialog.getByLabel('单位').nth(2), 'mg/L');
    await page.locator('.ant-message').getByText('已从物模型导入').waitFor({ state: 'detached' });
    await screenshot(page, 'gateway-types-form-light');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('网关类型「E2E水质箱」已新建').waitFor();
    await rows(page, 'E2E水质箱', 'DTU透传Modbus').waitFor();

    const list = await h.api<ListPage<GatewayTypeSummary>>(
      'GET',
      `/iot/groups/${projectId}/gatewayTypes?keyword=E2E`,
    );
    const created = list.list.find((x) => x.name === 'E2E水质箱')!;
    expect(created).toMatchObject({ indicatorCount: 3, modbusPointCount: 1, model: 'dtuModbus' });
    const detail = await h.api<GatewayTypeDetail>(
      'GET',
      `/iot/groups/${projectId}/gatewayTypes/${created.id}`,
    );
    expect(detail.modbusSettings).toMatchObject({ baudRate: 19200 });
    expect(detail.indicators.map((i) => [i.identifier, i.type, i.unit, i.ioType])).toEqual([
      ['turbidity', 'float', 'NTU', 'r'],
      ['pump', 'enum', '', 'rw'],
      ['chlorine', 'float', 'mg/L', 'r'],
    ]);
    expect(detail.indicators[0]!.modbus).toMatchObject({
      address: 100,
      functionCode: 3,
      dataType: 'float32',
    });

    // 编辑 shows the template again.
    await rows(page, 'E2E水质箱')
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    const edit = page.getByRole('dialog');
    await edit.getByText('指标模板（3 个）').waitFor();
    expect(await edit.getByLabel('寄存器地址').nth(0).inputValue()).toBe('100');
    await button(edit, '取消').click();
    await page.close();
  });

  it('a gateway created with the type gets its indicators (project administrator)', async () => {
    const type = (
      await h.api<ListPage<GatewayTypeSummary>>(
        'GET',
        `/iot/groups/${projectId}/gatewayTypes?keyword=E2E水质箱`,
      )
    ).list[0]!;
    const page = await h.openAs(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
      `/projects/groups/${projectId}/gateways`,
    );
    await button(page, '新建').first().click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新建网关' });
    await dialog.getByLabel('序列号').fill('TYPED-E2E-01');
    await dialog.getByLabel('网关别名').fill('E2E套用类型网关');
    await choose(page, dialog.getByLabel('套用网关类型'), 'E2E水质箱');
    await button(dialog, '保存').click();
    await page.getByText('网关「E2E套用类型网关」已创建').waitFor();
    const gateway = await h.t.server.platform.db
      .selectFrom('gateways')
      .select(['id', 'model', 'gateway_type_id'])
      .where('serial_number', '=', 'TYPED-E2E-01')
      .executeTakeFirstOrThrow();
    expect(gateway).toMatchObject({ model: 'dtuModbus', gateway_type_id: type.id });
    const indicators = await h.api<ListPage<GatewayIndicator>>(
      'GET',
      `/iot/groups/${projectId}/gateways/${gateway.id}/indicators`,
    );
    expect(indicators.list.map((i) => i.dataIdentification)).toEqual(['turbidity', 'pump', 'chlorine']);
    await page.close();

    // The type is in use now: the list says so and delete is refused with the reason.
    const keeper = await openProject();
    await rows(keeper, 'E2E水质箱').waitFor();
    await rows(keeper, 'E2E水质箱')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await keeper.getByText('确定删除网关类型「E2E水质箱」吗？').waitFor();
    await keeper
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await keeper.getByText('删除失败！该网关类型已被 1 个网关使用，不能删除').waitFor();
    await keeper.close();
  });

  it('at 390 px the table scrolls inside the card', async () => {
    const page = await openProject();
    await page.setViewportSize({ width: 390, height: 844 });
    await rows(page, '一体化泵站').waitFor();
    await settled(page);
    await screenshot(page, 'gateway-types-phone');
    const body = page.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('says a failed load with a retry, never “no types”', async () => {
    const page = await openProject();
    await rows(page, '一体化泵站').waitFor();
    const listCall = (url: URL) => url.pathname === `/iot/groups/${projectId}/gatewayTypes`;
    await page.route(listCall, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await page.reload();
    await page.getByText(/网关类型列表加载失败/).waitFor();
    expect(await page.getByText('还没有网关类型').count()).toBe(0);
    await page.unroute(listCall);
    await page.getByTestId('load-retry').click();
    await rows(page, '一体化泵站').waitFor();
    await page.close();
  });
});

describe('网关类型 of a firm (demo-firm)', () => {
  it('creates a type and a firm gateway with it', async () => {
    const { username, password } = DEMO_ACCOUNTS.firmAdmin;
    for (const theme of ['tech', 'light'] as const) {
      await setTheme(username, password, theme);
      const page = await h.openAs(username, password, `/gatewayfirms/${firmId}/gatewayTypes`);
      await expect.poll(() => routeName(page)).toBe(`router-firmGatewayType-f${firmId}`);
      await page.getByText('还没有网关类型').or(page.locator('.ant-table-row').first()).waitFor();
      await settled(page);
      await screenshot(page, `gateway-types-firm-${theme}`);
      await page.close();
    }
    const page = await h.openAs(username, password, `/gatewayfirms/${firmId}/gatewayTypes`);
    await button(page, '新建网关类型').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('类型名称').fill('E2E厂商水表');
    await choose(page, dialog.getByLabel('网关类别'), 'NB传感器');
    await button(dialog, '添加指标').click();
    await dialog.getByLabel('指标名称').first().fill('E2E累计流量');
    await dialog.getByLabel('数据标识').first().fill('total');
    await dialog.getByLabel('单位').first().fill('m³');
    await button(dialog, '保存').click();
    await page.getByText('网关类型「E2E厂商水表」已新建').waitFor();
    await rows(page, 'E2E厂商水表', 'NB传感器', '1').waitFor();
    await page.close();

    const gateways = await h.openAs(username, password, `/gatewayfirms/${firmId}/gateways`);
    await button(gateways, '新建').first().click();
    const form = gateways.getByRole('dialog').filter({ hasText: '新建网关' });
    await form.getByLabel('序列号').fill('FIRM-TYPED-E2E');
    await form.getByLabel('网关别名').fill('E2E厂商套用');
    await choose(gateways, form.getByLabel('套用网关类型'), 'E2E厂商水表');
    await button(form, '保存').click();
    await gateways.getByText('网关「E2E厂商套用」已创建').waitFor();
    const row = await h.t.server.platform.db
      .selectFrom('gateways')
      .select(['id', 'type'])
      .where('serial_number', '=', 'FIRM-TYPED-E2E')
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('nbSensor');
    const keys = await h.t.server.platform.db
      .selectFrom('gateway_indicators')
      .select('data_identification')
      .where('gateway_id', '=', row.id)
      .execute();
    expect(keys.map((k) => k.data_identification)).toEqual(['total']);
    await gateways.close();
  });
});
