import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Location } from '@iot/contracts/maps';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type FakeAmap, startFakeAmap } from '../apps/server/src/test/fake-amap.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * 地图 (decision 0066) in Chromium against the real server, offline: the coordinate control on a
 * group's 位置, the map modal picking a point (its address looked up) and drawing an area, a county
 * searched and focused, and the project map on the project home.
 */
let h: BrowserHarness;
let projectId: number;
let token: string;
const { username, password } = DEMO_ACCOUNTS.projectAdmin;
const treePath = () => `/projects/groups/${projectId}/groups`;
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}`) });
const treeNode = (page: Page, name: string) =>
  page.locator('.group-tree [data-testid="group-node"]').filter({
    has: page.locator('.group-tree-name', { hasText: new RegExp(`^${name}$`) }),
  });
const centreOf = async (map: Locator) =>
  ((await map.getAttribute('data-center')) ?? '0,0').split(',').map(Number);
/** Screenshots also go where the team looks at them, prefixed map-. */
async function shot(page: Page, name: string) {
  await screenshot(page, `map-${name}`);
  const notes = REVIEW_SHOTS;
  if (existsSync(path.dirname(notes))) {
    mkdirSync(notes, { recursive: true });
    copyFileSync(path.join(SCREENSHOTS, `map-${name}.png`), path.join(notes, `map-${name}.png`));
  }
}
async function groupLocation(page: Page, name: string) {
  // Opened by openAs on the tree already: going there again could race the token handover.
  if (!new URL(page.url()).pathname.endsWith(treePath())) await page.goto(h.t.baseUrl + treePath());
  await treeNode(page, name).click();
  await expect.poll(() => page.getByTestId('group-detail-name').textContent()).toBe(name);
  const section = page.getByTestId('location-section-site');
  await section.getByTestId('x-axis').waitFor();
  return section;
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  token = (await h.t.login(username, password)).access;
});
afterAll(() => h?.close());

describe('the map picker, offline', () => {
  it('opens at the default centre, picks a point and looks up its address', async () => {
    const page = await h.openAs(username, password, treePath());
    const section = await groupLocation(page, '进水区');
    await button(section, '选点').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('地图', { exact: true }).waitFor();
    const map = dialog.getByTestId('map-picker');
    await expect.poll(() => map.getAttribute('data-basemap'), { timeout: 20_000 }).toBe('ready');
    expect(await map.getAttribute('data-zoom')).toBe('15');
    const [lng, lat] = await centreOf(map);
    expect(lng).toBeCloseTo(116.397, 3);
    expect(lat).toBeCloseTo(39.908, 3);
    // Offline: the satellite switch is off and says why.
    expect(await dialog.getByTestId('satellite-switch').isDisabled()).toBe(true);
    await dialog.getByTestId('satellite-note').getByText('需要在线地图服务').waitFor();

    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => dialog.getByTestId('picker-address').textContent()).toBe('北京市东城区');
    const picked = Number(await dialog.getByTestId('picker-lng').inputValue());
    expect(picked).toBeCloseTo(116.397, 2);
    await button(dialog, '确定').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => section.getByTestId('full-address').inputValue()).toBe('北京市东城区');
    await button(section, '保存位置').click();
    await expect
      .poll(
        async () =>
          (
            await h.api<Location>(
              'GET',
              `/iot/groups/${projectId}/locations/sites/${await selectedId(page)}`,
              undefined,
              token,
            )
          ).address,
      )
      .toEqual(['11', '1101', '110101']);
    await page.close();
  });

  it('searches a county and focuses the single hit', async () => {
    const page = await h.openAs(username, password, treePath());
    const section = await groupLocation(page, '格栅间');
    await button(section, '选点').click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByTestId('map-picker');
    await expect.poll(() => map.getAttribute('data-basemap'), { timeout: 20_000 }).toBe('ready');
    const input = dialog.getByTestId('place-search-input').locator('input');
    await input.fill('昌平区');
    // Autocomplete offers it while typing.
    await page.locator('.ant-select-item-option').filter({ hasText: '昌平区' }).first().waitFor();
    await input.press('Enter');
    await dialog.getByTestId('place-results').getByText('北京市昌平区').waitFor();
    await expect.poll(async () => (await centreOf(map))[0], { timeout: 10_000 }).toBeCloseTo(116.23, 1);
    expect((await centreOf(map))[1]).toBeCloseTo(40.22, 1);
    await expect.poll(() => dialog.getByTestId('picker-address').textContent()).toBe('北京市昌平区');
    const focused = Number(await dialog.getByTestId('picker-lng').inputValue());
    // What is drawn at the middle of the map is the focused place: a click there picks it again.
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect
      .poll(async () => Number(await dialog.getByTestId('picker-lng').inputValue()))
      .not.toBe(focused);
    expect(Number(await dialog.getByTestId('picker-lng').inputValue())).toBeCloseTo(focused, 3);
    await page.close();
  });

  it('goes to the current location the browser gives (WGS-84) and looks up its county', async () => {
    const context = await h.newContext({
      geolocation: { longitude: 121.4737, latitude: 31.2304 },
      permissions: ['geolocation'],
    });
    const { access, refresh } = await h.t.login(username, password);
    const page = await context.newPage();
    await page.goto(`${h.t.baseUrl}${treePath()}?accessToken=${access}&refreshToken=${refresh}`);
    const section = await groupLocation(page, '二沉池');
    await button(section, '选点').click();
    const dialog = page.getByRole('dialog');
    await button(dialog, '当前位置').click();
    await expect
      .poll(async () => Number(await dialog.getByTestId('picker-lng').inputValue()))
      .toBeCloseTo(121.4737, 4);
    await expect.poll(() => dialog.getByTestId('picker-address').textContent()).toMatch(/^上海市/);
    await context.close();
  });

  it('draws an area and keeps it with the site', async () => {
    const page = await h.openAs(username, password, treePath());
    const section = await groupLocation(page, '进水泵房');
    await button(section, '画区域').click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByTestId('map-picker');
    await expect.poll(() => map.getAttribute('data-basemap'), { timeout: 20_000 }).toBe('ready');
    expect(await map.getAttribute('data-zoom')).toBe('11');
    const box = (await map.boundingBox())!;
    for (const [dx, dy] of [
      [-60, -40],
      [60, -40],
      [0, 50],
    ] as const)
      await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    await dialog.getByText('当前区域 3 个点').waitFor();
    await button(dialog, '完成当前区域').click();
    await dialog.getByTestId('area-count').getByText('已画 1 个区域').waitFor();
    await button(dialog, '确定').click();
    await dialog.waitFor({ state: 'detached' });
    await button(section, '保存位置').click();
    const id = await selectedId(page);
    await expect
      .poll(
        async () =>
          (await h.api<Location>('GET', `/iot/groups/${projectId}/locations/sites/${id}`, undefined, token))
            .area.length,
      )
      .toBe(1);
    await page.close();
  });

  for (const theme of ['light', 'tech'] as const)
    it(`shows the project map and the picker in the ${theme} theme, desk and phone`, async () => {
      await h.api('PUT', '/iot/users/current/theme', { theme }, token);
      const page = await h.openAs(username, password, `/project/${projectId}/index/projectHD/hd`);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const card = page.getByTestId('project-map');
      await card.scrollIntoViewIfNeeded();
      await expect
        .poll(() => card.getByTestId('project-map-canvas').getAttribute('data-basemap'), { timeout: 20_000 })
        .toBe('ready');
      await card.getByText('格栅间').first().waitFor();
      await card.screenshot({ path: path.join(SCREENSHOTS, `map-project-${theme}-desk.png`) });
      await copyShot(`map-project-${theme}-desk.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await card.screenshot({ path: path.join(SCREENSHOTS, `map-project-${theme}-390.png`) });
      await copyShot(`map-project-${theme}-390.png`);

      await page.goto(h.t.baseUrl + treePath());
      const section = await groupLocation(page, '格栅间');
      await button(section, '选点').click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.getByTestId('map-picker').getAttribute('data-basemap'), { timeout: 20_000 })
        .toBe('ready');
      await shot(page, `picker-${theme}-390`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1440, height: 900 });
      await button(section, '选点').click();
      await expect
        .poll(() => page.getByRole('dialog').getByTestId('map-picker').getAttribute('data-basemap'), {
          timeout: 20_000,
        })
        .toBe('ready');
      await page.getByRole('dialog').getByTestId('place-search-input').locator('input').fill('昌平');
      await page.getByRole('dialog').getByTestId('place-search-input').locator('input').press('Enter');
      await page.getByRole('dialog').getByTestId('place-results').getByText('北京市昌平区').waitFor();
      await shot(page, `picker-${theme}-desk`);
      await button(page.getByRole('dialog'), '取消').click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await section.scrollIntoViewIfNeeded();
      await shot(page, `location-${theme}-desk`);
      expect(errors).toEqual([]);
      await page.close();
    });
});

