import { type GroupTreeNode, groupTreeNode } from '@iot/contracts/groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let operator: string;
let project: number;
let site: number;
let gw: TestGateway;
let other: TestGateway;

const tree = async (groupId: number, query = '', token = operator) => {
  const answer = await t.request<GroupTreeNode[]>('GET', `/iot/groups/${groupId}/groupTree${query}`, {
    token,
  });
  expect(answer.body.code, answer.body.message).toBe(20000);
  expect(z.array(groupTreeNode).parse(answer.body.data)).toEqual(answer.body.data);
  return answer.body.data;
};
const find = (nodes: GroupTreeNode[], id: number): GroupTreeNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = find(node.children, id);
    if (below) return below;
  }
  return undefined;
};

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  project = t.server.seeded.demoProjectId!;
  const whole = await tree(project);
  site = whole[0]!.children[1]!.id;
  gw = await createGateway(t, project, [
    { key: 'cod', type: 'float' },
    { key: 'ph', type: 'float' },
  ]);
  other = await createGateway(t, project, [{ key: 'flow', type: 'float' }]);
  await t.server.platform.db
    .updateTable('gateways')
    .set({ group_id: site })
    .where('id', 'in', [gw.id, other.id])
    .execute();
});
afterAll(() => t.close());

describe('the group tree call', () => {
  it('answers the children of the project with level names and the indicators of bound gateways', async () => {
    const nodes = await tree(project);
    expect(nodes.map((n) => [n.name, n.groupLevelName, n.parentName])).toEqual([
      ['进水区', '区域', DEMO_PROJECT_NAME],
      ['生化处理区', '区域', DEMO_PROJECT_NAME],
      ['出水区', '区域', DEMO_PROJECT_NAME],
    ]);
    const node = find(nodes, site)!;
    expect(node).toMatchObject({
      groupLevelName: '站点',
      parentName: '进水区',
      equipmentId: null,
      equipmentName: null,
      isMonitor: false,
      children: [],
    });
    const ours = node.gatewayIndicators.filter((i) => i.gatewayId === gw.id || i.gatewayId === other.id);
    expect(ours.map((i) => [i.gatewayId, i.gatewayAlias, i.dataIdentification])).toEqual([
      [gw.id, gw.serialNumber, 'cod'],
      [gw.id, gw.serialNumber, 'ph'],
      [other.id, other.serialNumber, 'flow'],
    ]);
  });

  it('starts below parentId, includes the start node when asked', async () => {
    const area = (await tree(project))[0]!;
    expect((await tree(project, `?parentId=${area.id}`)).map((n) => n.name)).toEqual(['格栅间', '进水泵房']);
    const self = await tree(project, `?parentId=${area.id}&includeSelf=true`);
    expect(self.map((n) => [n.id, n.groupLevelName, n.children.length])).toEqual([[area.id, '区域', 2]]);
    const root = await tree(project, '?includeSelf=1');
    expect(root.map((n) => [n.id, n.groupLevelName, n.parentName])).toEqual([[project, '项目', null]]);
    const refused = await t.request('GET', `/iot/groups/${area.id}/groupTree?parentId=${project}`, {
      token: operator,
    });
    expect(refused.status).toBe(404);
  });

  it('filters the attached indicators by gateway and by gateway indicator, keeping the tree', async () => {
    const byGateway = find(await tree(project, `?gatewayIds=${other.id}`), site)!;
    expect(byGateway.gatewayIndicators.map((i) => i.dataIdentification)).toEqual(['flow']);
    const byIndicator = find(
      await tree(project, `?gatewayIndicatorIds=${gw.indicators.ph},${other.indicators.flow}`),
      site,
    )!;
    expect(byIndicator.gatewayIndicators.map((i) => i.dataIdentification)).toEqual(['ph', 'flow']);
    const none = await tree(project, `?gatewayIds=${gw.id}&gatewayIndicatorIds=${other.indicators.flow}`);
    expect(none).toHaveLength(3);
    expect(find(none, site)!.gatewayIndicators).toEqual([]);
    const bad = await t.request('GET', `/iot/groups/${project}/groupTree?gatewayIds=a,b`, {
      token: operator,
    });
    expect(bad.body.code).toBe(40000);
  });

  it('generates a default node for a project without areas, and refuses other projects', async () => {
    const created = await t.request<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: admin,
      body: { name: '无区域项目', groupDisplayName: '片区' },
    });
    const empty = created.body.data.projectGroupId;
    const bound = await createGateway(t, empty, [{ key: 'level', type: 'float' }]);
    expect(await tree(empty, '', admin)).toEqual([]);
    const fallback = await tree(empty, '?generateDefault=true', admin);
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatchObject({
      id: empty,
      name: '片区',
      parentName: '无区域项目',
      groupLevelName: '区域',
      children: [],
    });
    expect(fallback[0]!.gatewayIndicators.map((i) => [i.gatewayId, i.dataIdentification])).toEqual([
      [bound.id, 'level'],
    ]);
    const refused = await t.request('GET', `/iot/groups/${empty}/groupTree`, { token: operator });
    expect(refused.status).toBe(403);
  });
});
