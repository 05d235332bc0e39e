import { mkdirSync } from 'node:fs';
import type { Camera } from '@iot/contracts/cameras';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { FFMPEG_MISSING, type FlvSource, startFlvSource } from '../apps/server/src/test/flv-source.js';
import { type BrowserHarness, REVIEW_SHOTS, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * 视频监控 (decision 0064) in Chromium: a viewer with the read bit only sees the cameras and the
 * chosen one plays — an ffmpeg test pattern through the server's WebSocket-FLV relay into mpegts.js,
 * its frames advancing — with 不支持云台 / 不支持对讲 / 不支持回放; the administrator adds and deletes a
 * camera; the live wall plays several at once.
 */
let h: BrowserHarness;
let source: FlvSource;
let projectId: number;
let admin: string;
const VIEWER = { username: 'camera-viewer', password: 'Viewer#2026' };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 800 };
const SHOTS = REVIEW_SHOTS;
/** Every context a test opened, closed after it even when it failed: a live player would go on pulling. */
const opened: BrowserContext[] = [];

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function open(
  user: { username: string; password: string },
  viewport = DESK,
  theme = 'light',
): Promise<Page> {
  const { access, refresh } = await h.t.login(user.username, user.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  opened.push(context);
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/video?accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

/** The playing video's position, sampled twice: frames advance when it grows. */
async function currentTime(page: Page, index = 0): Promise<number> {
  return page
    .locator('[data-testid="camera-video"]')
    .nth(index)
    .evaluate((v) => (v as HTMLVideoElement).currentTime);
}

describe.skipIf(FFMPEG_MISSING !== null)(
  `视频监控${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
  () => {
    beforeAll(async () => {
      h = await startBrowserHarness();
      source = await startFlvSource({ fps: 10 });
      projectId = h.t.server.seeded.demoProjectId!;
      admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
        .access;
      const role = await h.api<{ id: number }>(
        'POST',
        `/iot/groups/${projectId}/roles`,
        {
          name: '视频查看',
          description: '',
          functions: [{ code: 'router-videoSurveillance', permission: 1 }],
        },
        admin,
      );
      await h.api(
        'POST',
        `/iot/groups/${projectId}/users`,
        { ...VIEWER, realname: '视频查看', roleId: role.id },
        admin,
      );
      // Only ours: the demo seed's cameras go, so the first in the list is the test pattern.
      for (const c of await h.api<Camera[]>('GET', `/iot/groups/${projectId}/cameras`, undefined, admin))
        await h.api('DELETE', `/iot/groups/${projectId}/cameras/${c.id}`, undefined, admin);
      for (const name of ['厂区大门', '加药间'])
        await h.api(
          'POST',
          `/iot/groups/${projectId}/cameras`,
          { name, aggType: 4, videoUrl: source.url },
          admin,
        );
    }, 180_000);
    afterEach(async () => {
      for (const context of opened.splice(0)) await context.close().catch(() => undefined);
    });
    afterAll(async () => {
      await h?.close();
      await source?.close();
    });

    it('plays the chosen camera for a viewer: frames advance, the unsupported features say so, nothing to change', async () => {
      const page = await open(VIEWER);
      await expect
        .poll(() => page.getByTestId('camera-video').first().getAttribute('data-state'), { timeout: 20_000 })
        .toBe('playing');
      await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
      const before = await currentTime(page);
      await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
      for (const text of ['不支持云台', '不支持对讲', '不支持回放'])
        await expect.poll(() => page.getByTestId('camera-unsupported').getByText(text).count()).toBe(1);
      expect(await page.getByRole('button', { name: /新\s*建/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
      await shot(page, 'cam-viewer-light-desk');
      await page.getByRole('button', { name: '停止' }).click();
      await expect
        .poll(() => page.getByTestId('camera-video').first().getAttribute('data-state'))
        .toBe('stopped');
      await page.context().close();
    });

    it('works at 390 px in the tech theme', async () => {
      const page = await open(VIEWER, PHONE, 'tech');
      await expect.poll(() => currentTime(page), { timeout: 25_000 }).toBeGreaterThan(0.5);
      await shot(page, 'cam-viewer-tech-390');
      await page.context().close();
    });

    it('lets the administrator add a camera, see it fail to play when unreachable, and delete it after confirming', async () => {
      const page = await open(DEMO_ACCOUNTS.projectAdmin, DESK, 'tech');
      await page.getByRole('button', { name: /新\s*建/ }).click();
      const form = page.getByTestId('camera-form');
      await form.getByLabel('名称').fill('断线的摄像头');
      await form.getByLabel('视频地址（HTTP-FLV）').fill('http://127.0.0.1:9/none.flv');
      await shot(page, 'cam-form-tech-desk');
      await page.getByRole('button', { name: /确\s*定|OK/ }).click();
      const item = page.getByTestId(/camera-item-/).filter({ hasText: '断线的摄像头' });
      await expect.poll(() => item.count()).toBe(1);
      await item.click();
      await expect
        .poll(() => page.getByTestId('camera-error').textContent(), { timeout: 20_000 })
        .toBe('播放异常');
      await expect.poll(() => item.textContent()).toContain('离线');
      await shot(page, 'cam-admin-tech-desk');
      await item.getByRole('button', { name: /删\s*除/ }).click();
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await expect.poll(() => item.count()).toBe(0);
      await page.context().close();
    });

    it('plays several cameras at once on the live wall', async () => {
      const page = await open(DEMO_ACCOUNTS.projectAdmin, DESK, 'light');
      await page.getByRole('tab', { name: '实时画面墙' }).click();
      await expect.poll(() => page.getByTestId('camera-wall').getByTestId('camera-video').count()).toBe(2);
      for (const i of [0, 1])
        await expect.poll(() => currentTime(page, i), { timeout: 25_000 }).toBeGreaterThan(0.5);
      // Two players on one camera stream each: the relay holds one upstream per camera.
      expect(h.t.server.cameras.relay.stats().channels).toBeLessThanOrEqual(2);
      await shot(page, 'cam-wall-light-desk');
      await page.getByRole('tab', { name: '摄像头账号' }).click();
      await shot(page, 'cam-accounts-light-desk');
      await page.context().close();
    });

    it('drives the camera modal: arrows cycle, play starts after 1 s, PTZ/talk/preset only with the create bit', async () => {
      const list = await h.api<Camera[]>('GET', `/iot/groups/${projectId}/cameras`, undefined, admin);
      const second = list[1]!;
      await h.api(
        'PUT',
        `/iot/groups/${projectId}/cameras/${second.id}`,
        { name: second.name, aggType: 4, videoUrl: source.url, type: 1, showYuntaiIcon: 1, showTalkIcon: 1 },
        admin,
      );
      const page = await open(DEMO_ACCOUNTS.projectAdmin, DESK, 'light');
      await page.getByTestId(`camera-item-${list[0]!.id}`).waitFor();
      // Timed in the page, not across the test's round trips: the click that selects the camera,
      // and the moment the modal's player first leaves 'stopped'.
      await page.evaluate(() => {
        const times: { clicked?: number; started?: number } = {};
        (window as unknown as { playTimes: typeof times }).playTimes = times;
        document.addEventListener(
          'click',
          () => {
            times.clicked ??= performance.now();
          },
          true,
        );
        new MutationObserver(() => {
          const state = document
            .querySelector('[data-testid="camera-modal"] [data-testid="camera-video"]')
            ?.getAttribute('data-state');
          if (state && state !== 'stopped') times.started ??= performance.now();
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await page.getByTestId(`camera-item-${list[0]!.id}`).getByRole('button', { name: '弹窗' }).click();
      const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('camera-modal') });
      await expect.poll(() => modal.locator('.ant-modal-title').textContent()).toContain('（1/2）');
      const video = modal.getByTestId('camera-video');
      await expect.poll(() => video.getAttribute('data-state')).not.toBe('stopped');
      const times = await page.evaluate(
        () => (window as unknown as { playTimes: { clicked?: number; started?: number } }).playTimes,
      );
      expect(times.started! - times.clicked!).toBeGreaterThanOrEqual(990);
      await expect.poll(() => video.getAttribute('data-state'), { timeout: 20_000 }).toBe('playing');
      // The first camera has its icons off: no PTZ for it, even for the administrator.
      expect(await modal.getByTestId('camera-controls').count()).toBe(0);
      await modal.getByRole('button', { name: '下一个' }).click();
      await expect.poll(() => modal.locator('.ant-modal-title').textContent()).toContain('（2/2）');
      await expect.poll(() => video.getAttribute('data-state'), { timeout: 20_000 }).toBe('playing');
      await modal.getByRole('button', { name: '云台上' }).dispatchEvent('pointerdown');
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain('不支持云台');
      await modal.getByRole('button', { name: /对\s*讲/ }).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain('不支持对讲');
      await modal.getByRole('button', { name: /回\s*放/ }).click();
      await expect.poll(() => modal.getByTestId('playback-note').textContent()).toBe('不支持回放');
      await shot(page, 'cam-modal-light-desk');
      await modal.getByRole('button', { name: '下一个' }).click();
      await expect.poll(() => modal.locator('.ant-modal-title').textContent()).toContain('（1/2）');
      await page.context().close();

      const viewer = await open(VIEWER, PHONE, 'tech');
      await viewer.getByTestId(`camera-item-${second.id}`).getByRole('button', { name: '弹窗' }).click();
      const viewerModal = viewer.getByTestId('camera-modal');
      await expect
        .poll(() => viewerModal.getByTestId('camera-video').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('playing');
      expect(await viewerModal.getByTestId('camera-controls').count()).toBe(0);
      await shot(viewer, 'cam-modal-tech-390');
      await viewer.context().close();
    });

    it('keeps camera accounts on a phone: the secret goes in once and is only ever shown as 已保存', async () => {
      const page = await open(DEMO_ACCOUNTS.projectAdmin, PHONE, 'tech');
      await page.getByRole('tab', { name: '摄像头账号' }).click();
      await page.getByRole('button', { name: /新建账号/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('名称').fill('萤石主账号');
      await dialog.getByLabel('AppKey').fill('app-key-1');
      await dialog.getByLabel('AppSecret').fill('top-secret-value');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      const row = page.locator('.ant-table-row').filter({ hasText: '萤石主账号' });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('已保存');
      expect(await page.content()).not.toContain('top-secret-value');
      await shot(page, 'cam-accounts-tech-390');
      await row.getByRole('button', { name: /删\s*除/ }).click();
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await expect.poll(() => row.count()).toBe(0);
      await page.context().close();
    });

    it('plays a 4×4 wall of sixteen cameras at once over WebSocket-FLV (HTTP/1.1 would allow six)', async () => {
      const existing = await h.api<Camera[]>('GET', `/iot/groups/${projectId}/cameras`, undefined, admin);
      for (let i = existing.length; i < 16; i++)
        await h.api(
          'POST',
          `/iot/groups/${projectId}/cameras`,
          { name: `画面${i + 1}`, aggType: 4, videoUrl: source.url },
          admin,
        );
      const page = await open(DEMO_ACCOUNTS.projectAdmin, DESK, 'tech');
      await page.getByRole('tab', { name: '实时画面墙' }).click();
      const started = Date.now();
      await page.getByText('4×4').click();
      const videos = page.getByTestId('camera-wall').getByTestId('camera-video');
      await expect.poll(() => videos.count()).toBe(16);
      const playing = () =>
        videos.evaluateAll((all) => all.filter((v) => (v as HTMLVideoElement).currentTime > 0.5).length);
      await expect.poll(playing, { timeout: 90_000, interval: 1000 }).toBe(16);
      console.log(`4×4 wall: 16 of 16 playing after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // Players of an earlier test may still be saying goodbye to the relay.
      await expect.poll(() => h.t.server.cameras.relay.stats()).toMatchObject({ channels: 16, viewers: 16 });
      await shot(page, 'cam-wall16-tech-desk');
      await page.context().close();
    }, 150_000);
  },
);
