import { Messages } from '@iot/contracts';
import {
  GroupMessages,
  type GroupNode,
  type GroupTreeIndicator,
  type GroupTreeNode,
  groupNode,
  groupTreeIndicator,
  groupTreeNode,
} from '@iot/contracts/groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, type Answer, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let projectAdmin: string;
let operator: string;
let project: number;
let area: number;
let site: number;
let pumps: TestGateway;
let outlet: TestGateway;
let other: { projectId: number; token: string; gateway: TestGateway };

async function ok<T>(method: string, url: string, body?: unknown, token = projectAdmin): Promise<T> {
  const answer = await t.request<T>(method, url, { token, body });
  expect(answer.body.code, `${method} ${url}: ${answer.body.message}`).toBe(20000);
  return answer.body.data;
}
const linksUrl = (groupId: number) => `/iot/groups/${groupId}/gatewayIndicators`;
const setLinks = (groupId: number, ids: number[], token = projectAdmin) =>
  t.request<GroupTreeIndicator[]>('PUT', linksUrl(groupId), { token, body: { gatewayIndicatorIds: ids } });
const createPoint = (parentId: number, name: string, groupType: 'area' | 'site' = 'site') =>
  ok<GroupNode>('POST', `/iot/groups/${parentId}/children`, { name, groupType, isMonitor: true });

async function groupTree(groupId: number, query = '', token = operator): Promise<GroupTreeNode[]> {
  const data = await ok<GroupTreeNode[]>('GET', `/iot/groups/${groupId}/groupTree${query}`, undefined, token);
  expect(z.array(groupTreeNode).parse(data)).toEqual(data);
  return data;
}
const find = (nodes: GroupTreeNode[], id: number): GroupTreeNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = find(node.children, id);
    if (below) return below;
  }
  return undefined;
};
const keys = (list: GroupTreeIndicator[]) => list.map((i) => `${i.gatewayAlias}.${i.dataIdentification}`);
const refusal = (answer: Answer, status: number, message: string) =>
  expect(answer).toMatchObject({ status, body: { code: 40000, message } });

beforeAll(async () => {
  t = await startServer();
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  project = t.server.seeded.demoProjectId!;
  const tree = await projectTree(t, projectAdmin, project);
  area = tree.areas[0]!.id;
  site = tree.areas[0]!.sites[0]!;
  pumps = await createGateway(t, project, [
    { key: 'flow', type: 'float' },
    { key: 'level', type: 'float' },
  ]);
  outlet = await createGateway(t, project, [{ key: 'cod', type: 'float' }]);
  await t.server.platform.db
    .updateTable('gateways')
    .set({ group_id: site })
    .where('id', '=', pumps.id)
    .execute();
  const otherProject = await projectWithAdmin(t, admin, '丁项目', 'monitor-other');
  other = {
    ...otherProject,
    gateway: await createGateway(t, otherProject.projectId, [{ key: 'ph', type: 'float' }]),
  };
});
afterAll(() => t.close());

