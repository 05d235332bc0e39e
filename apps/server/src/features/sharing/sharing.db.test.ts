import type { Page } from '@iot/contracts';
import { Messages, ResultCode } from '@iot/contracts';
import { type GatewayDetail, type GatewayListItem, GatewayMessages } from '@iot/contracts/gateways';
import type { GroupTreeNode } from '@iot/contracts/groups';
import { IndicatorMessages } from '@iot/contracts/indicators';
import type { ResourceUsage } from '@iot/contracts/projects';
import { type Share, type ShareByCode, type ShareCapacity, ShareMessages } from '@iot/contracts/sharing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * 使用分享码 (decision 0069): a project admin shares gateways by code; another project links them
 * read-only, sees their data, pays for their indicators, and loses them when the share is revoked.
 * A third project sees nothing of either.
 */
let t: TestServer;
let system: string;
let owner: { projectId: number; token: string };
let target: { projectId: number; token: string };
let third: { projectId: number; token: string };
let pump: TestGateway;
let meter: TestGateway;
let own: TestGateway;

const setQuota = (projectId: number, max: number) =>
  t.server.platform.db
    .updateTable('projects')
    .set({ access_gateway_indicator_max_num: max })
    .where('group_id', '=', projectId)
    .execute();

const createShare = (body: Record<string, unknown>, token = owner.token) =>
  t.request<Share>('POST', `/iot/groups/${owner.projectId}/shares`, { token, body });
const byCode = (code: string, token = target.token) =>
  t.request<ShareByCode>('GET', `/iot/shares/getByCode?code=${encodeURIComponent(code)}`, { token });
const canShare = (id: number, groupId: number, token = target.token) =>
  t.request<ShareCapacity>('GET', `/iot/shares/${id}/canShare?groupId=${groupId}`, { token });
const useShare = (id: number, body: Record<string, unknown>, token = target.token) =>
  t.request<{ gatewayIds: number[]; created: string }>('POST', `/iot/shares/${id}/useShare`, { token, body });
const gatewaysOf = (project: { projectId: number; token: string }) =>
  t.ok<Page<GatewayListItem>>('GET', `/iot/groups/${project.projectId}/gateways?size=100`, {
    token: project.token,
  });
const lastMetrics = (token: string, gatewayIds: number[]) =>
  t.request('POST', '/data-server/api/v2/gateways/lastMetrics', { token, body: { gatewayIds } });

const warningsOf = async (project: { projectId: number; token: string }) =>
  (
    await t.ok<Page<{ gatewayId: number }>>('GET', `/iot/groups/${project.projectId}/warnings?size=100`, {
      token: project.token,
    })
  ).list;

