import { mkdirSync } from 'node:fs';
import { AggType, type Camera, CameraMessages } from '@iot/contracts/cameras';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '../apps/server/src/features/cameras/backends/china-time.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type FakeCloudA, startFakeCloudA } from '../apps/server/src/test/fake-cloud-a.js';
import { type FakeCloudB, startFakeCloudB } from '../apps/server/src/test/fake-cloud-b.js';
import { type FakeZlm, startFakeZlm } from '../apps/server/src/test/fake-zlmediakit.js';
import { FFMPEG_MISSING } from '../apps/server/src/test/flv-source.js';
import { type BrowserHarness, REVIEW_SHOTS, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The browser players of the vendor platforms (decision 0065 "Browser players") in Chromium, as a
 * viewer with only the read bit of 视频监控: cloud service A's live HTTP-FLV address and its
 * device-record playback (mpegts.js, straight from the fake vendor CDN), cloud service B's live HLS
 * (hls.js), a GB28181 stream on the media server (FLV); the frames really advance. An
 * address only the vendor's own player opens (ezopen://, imou://) says so; a vendor that cannot be
 * reached says 获取证书失败！, one whose address call times out 无法播放，未获得播放地址 (§8).
 */
let h: BrowserHarness;
let fakeA: FakeCloudA;
let fakeB: FakeCloudB;
let zlm: FakeZlm;
let projectId: number;
let admin: string;
const cams: Record<'a' | 'aCloud' | 'b' | 'gb' | 'down', Camera> = {} as never;
const VIEWER = { username: 'vendor-viewer', password: 'Viewer#2026' };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 800 };
const SHOTS = REVIEW_SHOTS;
const GB_DEVICE = '34020000001320000001';

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs the viewer in on 视频监控. */
async function open(viewport = DESK, theme = 'light'): Promise<Page> {
  const { access, refresh } = await h.t.login(VIEWER.username, VIEWER.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/video?accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

const position = (video: Locator) => video.evaluate((v) => (v as HTMLVideoElement).currentTime);
const decoded = (video: Locator) =>
  video.evaluate((v) => (v as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames);

/** The player reaches 'playing' and its frames advance: decoded frames and currentTime both grow. */
async function expectAdvancing(video: Locator) {
  await expect.poll(() => video.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
  await expect.poll(() => position(video), { timeout: 30_000 }).toBeGreaterThan(0.3);
  const [time, frames] = [await position(video), await decoded(video)];
  await expect.poll(() => position(video), { timeout: 15_000 }).toBeGreaterThan(time + 0.5);
  await expect.poll(() => decoded(video), { timeout: 15_000 }).toBeGreaterThan(frames + 3);
}

/** Selects a camera in the list: the main player plays it. */
async function select(page: Page, camera: Camera): Promise<Locator> {
  await page.getByTestId(`camera-item-${camera.id}`).click();
  return page.getByTestId(`camera-player-${camera.id}`).getByTestId('camera-video');
}

async function openModal(page: Page, camera: Camera): Promise<Locator> {
  await page.getByTestId(`camera-item-${camera.id}`).getByRole('button', { name: '弹窗' }).click();
  return page.locator('.ant-modal').filter({ has: page.getByTestId('camera-modal') });
}

/** The address calls fake A received for playbacks (type 2 or 3), newest last. */
const playbackAddressCalls = () =>
  fakeA.calls.filter((c) => c.path === '/api/lapp/v2/live/address/get' && c.form.type !== '1');

describe.skipIf(FFMPEG_MISSING !== null)(
  `摄像头平台的浏览器播放器${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
  () => {
    beforeAll(async () => {
      fakeA = await startFakeCloudA({ appKey: 'ak-a', appSecret: 'secret-a' });
      fakeB = await startFakeCloudB({ appId: 'app-b', appSecret: 'secret-b' });
      zlm = await startFakeZlm({ secret: 'zlm-secret' });
      fakeA.addDevice({ serial: 'EZ1', channels: 1, online: true });
      fakeA.addDevice({ serial: 'EZ2', channels: 1, online: true });
      fakeB.addDevice({ deviceId: 'IMOU1', channels: 1, online: true });
      zlm.publish('rtp', `${GB_DEVICE}_1`);
      h = await startBrowserHarness({
        config: {
          cameraVendors: {
            ...loadConfig({}).cameraVendors,
            gbMediaUrl: zlm.baseUrl,
            gbMediaSecret: 'zlm-secret',
            timeoutMs: 3000,
          },
        },
      });
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
      for (const c of await h.api<Camera[]>('GET', `/iot/groups/${projectId}/cameras`, undefined, admin))
        await h.api('DELETE', `/iot/groups/${projectId}/cameras/${c.id}`, undefined, admin);
      const account = async (aggType: number, appKey: string, appSecret: string, baseUrl: string) =>
        (
          await h.api<{ id: number }>(
            'POST',
            `/iot/groups/${projectId}/cameraAccounts`,
            { aggType, name: `${appKey} 账号`, appKey, appSecret, baseUrl },
            admin,
          )
        ).id;
      const accountA = await account(AggType.CLOUD_A, 'ak-a', 'secret-a', fakeA.baseUrl);
      const accountB = await account(AggType.CLOUD_B, 'app-b', 'secret-b', fakeB.baseUrl);
      // Nothing listens on port 9: the vendor cannot be reached.
      const accountDown = await account(AggType.CLOUD_A, 'ak-down', 'secret', 'http://127.0.0.1:9');
      const camera = (body: Record<string, unknown>) =>
        h.api<Camera>('POST', `/iot/groups/${projectId}/cameras`, body, admin);
      cams.a = await camera({
        name: '萤石大门',
        aggType: AggType.CLOUD_A,
        deviceSerial: 'EZ1',
        cameraAccountId: accountA,
      });
      cams.aCloud = await camera({
        name: '萤石云存储',
        aggType: AggType.CLOUD_A,
        deviceSerial: 'EZ2',
        cameraAccountId: accountA,
      });
      cams.b = await camera({
        name: '乐橙泵房',
        aggType: AggType.CLOUD_B,
        deviceSerial: 'IMOU1',
        channelNo: 0,
        cameraAccountId: accountB,
      });
      cams.gb = await camera({
        name: '国标加药间',
        aggType: AggType.GB28181,
        deviceSerial: GB_DEVICE,
        channelNo: 1,
      });
      cams.down = await camera({
        name: '断网的萤石',
        aggType: AggType.CLOUD_A,
        deviceSerial: 'EZ9',
        cameraAccountId: accountDown,
      });
    }, 180_000);
    afterAll(async () => {
      await h?.close();
      await Promise.all([fakeA?.close(), fakeB?.close(), zlm?.close()]);
    });

    it('plays cloud A live (FLV from the vendor CDN), B live (HLS) and GB28181 (FLV from the media server) at desk width', async () => {
      const page = await open(DESK, 'light');
      const a = await select(page, cams.a);
      await expectAdvancing(a);
      // Straight from the vendor's CDN, not through our relay.
      expect(fakeA.calls.some((c) => c.path === '/flv/EZ1/1.live.flv')).toBe(true);
      expect(h.t.server.cameras.relay.stats().channels).toBe(0);
      await shot(page, 'vplay-cloud-a-light-desk');

      const b = await select(page, cams.b);
      await expectAdvancing(b);
      // hls.js through Media Source Extensions (Chromium's own HLS cannot parse these segments).
      expect(await b.evaluate((v) => (v as HTMLVideoElement).src)).toMatch(/^blob:/);
      await shot(page, 'vplay-cloud-b-light-desk');

      const gb = await select(page, cams.gb);
      await expectAdvancing(gb);
      expect(zlm.calls.some((c) => c.path === `/rtp/${GB_DEVICE}_1.live.flv`)).toBe(true);
      await shot(page, 'vplay-gb28181-light-desk');

      const errorOf = (camera: Camera) =>
        page.getByTestId(`camera-player-${camera.id}`).getByTestId('camera-error').textContent();
      // The vendor cannot be reached at all: not even its token.
      const down = await select(page, cams.down);
      await expect.poll(() => errorOf(cams.down), { timeout: 20_000 }).toBe(CameraMessages.TOKEN_FAILED);
      expect(await down.getAttribute('data-state')).toBe('error');
      await shot(page, 'vplay-unreachable-light-desk');
      // The vendor answers its token but not the live address within CAMERA_VENDOR_TIMEOUT_MS (3 s here).
      fakeA.delay('/api/lapp/v2/live/address/get', 5000);
      await select(page, cams.aCloud);
      await expect.poll(() => errorOf(cams.aCloud), { timeout: 20_000 }).toBe(CameraMessages.NO_PLAY_URL);
      fakeA.delay('/api/lapp/v2/live/address/get', 0);
      await page.context().close();
    }, 180_000);

    it('plays cloud B (HLS) and GB28181 (FLV) at 390 px in the tech theme', async () => {
      const page = await open(PHONE, 'tech');
      await expectAdvancing(await select(page, cams.b));
      await shot(page, 'vplay-cloud-b-tech-390');
      await expectAdvancing(await select(page, cams.gb));
      await shot(page, 'vplay-gb28181-tech-390');
      await page.context().close();
    }, 120_000);

    it('plays the chosen playback record in the modal, another one on click, and goes back to live', async () => {
      // Two device records around now: the default range (a minute before until now) meets both.
      const now = Date.now();
      fakeA.addDevice({
        serial: 'EZ1',
        channels: 1,
        online: true,
        records: [
          { startTime: now - 600_000, endTime: now - 20_000 },
          { startTime: now - 20_000, endTime: now + 600_000 },
        ],
      });
      const page = await open(DESK, 'tech');
      const modal = await openModal(page, cams.a);
      const video = modal.getByTestId('camera-video');
      await expect.poll(() => video.getAttribute('data-state'), { timeout: 20_000 }).toBe('playing');
      expect(await video.getAttribute('data-mode')).toBe('live');

      const before = playbackAddressCalls().length;
      await modal.getByRole('button', { name: /回\s*放/ }).click();
      const records = modal.getByTestId('playback-records').locator('.camera-record');
      await expect.poll(() => records.count()).toBe(2);
      // feature-areas §4: the first record is chosen by itself, and it plays.
      await expect.poll(() => records.first().getAttribute('aria-current')).toBe('true');
      await expect.poll(() => video.getAttribute('data-mode')).toBe('playback');
      await expectAdvancing(video);
      expect(await modal.getByTestId('camera-playback-tag').count()).toBe(1);
      const first = playbackAddressCalls().slice(before);
      expect(first.map((c) => c.form.type)).toContain('2');
      expect(fakeA.calls.some((c) => c.path === '/flv/EZ1/1.rec.flv')).toBe(true);
      await shot(page, 'vplay-playback-tech-desk');

      // Another record: its own address, over its part of the range.
      await records.nth(1).click();
      await expect.poll(() => records.nth(1).getAttribute('aria-current')).toBe('true');
      await expect
        .poll(() => playbackAddressCalls().at(-1)?.form.startTime)
        .toBe(formatChinaTime(now - 20_000));
      await expectAdvancing(video);

      await modal.getByRole('button', { name: /返回直播/ }).click();
      await expect.poll(() => video.getAttribute('data-mode')).toBe('live');
      await expectAdvancing(video);
      expect(await modal.getByTestId('camera-playback-tag').count()).toBe(0);
      await page.context().close();
    }, 180_000);

    it('says which recordings only the vendor player opens, and that GB28181 has no playback, at 390 px', async () => {
      const now = Date.now();
      fakeA.addDevice({
        serial: 'EZ2',
        channels: 1,
        online: true,
        records: [{ startTime: now - 600_000, endTime: now + 600_000, recType: 1 }],
      });
      const inRange = { beginTime: formatChinaTime(now - 600_000), endTime: formatChinaTime(now + 600_000) };
      fakeB.addDevice({ ...fakeB.device('IMOU1')!, records: [inRange] });

      const page = await open(PHONE, 'tech');
      let modal = await openModal(page, cams.aCloud);
      await modal.getByRole('button', { name: /回\s*放/ }).click();
      await expect
        .poll(() => modal.getByTestId('camera-error').textContent(), { timeout: 20_000 })
        .toBe(CameraMessages.VENDOR_PLAYER_ONLY('萤石云'));
      await shot(page, 'vplay-vendor-only-tech-390');
      await modal.locator('.ant-modal-close').first().click();

      modal = await openModal(page, cams.b);
      await modal.getByRole('button', { name: /回\s*放/ }).click();
      await expect
        .poll(() => modal.getByTestId('camera-error').textContent(), { timeout: 20_000 })
        .toBe(CameraMessages.VENDOR_PLAYER_ONLY('乐橙云'));
      await modal.locator('.ant-modal-close').first().click();

      modal = await openModal(page, cams.gb);
      await modal.getByRole('button', { name: /回\s*放/ }).click();
      await expect
        .poll(() => modal.getByTestId('playback-note').textContent())
        .toBe(CameraMessages.NO_PLAYBACK);
      await page.context().close();
    }, 120_000);

    it('plays a playback record at 390 px in the light theme, and says 回放不存在 when the record is gone', async () => {
      const page = await open(PHONE, 'light');
      const modal = await openModal(page, cams.a);
      await modal.getByRole('button', { name: /回\s*放/ }).click();
      const video = modal.getByTestId('camera-video');
      await expect.poll(() => video.getAttribute('data-mode'), { timeout: 20_000 }).toBe('playback');
      await expectAdvancing(video);
      await shot(page, 'vplay-playback-light-390');
      // The device overwrote its recordings since they were listed.
      fakeA.addDevice({ serial: 'EZ1', channels: 1, online: true, records: [] });
      await modal.getByTestId('playback-records').locator('.camera-record').first().click();
      await expect
        .poll(() => modal.getByTestId('playback-note').textContent(), { timeout: 20_000 })
        .toBe(CameraMessages.PLAYBACK_MISSING);
      await shot(page, 'vplay-playback-missing-light-390');
      await page.context().close();
    }, 120_000);
  },
);
