import type { Camera, CameraAccount, Preset } from '@iot/contracts/cameras';
import { AggType, CameraMessages, CameraTexts } from '@iot/contracts/cameras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

/**
 * 视频监控 (decision 0064): camera and account CRUD, the calls of feature-areas §7 on the built-in
 * HTTP-FLV back-end (PTZ, talk and playback unsupported), presets and their name check, snapshots,
 * the play URL's cache and ticket; every permission bit and the tenant wall.
 */
let t: TestServer;
let projectId: number;
let site: number;
let area: number;
let admin: string;
let reader: string;
let creator: string;
let other: { projectId: number; token: string };

const cams = (group = projectId) => `/iot/groups/${group}/cameras`;
const accounts = (group = projectId) => `/iot/groups/${group}/cameraAccounts`;
const flvBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  aggType: AggType.HTTP_FLV,
  videoUrl: 'http://127.0.0.1:9/live/none.flv',
  ...extra,
});

async function role(name: string, permission: number): Promise<string> {
  const created = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name, description: '', functions: [{ code: 'router-videoSurveillance', permission }] },
  });
  const username = `cam-${permission}`;
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username, realname: name, password: 'Passw0rd!', roleId: created.id },
  });
  return (await t.login(username, 'Passw0rd!')).access;
}

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const tree = await projectTree(t, admin, projectId);
  area = tree.areas[0]!.id;
  site = tree.areas[0]!.sites[0]!;
  reader = await role('视频查看', 1);
  creator = await role('视频操作', 1 | 8);
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  other = await projectWithAdmin(t, system, '别的项目', 'camera-other');
});
afterAll(async () => {
  await t.close();
});

describe('cameras', () => {
  it('seeds a few HTTP-FLV cameras in the demo project, on the demo video source', async () => {
    const seeded = await t.ok<Camera[]>('GET', cams(), { token: admin });
    expect(seeded.map((c) => c.name)).toEqual(['厂区大门', '格栅间监控', '在线监测站监控']);
    expect(seeded.every((c) => c.aggType === AggType.HTTP_FLV && c.videoUrl?.startsWith('demo://'))).toBe(
      true,
    );
  });

  it('creates, lists by group (with the groups below), edits and deletes, answering no secret', async () => {
    const before = (await t.ok<Camera[]>('GET', cams(), { token: admin })).length;
    const created = await t.ok<Camera>('POST', cams(site), { token: admin, body: flvBody('1号泵房') });
    expect(created).toMatchObject({ groupId: site, aggType: 4, type: 1, isOnline: 1, shareOwnerId: null });
    expect(created.supports).toEqual({ ptz: false, talk: false, playback: false, presets: false });
    expect((await t.ok<Camera[]>('GET', cams(), { token: admin })).length).toBe(before + 1);
    expect((await t.ok<Camera[]>('GET', cams(area), { token: admin })).map((c) => c.id)).toContain(
      created.id,
    );
    expect(await t.ok<Camera[]>('GET', `${cams(area)}?onlyOwn=true`, { token: admin })).not.toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
    const edited = await t.ok<Camera>('PUT', `${cams(site)}/${created.id}`, {
      token: admin,
      body: flvBody('1号泵房（东）', { showYuntaiIcon: 1 }),
    });
    expect(edited).toMatchObject({ name: '1号泵房（东）', showYuntaiIcon: 1 });
    await t.ok('DELETE', `${cams()}/${created.id}`, { token: admin });
    expect((await t.request('GET', `${cams()}/${created.id}`, { token: admin })).body.message).toBe(
      CameraTexts.NOT_FOUND,
    );
  });

  it('refuses an FLV camera without an http(s) video address, and a group of another project', async () => {
    const missing = await t.request('POST', cams(), { token: admin, body: { name: 'x', aggType: 4 } });
    expect(missing.body).toMatchObject({ code: 40000 });
    expect(missing.body.message).toContain(CameraTexts.VIDEO_URL_REQUIRED);
    const rtsp = await t.request('POST', cams(), {
      token: admin,
      body: flvBody('x', { videoUrl: 'rtsp://a/b' }),
    });
    expect(rtsp.body.message).toContain(CameraTexts.VIDEO_URL_FORMAT);
    const foreign = await t.request('POST', cams(), {
      token: admin,
      body: flvBody('x', { groupId: other.projectId }),
    });
    expect(foreign.body.message).toBe(CameraTexts.GROUP_NOT_FOUND);
  });

  it('keeps the validatecode of an encrypted camera sealed: required once, kept when left empty', async () => {
    const body = { name: '加密', aggType: AggType.CLOUD_A, deviceSerial: 'D1', ifEncrypt: 2 };
    expect((await t.request('POST', cams(), { token: admin, body })).body.message).toBe(
      CameraTexts.VALIDATE_CODE_REQUIRED,
    );
    const made = await t.ok<Camera>('POST', cams(), {
      token: admin,
      body: { ...body, validateCode: 'ABCDEF' },
    });
    expect(made.hasValidateCode).toBe(true);
    expect(JSON.stringify(made)).not.toContain('ABCDEF');
    const kept = await t.ok<Camera>('PUT', `${cams()}/${made.id}`, { token: admin, body });
    expect(kept.hasValidateCode).toBe(true);
    const row = await t.server.platform.db
      .selectFrom('cameras')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.validate_code_sealed).not.toContain('ABCDEF');
    await t.ok('DELETE', `${cams()}/${made.id}`, { token: admin });
  });
});

