import type { Page } from '@iot/contracts';
import type { GatewayListItem } from '@iot/contracts/gateways';
import type { Label, LabelOption, LabelTargets } from '@iot/contracts/labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/** 标签管理: CRUD, uniqueness, attaching to gateways and groups, the gateway list filter, tenants. */
let t: TestServer;
let projectId: number;
let admin: string;
let other: { projectId: number; token: string };
let gateways: TestGateway[];
let foreignGateway: TestGateway;
let site: number;

beforeAll(async () => {
  t = await startServer();
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: admin } = await projectWithAdmin(t, system, '标签项目', 'labels-admin'));
  other = await projectWithAdmin(t, system, '别的项目', 'labels-other');
  gateways = [];
  for (let i = 0; i < 3; i++) gateways.push(await createGateway(t, projectId, []));
  foreignGateway = await createGateway(t, other.projectId, []);
  site = (
    await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/children`, {
      token: admin,
      body: { name: '一号站', groupType: 'site' },
    })
  ).id;
});
afterAll(() => t.close());

const base = () => `/iot/groups/${projectId}/labels`;

describe('labels', () => {
  it('creates labels unique by name in the project, pages and searches them', async () => {
    for (const name of ['重点', '出水', '进水', '备用'])
      await t.ok<Label>('POST', base(), { token: admin, body: { name, color: 'red' } });
    const dup = await t.request('POST', base(), { token: admin, body: { name: '重点' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('标签名称已存在');
    expect(
      await t.ok<boolean>('GET', `${base()}/checkName?name=${encodeURIComponent('重点')}`, { token: admin }),
    ).toBe(false);
    expect(
      await t.ok<boolean>('GET', `${base()}/checkName?name=${encodeURIComponent('新的')}`, { token: admin }),
    ).toBe(true);
    const page = await t.ok<Page<Label>>('GET', `${base()}?page=1&size=3`, { token: admin });
    expect(page).toMatchObject({ total: 4, page: 1, size: 3 });
    expect(page.list).toHaveLength(1);
    const found = await t.ok<Page<Label>>('GET', `${base()}?keyword=${encodeURIComponent('水')}`, {
      token: admin,
    });
    expect(found.list.map((l) => l.name).sort()).toEqual(['出水', '进水']);
    const colour = await t.request('POST', base(), {
      token: admin,
      body: { name: '彩色', color: '#123456' },
    });
    expect(colour.body.code).toBe(40000);
  });

  it('attaches to gateways and groups and filters the gateway list; refuses deleting it while attached', async () => {
    const options = await t.ok<LabelOption[]>('GET', `${base()}/options`, { token: admin });
    const key = options.find((o) => o.name === '重点')!;
    const targets = await t.ok<LabelTargets>('PUT', `${base()}/${key.id}/targets`, {
      token: admin,
      body: { gatewayIds: [gateways[0]!.id, gateways[2]!.id], groupIds: [site] },
    });
    expect(targets).toEqual({
      gatewayIds: [gateways[0]!.id, gateways[2]!.id].sort((a, b) => a - b),
      groupIds: [site],
    });
    const list = await t.ok<Page<GatewayListItem>>(
      'GET',
      `/iot/groups/${projectId}/gateways?labelId=${key.id}`,
      {
        token: admin,
      },
    );
    expect(list.list.map((g) => g.id).sort()).toEqual([gateways[0]!.id, gateways[2]!.id].sort());
    expect(list.total).toBe(2);
    const label = (
      await t.ok<Page<Label>>('GET', `${base()}?keyword=${encodeURIComponent('重点')}`, { token: admin })
    ).list[0]!;
    expect(label).toMatchObject({ gatewayCount: 2, groupCount: 1 });
    const refused = await t.request('DELETE', `${base()}/${key.id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该标签已关联 2 个网关、1 个分组，不能删除；请先取消关联');
    await t.ok('PUT', `${base()}/${key.id}/targets`, {
      token: admin,
      body: { gatewayIds: [], groupIds: [] },
    });
    await t.ok('DELETE', `${base()}/${key.id}`, { token: admin });
    const gone = await t.request('DELETE', `${base()}/${key.id}`, { token: admin });
    expect(gone.status).toBe(404);
  });

  it('keeps projects apart', async () => {
    const label = await t.ok<Label>('POST', base(), { token: admin, body: { name: '跨项目' } });
    // Another project's gateway, or the project root, cannot carry the label.
    const foreign = await t.request('PUT', `${base()}/${label.id}/targets`, {
      token: admin,
      body: { gatewayIds: [foreignGateway.id] },
    });
    expect(foreign.body.message).toBe('所选网关或分组不属于本项目');
    const root = await t.request('PUT', `${base()}/${label.id}/targets`, {
      token: admin,
      body: { groupIds: [projectId] },
    });
    expect(root.body.message).toBe('所选网关或分组不属于本项目');
    // The other project cannot see, change or use it.
    expect((await t.request('GET', base(), { token: other.token })).status).toBe(403);
    const viaTheirs = `/iot/groups/${other.projectId}/labels/${label.id}`;
    expect((await t.request('PUT', viaTheirs, { token: other.token, body: { name: 'x' } })).status).toBe(404);
    expect((await t.request('GET', `${viaTheirs}/targets`, { token: other.token })).status).toBe(404);
    await t.ok('PUT', `${base()}/${label.id}/targets`, {
      token: admin,
      body: { gatewayIds: [gateways[1]!.id] },
    });
    const theirList = await t.ok<Page<GatewayListItem>>(
      'GET',
      `/iot/groups/${other.projectId}/gateways?labelId=${label.id}`,
      { token: other.token },
    );
    expect(theirList.total).toBe(0);
  });
});
