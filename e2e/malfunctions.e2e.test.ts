import { mkdirSync } from 'node:fs';
import type { Equipment } from '@iot/contracts/equipment';
import type { Malfunction } from '@iot/contracts/malfunctions';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * 设备故障记录 as its least-privileged user meets it on a 390 px phone (decision 0056): a role with
 * this menu alone (read, report, close). A failed list shows 重试; the list shows an ongoing fault
 * counting up; 上报故障 with a photo; 结束 behind a confirmation; no 转工单 without 工单管理; MTBF / MTTR.
 */
let h: BrowserHarness;
let projectId: number;
let admin: string;
let pump: Equipment;
const RECORDER = { username: 'fault-recorder', password: 'Recorder#2026' };
const PHONE = { width: 390, height: 844 };
const SHOTS = REVIEW_SHOTS;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openAs(pathname: string, viewport = PHONE, theme = 'light'): Promise<Page> {
  const { access, refresh } = await h.t.login(RECORDER.username, RECORDER.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(`${h.t.baseUrl}${pathname}?accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    {
      name: '故障记录员',
      description: '',
      functions: [{ code: 'router-equipmentMalfunctionRecord', permission: 11 }],
    },
    admin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/users`,
    { ...RECORDER, realname: '故障记录员', roleId: role.id },
    admin,
  );
  const gw = await createGateway(h.t, projectId, [{ key: 'fault', type: 'boolean' }]);
  pump = await h.api<Equipment>(
    'POST',
    `/iot/groups/${projectId}/equipment`,
    {
      name: '进水提升泵',
      code: 'E2E-P1',
      bindings: [{ role: 'fault', gatewayIndicatorId: gw.indicators.fault }],
    },
    admin,
  );
  // The fault signal went on ten minutes ago and is still on.
  const ts = Date.now() - 600_000;
  await h.t.server.malfunctions.watch(projectId, [
    { gatewayIndicatorId: gw.indicators.fault!, ts: ts - 1000, value: 0 },
    { gatewayIndicatorId: gw.indicators.fault!, ts, value: 1 },
  ]);
  const closed = await h.api<Malfunction>(
    'POST',
    `/iot/groups/${projectId}/malfunctions`,
    { equipmentId: pump.id, description: '出口阀门卡滞', startedAt: ts - 7_200_000 },
    admin,
  );
  await h.api('PUT', `/iot/groups/${projectId}/malfunctions/${closed.id}/close`, { note: '已检修' }, admin);
});
afterAll(() => h?.close());

