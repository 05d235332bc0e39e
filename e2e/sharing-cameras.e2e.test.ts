import { mkdirSync } from 'node:fs';
import type { Camera } from '@iot/contracts/cameras';
import type { Share } from '@iot/contracts/sharing';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { FFMPEG_MISSING, type FlvSource, startFlvSource } from '../apps/server/src/test/flv-source.js';
import { type BrowserHarness, REVIEW_SHOTS, startBrowserHarness } from './support/browser.js';

/**
 * 使用分享码 with a camera (decision 0069), as the least-privileged role that can use it — a custom
 * role with 网关管理 read + create (the right useShare asks of the target) and 视频监控 read: the
 * camera needs a target group (请选择摄像头所在分组！), then shows in 视频监控 tagged 共享, read-only,
 * and plays; the groups failing to load say so with 重试; once the owner deletes the camera the target
 * is told 被分享设备{name}已被删除，无法观看！.
 */
let h: BrowserHarness;
let source: FlvSource | null = null;
let demoProject: number;
let target: number;
let ownerToken: string;
let camera: Camera;
let spare: Camera;
const SHOTS = REVIEW_SHOTS;
const DESK = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const USER = { username: 'share-cam-user', password: 'Passw0rd!' };
const TARGET_NAME = '接收摄像头的泵站';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/sharecam-${name}.png` });
}

async function open(pathname: string, viewport = DESK, theme = 'light'): Promise<Page> {
  const { access, refresh } = await h.t.login(USER.username, USER.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(`${h.t.baseUrl}${pathname}?accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const createButton = (dialog: Locator) => dialog.getByRole('button', { name: /^创\s?建$/ });

async function openUseShare(page: Page) {
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '使用分享码' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '使用分享码' });
  await dialog.getByTestId('share-code').waitFor();
  return dialog;
}

async function enterCode(page: Page, dialog: Locator, code: string, cameraName: string) {
  await dialog.getByTestId('share-code').fill(code);
  await dialog.getByTestId('share-code').blur();
  await dialog.getByTestId('share-preview').getByText(cameraName).waitFor();
  await dialog.getByLabel('目标项目').click();
  await dropdown(page).getByText(TARGET_NAME, { exact: true }).click();
}

async function shareOf(cam: Camera): Promise<string> {
  const share = await h.api<Share>(
    'POST',
    `/iot/groups/${demoProject}/shares`,
    { cameraIds: [cam.id] },
    ownerToken,
  );
  return share.code;
}

beforeAll(async () => {
  h = await startBrowserHarness();
  if (FFMPEG_MISSING === null) source = await startFlvSource({ fps: 10 });
  demoProject = h.t.server.seeded.demoProjectId!;
  ownerToken = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const videoUrl = source?.url ?? 'http://127.0.0.1:9/none.flv';
  camera = await h.api<Camera>(
    'POST',
    `/iot/groups/${demoProject}/cameras`,
    { name: '共享进水口摄像头', aggType: 4, videoUrl },
    ownerToken,
  );
  spare = await h.api<Camera>(
    'POST',
    `/iot/groups/${demoProject}/cameras`,
    { name: '共享出水口摄像头', aggType: 4, videoUrl },
    ownerToken,
  );
  target = (await h.api<{ projectGroupId: number }>('POST', '/iot/projects', { name: TARGET_NAME }))
    .projectGroupId;
  const role = await h.api<{ id: number }>('POST', `/iot/groups/${target}/roles`, {
    name: '共享接收',
    description: '只能使用分享码和看视频',
    functions: [
      // read 1 + create 8: useShare's right in the target (decision 0069).
      { code: 'router-projectGateway', permission: 9 },
      { code: 'router-videoSurveillance', permission: 1 },
    ],
  });
  await h.api('POST', `/iot/groups/${target}/users`, { ...USER, realname: '共享接收员', roleId: role.id });
}, 180_000);
afterAll(async () => {
  await h?.close();
  await source?.close();
});

