import type { Message } from '@iot/contracts/messages';
import { type MessageSetting, NoticeOperate } from '@iot/contracts/users';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import type { Profile } from '../apps/server/src/simulator/profiles.js';
import { withoutDemoReminders } from '../apps/server/src/test/server.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';
import { type SimulatedSite, startSimulatedSite } from './support/simulator.js';

/**
 * Live messages (issue 6) from a real device over MQTT: a COD value over a warning rule's limit
 * raises a warning, the server pushes the message on the STOMP socket, and the browser shows the
 * notice bottom right (chime, read-out), the bell's dot and the drawer; the warning handled and the
 * value back bring the release. More messages than fit give the 已隐藏 notice; a deactivated account
 * is told so and signed out.
 */
// Operators are in China: this process and the Chromium it starts keep China time, as message texts do.
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let site: SimulatedSite;
let projectId: number;
let gatewayIndicatorId: number;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
const OPERATOR = DEMO_ACCOUNTS.operator;
const tokens: Record<string, { token: string; userId: number }> = {};
/** Browser contexts of the current test, closed after it. */
let contexts: BrowserContext[] = [];
/** Per page: the shell's call for the resource warnings, 5 s after it started. */
const resourceWarningsAsked = new WeakMap<Page, Promise<unknown>>();