describe('monitoring points', () => {
  it('are created as leaves of the tree, flagged isMonitor', async () => {
    const point = await createPoint(area, '1号监测点');
    expect(groupNode.parse(point)).toEqual(point);
    expect(point).toMatchObject({ parentId: area, groupType: 'site', isMonitor: true, children: [] });
    const plain = await ok<GroupNode>('POST', `/iot/groups/${area}/children`, {
      name: '普通站点',
      groupType: 'site',
    });
    expect(plain.isMonitor).toBe(false);
    const below = await t.request('POST', `/iot/groups/${point.id}/children`, {
      token: projectAdmin,
      body: { name: '子分组', groupType: 'site' },
    });
    refusal(below, 400, GroupMessages.MONITOR_NO_CHILDREN);
    const tree = await ok<GroupNode>('GET', `/iot/groups/${area}/tree`, undefined, operator);
    expect(tree.children.filter((g) => g.isMonitor).map((g) => g.name)).toEqual(['1号监测点']);
  });

  it('link gateway indicators of the project, and the group tree answers them', async () => {
    const point = await createPoint(area, '出水监测点');
    const quota = () => ok<unknown>('GET', `/iot/groups/${project}/getLeftAccessGatewayIndicatorByGroupId`);
    const before = await quota();

    const linked = await setLinks(point.id, [
      outlet.indicators.cod!,
      pumps.indicators.level!,
      pumps.indicators.flow!,
      outlet.indicators.cod!,
    ]);
    expect(linked.body.code, linked.body.message).toBe(20000);
    expect(z.array(groupTreeIndicator).parse(linked.body.data)).toEqual(linked.body.data);
    // Ordered by gateway, then indicator; a repeated id is linked once.
    expect(keys(linked.body.data)).toEqual([
      `${pumps.serialNumber}.flow`,
      `${pumps.serialNumber}.level`,
      `${outlet.serialNumber}.cod`,
    ]);
    expect(linked.body.data[0]).toEqual({
      id: pumps.indicators.flow,
      gatewayId: pumps.id,
      gatewayAlias: pumps.serialNumber,
      alias: 'flow',
      dataIdentification: 'flow',
    });
    expect(await ok('GET', linksUrl(point.id), undefined, operator)).toEqual(linked.body.data);
    expect(await quota()).toEqual(before);

    const whole = await groupTree(project);
    expect(find(whole, point.id)).toMatchObject({ isMonitor: true, groupLevelName: '站点', children: [] });
    expect(keys(find(whole, point.id)!.gatewayIndicators)).toEqual(keys(linked.body.data));
    // The gateway stays where it is bound: its site still shows it, unflagged.
    expect(find(whole, site)).toMatchObject({ isMonitor: false });
    expect(keys(find(whole, site)!.gatewayIndicators)).toEqual([
      `${pumps.serialNumber}.flow`,
      `${pumps.serialNumber}.level`,
    ]);
    // The tree's filters apply to linked indicators too.
    const filtered = await groupTree(project, `?gatewayIds=${outlet.id}`);
    expect(keys(find(filtered, point.id)!.gatewayIndicators)).toEqual([`${outlet.serialNumber}.cod`]);
    const self = await groupTree(point.id, '?includeSelf=true');
    expect(self.map((n) => [n.id, n.isMonitor, n.gatewayIndicators.length])).toEqual([[point.id, true, 3]]);

    // Detach by setting a smaller list, then none.
    const fewer = await setLinks(point.id, [outlet.indicators.cod!]);
    expect(keys(fewer.body.data)).toEqual([`${outlet.serialNumber}.cod`]);
    expect((await setLinks(point.id, [])).body.data).toEqual([]);
    expect(find(await groupTree(project), point.id)!.gatewayIndicators).toEqual([]);
  });

  it('refuse indicators of another project, and links on a group that is not a monitoring point', async () => {
    const point = await createPoint(area, '进水监测点');
    expect((await setLinks(point.id, [pumps.indicators.flow!])).body.code).toBe(20000);

    const foreign = await setLinks(point.id, [pumps.indicators.level!, other.gateway.indicators.ph!]);
    refusal(foreign, 400, `${GroupMessages.INDICATOR_NOT_IN_PROJECT}：${other.gateway.indicators.ph}`);
    const unknown = await setLinks(point.id, [999_999]);
    refusal(unknown, 400, `${GroupMessages.INDICATOR_NOT_IN_PROJECT}：999999`);
    // Nothing changed.
    expect(keys(await ok('GET', linksUrl(point.id)))).toEqual([`${pumps.serialNumber}.flow`]);

    refusal(await setLinks(site, [pumps.indicators.flow!]), 400, GroupMessages.NOT_MONITOR);
    refusal(await t.request('GET', linksUrl(site), { token: projectAdmin }), 400, GroupMessages.NOT_MONITOR);

    // Another project's administrator reaches neither this point nor, from their project, its id.
    refusal(await setLinks(point.id, [other.gateway.indicators.ph!], other.token), 403, Messages.FORBIDDEN);
    const otherPoint = await ok<GroupNode>(
      'POST',
      `/iot/groups/${other.projectId}/children`,
      { name: '他方监测点', groupType: 'area', isMonitor: true },
      other.token,
    );
    refusal(
      await setLinks(otherPoint.id, [pumps.indicators.flow!], other.token),
      400,
      `${GroupMessages.INDICATOR_NOT_IN_PROJECT}：${pumps.indicators.flow}`,
    );
    expect((await setLinks(otherPoint.id, [other.gateway.indicators.ph!], other.token)).body.code).toBe(
      20000,
    );
    // Its links never show in our tree.
    expect(find(await groupTree(project), otherPoint.id)).toBeUndefined();
  });

  it('need the update bit on group management to change', async () => {
    const point = await createPoint(area, '只读监测点');
    // The demo operator reads group management but may not change it.
    refusal(await setLinks(point.id, [pumps.indicators.flow!], operator), 403, Messages.FORBIDDEN);
    const create = await t.request('POST', `/iot/groups/${area}/children`, {
      token: operator,
      body: { name: '运维监测点', groupType: 'site', isMonitor: true },
    });
    refusal(create, 403, Messages.FORBIDDEN);
    const mark = await t.request('PUT', `/iot/groups/${site}`, {
      token: operator,
      body: { isMonitor: true },
    });
    refusal(mark, 403, Messages.FORBIDDEN);
    expect(await ok('GET', linksUrl(point.id), undefined, operator)).toEqual([]);
  });

  it('are marked, unmarked and deleted; unmarking or deleting drops the links', async () => {
    const marked = await ok<GroupNode>('PUT', `/iot/groups/${site}`, { isMonitor: true });
    expect(marked.isMonitor).toBe(true);
    expect((await setLinks(site, [outlet.indicators.cod!])).body.code).toBe(20000);
    // Its own gateway's indicators and the linked one, in gateway order.
    expect(keys(find(await groupTree(project), site)!.gatewayIndicators)).toEqual([
      `${pumps.serialNumber}.flow`,
      `${pumps.serialNumber}.level`,
      `${outlet.serialNumber}.cod`,
    ]);
    const unmarked = await ok<GroupNode>('PUT', `/iot/groups/${site}`, { isMonitor: false });
    expect(unmarked.isMonitor).toBe(false);
    expect(keys(find(await groupTree(project), site)!.gatewayIndicators)).toEqual([
      `${pumps.serialNumber}.flow`,
      `${pumps.serialNumber}.level`,
    ]);
    const remarked = await ok<GroupNode>('PUT', `/iot/groups/${site}`, { isMonitor: true });
    expect(remarked.isMonitor).toBe(true);
    expect(await ok('GET', linksUrl(site))).toEqual([]);
    await ok('PUT', `/iot/groups/${site}`, { isMonitor: false });

    refusal(
      await t.request('PUT', `/iot/groups/${area}`, { token: projectAdmin, body: { isMonitor: true } }),
      400,
      GroupMessages.MONITOR_HAS_CHILDREN,
    );
    refusal(
      await t.request('PUT', `/iot/groups/${project}`, { token: projectAdmin, body: { isMonitor: true } }),
      400,
      GroupMessages.PROJECT_ROOT,
    );

    const point = await createPoint(area, '待删监测点', 'area');
    expect((await setLinks(point.id, [outlet.indicators.cod!])).body.code).toBe(20000);
    await ok('DELETE', `/iot/groups/${point.id}`);
    const rows = await t.server.platform.db
      .selectFrom('group_gateway_indicators')
      .select('gateway_indicator_id')
      .where('group_id', '=', point.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lose a link when its gateway leaves the project', async () => {
    const point = await createPoint(area, '迁出监测点');
    const leaving = await createGateway(t, project, [{ key: 'temp', type: 'float' }]);
    const staying = await createGateway(t, project, [{ key: 'do', type: 'float' }]);
    await setLinks(point.id, [leaving.indicators.temp!, staying.indicators.do!]);
    await ok('DELETE', `/iot/groups/${project}/gateways/${leaving.id}`);
    expect(keys(await ok('GET', linksUrl(point.id)))).toEqual([`${staying.serialNumber}.do`]);
    // A gateway moved to another project keeps its indicators, but they no longer show here.
    await t.server.platform.db
      .updateTable('gateways')
      .set({ project_id: other.projectId, group_id: other.projectId })
      .where('id', '=', staying.id)
      .execute();
    expect(await ok('GET', linksUrl(point.id))).toEqual([]);
    expect(find(await groupTree(project), point.id)!.gatewayIndicators).toEqual([]);
  });
});