describe('使用分享码 with a camera', () => {
  it('the owner’s 设备分享 offers the project’s cameras and lists them in the share (light desk, tech 390)', async () => {
    for (const [viewport, theme] of [
      [DESK, 'light'],
      [PHONE, 'tech'],
    ] as const) {
      await h.api('PUT', '/iot/users/current/theme', { theme }, ownerToken);
      const page = await h.openAs(
        DEMO_ACCOUNTS.projectAdmin.username,
        DEMO_ACCOUNTS.projectAdmin.password,
        `/projects/groups/${demoProject}/gateways`,
      );
      await page.setViewportSize(viewport);
      await page.getByTestId('open-shares').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '设备分享' });
      await dialog.getByTestId('share-cameras').click();
      await dropdown(page).getByText(`${spare.name}（`, { exact: false }).first().waitFor();
      await shot(page, `manage-${theme}-${viewport.width === 390 ? '390' : 'desk'}`);
      await page.keyboard.press('Escape');
      await page.context().close();
    }
    await h.api('PUT', '/iot/users/current/theme', { theme: 'light' }, ownerToken);
  });

  it('desk: the camera needs a group, then shows in 视频监控 tagged 共享, read-only, and plays', async () => {
    const code = await shareOf(camera);
    const page = await open(`/projects/groups/${target}/video`);
    const dialog = await openUseShare(page);
    await enterCode(page, dialog, code, camera.name);
    const placement = dialog.getByTestId('share-cameras-placement');
    await placement.getByText(camera.name).waitFor();
    await createButton(dialog).click();
    await dialog.getByText('请选择摄像头所在分组！').waitFor();
    await shot(page, 'use-light-desk');
    await dialog.getByLabel(camera.name).click();
    await dropdown(page).getByText(TARGET_NAME, { exact: true }).click();
    await createButton(dialog).click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '创建成功' });
    await notice.getByText(`已添加1个共享摄像头（来自项目“示范污水处理项目”）`).waitFor();

    const item = page.getByTestId(/camera-item-/).filter({ hasText: camera.name });
    await item.waitFor();
    await item.getByTestId('shared-tag').waitFor();
    expect(await item.getByRole('button', { name: /编\s?辑|删\s?除/ }).count()).toBe(0);
    if (source)
      await expect
        .poll(() => page.getByTestId('camera-video').first().getAttribute('data-state'), { timeout: 25_000 })
        .toBe('playing');
    await shot(page, 'list-light-desk');
    await page.context().close();
  });

  it('390 px, tech: the dialog with its camera, and the shared camera in the list', async () => {
    const code = await shareOf(spare);
    const page = await open(`/projects/groups/${target}/video`, PHONE, 'tech');
    const dialog = await openUseShare(page);
    await enterCode(page, dialog, code, spare.name);
    await dialog.getByLabel(spare.name).click();
    await dropdown(page).getByText(TARGET_NAME, { exact: true }).click();
    await shot(page, 'use-tech-390');
    await createButton(dialog).click();
    await page.locator('.ant-notification-notice').filter({ hasText: '创建成功' }).waitFor();
    const item = page.getByTestId(/camera-item-/).filter({ hasText: spare.name });
    await item.getByTestId('shared-tag').waitFor();
    await shot(page, 'list-tech-390');
    await page.context().close();
  });

  it('the target’s groups failing to load say so with 重试; 重试 brings them', async () => {
    const extra = await h.api<Camera>(
      'POST',
      `/iot/groups/${demoProject}/cameras`,
      { name: '共享格栅间摄像头', aggType: 4, videoUrl: 'http://127.0.0.1:9/none.flv' },
      ownerToken,
    );
    const code = await shareOf(extra);
    const page = await open(`/projects/groups/${target}/video`);
    const failing = (url: URL) => url.pathname.endsWith('/targetGroups');
    const fail = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '服务器繁忙', data: null }),
      });
    await page.route(failing, fail);
    const dialog = await openUseShare(page);
    await enterCode(page, dialog, code, extra.name);
    const error = dialog.getByTestId('load-error');
    await error.getByText('目标项目的分组加载失败：服务器繁忙').waitFor();
    await shot(page, 'retry-light-desk');
    await page.unroute(failing, fail);
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await dialog.getByLabel(extra.name).click();
    await dropdown(page).getByText(TARGET_NAME, { exact: true }).waitFor();
    await page.context().close();
  });

  it('once the owner deletes the camera, the target is told 被分享设备{name}已被删除，无法观看！', async () => {
    await h.api('DELETE', `/iot/groups/${demoProject}/cameras/${camera.id}`, undefined, ownerToken);
    for (const [viewport, name] of [
      [DESK, 'gone-light-desk'],
      [PHONE, 'gone-light-390'],
    ] as const) {
      const page = await open(`/projects/groups/${target}/video`, viewport);
      const item = page.getByTestId(/camera-item-/).filter({ hasText: camera.name });
      await item.getByText('已删除').waitFor();
      await item.click();
      await expect
        .poll(() => page.getByTestId('camera-error').first().textContent(), { timeout: 15_000 })
        .toBe(`被分享设备${camera.name}已被删除，无法观看！`);
      await shot(page, name);
      await page.context().close();
    }
  });
});
