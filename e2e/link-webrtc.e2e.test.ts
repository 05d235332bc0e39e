import { mkdirSync } from 'node:fs';
import { AggType, type Camera } from '@iot/contracts/cameras';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '../apps/server/src/features/cameras/backends/china-time.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { type FakeLink, type FakeLinkCamera, startFakeLink } from '../apps/server/src/test/fake-link.js';
import { type BrowserHarness, REVIEW_SHOTS, screenshot, startBrowserHarness } from './support/browser.js';

/**
 * The link platform's player in Chromium (decision 0065): the fake platform answers with a real
 * WebRTC peer (werift) sending a VP8 test pattern, so the modal truly plays — live and a playback
 * record; an ICE loss reconnects at once, and a stream that cannot come back says 播放异常 after
 * the 4th failure (3 retries 5 s apart); 对讲 pushes Chromium's fake microphone, whose audio the
 * platform receives; a viewer (read bit) sees no 对讲 and the server refuses its push.
 */
let h: BrowserHarness;
let link: FakeLink;
let projectId: number;
let admin: string;
let viewer: string;
/** The first camera (the page's own player takes it) and the one the modal tests use. */
let gate: Camera;
let pump: Camera;
let pumpDevice: FakeLinkCamera;
const SECRET = 'link-e2e-secret';
const VIEWER = { username: 'link-viewer', password: 'Viewer#2026' };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 800 };
const SHOTS = REVIEW_SHOTS;
/** Every context a test opened, closed after it even when it failed (a live player would go on). */
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
  // China time: the playback range the modal sends is read as China time by the server.
  const context = await h.newContext({
    viewport,
    hasTouch: viewport.width < 768,
    timezoneId: 'Asia/Shanghai',
  });
  opened.push(context);
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/video?accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

/** Opens the modal on a camera of the list; answers the modal. */
async function modalOf(page: Page, camera: Camera): Promise<Locator> {
  await page.getByTestId(`camera-item-${camera.id}`).getByRole('button', { name: '弹窗' }).click();
  return page.locator('.ant-modal').filter({ has: page.getByTestId('camera-modal') });
}

/** The video's position and the frames Chromium decoded into it. */
function progress(video: Locator): Promise<{ time: number; frames: number }> {
  return video.evaluate((v) => {
    const element = v as HTMLVideoElement;
    return { time: element.currentTime, frames: element.getVideoPlaybackQuality().totalVideoFrames };
  });
}

/** Playing for real: connected, and both position and decoded frames keep growing. */
async function expectPlaying(video: Locator) {
  await expect.poll(() => video.getAttribute('data-state'), { timeout: 30_000 }).toBe('playing');
  await expect.poll(async () => (await progress(video)).frames, { timeout: 20_000 }).toBeGreaterThan(5);
  const before = await progress(video);
  await expect
    .poll(async () => (await progress(video)).time, { timeout: 10_000 })
    .toBeGreaterThan(before.time + 0.5);
  expect((await progress(video)).frames).toBeGreaterThan(before.frames);
}

const sessionsOf = (kind: 'live' | 'playback' | 'talk', serial: string) =>
  link.sessions.filter((s) => s.kind === kind && s.streamPath.includes(serial));
const invites = () => link.calls.filter((c) => c.path === '/api/v1/invite').length;

