import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { CameraTexts } from '@iot/contracts/cameras';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type BrowserHarness, REVIEW_SHOTS, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The demo cameras on a server without ffmpeg (decision 0064, "Demo cameras"): the player says
 * 演示视频源不可用：服务器未安装 ffmpeg rather than a silent 播放异常. ffmpeg is taken off this
 * file's PATH before its server starts (each test file runs in its own process).
 */
let h: BrowserHarness;
let projectId: number;
const originalPath = process.env.PATH;
const SHOTS = REVIEW_SHOTS;

beforeAll(async () => {
  process.env.PATH = (originalPath ?? '')
    .split(path.delimiter)
    .filter((dir) => !existsSync(path.join(dir, 'ffmpeg')))
    .join(path.delimiter);
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
}, 120_000);
afterAll(async () => {
  await h?.close();
  process.env.PATH = originalPath;
});

async function open(viewport: { width: number; height: number }, theme: string): Promise<Page> {
  const { access, refresh } = await h.t.login(
    DEMO_ACCOUNTS.operator.username,
    DEMO_ACCOUNTS.operator.password,
  );
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/video?accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

describe('the demo cameras without ffmpeg', () => {
  for (const [viewport, theme, name] of [
    [{ width: 1366, height: 800 }, 'light', 'democam-noffmpeg-light-desk'],
    [{ width: 390, height: 844 }, 'tech', 'democam-noffmpeg-tech-390'],
  ] as const)
    it(`say the demo video source is not available (${theme}, ${viewport.width} px)`, async () => {
      const page = await open(viewport, theme);
      await expect
        .poll(() => page.getByTestId('camera-error').first().textContent(), { timeout: 20_000 })
        .toBe(CameraTexts.DEMO_VIDEO_UNAVAILABLE);
      // The list learns it too: the camera is offline.
      await expect
        .poll(
          () =>
            page
              .getByTestId(/camera-item-/)
              .first()
              .textContent(),
          { timeout: 10_000 },
        )
        .toContain('离线');
      await page.getByTestId('camera-error').first().scrollIntoViewIfNeeded();
      await screenshot(page, name);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
      await page.context().close();
    });
});