describe('camera accounts', () => {
  it('stores the secret sealed, never answers it, keeps it when left empty, refuses duplicates and deleting one in use', async () => {
    const body = {
      aggType: AggType.CLOUD_A,
      name: '萤石主账号',
      appKey: 'key-1',
      appSecret: 'very-secret-1',
    };
    const made = await t.ok<CameraAccount>('POST', accounts(), { token: admin, body });
    expect(made).toMatchObject({ name: '萤石主账号', appKey: 'key-1', hasSecret: true, cameraCount: 0 });
    const listed = await t.request('GET', accounts(), { token: reader });
    expect(JSON.stringify(listed.body)).not.toContain('very-secret-1');
    const row = await t.server.platform.db
      .selectFrom('camera_accounts')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.app_secret_sealed).toMatch(/^v1\./);
    expect(row.app_secret_sealed).not.toContain('very-secret-1');
    expect((await t.request('POST', accounts(), { token: admin, body })).body.message).toBe(
      CameraTexts.ACCOUNT_NAME_TAKEN,
    );
    const renamed = await t.ok<CameraAccount>('PUT', `${accounts()}/${made.id}`, {
      token: admin,
      body: { ...body, name: '萤石账号', appSecret: '' },
    });
    expect(renamed.hasSecret).toBe(true);
    const after = await t.server.platform.db
      .selectFrom('camera_accounts')
      .select('app_secret_sealed')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(after.app_secret_sealed).toBe(row.app_secret_sealed);

    const camera = await t.ok<Camera>('POST', cams(), {
      token: admin,
      body: { name: '云摄像头', aggType: AggType.CLOUD_A, deviceSerial: 'E1', cameraAccountId: made.id },
    });
    expect(camera.cameraAccount).toEqual({ id: made.id, name: '萤石账号' });
    const mismatch = await t.request('POST', cams(), {
      token: admin,
      body: { name: 'x', aggType: AggType.CLOUD_B, deviceSerial: 'E2', cameraAccountId: made.id },
    });
    expect(mismatch.body.message).toBe(CameraTexts.ACCOUNT_PLATFORM_MISMATCH);
    expect((await t.request('DELETE', `${accounts()}/${made.id}`, { token: admin })).body.message).toBe(
      CameraTexts.ACCOUNT_IN_USE,
    );
    await t.ok('DELETE', `${cams()}/${camera.id}`, { token: admin });
    await t.ok('DELETE', `${accounts()}/${made.id}`, { token: admin });
    expect(await t.ok<CameraAccount[]>('GET', accounts(), { token: admin })).not.toContainEqual(
      expect.objectContaining({ id: made.id }),
    );
  });

  it('takes no account for HTTP-FLV', async () => {
    const bad = await t.request('POST', accounts(), {
      token: admin,
      body: { aggType: AggType.HTTP_FLV, name: 'x', appKey: 'k', appSecret: 's' },
    });
    expect(bad.body.code).toBe(40000);
  });
});