/** The device's COD: flat at `base` (no curve, noise or excursions), so the test decides the value. */
const COD: Profile = {
  key: 'cod',
  name: 'E2E化学需氧量',
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

async function signIn(account: { username: string; password: string }) {
  const { access } = await h.t.login(account.username, account.password);
  const me = await h.api<{ userId: number }>('GET', '/iot/users/current/loginInfo', undefined, access);
  tokens[account.username] = { token: access, userId: me.userId };
  return tokens[account.username]!;
}

async function prepare(account: { username: string; password: string }, theme: string, voice: boolean) {
  const { token } = await signIn(account);
  await h.api('PUT', '/iot/users/current/theme', { theme }, token);
  const setting = await h.api<MessageSetting>('GET', '/iot/users/current/messageSetting', undefined, token);
  // Warning notices stay until closed, so that the test (and the screenshots) find them.
  await h.api(
    'PUT',
    '/iot/users/current/messageSetting',
    {
      ...setting,
      isShowMessage: true,
      isMuteMessageSound: false,
      warningMessageOperate: NoticeOperate.STAY,
      isWarningVoice: voice,
    },
    token,
  );
}

interface Recorded {
  spoken: { text: string; lang: string }[];
  played: string[];
}

/**
 * A signed-in page whose browser records what it is asked to say (speechSynthesis.speak) and play
 * (HTMLMediaElement.play): the browser's APIs, replaced before the app loads.
 */
async function openRecorded(account: { username: string; password: string }, pathname: string) {
  const { access, refresh } = await h.t.login(account.username, account.password);
  const context = await h.newContext();
  await context.addInitScript(() => {
    const recorded: Recorded = { spoken: [], played: [] };
    Object.assign(window, { recorded });
    window.speechSynthesis.speak = (utterance) => {
      recorded.spoken.push({ text: utterance.text, lang: utterance.lang });
    };
    HTMLMediaElement.prototype.play = function play() {
      recorded.played.push(new URL(this.src).pathname);
      return Promise.resolve();
    };
  });
  contexts.push(context);
  const page = await context.newPage();
  resourceWarningsAsked.set(
    page,
    page
      .waitForResponse((response) => response.url().includes('/iot/messages/resourceWarnings'), {
        timeout: 30_000,
      })
      // A page closed before it asked has nothing to wait for.
      .catch(() => undefined),
  );
  await page.goto(`${h.t.baseUrl}${pathname}?accessToken=${access}&refreshToken=${refresh}`);
  await page.getByTestId('message-bell').waitFor();
  // Subscribed once a frame reaches the user's topic (this probe is no message: the page ignores it).
  const topic = `/user/${tokens[account.username]!.userId}/topic/messageCenter`;
  await expect.poll(() => h.t.server.messages.socket.deliver(topic, { probe: true })).toBe(1);
  return page;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);
const notices = (page: Page, text?: string) => {
  const all = page.locator('.ant-notification-notice');
  return text ? all.filter({ hasText: text }) : all;
};

async function latest(account: { username: string }, type: Message['type']): Promise<Message> {
  const page = await h.api<{ list: Message[] }>(
    'GET',
    `/iot/messages?size=1&type=${type}`,
    undefined,
    tokens[account.username]!.token,
  );
  return page.list[0]!;
}

async function picture(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Sets the device's COD and waits until the platform has stored it. */
async function publishCod(value: number) {
  COD.base = value;
  await expect
    .poll(async () => {
      const last = await h.api<Record<string, Record<string, { value: number }>>>(
        'POST',
        '/data-server/api/v2/gateways/lastMetrics',
        { gatewayIds: [site.gateways[0]!.id], metrics: ['cod'] },
        tokens[ADMIN.username]!.token,
      );
      return last[site.gateways[0]!.id]?.cod?.value;
    })
    .toBe(value);
}

const addRule = (high: number) =>
  h.api(
    'POST',
    `/iot/groups/${projectId}/warningRules`,
    { gatewayIndicatorId, kind: 'above', high, level: 2, name: `COD 高于 ${high}` },
    tokens[ADMIN.username]!.token,
  );

beforeAll(async () => {
  h = await startBrowserHarness();
  // The bell and the drawer hold the test's messages only, not the demo plans' start-up reminders.
  await withoutDemoReminders(h.t);
  await prepare(ADMIN, 'light', true);
  await prepare(OPERATOR, 'tech', false);
  site = await startSimulatedSite(h, { aliases: ['E2E消息网关'], profiles: [COD], intervalMs: 500 });
  projectId = site.projectId;
  const indicators = await h.api<{ list: { id: number; dataIdentification: string }[] }>(
    'GET',
    `/iot/groups/${projectId}/gateways/${site.gateways[0]!.id}/indicators?size=1000`,
    undefined,
    tokens[ADMIN.username]!.token,
  );
  gatewayIndicatorId = indicators.list.find((i) => i.dataIdentification === 'cod')!.id;
  await addRule(LIMIT);
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});
afterAll(async () => {
  await site?.simulation.stop();
  await h?.close();
});

describe('live messages', () => {
  it('shows a warning bottom right with chime and read-out, the bell’s dot and the drawer; then its release', async () => {
    const page = await openRecorded(ADMIN, '/projects');
    expect(await page.getByTestId('message-bell').getAttribute('data-unread')).toBe('false');

    await publishCod(80);
    await expect.poll(async () => (await latest(ADMIN, 'warning'))?.relationId ?? null).not.toBeNull();
    const raised = await latest(ADMIN, 'warning');
    const notice = notices(page, raised.title);
    await notice.waitFor();
    expect(await notice.textContent()).toContain('监测预警通知');
    // Bottom right: the notice sits in the right half and the lower part of the window.
    const box = (await notice.boundingBox())!;
    expect(box.x).toBeGreaterThan(720);
    expect(box.y + box.height).toBeGreaterThan(450);
    await expect
      .poll(async () => (await recorded(page)).spoken)
      .toContainEqual({ text: raised.title, lang: 'zh-CN' });
    expect((await recorded(page)).played).toContain('/sounds/message.wav');
    await expect.poll(() => page.getByTestId('message-bell').getAttribute('data-unread')).toBe('true');
    await page.getByTestId('message-bell').locator('.ant-badge-dot').waitFor();

    await page.getByRole('button', { name: '我的消息' }).click();
    const drawer = page.locator('.message-drawer .ant-drawer-content-wrapper');
    await drawer.getByTestId('message-item').filter({ hasText: raised.title }).waitFor();
    expect((await drawer.boundingBox())!.width).toBe(420);
    await page.keyboard.press('Escape');

    // Handled through the API with a note, and the value back under the limit: the release comes.
    await h.api(
      'POST',
      `/iot/groups/${projectId}/warnings/${raised.relationId}/handle`,
      { status: 'handled', note: '已排查：进水冲击负荷，已调整曝气' },
      tokens[ADMIN.username]!.token,
    );
    await publishCod(20);
    await expect
      .poll(async () => (await latest(ADMIN, 'warningRelease'))?.relationId)
      .toBe(raised.relationId);
    const released = await latest(ADMIN, 'warningRelease');
    await notices(page, released.title).waitFor();
    expect(await notices(page, released.title).textContent()).toContain('监测预警解除通知');
    await picture(page, 'messages-notices-light');

    // 查看预警 leads to the warning on the project's warning list.
    await notice.getByRole('button', { name: '查看预警' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/projects/groups/${projectId}/warningList?warningId=${raised.relationId}`);
  });

  it('hides what does not fit in one 已隐藏 notice; 忽略全部 clears, 查看消息 opens the center; no read-out when off', async () => {
    // Four more rules: one value over all five raises five warnings at once; three notices fit in 900 px.
    for (const high of [55, 60, 65, 70]) await addRule(high);
    const admin = await openRecorded(ADMIN, '/projects');
    const operator = await openRecorded(OPERATOR, '/projects');
    await publishCod(80);
    for (const page of [admin, operator]) {
      await notices(page, '已隐藏 2 条提醒').waitFor();
      await expect.poll(() => notices(page).count()).toBe(4);
    }
    await picture(operator, 'messages-notices-tech');
    // The operator's voice switch is off: nothing is read out. The admin hears the three shown,
    // not the two only counted as hidden; the five arriving together chime once.
    expect((await recorded(operator)).spoken).toEqual([]);
    const heard = await recorded(admin);
    expect(heard.spoken).toHaveLength(3);
    expect(heard.played).toHaveLength(1);

    await notices(admin, '已隐藏').getByRole('button', { name: '忽略全部' }).click();
    await expect.poll(() => notices(admin).count()).toBe(0);
    await admin.getByRole('button', { name: '我的消息' }).click();
    await admin.getByTestId('message-item').first().waitFor();
    await picture(admin, 'messages-drawer-light');
    await admin.keyboard.press('Escape');

    await notices(operator, '已隐藏').getByRole('button', { name: '查看消息' }).click();
    await expect.poll(() => new URL(operator.url()).pathname).toBe('/messageCenter');
    await expect.poll(() => notices(operator).count()).toBe(0);
    const center = operator.locator('.ant-card').filter({ hasText: '消息中心' });
    await center.locator('.ant-table-row').first().waitFor();
    await picture(operator, 'messages-center-tech');

    await operator.getByRole('button', { name: '我的消息' }).click();
    await operator.getByTestId('message-item').first().waitFor();
    await picture(operator, 'messages-drawer-tech');
    await operator.keyboard.press('Escape');

    await admin.goto(`${h.t.baseUrl}/messageCenter`);
    await admin.locator('.ant-table-row').first().waitFor();
    await picture(admin, 'messages-center-light');
    // The detail of a message marks it read.
    const first = admin.locator('.ant-table-row').first();
    expect(await first.textContent()).toContain('未读');
    await first.getByRole('button', { name: /^查\s?看$/ }).click();
    const detail = admin.getByRole('dialog').filter({ hasText: '消息详情' });
    await detail.getByText('监测预警通知').waitFor();
    await detail.getByRole('button', { name: /^关\s闭$/ }).click();
    await expect.poll(() => first.textContent()).toContain('已读');
    await publishCod(20);
  });

  it('shows the resource warnings of the user’s projects shortly after start', async () => {
    await h.api('PUT', `/iot/projects/${projectId}/terms`, { sendMessagesTotalNum: 5 });
    // SMS counts matter once someone is to receive SMS.
    const me = await signIn(ADMIN);
    await h.api(
      'POST',
      `/iot/groups/${projectId}/messageRecipients`,
      { types: ['warning'], userIds: [me.userId], sms: true },
      me.token,
    );
    const page = await openRecorded(ADMIN, '/projects');
    await resourceWarningsAsked.get(page);
    const notice = notices(page, '短信余量不足');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('短信仅剩 5 条，请及时购买短信资源。');
    // The notice leads to the purchase dialog, at 购买短信资源 (decision 0068).
    await notice.getByRole('button', { name: '立即购买' }).click();
    await page.getByTestId('purchase-dialog').getByText('短信剩余 5 条').waitFor();
    await page.getByTestId('purchase-dialog').getByText('1000条（80元）').waitFor();
    await h.api('PUT', `/iot/projects/${projectId}/terms`, { sendMessagesTotalNum: 1000 });
  });

  it('tells a deactivated account 当前账号已停用，无法进行操作！ and signs it out', async () => {
    const page = await openRecorded(OPERATOR, '/projects');
    // The resource warnings are asked for 5 s after start: a disabled account's call would meet 登出提醒.
    await resourceWarningsAsked.get(page);
    await h.api('PUT', `/iot/users/${tokens[OPERATOR.username]!.userId}`, { status: 'disabled' });
    // The server re-checks the sockets' accounts every minute; this is that check, now.
    await h.t.server.messages.socket.recheckSessions();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '当前账号已停用，无法进行操作！' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('iot.session'))).toBeNull();
  });
});