describe('设备故障记录 at 390 px', () => {
  it('shows a failed load with 重试, then the list with an ongoing fault counting up', async () => {
    const page = await openAs('/usercenter');
    await page.getByText('个人中心').first().waitFor();
    const list = (url: URL) => url.pathname === `/iot/groups/${projectId}/malfunctions`;
    const broken = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '系统繁忙', data: null }),
      });
    await page.route(list, broken);
    await page.goto(`${h.t.baseUrl}/projects/groups/${projectId}/malfunctions`);
    await expect
      .poll(() => routeName(page), { timeout: 15_000 })
      .toBe(`router-equipmentMalfunctionRecord-g${projectId}`);
    const error = page.getByTestId('load-error').filter({ hasText: '设备故障记录加载失败' });
    await error.first().waitFor();
    expect(await page.getByText('还没有设备故障记录').count()).toBe(0);
    await page.unroute(list, broken);
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await page.getByText('进水提升泵').first().waitFor();
    const ongoing = page.getByTestId('ongoing-duration').first();
    const first = await ongoing.textContent();
    expect(first).toMatch(/^故障中 10分\d+秒$/);
    await expect.poll(() => ongoing.textContent()).not.toBe(first);
    expect(await page.getByRole('button', { name: '转工单' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'malfunctions-phone-light');
  });

  it('reports a fault with a photo, and ends it after a confirmation', async () => {
    const page = await openAs(`/projects/groups/${projectId}/malfunctions`);
    await page.getByRole('button', { name: /上报故障/ }).click();
    const dialog = page.getByRole('dialog', { name: '上报故障' });
    await dialog.getByLabel('设备').click();
    await page.getByTitle(/进水提升泵/).click();
    await dialog.getByPlaceholder('现象、部位、影响').fill('叶轮异响，振动大');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await dialog.locator('.ant-upload-list-item-done').waitFor();
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByText('故障已上报，已发送设备故障通知').waitFor();
    const row = page.locator('tr', { hasText: '叶轮异响，振动大' });
    await row.locator('img[alt=故障照片]').waitFor();

    await row.getByRole('button', { name: '结束' }).click();
    const confirm = page.getByRole('dialog', { name: '结束故障' });
    await confirm.getByLabel('处理说明').fill('更换叶轮');
    await confirm.getByRole('button', { name: /确定结束/ }).click();
    await page.getByText('故障已结束，已发送设备故障解除通知').waitFor();
    await expect.poll(() => row.getByRole('button', { name: '结束' }).count()).toBe(0);
    await expect.poll(() => row.textContent()).toContain('更换叶轮');
  });

  it('opens a record’s detail; its reporter deletes a wrong report after a confirmation, nobody else’s (0059)', async () => {
    await h.api(
      'POST',
      `/iot/groups/${projectId}/malfunctions`,
      { equipmentId: pump.id, description: '误报：读数跳变' },
      (await h.t.login(RECORDER.username, RECORDER.password)).access,
    );
    const page = await openAs(`/projects/groups/${projectId}/malfunctions`);
    const rowOf = (text: string) => page.locator('tr', { hasText: text });
    const drawer = page.locator('.ant-drawer');

    // Another's report (the administrator's): the detail, no 删除 for a user without the delete bit.
    await rowOf('出口阀门卡滞').getByTestId('open-malfunction').click();
    const detail = drawer.getByTestId('malfunction-detail');
    await detail.getByText('已检修').waitFor();
    await detail.getByText('人工上报').waitFor();
    await detail.getByText('2小时').first().waitFor();
    expect(await drawer.getByRole('button', { name: /删\s?除/ }).count()).toBe(0);
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => detail.count()).toBe(0);

    // A failed detail shows its reason with 重试, then the record.
    const one = (url: URL) => /\/malfunctions\/\d+$/.test(url.pathname);
    const broken = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '系统繁忙', data: null }),
      });
    await page.route(one, broken);
    await rowOf('误报：读数跳变').getByTestId('open-malfunction').click();
    const error = drawer.getByTestId('load-error');
    await error.waitFor();
    await page.unroute(one, broken);
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await detail.getByText('故障记录员').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'malfunctions-phone-detail');
    await drawer.getByRole('button', { name: /删\s?除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await page.getByText('已删除').waitFor();
    await expect.poll(() => rowOf('误报：读数跳变').count()).toBe(0);
  });

  it('shows MTBF / MTTR per equipment', async () => {
    const page = await openAs(`/projects/groups/${projectId}/malfunctions`);
    await page.getByRole('tab', { name: 'MTBF / MTTR' }).click();
    await page.locator('.ant-table-row', { hasText: 'E2E-P1' }).waitFor();
    await page.getByText(/MTTR（平均修复时间）= 范围内结束的故障的平均时长/).waitFor();
    await shot(page, 'malfunctions-phone-reliability');
  });

  it('looks right on a desk in light and tech', async () => {
    for (const theme of ['light', 'tech']) {
      const page = await openAs(
        `/projects/groups/${projectId}/malfunctions`,
        { width: 1440, height: 900 },
        theme,
      );
      await page.getByText('进水提升泵').first().waitFor();
      await shot(page, `malfunctions-desk-${theme}`);
      await page.getByRole('button', { name: /上报故障/ }).click();
      await page.getByRole('dialog', { name: '上报故障' }).waitFor();
      await shot(page, `malfunctions-desk-${theme}-report`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog', { name: '上报故障' }).count()).toBe(0);
      await page.locator('tr', { hasText: '叶轮异响' }).getByTestId('open-malfunction').click();
      await page.getByTestId('malfunction-detail').locator('img[alt=故障照片]').waitFor();
      await shot(page, `malfunctions-desk-${theme}-detail`);
      await page.context().close();
    }
    const phone = await openAs(`/projects/groups/${projectId}/malfunctions`, PHONE, 'tech');
    await phone.getByText('进水提升泵').first().waitFor();
    await shot(phone, 'malfunctions-phone-tech');
  });
});
