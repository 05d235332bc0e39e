import { ResultCode } from '@iot/contracts';
import { AggType, type Camera, CameraMessages, CameraTexts } from '@iot/contracts/cameras';
import { IndicatorMessages, isQuotaRefusal, quotaRefusalData } from '@iot/contracts/indicators';
import {
  type Share,
  type ShareByCode,
  ShareMessages,
  type ShareTargetGroup,
  sharedTargetShortText,
} from '@iot/contracts/sharing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../test/factories.js';
import { type FakeFlvCamera, startFakeFlvCamera } from '../../test/fake-flv-camera.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

/**
 * Cameras in shares (decision 0069): the owner shares cameras; the target places each in one of its
 * groups, sees it in 视频监控 read-only and plays it through the owner's camera; a third project
 * reaches nothing; a deleted camera or a revoked share says 被分享设备{name}已被删除，无法观看！.
 * And the one quota gate: useShare and an owner's indicator on a shared gateway both go through it.
 */
type Project = { projectId: number; token: string };
let t: TestServer;
let system: string;
let owner: Project;
let target: Project;
let third: Project;
let flv: FakeFlvCamera;
let gate: Camera;
let yard: Camera;

const cams = (p: Project) => `/iot/groups/${p.projectId}/cameras`;
const createCamera = (name: string) =>
  t.ok<Camera>('POST', cams(owner), {
    token: owner.token,
    body: { name, aggType: AggType.HTTP_FLV, videoUrl: flv.url },
  });
const createShare = (body: Record<string, unknown>) =>
  t.request<Share>('POST', `/iot/groups/${owner.projectId}/shares`, { token: owner.token, body });
const useShare = (id: number, body: Record<string, unknown>, p: Project = target) =>
  t.request<{ gatewayIds: number[]; cameraIds: number[]; message: string }>(
    'POST',
    `/iot/shares/${id}/useShare`,
    { token: p.token, body },
  );
const listOf = (p: Project) => t.ok<Camera[]>('GET', cams(p), { token: p.token });
const setProject = (projectId: number, values: Record<string, unknown>) =>
  t.server.platform.db.updateTable('projects').set(values).where('group_id', '=', projectId).execute();

/** Reads the relay's stream until `bytes` arrived (or the stream ends); answers the status and bytes. */
async function stream(url: string, bytes = 200): Promise<{ status: number; received: number }> {
  const abort = new AbortController();
  const response = await fetch(`${t.baseUrl}${url}`, { signal: abort.signal });
  if (response.status !== 200) return { status: response.status, received: 0 };
  let received = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received += chunk.length;
      if (received >= bytes) break;
    }
  } finally {
    abort.abort();
  }
  return { status: response.status, received };
}

beforeAll(async () => {
  t = await startServer();
  flv = await startFakeFlvCamera();
  system = (await t.login('admin', ADMIN_PASSWORD)).access;
  owner = await projectWithAdmin(t, system, '分享摄像头的水厂', 'cam-owner');
  target = await projectWithAdmin(t, system, '接收摄像头的泵站', 'cam-target');
  third = await projectWithAdmin(t, system, '旁观项目', 'cam-third');
  gate = await createCamera('厂区大门摄像头');
  yard = await createCamera('堆场摄像头');
});
afterAll(async () => {
  await t?.close();
  await flv?.close();
});