describe('AMap chosen on 系统配置', () => {
  let fake: FakeAmap | undefined;
  afterAll(async () => {
    await h.api('PUT', '/iot/system/maps', { provider: 'builtin' });
    await fake?.close();
  });

  it('stores the key sealed, then the picker searches AMap and offers satellite imagery', async () => {
    fake = await startFakeAmap('e2e-amap-key');
    const admin = await h.openAs('admin', ADMIN_PASSWORD, '/system/systems');
    const card = admin.getByTestId('map-provider-card');
    await card.getByText('未配置').waitFor();
    await card.getByText('高德地图').click();
    await card.getByLabel('高德 Web 服务 Key').fill('e2e-amap-key');
    await card.getByLabel('高德服务地址').fill(fake.baseUrl);
    await button(card, '保存').click();
    await card.getByText('已配置（加密保存，不再显示）；留空保持原 Key').waitFor();
    expect(await card.getByLabel('高德 Web 服务 Key').inputValue()).toBe('');
    await card.scrollIntoViewIfNeeded();
    await shot(admin, 'provider-desk');
    await admin.close();

    const page = await h.openAs(username, password, treePath());
    const section = await groupLocation(page, '格栅间');
    await button(section, '选点').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('satellite-switch').isDisabled()).toBe(false);
    // 卫星图: AMap's GCJ-02 tiles; the map is redrawn in GCJ-02 and still looks at the same WGS-84 place.
    const map = () => dialog.getByTestId('map-picker');
    await expect.poll(() => map().getAttribute('data-basemap'), { timeout: 20_000 }).toBe('ready');
    const before = await centreOf(map());
    await dialog.getByTestId('satellite-switch').click();
    await expect.poll(() => map().getAttribute('data-system')).toBe('GCJ02');
    const after = await centreOf(map());
    expect(after[0]).toBeCloseTo(before[0]!, 4);
    expect(after[1]).toBeCloseTo(before[1]!, 4);
    expect(Number(await dialog.getByTestId('picker-lng').inputValue())).toBeCloseTo(116.2402, 4);
    const input = dialog.getByTestId('place-search-input').locator('input');
    await input.fill('泵站');
    await input.press('Enter');
    await dialog.getByTestId('place-results').getByText('泵站30').waitFor();
    expect(fake.requests.some((r) => r.path === '/v3/place/text' && r.query.key === 'e2e-amap-key')).toBe(
      true,
    );
    await page.close();
  });
});

async function copyShot(file: string) {
  const notes = REVIEW_SHOTS;
  if (!existsSync(path.dirname(notes))) return;
  mkdirSync(notes, { recursive: true });
  copyFileSync(path.join(SCREENSHOTS, file), path.join(notes, file));
}

/** The id of the group shown in the detail (the tree node carries it). */
async function selectedId(page: Page): Promise<number> {
  const id = await page
    .locator('.group-tree .ant-tree-treenode-selected [data-group-id]')
    .first()
    .getAttribute('data-group-id');
  return Number(id);
}
