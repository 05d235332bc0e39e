import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Camera, CameraTexts } from '@iot/contracts/cameras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed.js';
import { startServer, type TestServer } from '../test/server.js';

/**
 * A server without ffmpeg (decision 0064, "Demo cameras"): the demo cameras say plainly that the
 * demo video source is not available, instead of a silent 播放异常. This file's server runs with
 * ffmpeg taken off the PATH (each test file has its own process, and the check is made once).
 */
let t: TestServer;
const originalPath = process.env.PATH;

beforeAll(async () => {
  process.env.PATH = (originalPath ?? '')
    .split(path.delimiter)
    .filter((dir) => !existsSync(path.join(dir, 'ffmpeg')))
    .join(path.delimiter);
  t = await startServer();
});
afterAll(async () => {
  process.env.PATH = originalPath;
  await t?.close();
});

describe('the demo cameras without ffmpeg', () => {
  it('answer 演示视频源不可用 for the play URL, and no picture can be taken', async () => {
    const projectId = t.server.seeded.demoProjectId!;
    const operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
    const admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
      .access;
    const cams = `/iot/groups/${projectId}/cameras`;
    const [gate] = await t.ok<Camera[]>('GET', cams, { token: operator });
    expect(gate!.videoUrl).toBe('demo://gate');
    const play = await t.request('GET', `${cams}/${gate!.id}/playUrl`, { token: operator });
    expect(play.body).toMatchObject({ code: 40000, message: CameraTexts.DEMO_VIDEO_UNAVAILABLE });
    // Not reachable: the list says 离线 from then on.
    expect((await t.ok<Camera>('GET', `${cams}/${gate!.id}`, { token: operator })).isOnline).toBe(0);
    expect(CameraTexts.DEMO_VIDEO_UNAVAILABLE).toBe('演示视频源不可用：服务器未安装 ffmpeg');
    const snap = await t.request('POST', `${cams}/snapshots`, {
      token: admin,
      body: { cameraIds: [gate!.id], flag: 'M' },
    });
    expect(snap.body).toMatchObject({ code: 40000, message: CameraTexts.SNAPSHOT_UNAVAILABLE });
    // Nothing was started for it.
    expect(t.server.cameras.demo.streams()).toBe(0);
  });
});
