import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type CellStats, emptyLocation, type Location } from '@iot/contracts/maps';
import mqtt from 'mqtt';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import { ADMIN_PASSWORD } from '../apps/server/src/test/server.js';
import { type BrowserHarness, REVIEW_SHOTS, SCREENSHOTS, startBrowserHarness } from './support/browser.js';

/**
 * 基站定位 and the offline map's labels (decision 0066) in Chromium: a system administrator imports
 * an OpenCelliD export on 系统配置 (progress, then the count), failures show the reason with 重试,
 * and the project map names its markers, its divisions, its scale and says what the offline map lacks.
 */
let h: BrowserHarness;
let projectId: number;
const { username, password } = DEMO_ACCOUNTS.projectAdmin;
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}`) });

async function shot(page: Page | Locator, name: string) {
  const file = path.join(SCREENSHOTS, `mapcell-${name}.png`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: file });
  const notes = REVIEW_SHOTS;
  if (existsSync(path.dirname(notes))) {
    mkdirSync(notes, { recursive: true });
    copyFileSync(file, path.join(notes, `mapcell-${name}.png`));
  }
}

/** An export of `rows` cells of China (consecutive cell ids under one LAC), with OpenCelliD's header. */
function cellExport(rows: number, lac: number): Buffer {
  const lines = [
    'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
  ];
  for (let i = 0; i < rows; i++)
    lines.push(
      `LTE,460,0,${lac},${30_000_000 + i},0,${(116 + (i % 1000) / 1000).toFixed(6)},40.100000,900,5,1,1459692240,1500000000,0`,
    );
  lines.push('UMTS,262,2,801,86355,0,13.285512,52.522202,1000,7,1,1282569574,1300155341,0');
  return Buffer.from(lines.join('\n'));
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

describe('基站定位 on 系统配置', () => {
  it('a failed load shows the reason with 重试, then the card', async () => {
    const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/systems');
    await page.setViewportSize({ width: 390, height: 844 });
    const failing = (url: URL) => url.pathname === '/iot/system/maps/cells/stats';
    const broken = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '系统异常,请联系管理员!', data: null }),
      });
    await page.route(failing, broken);
    await page.reload();
    const card = page.getByTestId('cell-location-card');
    await card.getByText('基站定位加载失败').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'load-error-390');
    await page.unroute(failing, broken);
    await button(card, '重试').click();
    await card.getByTestId('cell-stats').getByText('已导入基站').waitFor();
    await page.close();
  });

  for (const [width, label] of [
    [1440, 'desk'],
    [390, '390'],
  ] as const)
    it(`imports an OpenCelliD export with progress and a count (${label})`, async () => {
      const before = await h.api<CellStats>('GET', '/iot/system/maps/cells/stats');
      await h.api('PUT', '/iot/users/current/theme', { theme: label === 'desk' ? 'light' : 'tech' });
      const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/systems');
      await page.setViewportSize({ width, height: 900 });
      const card = page.getByTestId('cell-location-card');
      await card.getByTestId('cell-stats').waitFor();
      await card.scrollIntoViewIfNeeded();
      // The demo's cells around the plant are there already.
      expect(before.imported).toBeGreaterThanOrEqual(6);
      const rows = label === 'desk' ? 40_000 : 2_000;
      // Held on its way until the progress has been seen: a local upload is over in a blink.
      const importing = (url: URL) => url.pathname === '/iot/system/maps/cells/import';
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = async (route: Route) => {
        await released;
        await route.continue().catch(() => undefined);
      };
      await page.route(importing, held);
      await card.locator('input[type=file]').setInputFiles({
        name: '460.csv',
        mimeType: 'text/csv',
        buffer: cellExport(rows, label === 'desk' ? 7001 : 7002),
      });
      const progress = card.getByTestId('cell-import-progress');
      await progress.getByText('460.csv').waitFor();
      await progress.locator('.ant-progress').waitFor();
      await shot(page, `import-progress-${label}`);
      release();
      await page.unroute(importing, held);
      await card
        .getByTestId('cell-import-result')
        .getByText(`已导入 ${rows} 个基站（共 ${rows + 1} 行，其他国家 1 行，无法识别 0 行）`)
        .waitFor({ timeout: 60_000 });
      // The figures follow: every row a new cell.
      await expect
        .poll(async () => (await h.api<CellStats>('GET', '/iot/system/maps/cells/stats')).imported)
        .toBe(before.imported + rows);
      await card
        .getByTestId('cell-stats')
        .getByText((before.imported + rows).toLocaleString('en-US'))
        .waitFor();
      await shot(page, `import-${label}`);

      // The server refusing the upload: the reason, and 重试 sends the file again.
      const failing = (url: URL) => url.pathname === '/iot/system/maps/cells/import';
      const broken = (route: Route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 40000, message: '系统异常,请联系管理员!', data: null }),
        });
      await page.route(failing, broken);
      await card.locator('input[type=file]').setInputFiles({
        name: 'again.csv',
        mimeType: 'text/csv',
        buffer: cellExport(3, 7003),
      });
      await card.getByTestId('cell-import-error').getByText('导入失败：系统异常,请联系管理员!').waitFor();
      await shot(page, `import-error-${label}`);
      await page.unroute(failing, broken);
      await button(card.getByTestId('cell-import-error'), '重试').click();
      await card.getByTestId('cell-import-result').getByText('again.csv：已导入 3 个基站').waitFor();
      await page.close();
    });

  it('looks right in the other theme at each width', async () => {
    for (const [theme, width, label] of [
      ['tech', 1440, 'desk'],
      ['light', 390, '390'],
    ] as const) {
      await h.api('PUT', '/iot/users/current/theme', { theme });
      const page = await h.openAs('admin', ADMIN_PASSWORD, '/system/systems');
      await page.setViewportSize({ width, height: 900 });
      const card = page.getByTestId('cell-location-card');
      await card.getByTestId('cell-stats').waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `card-${theme}-${label}`);
      await page.close();
    }
  });
});

describe('a gateway positioned by base station', () => {
  it('says on its 位置 when its last cell was unknown, and moves to a known one', async () => {
    const token = (await h.t.login(username, password)).access;
    const gw = await createGateway(h.t, projectId, [
      { key: 'LAC', type: 'integer' },
      { key: 'CELLID', type: 'integer' },
    ]);
    const url = `/iot/groups/${projectId}/locations/gateways/${gw.id}`;
    await h.api(
      'PUT',
      url,
      { ...emptyLocation(), xAxis: 116.1, yAxis: 40.1, locationMode: 1, locateType: 0 },
      token,
    );
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${h.t.server.telemetry.mqttPort}`, {
      clientId: gw.serialNumber,
      username: gw.serialNumber,
      password: gw.secret,
      reconnectPeriod: 0,
    });
    const report = (lac: number, cell: number) =>
      device.publishAsync(
        `gateways/${gw.serialNumber}/telemetry`,
        JSON.stringify({ ts: Date.now(), values: { LAC: lac, CELLID: cell } }),
        { qos: 1 },
      );
    await report(4399, 777);
    await expect
      .poll(async () => (await h.api<Location>('GET', url, undefined, token)).unknownCell?.lac, {
        timeout: 15_000,
      })
      .toBe(4399);
    const page = await h.openAs(
      username,
      password,
      `/projects/groups/${projectId}/gateways?gatewayId=${gw.id}`,
    );
    await page.getByRole('tab', { name: '位置' }).click();
    const section = page.getByTestId('location-section-gateway');
    await section.getByTestId('unknown-cell').getByText('LAC 4399，CELLID 777', { exact: false }).waitFor();
    await section.getByText('基站定位', { exact: true }).first().waitFor();
    await shot(page, 'gateway-unknown-cell-desk');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'gateway-unknown-cell-390');
    // A cell of the demo's table: the gateway moves there and the warning goes.
    await report(4301, 20993281);
    await expect
      .poll(async () => (await h.api<Location>('GET', url, undefined, token)).xAxis, { timeout: 15_000 })
      .not.toBe(116.1);
    await page.reload();
    await page.getByRole('tab', { name: '位置' }).click();
    await page.getByTestId('location-section-gateway').getByTestId('x-axis').waitFor();
    expect(await page.getByTestId('unknown-cell').count()).toBe(0);
    await device.endAsync();
    await page.close();
  });
});