describe('a share with cameras', () => {
  let share: Share;
  let copy: Camera;
  let targetSite: number;

  it('is created from the project’s own cameras only; a share needs at least one device', async () => {
    const foreign = await t.ok<Camera>('POST', cams(third), {
      token: third.token,
      body: { name: '别人的摄像头', aggType: AggType.HTTP_FLV, videoUrl: flv.url },
    });
    expect((await createShare({ cameraIds: [gate.id, foreign.id] })).body.message).toBe(
      ShareMessages.CAMERA_NOT_IN_PROJECT,
    );
    expect((await createShare({ gatewayIds: [], cameraIds: [] })).body.message).toContain(
      ShareMessages.DEVICES_REQUIRED,
    );
    const created = await createShare({ cameraIds: [gate.id] });
    expect(created.body.code).toBe(ResultCode.SUCCESS);
    share = created.body.data;
    expect(share.items).toEqual([{ kind: 'camera', id: gate.id, name: '厂区大门摄像头', indicatorCount: 0 }]);
    const found = await t.ok<ShareByCode>('GET', `/iot/shares/getByCode?code=${share.code}`, {
      token: target.token,
    });
    expect(found.cameras.map((c) => c.name)).toEqual(['厂区大门摄像头']);
    expect(found.indicatorCount).toBe(0);
  });

  it('needs a target group per camera (请选择摄像头所在分组！), one of the target’s own groups', async () => {
    const tree = await projectTree(t, target.token, target.projectId);
    targetSite = tree.areas[0]?.sites[0] ?? tree.areas[0]?.id ?? tree.root;
    const groups = await t.ok<ShareTargetGroup[]>(
      'GET',
      `/iot/shares/${share.id}/targetGroups?groupId=${target.projectId}`,
      { token: target.token },
    );
    expect(groups.map((g) => g.id)).toContain(targetSite);
    // The groups of a project the caller may not add devices to are not answered.
    const foreign = await t.request(
      'GET',
      `/iot/shares/${share.id}/targetGroups?groupId=${target.projectId}`,
      {
        token: third.token,
      },
    );
    expect(foreign.status).toBe(403);

    const missing = await useShare(share.id, { groupId: target.projectId, cameras: [] });
    expect(missing.body).toMatchObject({
      code: ResultCode.ERROR,
      message: ShareMessages.CAMERA_GROUP_REQUIRED,
    });
    const elsewhere = await useShare(share.id, {
      groupId: target.projectId,
      cameras: [{ cameraId: gate.id, groupId: third.projectId }],
    });
    expect(elsewhere.body.message).toBe(ShareMessages.CAMERA_GROUP_NOT_IN_TARGET);

    const used = await useShare(share.id, {
      groupId: target.projectId,
      cameras: [{ cameraId: gate.id, groupId: targetSite }],
    });
    expect(used.body.code).toBe(ResultCode.SUCCESS);
    expect(used.body.message).toBe('已添加1个共享摄像头（来自项目“分享摄像头的水厂”）');
    expect(used.body.data.cameraIds).toHaveLength(1);
  });

  it('shows the camera in the target’s 视频监控: in the chosen group, shareOwnerId set, nothing of the owner’s', async () => {
    const listed = await listOf(target);
    expect(listed).toHaveLength(1);
    copy = listed[0]!;
    expect(copy).toMatchObject({
      name: '厂区大门摄像头',
      groupId: targetSite,
      shareOwnerId: gate.id,
      sharedFrom: '分享摄像头的水厂',
      videoUrl: null,
      cameraAccount: null,
      showYuntaiIcon: 0,
      showTalkIcon: 0,
      supports: { ptz: false, talk: false, presets: false },
    });
    expect(copy.id).not.toBe(gate.id);
    // The owner's list is unchanged, and its camera is not marked shared.
    expect((await listOf(owner)).map((c) => [c.id, c.shareOwnerId])).toEqual([
      [gate.id, null],
      [yard.id, null],
    ]);
  });

  it('the target plays it through the owner’s camera and cannot change, move or talk to it (403)', async () => {
    const { url } = await t.ok<{ url: string }>('GET', `${cams(target)}/${copy.id}/playUrl`, {
      token: target.token,
    });
    const played = await stream(url);
    expect(played.status).toBe(200);
    expect(played.received).toBeGreaterThanOrEqual(200);
    expect(
      (await t.ok<Camera>('GET', `${cams(target)}/${copy.id}`, { token: target.token })).shareOwnerId,
    ).toBe(gate.id);
    expect(await t.ok('GET', `${cams(target)}/${copy.id}/presets`, { token: target.token })).toEqual([]);

    const writes: [string, string, unknown][] = [
      ['PUT', `${cams(target)}/${copy.id}`, { name: '改名', aggType: AggType.HTTP_FLV, videoUrl: flv.url }],
      ['DELETE', `${cams(target)}/${copy.id}`, undefined],
      ['POST', `${cams(target)}/${copy.id}/ptz`, { action: 'start', direction: 'up' }],
      ['GET', `${cams(target)}/${copy.id}/talkUrl`, undefined],
      ['POST', `${cams(target)}/${copy.id}/presets`, { name: '预置点1' }],
    ];
    for (const [method, url, body] of writes) {
      const answer = await t.request(method, url, { token: target.token, body });
      expect(answer, `${method} ${url}`).toMatchObject({
        status: 403,
        body: { message: ShareMessages.CAMERA_READ_ONLY },
      });
    }
    // The owner's camera through the target's project: not the target's.
    expect(
      (await t.request('GET', `${cams(target)}/${gate.id}/playUrl`, { token: target.token })).body.message,
    ).toBe(CameraTexts.NOT_FOUND);
  });

  it('another project reaches neither the copy nor the owner’s camera', async () => {
    for (const id of [copy.id, gate.id]) {
      const own = await t.request('GET', `${cams(third)}/${id}/playUrl`, { token: third.token });
      expect(own).toMatchObject({ status: 404, body: { message: CameraTexts.NOT_FOUND } });
    }
    for (const p of [target, owner]) {
      const foreign = await t.request('GET', `${cams(p)}/${copy.id}/playUrl`, { token: third.token });
      expect(foreign.status).toBe(403);
    }
    expect(await listOf(third)).toHaveLength(1); // its own camera only
  });

  it('the owner deletes the camera: the target is told 被分享设备{name}已被删除，无法观看！ and may remove it', async () => {
    const { url } = await t.ok<{ url: string }>('GET', `${cams(target)}/${copy.id}/playUrl`, {
      token: target.token,
    });
    await t.ok('DELETE', `${cams(owner)}/${gate.id}`, { token: owner.token });
    const gone = CameraMessages.SHARED_CAMERA_GONE('厂区大门摄像头');
    expect(gone).toBe('被分享设备厂区大门摄像头已被删除，无法观看！');
    const play = await t.request('GET', `${cams(target)}/${copy.id}/playUrl`, { token: target.token });
    expect(play.body).toMatchObject({ code: ResultCode.ERROR, message: gone });
    expect((await t.request('GET', `${cams(target)}/${copy.id}`, { token: target.token })).body.message).toBe(
      gone,
    );
    // A ticket handed out before the deletion opens nothing.
    expect((await stream(url)).status).toBe(404);
    // Still listed, marked gone, until the target removes it.
    const listed = await listOf(target);
    expect(listed.map((c) => [c.id, c.shareGone])).toEqual([[copy.id, true]]);
    await t.ok('DELETE', `${cams(target)}/${copy.id}`, { token: target.token });
    expect(await listOf(target)).toEqual([]);
  });

  it('revoking takes the cameras away at once: unlisted, and a copy still open says it is gone', async () => {
    const second = (await createShare({ cameraIds: [yard.id] })).body.data;
    const used = await useShare(second.id, {
      groupId: target.projectId,
      cameras: [{ cameraId: yard.id, groupId: target.projectId }],
    });
    expect(used.body.code).toBe(ResultCode.SUCCESS);
    const [copyOfYard] = await listOf(target);
    expect(copyOfYard).toMatchObject({ shareOwnerId: yard.id, groupId: target.projectId });
    const { url } = await t.ok<{ url: string }>('GET', `${cams(target)}/${copyOfYard!.id}/playUrl`, {
      token: target.token,
    });
    await t.ok('DELETE', `/iot/groups/${owner.projectId}/shares/${second.id}`, { token: owner.token });
    expect(await listOf(target)).toEqual([]);
    const play = await t.request('GET', `${cams(target)}/${copyOfYard!.id}/playUrl`, { token: target.token });
    expect(play.body.message).toBe(CameraMessages.SHARED_CAMERA_GONE('堆场摄像头'));
    expect((await stream(url)).status).toBe(404);
    // The owner still plays its camera.
    const mine = await t.ok<{ url: string }>('GET', `${cams(owner)}/${yard.id}/playUrl`, {
      token: owner.token,
    });
    expect((await stream(mine.url)).status).toBe(200);
  });

  it('a suspended target (D, E, F) takes no shared devices, cameras included', async () => {
    const share3 = (await createShare({ cameraIds: [yard.id] })).body.data;
    await setProject(target.projectId, { pay_status: 'E' });
    const refused = await useShare(share3.id, {
      groupId: target.projectId,
      cameras: [{ cameraId: yard.id, groupId: target.projectId }],
    });
    expect(refused.body.message).toBe(IndicatorMessages.PROJECT_SUSPENDED);
    await setProject(target.projectId, { pay_status: 'A' });
    expect(await listOf(target)).toEqual([]);
  });
});

