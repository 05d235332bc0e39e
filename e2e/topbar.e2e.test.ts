import { NoticeOperate } from '@iot/contracts/users';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import { type BrowserHarness, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The top bar and the session (issue 12) as the least-privileged user meets them, at the desk and
 * on a 390 px phone: the avatar panel (80×80 avatar from login info's avatarPath, a fallback, the
 * roles), 修改密码 from the avatar menu, notices that close after 4.5 s or stay by the user's
 * settings (live messages of each kind, the project's payStatus and set-meal notices), the
 * account-closed text that signs out, and the pickers that page 100 at a time and search debounced.
 */
let h: BrowserHarness;
let projectId: number;
const operator: { username: string; password: string } = { ...DEMO_ACCOUNTS.operator };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [
  ['desk', DESK],
  ['phone', PHONE],
] as const;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());
/** Browser contexts of the current test, closed after it whatever its outcome. */
let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

const tokenOf = async () => (await h.t.login(operator.username, operator.password)).access;
const operatorId = async () =>
  (await h.api<{ userId: number }>('GET', '/iot/users/current/loginInfo', undefined, await tokenOf())).userId;

async function setTheme(theme: string): Promise<void> {
  await h.api('PUT', '/iot/users/current/theme', { theme }, await tokenOf());
}

/** A fresh page of the given size, signed in as the operator by handing the tokens over in the address. */
async function openAs(pathname: string, viewport: { width: number; height: number } = DESK): Promise<Page> {
  const { access, refresh } = await h.t.login(operator.username, operator.password);
  const context = await h.browser.newContext({ viewport, locale: 'zh-CN', hasTouch: viewport.width < 768 });
  contexts.push(context);
  const page = await context.newPage();
  const join = pathname.includes('?') ? '&' : '?';
  await page.goto(`${h.t.baseUrl}${pathname}${join}accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

async function picture(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

async function openUserPanel(page: Page) {
  await page.getByTestId('avatar-menu').hover();
  const panel = page.getByTestId('user-panel');
  await panel.waitFor();
  // The dropdown grows in (antd's slide-up): measured once it has settled.
  await expect.poll(async () => (await panel.boundingBox())?.height).toBeGreaterThan(0);
  await page.waitForTimeout(400);
  return panel;
}

describe('the avatar panel', () => {
  for (const [width, viewport] of WIDTHS) {
    for (const theme of ['light', 'tech'] as const) {
      it(`shows the 80×80 avatar, the name and the roles, this project's first (${width}, ${theme})`, async () => {
        await setTheme(theme);
        const page = await openAs(`/projects/groups/${projectId}/realTimeData`, viewport);
        // No avatar yet: the first character of the name stands in, in the top bar and the panel.
        const small = page.getByTestId('avatar-menu').locator('.user-avatar');
        // Once login info is in: the initial, not the person icon of a name not yet known.
        await expect.poll(() => small.textContent()).toBe('示');
        expect(await small.getAttribute('data-fallback')).toBe('true');
        const panel = await openUserPanel(page);
        const avatar = panel.getByTestId('user-panel-avatar');
        const box = (await avatar.boundingBox())!;
        expect([box.width, box.height]).toEqual([80, 80]);
        expect(await avatar.getAttribute('data-fallback')).toBe('true');
        expect(await panel.textContent()).toContain(DEMO_ACCOUNTS.operator.realname);
        expect(await panel.textContent()).toContain(operator.username);
        const role = panel.getByTestId('role-list').locator('.role-line').first();
        expect(await role.getAttribute('data-current')).toBe('true');
        expect(await role.textContent()).toBe(`运维人员项目 · ${DEMO_PROJECT_NAME}`);
        // The whole panel is on screen, even at 390 px.
        const shown = (await panel.boundingBox())!;
        expect(shown.x).toBeGreaterThanOrEqual(0);
        expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width);
        await panel.getByRole('menuitem', { name: '修改密码' }).waitFor();
        await picture(page, `topbar-user-panel-${width}-${theme}`);
        await page.context().close();
      });
    }
  }

  it('shows the uploaded avatar at 80×80, and the fallback again when the image cannot be loaded', async () => {
    await setTheme('light');
    const token = await tokenOf();
    // A path of our file store that holds nothing: login info names it, the browser cannot load it.
    await h.api(
      'PUT',
      '/iot/users/current/profile',
      { avatar: '/iot/files/avatars/nothing-here.png' },
      token,
    );
    const page = await openAs(`/projects/groups/${projectId}/realTimeData`);
    let panel = await openUserPanel(page);
    await expect
      .poll(() => panel.getByTestId('user-panel-avatar').getAttribute('data-fallback'))
      .toBe('true');
    expect(await panel.getByTestId('user-panel-avatar').textContent()).toBe('示');

    const uploaded = await fetch(`${h.t.baseUrl}/iot/users/current/avatar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: PNG,
    });
    const { data } = (await uploaded.json()) as { data: { avatar: string } };
    await page.reload();
    panel = await openUserPanel(page);
    const image = panel.getByTestId('user-panel-avatar').locator('img');
    await expect.poll(() => image.getAttribute('src')).toBe(data.avatar);
    const box = (await panel.getByTestId('user-panel-avatar').boundingBox())!;
    expect([box.width, box.height]).toEqual([80, 80]);
    expect(await page.getByTestId('avatar-menu').locator('img').getAttribute('src')).toBe(data.avatar);
    await h.api('PUT', '/iot/users/current/profile', { avatar: '' }, await tokenOf());
    await page.context().close();
  });
});

describe('修改密码 from the avatar menu', () => {
  for (const [width, viewport] of WIDTHS) {
    for (const theme of ['light', 'tech'] as const) {
      it(`holds the one password rule, tells a wrong old password, and changes it (${width}, ${theme})`, async () => {
        await setTheme(theme);
        const page = await openAs(`/projects/groups/${projectId}/realTimeData`, viewport);
        const panel = await openUserPanel(page);
        await panel.getByRole('menuitem', { name: '修改密码' }).click();
        const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
        await dialog.getByLabel('原密码').waitFor();
        // Decision 0034: one message per field, the same words as the server's.
        // Clicked again until the form answers: under load the first click can land while the
        // dialog's form is still mounting.
        await expect
          .poll(async () => {
            await dialog.getByRole('button', { name: /确认修改/ }).click();
            return dialog.getByText('请输入原密码').isVisible();
          })
          .toBe(true);
        await dialog.getByText('新密码不能为空').waitFor();
        await dialog.getByLabel('新密码', { exact: true }).fill('short');
        await dialog
          .getByText('密码须为8～16位，且同时包含数字、小写字母、大写字母和特殊符号(!#$%&()*@^)中的各一个')
          .waitFor();
        await picture(page, `topbar-change-password-${width}-${theme}`);

        const next = `Op${width === 'desk' ? 'D' : 'P'}${theme === 'light' ? 'l' : 't'}@2026x`;
        await dialog.getByLabel('原密码').fill('Wrong@2026x');
        await dialog.getByLabel('新密码', { exact: true }).fill(next);
        await dialog.getByLabel('确认新密码').fill(`${next}9`);
        await dialog.getByText('两次输入的密码不一致').waitFor();
        await dialog.getByLabel('确认新密码').fill(next);
        await dialog.getByRole('button', { name: /确认修改/ }).click();
        await dialog.getByText('原密码错误').waitFor();

        await dialog.getByLabel('原密码').fill(operator.password);
        await dialog.getByRole('button', { name: /确认修改/ }).click();
        await page.locator('.ant-message').getByText('密码修改成功！').waitFor();
        await expect.poll(() => dialog.count()).toBe(0);
        // The new password signs in; this page's own session goes on.
        operator.password = next;
        await tokenOf();
        expect(await page.evaluate(() => localStorage.getItem('iot.session'))).not.toBeNull();
        await page.context().close();
      });
    }
  }
});

describe('notices close after 4.5 s or stay, by the user’s settings', () => {
  const TYPES = [
    ['warning', '监测预警通知', 'warningMessageOperate'],
    ['malfunction', '设备故障通知', 'malfunctionMessageOperate'],
    ['maintenance', '设备保养提醒', 'maintenanceMessageOperate'],
    ['other', '其它', 'otherMessageOperate'],
  ] as const;

  beforeAll(async () => {
    // The operator receives every kind of this project's messages.
    await h.api('POST', `/iot/groups/${projectId}/messageRecipients`, {
      types: TYPES.map(([type]) => type),
      userIds: [await operatorId()],
      sms: false,
    });
  });

  async function setOperates(modes: Record<string, 0 | 1>) {
    const token = await tokenOf();
    const setting = await h.api<Record<string, unknown>>(
      'GET',
      '/iot/users/current/messageSetting',
      undefined,
      token,
    );
    await h.api(
      'PUT',
      '/iot/users/current/messageSetting',
      { ...setting, isShowMessage: true, isMuteMessageSound: true, ...modes },
      token,
    );
  }

  async function subscribed(page: Page) {
    await page.getByTestId('message-bell').waitFor();
    const topic = `/user/${await operatorId()}/topic/messageCenter`;
    await expect.poll(() => h.t.server.messages.socket.deliver(topic, { probe: true })).toBe(1);
  }

  const notice = (page: Page, typeName: string) =>
    page.getByTestId('message-notice').filter({ has: page.getByText(typeName, { exact: true }) });

  for (const [round, stays] of [
    ['first', ['warning', 'maintenance']],
    ['second', ['malfunction', 'other']],
  ] as const) {
    it(`a live message of each kind (${round} round: ${stays.join(', ')} stay)`, async () => {
      await setTheme(round === 'first' ? 'light' : 'tech');
      await setOperates(
        Object.fromEntries(
          TYPES.map(([type, , key]) => [
            key,
            (stays as readonly string[]).includes(type) ? NoticeOperate.STAY : NoticeOperate.AUTO_CLOSE,
          ]),
        ),
      );
      // Tall enough for four notices at once (height / 220).
      const page = await openAs('/projects', { width: 1440, height: 1100 });
      await subscribed(page);
      for (const [type] of TYPES) {
        await h.t.server.messages.notify({
          projectId,
          type,
          level: type === 'warning' ? 2 : null,
          variables: {
            level: '二级',
            time: '今天 10:30',
            value: '80 mg/L',
            kind: '高于上限',
            threshold: '50 mg/L',
            gatewayAlias: '一号泵站',
            indicatorName: 'COD',
            equipmentName: '1号提升泵',
            title: '系统维护通知',
            detail: '今晚 22:00 起系统维护半小时',
          },
          relationId: null,
        });
      }
      for (const [, typeName] of TYPES) await notice(page, typeName).waitFor();
      await picture(page, `topbar-live-notices-${round === 'first' ? 'light' : 'tech'}`);
      // 4.5 s later, and a little: the auto-closing ones are gone, the others still there.
      await page.waitForTimeout(6_500);
      for (const [type, typeName] of TYPES) {
        expect([type, await notice(page, typeName).count()]).toEqual([
          type,
          (stays as readonly string[]).includes(type) ? 1 : 0,
        ]);
      }
      await page.context().close();
    });
  }

  for (const [width, viewport] of WIDTHS) {
    it(`the payStatus B and set-meal notices follow 其它消息 (${width})`, async () => {
      const yesterday = Date.now() - 24 * 3_600_000;
      await h.api('PUT', `/iot/projects/${projectId}/terms`, { payStatus: 'B', setMealEndAt: yesterday });
      try {
        // 手动关闭, set in 个人中心 › 消息设置 as the user would.
        await setTheme(width === 'desk' ? 'light' : 'tech');
        await setOperates({ otherMessageOperate: NoticeOperate.AUTO_CLOSE });
        const settings = await openAs('/usercenter?tab=message', viewport);
        const other = settings.getByLabel('其它消息关闭方式');
        await other.click();
        await settings.locator('.ant-select-item-option').filter({ hasText: '手动关闭' }).click();
        await settings.getByRole('button', { name: /保\s?存/ }).click();
        await settings.getByText('消息设置已保存').waitFor();
        await picture(settings, `topbar-message-setting-${width}-${width === 'desk' ? 'light' : 'tech'}`);
        await settings.context().close();

        let page = await openAs(`/projects/groups/${projectId}/realTimeData`, viewport);
        const payStatus = page.locator('.pay-status-notice');
        const setMeal = page.locator('.set-meal-notice');
        await payStatus.waitFor();
        await setMeal.waitFor();
        expect(await payStatus.textContent()).toContain('项目即将欠费');
        expect(await setMeal.textContent()).toContain('监测项资源已到期');
        await picture(page, `topbar-project-notices-${width}-${width === 'desk' ? 'light' : 'tech'}`);
        await page.waitForTimeout(6_500);
        expect([await payStatus.count(), await setMeal.count()]).toEqual([1, 1]);
        await page.context().close();

        // 自动关闭: the same notices go after 4.5 s.
        await setOperates({ otherMessageOperate: NoticeOperate.AUTO_CLOSE });
        page = await openAs(`/projects/groups/${projectId}/realTimeData`, viewport);
        await page.locator('.pay-status-notice').waitFor();
        await page.locator('.set-meal-notice').waitFor();
        await page.waitForTimeout(1_500);
        expect(await page.locator('.pay-status-notice').count()).toBe(1);
        await expect
          .poll(async () => (await page.locator('.pay-status-notice, .set-meal-notice').count()) === 0, {
            timeout: 8_000,
          })
          .toBe(true);
        await page.context().close();
      } finally {
        await h.api('PUT', `/iot/projects/${projectId}/terms`, {
          payStatus: 'A',
          setMealEndAt: Date.now() + 365 * 24 * 3_600_000,
        });
      }
    });
  }
});

describe('pickers read 100 at a time and search as one pauses typing', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`the tool set's gateway picker (${width})`, async () => {
      const existing = await h.api<{ total: number }>('GET', `/iot/groups/${projectId}/gateways?size=1`);
      // 130 more gateways than the project had: a full page of 100, then the rest.
      if (existing.total < 130) for (let n = 0; n < 130; n += 1) await createGateway(h.t, projectId, []);
      const total = (await h.api<{ total: number }>('GET', `/iot/groups/${projectId}/gateways?size=1`)).total;
      await setTheme(width === 'desk' ? 'tech' : 'light');
      const page = await openAs(`/projects/groups/${projectId}/toolSet?activeKey=sensorAccess`, viewport);
      const asked: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === `/iot/groups/${projectId}/gateways`) asked.push(url);
      });
      const picker = page.getByLabel('选择网关');
      await picker.click();
      const options = page.locator('.ant-select-dropdown .ant-select-item-option');
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      await picture(page, `topbar-gateway-picker-${width}-${width === 'desk' ? 'tech' : 'light'}`);
      // Scrolled to its end, the list asks for the next 100, and no more after a shorter page.
      const list = page.locator('.ant-select-dropdown [class$="list-holder"]');
      for (let n = 0; n < 6; n += 1) {
        await list.evaluate((element) => {
          element.scrollTop = element.scrollHeight;
          element.dispatchEvent(new Event('scroll', { bubbles: true }));
        });
        await page.waitForTimeout(400);
      }
      const pages = asked.filter((url) => !url.searchParams.get('keyword'));
      expect(pages.every((url) => url.searchParams.get('size') === '100')).toBe(true);
      // Pages 1 … the first shorter than 100 (the first page came with the screen).
      const later = pages.map((url) => Number(url.searchParams.get('page'))).filter((n) => n > 0);
      const last = Math.floor(total / 100);
      expect(later).toEqual(Array.from({ length: last }, (_, n) => n + 1));

      // Typing goes to the server once it pauses, not at every key.
      asked.length = 0;
      await page.keyboard.type('SN', { delay: 60 });
      const firstPageOf = (keyword: string) =>
        asked.filter(
          (url) => url.searchParams.get('keyword') === keyword && url.searchParams.get('page') === '0',
        );
      await expect.poll(() => firstPageOf('SN').length).toBe(1);
      await page.waitForTimeout(600);
      expect(firstPageOf('SN')).toHaveLength(1);
      expect(asked.filter((url) => url.searchParams.get('keyword') === 'S')).toEqual([]);
      await page.context().close();
    });
  }
});