describe('the calls of §7 on an HTTP-FLV camera', () => {
  let camera: Camera;
  beforeAll(async () => {
    camera = await t.ok<Camera>('POST', cams(site), { token: admin, body: flvBody('调用测试') });
  });

  it('answers a play URL on the relay, the same one for 5 minutes, a new one once the camera changes', async () => {
    const first = await t.ok<{ url: string }>('GET', `${cams()}/${camera.id}/playUrl`, { token: reader });
    expect(first.url).toMatch(/^\/iot\/cameras\/live\.flv\?ticket=/);
    const again = await t.ok<{ url: string }>('GET', `${cams()}/${camera.id}/playUrl`, { token: admin });
    expect(again.url).toBe(first.url);
    await t.ok('PUT', `${cams()}/${camera.id}`, { token: admin, body: flvBody('调用测试') });
    const changed = await t.ok<{ url: string }>('GET', `${cams()}/${camera.id}/playUrl`, { token: admin });
    expect(changed.url).not.toBe(first.url);
  });

  it("answers '不支持云台', '不支持对讲', '不支持回放'", async () => {
    const ptz = await t.request('POST', `${cams()}/${camera.id}/ptz`, {
      token: creator,
      body: { action: 'start', direction: 'up' },
    });
    expect(ptz.body).toMatchObject({ code: 40000, message: CameraMessages.NO_PTZ });
    expect((await t.request('GET', `${cams()}/${camera.id}/talkUrl`, { token: creator })).body.message).toBe(
      CameraMessages.NO_TALK,
    );
    const playbacks = await t.request(
      'GET',
      `${cams()}/${camera.id}/playbacks?beginTime=2026-11-25 08:00:00&endTime=2026-11-25 08:01:00`,
      { token: reader },
    );
    expect(playbacks.body.message).toBe(CameraMessages.NO_PLAYBACK);
    const preset = await t.request('POST', `${cams()}/${camera.id}/presets`, {
      token: creator,
      body: { name: 'A' },
    });
    expect(preset.body.message).toBe(CameraMessages.NO_PTZ);
  });

  it('checks preset names per camera, lists and deletes presets', async () => {
    const other = await t.ok<Camera>('POST', cams(), { token: admin, body: flvBody('另一台') });
    const { db } = t.server.platform;
    const stored = await db
      .insertInto('camera_presets')
      .values({ camera_id: camera.id, preset_index: 1, name: '大门', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const check = (id: number, query: string) =>
      t.ok<boolean>('GET', `${cams()}/${id}/presets/checkName?${query}`, { token: reader });
    expect(await check(camera.id, `name=${encodeURIComponent('大门')}`)).toBe(false);
    expect(await check(camera.id, `name=${encodeURIComponent('大门')}&excludeId=${stored.id}`)).toBe(true);
    expect(await check(camera.id, `name=${encodeURIComponent('后院')}`)).toBe(true);
    expect(await check(other.id, `name=${encodeURIComponent('大门')}`)).toBe(true);
    await expect(
      db
        .insertInto('camera_presets')
        .values({ camera_id: camera.id, preset_index: 2, name: '大门', created_at: Date.now() })
        .execute(),
    ).rejects.toThrow();
    expect(await t.ok<Preset[]>('GET', `${cams()}/${camera.id}/presets`, { token: reader })).toEqual([
      { id: stored.id, cameraId: camera.id, index: 1, name: '大门', imgUrl: '' },
    ]);
    expect(
      (await t.request('PUT', `${cams()}/${camera.id}/presets/${stored.id}/goto`, { token: creator })).body
        .message,
    ).toBe(CameraMessages.NO_PTZ);
    expect(
      (await t.request('DELETE', `${cams()}/${camera.id}/presets/${stored.id}`, { token: reader })).status,
    ).toBe(403);
    await t.ok('DELETE', `${cams()}/${camera.id}/presets/${stored.id}`, { token: creator });
    expect(await t.ok<Preset[]>('GET', `${cams()}/${camera.id}/presets`, { token: reader })).toEqual([]);
  });

  it("answers stored snapshots by time and flag 'W', id → url", async () => {
    const { db } = t.server.platform;
    const at = Date.UTC(2026, 10, 25, 0, 0, 0); // 2026-11-25 08:00:00 China time
    await db
      .insertInto('camera_snapshots')
      .values([
        { camera_id: camera.id, flag: 'W', taken_at: at + 2000, url: '/files/cameras/near.jpg' },
        { camera_id: camera.id, flag: 'W', taken_at: at + 120_000, url: '/files/cameras/far.jpg' },
        { camera_id: camera.id, flag: 'M', taken_at: at, url: '/files/cameras/manual.jpg' },
      ])
      .execute();
    const map = await t.ok<Record<string, string>>(
      'GET',
      `${cams()}/snapshots?cameraIds=${camera.id},999999&time=2026-11-25 08:00:00&flag=W`,
      { token: reader },
    );
    expect(map).toEqual({ [camera.id]: '/files/cameras/near.jpg' });
    const bad = await t.request('GET', `${cams()}/snapshots?cameraIds=${camera.id}&time=2026-11-25T08:00`, {
      token: reader,
    });
    expect(bad.body.message).toContain(CameraTexts.TIME_FORMAT);
  });

  it('refuses a forged or foreign ticket on the relay, over HTTP and WebSocket', async () => {
    const forged = await fetch(`${t.baseUrl}/iot/cameras/live.flv?ticket=v1.AAAA.BBBB.CCCC`);
    expect(forged.status).toBe(403);
    await forged.arrayBuffer();
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/iot/cameras/live.flv?ticket=nope`);
        ws.on('open', resolve);
        ws.on('error', reject);
      }),
    ).rejects.toThrow(/403/);
  });

  it('answers 502 with a Chinese message when the camera cannot be reached, and marks it offline', async () => {
    const { url } = await t.ok<{ url: string }>('GET', `${cams()}/${camera.id}/playUrl`, { token: admin });
    const answer = await fetch(`${t.baseUrl}${url}`);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { message: string }).message).toBe(CameraTexts.STREAM_UNREACHABLE);
    await expect
      .poll(async () => (await t.ok<Camera>('GET', `${cams()}/${camera.id}`, { token: admin })).isOnline)
      .toBe(0);
  });
});

describe('permission bits and the tenant wall', () => {
  it('lets the read bit view, and only the create, update and delete bits change', async () => {
    const made = await t.ok<Camera>('POST', cams(), { token: creator, body: flvBody('权限') });
    expect((await t.request('POST', cams(), { token: reader, body: flvBody('x') })).status).toBe(403);
    expect(
      (await t.request('PUT', `${cams()}/${made.id}`, { token: creator, body: flvBody('x') })).status,
    ).toBe(403);
    expect((await t.request('DELETE', `${cams()}/${made.id}`, { token: creator })).status).toBe(403);
    expect((await t.request('GET', `${cams()}/${made.id}/talkUrl`, { token: reader })).status).toBe(403);
    expect(
      (
        await t.request('POST', `${cams()}/${made.id}/ptz`, {
          token: reader,
          body: { action: 'stop', direction: 'left' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.request('POST', `${cams()}/${made.id}/presets`, { token: reader, body: { name: 'a' } }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('POST', `${cams()}/snapshots`, { token: reader, body: { cameraIds: [made.id] } }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request('POST', accounts(), {
          token: reader,
          body: { aggType: 1, name: 'a', appKey: 'k', appSecret: 's' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', cams(), { token: reader })).status).toBe(200);
    expect((await t.request('GET', accounts(), { token: reader })).status).toBe(200);
    // The screen's group picker needs no 分组管理 permission.
    const groups = await t.ok<{ id: number; parentId: number | null }[]>('GET', `${cams()}/groupOptions`, {
      token: reader,
    });
    expect(groups.map((g) => g.id)).toEqual(expect.arrayContaining([projectId, area, site]));
    expect((await t.request('GET', `${cams()}/groupOptions`, { token: other.token })).status).toBe(403);
  });

  it("lets another project's administrator reach nothing of this project", async () => {
    const mine = await t.ok<Camera>('POST', cams(), { token: admin, body: flvBody('隔离') });
    const theirs = other.token;
    for (const [method, url] of [
      ['GET', cams()],
      ['GET', `${cams()}/${mine.id}`],
      ['GET', `${cams()}/${mine.id}/playUrl`],
      ['GET', accounts()],
      ['DELETE', `${cams()}/${mine.id}`],
    ] as const)
      expect((await t.request(method, url, { token: theirs })).status).toBe(403);
    // Through their own project's path, our camera does not exist.
    expect((await t.request('GET', `${cams(other.projectId)}/${mine.id}`, { token: theirs })).status).toBe(
      404,
    );
    expect(
      (await t.request('GET', `${cams(other.projectId)}/${mine.id}/playUrl`, { token: theirs })).status,
    ).toBe(404);
    expect(
      (await t.request('PUT', `${cams(other.projectId)}/${mine.id}`, { token: theirs, body: flvBody('x') }))
        .status,
    ).toBe(404);
    const snap = await t.ok<Record<string, string>>(
      'GET',
      `${cams(other.projectId)}/snapshots?cameraIds=${mine.id}&time=2026-11-25 08:00:00`,
      { token: theirs },
    );
    expect(snap).toEqual({});
    expect(await t.ok<Camera[]>('GET', cams(other.projectId), { token: theirs })).toEqual([]);
  });
});