describe('one quota gate for a shared gateway', () => {
  const indicatorOf = async (gatewayIndicatorId: number) =>
    (
      await t.server.platform.db
        .selectFrom('gateway_indicators')
        .select('indicator_id')
        .where('id', '=', gatewayIndicatorId)
        .executeTakeFirstOrThrow()
    ).indicator_id;
  const addIndicator = (p: Project, gatewayId: number, indicatorId: number, key: string) =>
    t.request('POST', `/iot/groups/${p.projectId}/gateways/${gatewayId}/indicators`, {
      token: p.token,
      body: { indicatorId, alias: `测点${key}`, dataIdentification: key },
    });

  it('an owner adding indicators to a shared gateway is refused when a target lacks room (411 of the target)', async () => {
    const receiver = await projectWithAdmin(t, system, '额度紧的泵站', 'cam-quota-target');
    const pump = await createGateway(t, owner.projectId, [{ key: 'flow', type: 'float' }]);
    await setProject(owner.projectId, { can_manage_gateway_data: 1, access_gateway_indicator_max_num: 1000 });
    await setProject(receiver.projectId, { access_gateway_indicator_max_num: 1 });
    const share = (await createShare({ gatewayIds: [pump.id] })).body.data;
    expect((await useShare(share.id, { groupId: receiver.projectId }, receiver)).body.code).toBe(
      ResultCode.SUCCESS,
    );

    const indicatorId = await indicatorOf(pump.indicators.flow!);
    const refused = await addIndicator(owner, pump.id, indicatorId, 'level');
    expect(refused.body).toMatchObject({
      code: ResultCode.ERROR,
      message: sharedTargetShortText('额度紧的泵站', 1, 1, 1),
      data: quotaRefusalData(1, 1, 1, receiver.projectId),
    });
    expect(isQuotaRefusal(refused.body.data)).toBe(true);
    // With room in the target, the owner adds it; both projects are charged.
    await setProject(receiver.projectId, { access_gateway_indicator_max_num: 2 });
    expect((await addIndicator(owner, pump.id, indicatorId, 'level')).body.code).toBe(ResultCode.SUCCESS);
  });

  it('two spends racing for a target’s last item — the owner’s on the shared gateway, the target’s own — one wins', async () => {
    const receiver = await projectWithAdmin(t, system, '抢最后一项的泵站', 'cam-race-target');
    await setProject(receiver.projectId, { can_manage_gateway_data: 1 });
    await setProject(owner.projectId, { can_manage_gateway_data: 1, access_gateway_indicator_max_num: 1000 });
    const pump = await createGateway(t, owner.projectId, [{ key: 'flow', type: 'float' }]);
    const ownGateway = await createGateway(t, receiver.projectId, [{ key: 'ph', type: 'float' }]);
    const share = (await createShare({ gatewayIds: [pump.id] })).body.data;
    // Room for what it holds (1 own + 1 shared) and one more.
    await setProject(receiver.projectId, { access_gateway_indicator_max_num: 3 });
    expect((await useShare(share.id, { groupId: receiver.projectId }, receiver)).body.code).toBe(
      ResultCode.SUCCESS,
    );
    const ownerIndicator = await indicatorOf(pump.indicators.flow!);
    const targetIndicator = await indicatorOf(ownGateway.indicators.ph!);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        addIndicator(owner, pump.id, ownerIndicator, `o${round}`),
        addIndicator(receiver, ownGateway.id, targetIndicator, `t${round}`),
      ]);
      expect(answers.filter((a) => a.body.code === ResultCode.SUCCESS)).toHaveLength(1);
      expect(answers.filter((a) => isQuotaRefusal(a.body.data))).toHaveLength(1);
      const charged = await t.ok<{ indicators: { used: number; max: number } }>(
        'GET',
        `/iot/groups/${receiver.projectId}/getResourceUsage`,
        { token: receiver.token },
      );
      expect(charged.indicators.used).toBe(charged.indicators.max);
      await setProject(receiver.projectId, { access_gateway_indicator_max_num: charged.indicators.max + 1 });
    }
  });
});
