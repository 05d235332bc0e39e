import { mkdirSync } from 'node:fs';
import type { Camera } from '@iot/contracts/cameras';
import type { Warning } from '@iot/contracts/warnings';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type Demo, demoCameraCapture, historySink, startDemo } from '../apps/server/src/simulator/demo.js';
import { FFMPEG_MISSING } from '../apps/server/src/test/flv-source.js';
import { type BrowserHarness, REVIEW_SHOTS, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The demo project's cameras in Chromium (decision 0064, "Demo cameras"): on a fresh start the
 * read-only demo operator opens 视频监控 and the first demo camera plays — the server's demo video
 * source through the relay into mpegts.js, its frames advancing — at desk width and at 390 px; the
 * latest warning of a site with a camera shows that camera's picture in 预警详情.
 */
let h: BrowserHarness;
let demo: Demo;
let projectId: number;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 800 };
const SHOTS = REVIEW_SHOTS;
const OPERATOR = DEMO_ACCOUNTS.operator;

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function open(pathname: string, viewport = DESK, theme = 'light'): Promise<Page> {
  const { access, refresh } = await h.t.login(OPERATOR.username, OPERATOR.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  // China time, as the demo pictures' clocks and the platform's people read it.
  const context = await h.newContext({
    viewport,
    hasTouch: viewport.width < 768,
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  const join = pathname.includes('?') ? '&' : '?';
  await page.goto(`${h.t.baseUrl}${pathname}${join}accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

async function currentTime(page: Page): Promise<number> {
  return page
    .getByTestId('camera-video')
    .first()
    .evaluate((v) => (v as HTMLVideoElement).currentTime);
}

/** The chosen camera plays by itself after 1 s, and its picture moves on. */
async function expectPlaying(page: Page) {
  await expect
    .poll(() => page.getByTestId('camera-video').first().getAttribute('data-state'), { timeout: 25_000 })
    .toBe('playing');
  await expect.poll(() => currentTime(page), { timeout: 25_000 }).toBeGreaterThan(1);
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
}

describe.skipIf(FFMPEG_MISSING !== null)(
  `the demo cameras${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
  () => {
    beforeAll(async () => {
      h = await startBrowserHarness();
      projectId = h.t.server.seeded.demoProjectId!;
      demo = startDemo({
        baseUrl: h.t.baseUrl,
        mqttPort: h.t.server.telemetry.mqttPort,
        dataDir: h.t.config.dataDir,
        webClientSecret: h.t.config.webClientSecret,
        log: h.t.server.app.log,
        sink: historySink(h.t.server),
        historyDays: 3,
        capture: demoCameraCapture(h.t.server),
      });
      await demo.ready;
    }, 180_000);
    afterAll(async () => {
      await demo?.stop();
      await h?.close();
    });

    it('play for the read-only operator at desk width: frames advance, nothing to change', async () => {
      const page = await open(`/projects/groups/${projectId}/video`);
      await expect.poll(() => page.getByTestId(/camera-item-/).count()).toBe(3);
      await expectPlaying(page);
      expect(await page.getByRole('button', { name: /新\s*建/ }).count()).toBe(0);
      await page.waitForTimeout(500);
      await shot(page, 'democam-operator-light-desk');
      await page.context().close();
    });

    it('play at 390 px in the tech theme', async () => {
      const page = await open(`/projects/groups/${projectId}/video`, PHONE, 'tech');
      await expectPlaying(page);
      await page.getByTestId('camera-video').first().scrollIntoViewIfNeeded();
      await shot(page, 'democam-operator-tech-390');
      await page.context().close();
    });

    it("show the camera's picture in 预警详情 of the latest warning of its site", async () => {
      const { access } = await h.t.login(OPERATOR.username, OPERATOR.password);
      const cameras = await h.api<Camera[]>('GET', `/iot/groups/${projectId}/cameras`, undefined, access);
      const monitor = cameras.find((c) => c.name === '在线监测站监控')!;
      const warnings = await h.api<{ list: Warning[] }>(
        'GET',
        `/iot/groups/${projectId}/warnings?size=100`,
        undefined,
        access,
      );
      const warning = warnings.list.find((w) => w.cameraIds.includes(monitor.id))!;
      expect(warning).toBeDefined();
      for (const [viewport, theme, name] of [
        [DESK, 'light', 'democam-warning-light-desk'],
        [PHONE, 'tech', 'democam-warning-tech-390'],
      ] as const) {
        const page = await open(
          `/projects/groups/${projectId}/warningList?warningId=${warning.id}`,
          viewport,
          theme,
        );
        const image = page.getByTestId('warning-cameras').getByAltText(`${monitor.name}截图`);
        await expect.poll(() => image.count(), { timeout: 15_000 }).toBe(1);
        await expect
          .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
          .toBe(640);
        await image.scrollIntoViewIfNeeded();
        await shot(page, name);
        await page.context().close();
      }
    });
  },
);