async function send(gateway: TestGateway, values: Record<string, number>) {
  const response = await fetch(`${t.baseUrl}/api/v1/${gateway.secret}/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ts: Date.now(), values }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  t = await startServer();
  system = (await t.login('admin', ADMIN_PASSWORD)).access;
  owner = await projectWithAdmin(t, system, '分享方水厂', 'share-owner');
  target = await projectWithAdmin(t, system, '接收方泵站', 'share-target');
  third = await projectWithAdmin(t, system, '无关项目', 'share-third');
  pump = await createGateway(t, owner.projectId, [
    { key: 'flow', type: 'float' },
    { key: 'level', type: 'float' },
  ]);
  meter = await createGateway(t, owner.projectId, [{ key: 'kwh', type: 'float' }]);
  own = await createGateway(t, target.projectId, [{ key: 'ph', type: 'float' }]);
  await setQuota(target.projectId, 4);
});
afterAll(async () => {
  await t.close();
});

describe('a project admin shares the project’s gateways', () => {
  it('creates a share with a 36-character code, lists it and refuses another project’s gateway', async () => {
    const refused = await createShare({ gatewayIds: [pump.id, own.id] });
    expect(refused.body).toMatchObject({
      code: ResultCode.ERROR,
      message: ShareMessages.GATEWAY_NOT_IN_PROJECT,
    });
    const empty = await createShare({ gatewayIds: [] });
    expect(empty.body.message).toContain(ShareMessages.DEVICES_REQUIRED);
    const past = await createShare({ gatewayIds: [pump.id], expiresAt: Date.now() - 1000 });
    expect(past.body.message).toBe(ShareMessages.EXPIRY_IN_PAST);

    const created = await createShare({ gatewayIds: [pump.id, meter.id], remark: '给泵站' });
    expect(created.body.code).toBe(ResultCode.SUCCESS);
    expect(created.body.data.code).toHaveLength(36);
    expect(created.body.data.items.map((i) => [i.kind, i.id, i.indicatorCount])).toEqual([
      ['gateway', pump.id, 2],
      ['gateway', meter.id, 1],
    ]);
    const list = await t.ok<Share[]>('GET', `/iot/groups/${owner.projectId}/shares`, { token: owner.token });
    expect(list.map((s) => s.id)).toContain(created.body.data.id);
  });

  it('is the owner project’s alone: other projects can neither list, create nor revoke', async () => {
    const [share] = await t.ok<Share[]>('GET', `/iot/groups/${owner.projectId}/shares`, {
      token: owner.token,
    });
    for (const token of [target.token, third.token]) {
      expect((await t.request('GET', `/iot/groups/${owner.projectId}/shares`, { token })).status).toBe(403);
      expect((await createShare({ gatewayIds: [pump.id] }, token)).status).toBe(403);
      const revoke = await t.request('DELETE', `/iot/groups/${owner.projectId}/shares/${share!.id}`, {
        token,
      });
      expect(revoke).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
    }
    // Through its own project id, another project's share is simply not found.
    const foreign = await t.request('DELETE', `/iot/groups/${target.projectId}/shares/${share!.id}`, {
      token: target.token,
    });
    expect(foreign.body.message).toBe(ShareMessages.NOT_FOUND);
  });
});

describe('getByCode, canShare and useShare', () => {
  let share: Share;
  beforeAll(async () => {
    share = (await createShare({ gatewayIds: [pump.id, meter.id] })).body.data;
  });

  it('looks a code up: required, at most 36 characters, unknown codes refused; shows the share', async () => {
    expect((await byCode('')).body.message).toContain(ShareMessages.CODE_REQUIRED);
    expect((await byCode('x'.repeat(37))).body.message).toContain(ShareMessages.CODE_TOO_LONG);
    expect((await byCode('no-such-code')).body.message).toBe(ShareMessages.CODE_NOT_FOUND);
    const found = await byCode(share.code);
    expect(found.body.data).toMatchObject({
      id: share.id,
      sourceGroupId: owner.projectId,
      sourceGroupName: '分享方水厂',
      ownerName: 'share-owner',
      indicatorCount: 3,
      cameras: [],
    });
    expect(found.body.data.gateways.map((g) => g.id)).toEqual([pump.id, meter.id]);
  });

  it('checks capacity against the target’s remaining monitoring items', async () => {
    // Target: max 4, uses 1 (its own gateway), the share needs 3: enough.
    expect((await canShare(share.id, target.projectId)).body.data).toEqual({
      enough: true,
      needed: 3,
      left: 3,
      shortBy: 0,
    });
    await setQuota(target.projectId, 2);
    expect((await canShare(share.id, target.projectId)).body.data).toEqual({
      enough: false,
      needed: 3,
      left: 1,
      shortBy: 2,
    });
    const same = await canShare(share.id, owner.projectId, owner.token);
    expect(same.body.message).toBe(ShareMessages.SAME_PROJECT);
    // A project the caller is not a member of is refused before anything is said about it.
    expect((await canShare(share.id, third.projectId)).status).toBe(403);
  });

  it('refuses use without a project, into the owner project, into a project not one’s own, or past capacity', async () => {
    expect((await useShare(share.id, {})).body.message).toContain(ShareMessages.PROJECT_REQUIRED);
    const same = await useShare(share.id, { groupId: owner.projectId }, owner.token);
    expect(same.body).toMatchObject({ code: ResultCode.ERROR, message: ShareMessages.SAME_PROJECT });
    expect((await useShare(share.id, { groupId: target.projectId }, third.token)).status).toBe(403);
    const short = await useShare(share.id, { groupId: target.projectId });
    expect(short.body).toMatchObject({
      code: ResultCode.ERROR,
      message: ShareMessages.CAPACITY_SHORT,
      data: { enough: false, shortBy: 2 },
    });
    expect((await gatewaysOf(target)).list.map((g) => g.id)).toEqual([own.id]);
  });

  it('links the gateways into the target with 创建成功 and the server’s message; once per project', async () => {
    await setQuota(target.projectId, 4);
    const used = await useShare(share.id, { groupId: target.projectId });
    expect(used.body).toMatchObject({
      code: ResultCode.SUCCESS,
      message: '已添加2个共享网关（来自项目“分享方水厂”）',
      data: { gatewayIds: [pump.id, meter.id], created: '创建成功' },
    });
    const again = await useShare(share.id, { groupId: target.projectId });
    expect(again.body.message).toBe(ShareMessages.ALREADY_USED);

    const list = await gatewaysOf(target);
    expect(list.list.map((g) => [g.id, g.shared, g.sharedFrom])).toEqual([
      [pump.id, true, '分享方水厂'],
      [meter.id, true, '分享方水厂'],
      [own.id, false, null],
    ]);
    // The owner still lists them as its own; a third project sees nothing of either.
    expect((await gatewaysOf(owner)).list.every((g) => !g.shared)).toBe(true);
    expect((await gatewaysOf(third)).list).toEqual([]);
    const owners = await t.ok<Share[]>('GET', `/iot/groups/${owner.projectId}/shares`, {
      token: owner.token,
    });
    expect(owners.find((s) => s.id === share.id)!.uses).toEqual([
      expect.objectContaining({ groupId: target.projectId, name: '接收方泵站' }),
    ]);
  });

  it('charges the shared indicators to the target’s quota (资源概览 and the indicator quota)', async () => {
    const usage = await t.ok<ResourceUsage>('GET', `/iot/groups/${target.projectId}/getResourceUsage`, {
      token: target.token,
    });
    expect(usage.indicators).toEqual({ max: 4, used: 4, left: 0 });
    const ownerUsage = await t.ok<ResourceUsage>('GET', `/iot/groups/${owner.projectId}/getResourceUsage`, {
      token: owner.token,
    });
    expect(ownerUsage.indicators.used).toBe(3);
    // The sign-in notices count them too: nothing left of 4.
    const notices = await t.ok<{ projectId: number; kind: string; content: string }[]>(
      'GET',
      '/iot/messages/resourceWarnings',
      { token: target.token },
    );
    expect(
      notices.find((n) => n.projectId === target.projectId && n.kind === 'indicatorQuota')?.content,
    ).toContain('已接入 4 / 4 个监测项');
  });

  it('shows the shared gateways read-only: detail, indicators and tree read; every write refused', async () => {
    const detail = await t.ok<GatewayDetail>('GET', `/iot/groups/${target.projectId}/gateways/${pump.id}`, {
      token: target.token,
    });
    expect(detail).toMatchObject({ id: pump.id, shared: true, sharedFrom: '分享方水厂', indicatorCount: 2 });
    const indicators = await t.ok<Page<{ dataIdentification: string }>>(
      'GET',
      `/iot/groups/${target.projectId}/gateways/${pump.id}/indicators`,
      { token: target.token },
    );
    expect(indicators.list.map((i) => i.dataIdentification)).toEqual(['flow', 'level']);
    const tree = await t.ok<GroupTreeNode[]>(
      'GET',
      `/iot/groups/${target.projectId}/groupTree?includeSelf=true&generateDefault=true`,
      { token: target.token },
    );
    expect(tree[0]!.gatewayIndicators.map((i) => i.gatewayId)).toEqual(
      expect.arrayContaining([pump.id, meter.id, own.id]),
    );

    const readOnly = { status: 403, body: { message: ShareMessages.READ_ONLY } };
    const base = `/iot/groups/${target.projectId}/gateways/${pump.id}`;
    const writes: [string, string, unknown?][] = [
      ['PUT', base, { alias: '改名', type: 'ordinary', model: 'direct', iccid: '', batchOrContract: '' }],
      ['DELETE', base],
      ['POST', `${base}/secret`],
      ['POST', `${base}/indicators`, { indicatorId: 1, alias: 'x', dataIdentification: 'x', ioType: 'r' }],
    ];
    for (const [method, url, body] of writes) {
      expect(await t.request(method, url, { token: target.token, body }), `${method} ${url}`).toMatchObject(
        readOnly,
      );
    }
    // Not shared into the third project: not found there, as any other project's gateway.
    const elsewhere = await t.request('GET', `/iot/groups/${third.projectId}/gateways/${pump.id}`, {
      token: third.token,
    });
    expect(elsewhere.body.message).toBe(GatewayMessages.NOT_FOUND);
  });

  it('serves the shared gateways’ data to the target’s members, not to a third project', async () => {
    await send(pump, { flow: 12.5, level: 3.2 });
    await expect
      .poll(async () => (await lastMetrics(target.token, [pump.id])).body)
      .toMatchObject({ code: ResultCode.SUCCESS, data: { [pump.id]: { flow: { value: 12.5 } } } });
    expect((await lastMetrics(third.token, [pump.id])).status).toBe(403);
    const history = await t.request('POST', '/data-server/api/v2/gateways/history', {
      token: target.token,
      body: { gatewayIds: [pump.id], startTime: Date.now() - 60_000, stopTime: Date.now() + 1000 },
    });
    expect(history.body.code).toBe(ResultCode.SUCCESS);
  });

  it('the target’s own warning rules watch a shared gateway; a third project cannot attach one', async () => {
    await t.ok('POST', `/iot/groups/${target.projectId}/warningRules`, {
      token: target.token,
      body: { gatewayIndicatorId: pump.indicators.flow, kind: 'above', high: 100, name: '共享流量过高' },
    });
    const refused = await t.request('POST', `/iot/groups/${third.projectId}/warningRules`, {
      token: third.token,
      body: { gatewayIndicatorId: pump.indicators.flow, kind: 'above', high: 100 },
    });
    expect(refused.body).toMatchObject({ code: ResultCode.ERROR, message: '网关指标不存在或不属于本项目' });
    await send(pump, { flow: 150 });
    await expect.poll(async () => (await warningsOf(target)).map((w) => w.gatewayId)).toEqual([pump.id]);
    // The owner has no rule of its own: the target's rule raises in the target only.
    expect(await warningsOf(owner)).toEqual([]);
  });

  it('revoking takes the gateways, their data and their quota away from the target at once', async () => {
    const revoke = await t.request('DELETE', `/iot/groups/${owner.projectId}/shares/${share.id}`, {
      token: owner.token,
    });
    expect(revoke.body.code).toBe(ResultCode.SUCCESS);
    expect((await gatewaysOf(target)).list.map((g) => g.id)).toEqual([own.id]);
    expect((await lastMetrics(target.token, [pump.id])).status).toBe(403);
    const detail = await t.request('GET', `/iot/groups/${target.projectId}/gateways/${pump.id}`, {
      token: target.token,
    });
    expect(detail.body.message).toBe(GatewayMessages.NOT_FOUND);
    const usage = await t.ok<ResourceUsage>('GET', `/iot/groups/${target.projectId}/getResourceUsage`, {
      token: target.token,
    });
    expect(usage.indicators.used).toBe(1);
    // The code is dead too; the owner still lists the share, revoked.
    expect((await byCode(share.code)).body.message).toBe(ShareMessages.CODE_NOT_FOUND);
    const owners = await t.ok<Share[]>('GET', `/iot/groups/${owner.projectId}/shares`, {
      token: owner.token,
    });
    expect(owners.find((s) => s.id === share.id)!.revokedAt).not.toBeNull();
    // The target's rule stays stored but no longer watches the gateway: released by 90, 300 would
    // raise a new warning if it still applied.
    const before = (await warningsOf(target)).length;
    await send(pump, { flow: 90 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send(pump, { flow: 300 });
    await expect
      .poll(async () => (await lastMetrics(owner.token, [pump.id])).body)
      .toMatchObject({ data: { [pump.id]: { flow: { value: 300 } } } });
    await t.server.warnings.engine.drain();
    expect((await warningsOf(target)).length).toBe(before);
  });
});

describe('codes that no longer work', () => {
  it('an expired code', async () => {
    const share = (await createShare({ gatewayIds: [meter.id], expiresAt: Date.now() + 60_000 })).body.data;
    expect((await byCode(share.code)).body.code).toBe(ResultCode.SUCCESS);
    await t.server.platform.db
      .updateTable('shares')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', share.id)
      .execute();
    expect((await byCode(share.code)).body.message).toBe(ShareMessages.CODE_EXPIRED);
    expect((await useShare(share.id, { groupId: target.projectId })).body.message).toBe(
      ShareMessages.CODE_EXPIRED,
    );
  });

  it('a target project suspended by its pay state (D, E, F) takes no shared gateways', async () => {
    const share = (await createShare({ gatewayIds: [meter.id] })).body.data;
    const payStatus = (value: string) =>
      t.server.platform.db
        .updateTable('projects')
        .set({ pay_status: value })
        .where('group_id', '=', target.projectId)
        .execute();
    try {
      for (const state of ['D', 'E', 'F']) {
        await payStatus(state);
        const refused = await useShare(share.id, { groupId: target.projectId });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(IndicatorMessages.PROJECT_SUSPENDED);
      }
    } finally {
      await payStatus('A');
    }
    await t.ok('DELETE', `/iot/groups/${owner.projectId}/shares/${share.id}`, { token: owner.token });
  });

  it('a code whose owner is gone: the owner check says so, and the code is refused', async () => {
    const roles = await t.ok<{ id: number; builtin: string | null }[]>(
      'GET',
      `/iot/groups/${owner.projectId}/roles/options`,
      { token: system },
    );
    const { userId } = await t.ok<{ userId: number }>('POST', `/iot/groups/${owner.projectId}/users`, {
      token: system,
      body: {
        username: 'share-leaver',
        realname: '离职管理员',
        password: 'Passw0rd!',
        roleId: roles.find((r) => r.builtin === 'admin')!.id,
      },
    });
    const leaver = (await t.login('share-leaver', 'Passw0rd!')).access;
    const share = (await createShare({ gatewayIds: [meter.id] }, leaver)).body.data;
    expect(await t.ok('GET', `/iot/shares/${share.id}/checkOwner`, { token: target.token })).toBe(true);
    await t.ok('DELETE', `/iot/users/${userId}`, { token: system });
    expect(await t.ok('GET', `/iot/shares/${share.id}/checkOwner`, { token: target.token })).toBe(false);
    expect((await byCode(share.code)).body.message).toBe(ShareMessages.OWNER_GONE);
  });
});

describe('racing uses', () => {
  it('two shares racing for the last monitoring items: exactly one wins', async () => {
    const racer = await projectWithAdmin(t, system, '抢额度项目', 'share-racer');
    await setQuota(racer.projectId, 2);
    const two = await createGateway(t, owner.projectId, [
      { key: 'a', type: 'float' },
      { key: 'b', type: 'float' },
    ]);
    const one = await createGateway(t, owner.projectId, [{ key: 'c', type: 'float' }]);
    const x = (await createShare({ gatewayIds: [two.id] })).body.data;
    const y = (await createShare({ gatewayIds: [one.id] })).body.data;
    // Each fits alone (2 and 1 of 2 left); together they do not.
    const answers = await Promise.all([
      useShare(x.id, { groupId: racer.projectId }, racer.token),
      useShare(y.id, { groupId: racer.projectId }, racer.token),
    ]);
    expect(answers.filter((a) => a.body.code === ResultCode.SUCCESS)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === ShareMessages.CAPACITY_SHORT)).toHaveLength(1);
    const usage = await t.ok<ResourceUsage>('GET', `/iot/groups/${racer.projectId}/getResourceUsage`, {
      token: racer.token,
    });
    expect(usage.indicators.used).toBeLessThanOrEqual(2);
  });

  it('one share used twice at once by the same project: linked once', async () => {
    const twice = await projectWithAdmin(t, system, '重复使用项目', 'share-twice');
    const gateway = await createGateway(t, owner.projectId, [{ key: 'd', type: 'float' }]);
    const share = (await createShare({ gatewayIds: [gateway.id] })).body.data;
    const answers = await Promise.all([
      useShare(share.id, { groupId: twice.projectId }, twice.token),
      useShare(share.id, { groupId: twice.projectId }, twice.token),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([ResultCode.SUCCESS, expect.any(Number)]);
    expect(answers.filter((a) => a.body.message === ShareMessages.ALREADY_USED)).toHaveLength(1);
    expect((await gatewaysOf(twice)).list.map((g) => g.id)).toEqual([gateway.id]);
  });
});

describe('移除共享', () => {
  it('the target gives shared gateways back one by one; with none left the code may be used again', async () => {
    const taker = await projectWithAdmin(t, system, '退还项目', 'share-giver');
    const first = await createGateway(t, owner.projectId, [{ key: 'e', type: 'float' }]);
    const second = await createGateway(t, owner.projectId, [{ key: 'f', type: 'float' }]);
    const share = (await createShare({ gatewayIds: [first.id, second.id] })).body.data;
    await t.ok('POST', `/iot/shares/${share.id}/useShare`, {
      token: taker.token,
      body: { groupId: taker.projectId },
    });
    const leave = (gatewayId: number, project = taker) =>
      t.request('DELETE', `/iot/groups/${project.projectId}/sharedGateways/${gatewayId}`, {
        token: project.token,
      });
    expect((await leave(first.id, third)).body.message).toBe(ShareMessages.NOT_SHARED);
    expect(
      (
        await t.request('DELETE', `/iot/groups/${taker.projectId}/sharedGateways/${first.id}`, {
          token: third.token,
        })
      ).status,
    ).toBe(403);
    expect((await leave(first.id)).body.code).toBe(ResultCode.SUCCESS);
    expect((await gatewaysOf(taker)).list.map((g) => g.id)).toEqual([second.id]);
    // The owner still has both, and its share stands.
    expect((await byCode(share.code, taker.token)).body.code).toBe(ResultCode.SUCCESS);
    expect((await useShare(share.id, { groupId: taker.projectId }, taker.token)).body.message).toBe(
      ShareMessages.ALREADY_USED,
    );
    expect((await leave(second.id)).body.code).toBe(ResultCode.SUCCESS);
    expect((await gatewaysOf(taker)).list).toEqual([]);
    const again = await useShare(share.id, { groupId: taker.projectId }, taker.token);
    expect(again.body.code).toBe(ResultCode.SUCCESS);
    expect((await gatewaysOf(taker)).list.map((g) => g.id)).toEqual([first.id, second.id]);
  });
});
