import type { Page as ListPage } from '@iot/contracts';
import { type MessageSetting, NoticeOperate } from '@iot/contracts/users';
import type { Warning } from '@iot/contracts/warnings';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import type { Profile } from '../apps/server/src/simulator/profiles.js';
import { type BrowserHarness, routeName, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Warnings where operators look (issue 11, items 5 and 7), as demo-operator against the real server:
 * a device's COD over a rule's limit turns its 实时数据 card (and table row) to the warning's colour
 * and back when released, live over the socket; a card opens the indicator's curve; 预警详情 draws
 * the curve around the warning with its limit, and says values and thresholds with their unit. A
 * notice never covers an open dialog's footer, and its text nests no brackets.
 */
// Operators are in China: this process and the Chromium it starts keep China time.
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let gatewayId: number;
let adminToken: string;
const OPERATOR = DEMO_ACCOUNTS.operator;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
/** Pages of the current test, closed after it. */
let pages: Page[] = [];

/** The device's COD: flat at `base`, so the test decides the value. */
const COD: Profile = {
  key: 'cod',
  name: 'E2E出水COD',
  unit: 'mg/L',
  type: 'float',
  decimals: 1,
  base: 20,
  amplitude: 0,
  peakHour: 10,
  noise: 0,
  min: 0,
  max: 500,
  excursionChance: 0,
  excursion: 1,
};
const LIMIT = 50;
/** The level 2 colour (WarningTags' LEVEL_COLORS #fa8c16). */
const ORANGE = 'rgb(250, 140, 22)';

/** The deepest nesting of （）【】() in a text. */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const c of text) {
    if ('（【(['.includes(c)) deepest = Math.max(deepest, ++depth);
    if ('）】)]'.includes(c)) depth -= 1;
  }
  return deepest;
}

async function prepare(account: { username: string; password: string }, theme: 'light' | 'tech') {
  const { access } = await h.t.login(account.username, account.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const setting = await h.api<MessageSetting>('GET', '/iot/users/current/messageSetting', undefined, access);
  // Warning notices stay until closed, so that the test finds them; no chime or read-out needed.
  await h.api(
    'PUT',
    '/iot/users/current/messageSetting',
    {
      ...setting,
      isShowMessage: true,
      isMuteMessageSound: true,
      warningMessageOperate: NoticeOperate.STAY,
      isWarningVoice: false,
    },
    access,
  );
  return access;
}

async function open(account: { username: string; password: string }, route: string, code: string) {
  const page = await h.openAs(account.username, account.password, `/projects/groups/${projectId}/${route}`);
  pages.push(page);
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`${code}-g${projectId}`);
  return page;
}

/** Sets the device's COD and waits until the platform has stored it. */
async function publishCod(value: number) {
  COD.base = value;
  await expect
    .poll(async () => {
      const last = await h.api<Record<string, Record<string, { value: number }>>>(
        'POST',
        '/data-server/api/v2/gateways/lastMetrics',
        { gatewayIds: [gatewayId], metrics: ['cod'] },
        adminToken,
      );
      return last[gatewayId]?.cod?.value;
    })
    .toBe(value);
}

async function activeWarning(): Promise<Warning | undefined> {
  const page = await h.api<ListPage<Warning>>(
    'GET',
    `/iot/groups/${projectId}/warnings?state=active&gatewayId=${gatewayId}&size=10`,
    undefined,
    adminToken,
  );
  return page.list[0];
}

/** The card of the gateway's COD: the frame that turns to the warning's colour and opens the curve. */
const codCard = (page: Page) => page.getByRole('button', { name: /E2E出水COD 曲线$/ });
const notices = (page: Page) => page.locator('.ant-notification-notice');

async function borderColor(card: Locator) {
  return card.locator('.monitoring-tile').evaluate((tile) => getComputedStyle(tile).borderTopColor);
}

/** Whether two boxes share any pixel. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every visible notice's box against the dialog footer's: none may cover it. */
async function noticesClearOf(page: Page, footer: Locator) {
  const footerBox = (await footer.boundingBox())!;
  for (const notice of await notices(page).all()) {
    const box = await notice.boundingBox();
    if (box && (await notice.isVisible())) expect(overlaps(box, footerBox)).toBe(false);
  }
}

/** COD back under the limit and no warning open: each test starts from there. */
async function settle() {
  await publishCod(20);
  await expect.poll(async () => (await activeWarning()) ?? null, { timeout: 10_000 }).toBeNull();
}

async function picture(page: Page, name: string) {
  await page.waitForTimeout(500);
  await screenshot(page, name);
}