describe('the offline map, labelled', () => {
  for (const theme of ['light', 'tech'] as const)
    it(`names markers and divisions, draws a scale and says streets need an online map (${theme})`, async () => {
      const token = (await h.t.login(username, password)).access;
      await h.api('PUT', '/iot/users/current/theme', { theme }, token);
      const page = await h.openAs(username, password, `/project/${projectId}/index/projectHD/hd`);
      const card = page.getByTestId('project-map');
      await card.scrollIntoViewIfNeeded();
      const map = card.getByTestId('project-map-canvas');
      await expect.poll(() => map.getAttribute('data-labels'), { timeout: 20_000 }).toBe('ready');
      // Markers carry their names (and, this close, their coordinates) without hovering; labels that
      // would cover one another wait for a closer zoom.
      const labels = map.locator('.offline-map-marker-label');
      await labels.first().waitFor();
      expect(await labels.first().textContent()).toMatch(/\d+\.\d{6}, \d+\.\d{6}/);
      await map.locator('.leaflet-control-scale').waitFor();
      const note = card.getByTestId('project-map-canvas-detail-note');
      await note.getByText('没有街道和建筑', { exact: false }).waitFor();
      await note.getByText('地图中心：北京市昌平区', { exact: false }).waitFor();
      await card.screenshot({ path: path.join(SCREENSHOTS, `mapcell-project-${theme}-desk.png`) });
      copy(`mapcell-project-${theme}-desk.png`);
      await zoomTo(map, 16);
      await labels.filter({ hasText: '格栅间' }).first().waitFor();
      // Zoomed out, the divisions are named: prefectures and counties around Beijing.
      await zoomTo(map, 8);
      await map.locator('.offline-map-label').filter({ hasText: '昌平区' }).first().waitFor();
      expect(await note.count()).toBe(0);
      await card.screenshot({ path: path.join(SCREENSHOTS, `mapcell-project-${theme}-zoom8.png`) });
      copy(`mapcell-project-${theme}-zoom8.png`);
      await zoomTo(map, 14);
      await page.setViewportSize({ width: 390, height: 844 });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await card.screenshot({ path: path.join(SCREENSHOTS, `mapcell-project-${theme}-390.png`) });
      copy(`mapcell-project-${theme}-390.png`);
      await page.close();
    });
});

/** Clicks Leaflet's zoom buttons until the map is at `zoom`, one step at a time. */
async function zoomTo(map: Locator, zoom: number) {
  for (let i = 0; i < 20; i++) {
    const now = Number(await map.getAttribute('data-zoom'));
    if (now === zoom) return;
    await map.locator(now > zoom ? '.leaflet-control-zoom-out' : '.leaflet-control-zoom-in').click();
    await expect.poll(() => map.getAttribute('data-zoom')).toBe(String(now > zoom ? now - 1 : now + 1));
  }
}

function copy(name: string) {
  const notes = REVIEW_SHOTS;
  if (!existsSync(path.dirname(notes))) return;
  mkdirSync(notes, { recursive: true });
  copyFileSync(path.join(SCREENSHOTS, name), path.join(notes, name));
}