describe('an account closed while signed in', () => {
  for (const [width, viewport, theme, change, text] of [
    ['phone', PHONE, 'tech', { status: 'disabled' }, '当前账号已停用，无法进行操作！'],
    ['desk', DESK, 'light', { expireAt: Date.now() - 1000 }, '当前账号已过期，无法进行操作！'],
  ] as const) {
    it(`is told ${text} and signed out (${width}, ${theme})`, async () => {
      await setTheme(theme);
      const id = await operatorId();
      const page = await openAs('/projects', viewport);
      await page.getByTestId('message-bell').waitFor();
      // The resource warnings are asked for 5 s after start: a closed account's call would meet 登出提醒.
      await page.waitForResponse((r) => r.url().includes('/iot/messages/resourceWarnings'), {
        timeout: 30_000,
      });
      const topic = `/user/${id}/topic/messageCenter`;
      await expect.poll(() => h.t.server.messages.socket.deliver(topic, { probe: true })).toBe(1);
      try {
        await h.api('PUT', `/iot/users/${id}`, change);
        // An expiry passing is found by the minute's re-check of the sockets; this is that check, now.
        await h.t.server.messages.socket.recheckSessions();
        const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text });
        await dialog.waitFor();
        await picture(page, `topbar-account-closed-${width}-${theme}`);
        await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
        expect(await page.evaluate(() => localStorage.getItem('iot.session'))).toBeNull();
      } finally {
        await h.api('PUT', `/iot/users/${id}`, { status: 'enabled', expireAt: null });
        await page.context().close();
      }
    });
  }
});