beforeAll(async () => {
  h = await startBrowserHarness();
  adminToken = await prepare(ADMIN, 'tech');
  await prepare(OPERATOR, 'light');
  site = await startSimulatedSite(h, { aliases: ['E2E出水口'], profiles: [COD], intervalMs: 500 });
  projectId = site.projectId;
  gatewayId = site.gateways[0]!.id;
  const indicators = await h.api<{ list: { id: number; dataIdentification: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/gateways/${gatewayId}/indicators?size=100`,
    undefined,
    adminToken,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    {
      gatewayIndicatorId: indicators.list.find((i) => i.dataIdentification === 'cod')!.id,
      kind: 'above',
      high: LIMIT,
      level: 2,
      name: 'COD 超标',
    },
    adminToken,
  );
}, 120_000);
beforeEach(settle);
afterEach(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
  pages = [];
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('实时数据 shows warnings', () => {
  it('turns the card to the warning colour and back, live; the row too; a card opens its curve', async () => {
    const page = await open(OPERATOR, 'realTimeData', 'router-realTimeData');
    const card = codCard(page);
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-warning-level')).toBe('');
    const normal = await borderColor(card);
    expect(normal).not.toBe(ORANGE);

    await publishCod(80);
    await expect.poll(() => card.getAttribute('data-warning-level'), { timeout: 10_000 }).toBe('2');
    expect(await borderColor(card)).toBe(ORANGE);
    expect(await card.textContent()).toContain('二级预警');
    // The notice of the same warning: value and threshold with their unit, no bracket in a bracket.
    const notice = notices(page).filter({ hasText: '二级（重要）预警' }).first();
    await notice.waitFor();
    const text = (await notice.textContent())!;
    expect(text).toContain('当前值 80 mg/L');
    expect(text).toContain('高于上限（阈值 > 50 mg/L）');
    expect(bracketDepth(text)).toBe(1);
    await picture(page, 'warning-marks-realtime-light');
    await notice.locator('.ant-notification-notice-close').click();

    // The table marks the row the same way.
    await page.locator('.ant-segmented-item', { hasText: '表格' }).click();
    const row = page.locator('tr.warning-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('二级预警');
    await picture(page, 'warning-marks-table-light');
    // A row opens the curve as a card does.
    await row.click();
    const drawer = page.getByTestId('curve-drawer');
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('.ant-segmented-item', { hasText: '卡片' }).click();

    // The card opens the indicator's curve, the warning's limit drawn on it.
    await codCard(page).click();
    await drawer.waitFor();
    const curve = drawer.getByTestId('indicator-curve');
    await expect.poll(() => curve.getAttribute('data-loaded'), { timeout: 10_000 }).toBe('true');
    expect(Number(await curve.getAttribute('data-points'))).toBeGreaterThan(0);
    const chart = drawer.getByTestId('series-chart');
    expect(await chart.getAttribute('data-marks')).toContain(`上限 ${LIMIT} mg/L`);
    expect(await chart.getAttribute('data-units')).toBe('mg/L');
    expect(await drawer.textContent()).toContain('80 mg/L（> 50 mg/L）');
    await picture(page, 'warning-marks-curve-light');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Back under the limit: released, and the card returns to normal without a reload.
    await publishCod(20);
    await expect.poll(() => codCard(page).getAttribute('data-warning-level'), { timeout: 10_000 }).toBe('');
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 600, y: 700 } });
    await expect.poll(() => borderColor(codCard(page))).toBe(normal);
  }, 90_000);

  it('says the curve failed to load, with a retry, instead of an empty chart', async () => {
    const page = await open(OPERATOR, 'realTimeData', 'router-realTimeData');
    await page.route('**/data-server/api/v2/gateways/chart', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50000, message: '服务器内部错误', data: null }),
      }),
    );
    await codCard(page).click();
    const drawer = page.getByTestId('curve-drawer');
    await drawer.getByText('曲线加载失败：服务器内部错误').waitFor();
    expect(await drawer.getByTestId('series-chart').count()).toBe(0);
    await page.unroute('**/data-server/api/v2/gateways/chart');
    await drawer.getByTestId('load-retry').click();
    await expect.poll(() => drawer.getByTestId('indicator-curve').getAttribute('data-loaded')).toBe('true');
  }, 60_000);

  it('预警详情 draws the curve around the warning with its limit, and says units', async () => {
    await publishCod(90);
    await expect.poll(async () => (await activeWarning())?.value, { timeout: 10_000 }).toBe('90');
    const raised = (await activeWarning())!;
    // A few seconds over the limit, so that the curve shows the excursion.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await publishCod(20);
    await expect.poll(async () => (await activeWarning()) ?? null, { timeout: 10_000 }).toBeNull();
    const page = await open(OPERATOR, `warningList?warningId=${raised.id}`, 'router-warningList');
    const drawer = page.getByRole('dialog').filter({ hasText: '预警详情' });
    await drawer.getByText('预警前后曲线').waitFor();
    await expect.poll(() => drawer.getByTestId('indicator-curve').getAttribute('data-loaded')).toBe('true');
    const chart = drawer.getByTestId('series-chart');
    expect(Number(await drawer.getByTestId('indicator-curve').getAttribute('data-points'))).toBeGreaterThan(
      0,
    );
    expect((await chart.getAttribute('data-marks'))!.split('|')).toEqual([
      `上限 ${LIMIT} mg/L`,
      '预警开始',
      '解除',
    ]);
    const facts = drawer.locator('.ant-descriptions');
    expect(await facts.textContent()).toContain('触发值90 mg/L');
    expect(await facts.textContent()).toContain('阈值> 50 mg/L');
    expect(await facts.textContent()).toContain('解除值20 mg/L');
    await picture(page, 'warning-marks-detail-light');
    // The list says them with units too.
    expect(await page.locator('.ant-table-row').first().textContent()).toContain('90 mg/L / > 50 mg/L');
  }, 60_000);
});

describe('notices and dialogs', () => {
  it('a notice never covers an open dialog’s footer: hidden while it is open, shown after', async () => {
    const page = await open(ADMIN, 'warningSetting?tab=rules', 'router-warningSetting');
    await publishCod(85);
    const first = notices(page).filter({ hasText: '二级（重要）预警' });
    await first.waitFor();
    // Bottom right, where the dialog's buttons will be.
    expect((await first.boundingBox())!.x).toBeGreaterThan(720);

    await page.getByRole('button', { name: '水质模板' }).click();
    const dialog = page.locator('.ant-modal:visible');
    const footer = dialog.locator('.ant-modal-footer');
    await footer.waitFor();
    await expect.poll(() => first.isVisible()).toBe(false);
    await noticesClearOf(page, footer);
    // The release (and its notice) arrives while the dialog is open: held, not shown over it.
    await publishCod(20);
    await expect.poll(async () => (await activeWarning()) ?? null, { timeout: 10_000 }).toBeNull();
    await page.waitForTimeout(1000);
    await noticesClearOf(page, footer);
    expect(await notices(page).filter({ hasText: '预警解除' }).isVisible()).toBe(false);
    // Its buttons take the click (nothing on top of them).
    await footer.getByRole('button', { name: /取\s?消/ }).click({ trial: true, timeout: 2000 });
    await picture(page, 'warning-marks-dialog-tech');
    await footer.getByRole('button', { name: /取\s?消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Closed: the notice on screen before and the held one are shown.
    await first.waitFor();
    await notices(page).filter({ hasText: '预警解除' }).first().waitFor();
    for (const notice of await notices(page).all())
      expect(bracketDepth((await notice.textContent())!)).toBeLessThanOrEqual(1);
    await picture(page, 'warning-marks-notices-tech');
  }, 60_000);

  it('reads in the tech theme: a warned card and its detail', async () => {
    await prepare(OPERATOR, 'tech');
    const page = await open(OPERATOR, 'realTimeData', 'router-realTimeData');
    await codCard(page).waitFor();
    await publishCod(75);
    await expect.poll(() => codCard(page).getAttribute('data-warning-level'), { timeout: 10_000 }).toBe('2');
    await notices(page).first().waitFor();
    await picture(page, 'warning-marks-realtime-tech');
    await codCard(page).click();
    const curve = page.getByTestId('curve-drawer').getByTestId('indicator-curve');
    await expect.poll(() => curve.getAttribute('data-loaded'), { timeout: 10_000 }).toBe('true');
    await picture(page, 'warning-marks-curve-tech');
    const raised = (await activeWarning())!;
    const detail = await open(OPERATOR, `warningList?warningId=${raised.id}`, 'router-warningList');
    const detailCurve = detail.getByRole('dialog').getByTestId('indicator-curve');
    await expect.poll(() => detailCurve.getAttribute('data-loaded'), { timeout: 10_000 }).toBe('true');
    await picture(detail, 'warning-marks-detail-tech');
    await publishCod(20);
  }, 60_000);
});