beforeAll(async () => {
  link = await startFakeLink({ secret: SECRET, media: true });
  h = await startBrowserHarness({
    config: {
      cameraVendors: {
        ...loadConfig({}).cameraVendors,
        cloudAUrl: 'http://127.0.0.1:9',
        cloudBUrl: 'http://127.0.0.1:9',
        linkUrl: link.baseUrl,
        linkSecret: SECRET,
        timeoutMs: 5000,
      },
    },
    chromiumArgs: [
      // 对讲 takes the fake microphone without asking.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // Plain host candidates: an mDNS name would need a multicast lookup by the fake platform.
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
  projectId = h.t.server.seeded.demoProjectId!;
  admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const role = await h.api<{ id: number }>(
    'POST',
    `/iot/groups/${projectId}/roles`,
    {
      name: '联网视频查看',
      description: '',
      functions: [{ code: 'router-videoSurveillance', permission: 1 }],
    },
    admin,
  );
  await h.api(
    'POST',
    `/iot/groups/${projectId}/users`,
    { ...VIEWER, realname: '联网视频查看', roleId: role.id },
    admin,
  );
  viewer = (await h.t.login(VIEWER.username, VIEWER.password)).access;
  // Only ours: the demo seed's cameras go.
  for (const c of await h.api<Camera[]>('GET', `/iot/groups/${projectId}/cameras`, undefined, admin))
    await h.api('DELETE', `/iot/groups/${projectId}/cameras/${c.id}`, undefined, admin);
  const add = async (name: string, serial: string) => {
    const camera = await h.api<Camera>(
      'POST',
      `/iot/groups/${projectId}/cameras`,
      {
        name,
        aggType: AggType.LINK,
        deviceSerial: serial,
        channelNo: 1,
        type: 1,
        showYuntaiIcon: 1,
        showTalkIcon: 1,
      },
      admin,
    );
    const now = Date.now();
    const device: FakeLinkCamera = {
      groupId: camera.groupId,
      cameraId: camera.id,
      serial,
      channels: 1,
      online: true,
      records: [{ StartTime: formatChinaTime(now - 3600_000), EndTime: formatChinaTime(now + 3600_000) }],
    };
    link.addCamera(device);
    return { camera, device };
  };
  gate = (await add('大门联网球机', '34020000001320000001')).camera;
  ({ camera: pump, device: pumpDevice } = await add('泵房联网球机', '34020000001320000002'));
}, 180_000);
afterEach(async () => {
  for (const context of opened.splice(0)) await context.close().catch(() => undefined);
});
afterAll(async () => {
  await h?.close();
  await link?.close();
});

describe('视频联网平台 (WebRTC) in the browser', () => {
  it('plays live in the modal for a viewer: frames decoded from the platform’s peer; no 对讲; its push refused', async () => {
    const page = await open(VIEWER);
    const modal = await modalOf(page, pump);
    const video = modal.getByTestId('camera-video');
    await expectPlaying(video);
    const live = sessionsOf('live', pumpDevice.serial);
    expect(live.at(-1)?.offers.map((o) => o.type)).toEqual(['play']);
    expect(link.media!.peers.some((p) => p.streamPath === live.at(-1)?.streamPath && p.framesSent > 0)).toBe(
      true,
    );
    // Read bit only: no talk control, and the server refuses the push all the same.
    expect(await modal.getByTestId('camera-controls').count()).toBe(0);
    const { url: talkPath } = await h.api<{ url: string }>(
      'GET',
      `/iot/groups/${projectId}/cameras/${pump.id}/talkUrl`,
      undefined,
      admin,
    );
    const push = await h.t.request('POST', `/iot/groups/${projectId}/cameras/${pump.id}/talk/webrtc`, {
      token: viewer,
      body: { streamPath: talkPath, offer: live.at(-1)!.offers[0]!.offer },
    });
    expect(push.status).toBe(403);
    await shot(page, 'webrtc-modal-light-desk');
    // Closing says bye: the platform's session ends.
    const streamPath = live.at(-1)!.streamPath;
    await modal.locator('.ant-modal-close').click();
    await expect.poll(() => link.sessions.find((s) => s.streamPath === streamPath)?.closed).toBe(true);
    await page.context().close();
  });

  it('plays at 390 px in the tech theme', async () => {
    const page = await open(VIEWER, PHONE, 'tech');
    const modal = await modalOf(page, pump);
    await expectPlaying(modal.getByTestId('camera-video'));
    await shot(page, 'webrtc-modal-tech-390');
    await page.context().close();
  });

  it('plays the playback record chosen first, over the range the platform invited', async () => {
    const page = await open(DEMO_ACCOUNTS.projectAdmin, DESK, 'tech');
    const modal = await modalOf(page, pump);
    await expect
      .poll(() => modal.getByTestId('camera-video').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('playing');
    await modal.getByRole('button', { name: /回\s*放/ }).click();
    await expect.poll(() => modal.locator('.ant-list-item').count()).toBe(1);
    const video = modal.getByTestId('camera-video');
    await expect
      .poll(() => sessionsOf('playback', pumpDevice.serial).at(-1)?.offers.length ?? 0, { timeout: 20_000 })
      .toBe(1);
    await expectPlaying(video);
    const playback = sessionsOf('playback', pumpDevice.serial).at(-1)!;
    expect(playback.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await shot(page, 'webrtc-playback-tech-desk');
    await page.context().close();
  });

  it('talks with the fake microphone: 对讲中 after the connection, audio reaches the platform, 结束对讲 ends it', async () => {
    const page = await open(DEMO_ACCOUNTS.projectAdmin, DESK, 'light');
    const modal = await modalOf(page, pump);
    await expect
      .poll(() => modal.getByTestId('camera-video').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('playing');
    // An unreachable device first: no talk address, said with §8's text.
    pumpDevice.online = false;
    await modal.getByTestId('talk-button').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('无法对讲，未获得对讲地址');
    await expect.poll(() => modal.getByTestId('talk-button').textContent()).toMatch(/对\s*讲/);
    pumpDevice.online = true;

    const clicked = Date.now();
    await modal.getByTestId('talk-button').click();
    await expect
      .poll(() => modal.getByTestId('talk-state').textContent(), { timeout: 15_000 })
      .toBe('对讲中');
    // §9: the platform is told to start 2 s after the connection.
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);
    const talk = sessionsOf('talk', pumpDevice.serial).at(-1)!;
    expect(talk.talking).toBe(true);
    expect(talk.offers.map((o) => o.type)).toEqual(['push']);
    const pushed = link.media!.peers.find((p) => p.streamPath === talk.streamPath && p.type === 'push')!;
    await expect.poll(() => pushed.audioPackets, { timeout: 10_000 }).toBeGreaterThan(25);
    await shot(page, 'webrtc-talk-light-desk');
    await modal.getByTestId('talk-button').click();
    await expect.poll(() => talk.closed).toBe(true);
    expect(talk.talking).toBe(false);
    expect(link.calls.some((c) => c.path === '/api/v1/talk/stop')).toBe(true);
    expect(await modal.getByTestId('talk-state').count()).toBe(0);
    await page.context().close();

    const phone = await open(DEMO_ACCOUNTS.projectAdmin, PHONE, 'tech');
    const phoneModal = await modalOf(phone, pump);
    await phoneModal.getByTestId('talk-button').click();
    await expect
      .poll(() => phoneModal.getByTestId('talk-state').textContent(), { timeout: 15_000 })
      .toBe('对讲中');
    await shot(phone, 'webrtc-talk-tech-390');
    await phone.context().close();
  }, 120_000);

  it('reconnects at once when ICE is lost, and plays on', async () => {
    const page = await open(DEMO_ACCOUNTS.projectAdmin);
    const modal = await modalOf(page, pump);
    const video = modal.getByTestId('camera-video');
    await expectPlaying(video);
    const session = sessionsOf('live', pumpDevice.serial).at(-1)!;
    const offers = session.offers.length;
    await link.media!.drop(session.streamPath);
    // Chromium notices the silent peer within seconds; the player offers again on the same stream.
    await expect.poll(() => session.offers.length, { timeout: 20_000 }).toBe(offers + 1);
    expect(await modal.getByTestId('camera-error').count()).toBe(0);
    await expectPlaying(video);
    await page.context().close();
  });

  it('gives up with 播放异常 on the 4th failure in a row, the retries 5 s apart', async () => {
    const page = await open(DEMO_ACCOUNTS.projectAdmin);
    const modal = await modalOf(page, pump);
    const video = modal.getByTestId('camera-video');
    await expectPlaying(video);
    const session = sessionsOf('live', pumpDevice.serial).at(-1)!;
    // The device goes away: its stream ends and no new one can be invited.
    pumpDevice.online = false;
    session.closed = true;
    const before = invites();
    const lost = Date.now();
    await link.media!.drop(session.streamPath);
    await expect
      .poll(() => modal.getByTestId('camera-error').textContent(), { timeout: 60_000 })
      .toBe('播放异常');
    const elapsed = Date.now() - lost;
    // At once (the old stream refused), then three retries 5 s apart, each inviting anew.
    expect(elapsed).toBeGreaterThanOrEqual(15_000);
    expect(invites() - before).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(invites() - before).toBe(3);
    await shot(page, 'webrtc-failed-light-desk');
    pumpDevice.online = true;
    await page.context().close();
  }, 120_000);
});

describe('the page’s own player', () => {
  it('plays the first link camera of the list too', async () => {
    const page = await open(VIEWER, DESK, 'tech');
    await expectPlaying(page.getByTestId(`camera-player-${gate.id}`).getByTestId('camera-video'));
    await shot(page, 'webrtc-page-tech-desk');
    await page.context().close();
  });
});
