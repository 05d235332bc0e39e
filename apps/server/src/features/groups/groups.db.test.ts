import { Messages } from '@iot/contracts';
import { GroupMessages, type GroupNode, groupNode } from '@iot/contracts/groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let project: number;
let otherProject: number;

async function ok<T>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const answer = await t.request<T>(method, url, { token, body });
  expect(answer.body.code, `${method} ${url}: ${answer.body.message}`).toBe(20000);
  return answer.body.data;
}

const treeOf = (groupId: number, token = projectAdmin) =>
  ok<GroupNode>('GET', `/iot/groups/${groupId}/tree`, undefined, token);

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  project = t.server.seeded.demoProjectId!;
  otherProject = (await ok<{ projectGroupId: number }>('POST', '/iot/projects', { name: '乙项目' }))
    .projectGroupId;
});
afterAll(() => t.close());

describe('the group tree', () => {
  it('answers the demo project: 3 areas with 2 sites each, parent names set', async () => {
    const tree = await treeOf(project, operator);
    expect(groupNode.parse(tree)).toEqual(tree);
    expect(tree).toMatchObject({
      id: project,
      name: DEMO_PROJECT_NAME,
      parentId: null,
      parentName: null,
      groupType: 'project',
    });
    expect(tree.children.map((area) => area.name)).toEqual(['进水区', '生化处理区', '出水区']);
    for (const area of tree.children) {
      expect(area).toMatchObject({ groupType: 'area', parentId: project, parentName: DEMO_PROJECT_NAME });
      expect(area.children).toHaveLength(2);
      for (const site of area.children) {
        expect(site).toMatchObject({
          groupType: 'site',
          parentId: area.id,
          parentName: area.name,
          children: [],
        });
      }
    }
    expect(tree.children[0]!.children.map((s) => [s.name, s.siteType])).toEqual([
      ['格栅间', 'M-A'],
      ['进水泵房', 'M-A'],
    ]);
    expect(tree.children[2]!.children.map((s) => s.siteType)).toEqual(['container', 'container']);
  });

  it('answers the subtree of an area or a site', async () => {
    const tree = await treeOf(project);
    const area = tree.children[1]!;
    expect(await treeOf(area.id)).toEqual(area);
    expect(await treeOf(area.children[0]!.id)).toEqual(area.children[0]);
  });

  it('refuses the tree of another project to a non-member, and to a member of another project', async () => {
    const otherTree = await treeOf(otherProject, admin);
    expect(otherTree.children).toEqual([]);
    for (const token of [projectAdmin, operator]) {
      const answer = await t.request('GET', `/iot/groups/${otherProject}/tree`, { token });
      expect(answer).toMatchObject({ status: 403, body: { code: 40000, message: Messages.FORBIDDEN } });
    }
    const corp = (
      await t.login(DEMO_ACCOUNTS.corporationAdmin.username, DEMO_ACCOUNTS.corporationAdmin.password)
    ).access;
    const site = (await treeOf(project)).children[0]!.children[0]!.id;
    const answer = await t.request('GET', `/iot/groups/${site}/tree`, { token: corp });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
    // A made-up id tells an outsider nothing; a system administrator learns it does not exist.
    expect((await t.request('GET', '/iot/groups/99999/tree', { token: operator })).status).toBe(403);
    expect(await t.request('GET', '/iot/groups/99999/tree', { token: admin })).toMatchObject({
      status: 404,
      body: { code: 40000, message: GroupMessages.NOT_FOUND },
    });
  });
});

describe('creating groups', () => {
  it('puts a group created without a sort after its last sibling', async () => {
    const area = await ok<GroupNode>(
      'POST',
      `/iot/groups/${project}/children`,
      { name: '加药间', groupType: 'area' },
      projectAdmin,
    );
    const names = ['一号加药泵', '二号加药泵', '三号加药泵'];
    for (const name of names) {
      await ok('POST', `/iot/groups/${area.id}/children`, { name, groupType: 'site' }, projectAdmin);
    }
    const children = (await treeOf(area.id)).children;
    expect(children.map((child) => child.name)).toEqual(names);
    expect(children.map((child) => child.sort)).toEqual([0, 1, 2]);
  });

  it('creates an area under the project and a site under the area', async () => {
    const area = await ok<GroupNode>(
      'POST',
      `/iot/groups/${project}/children`,
      { name: '污泥处理区', groupType: 'area', siteType: 'M-A', sort: 5 },
      projectAdmin,
    );
    expect(area).toMatchObject({
      name: '污泥处理区',
      groupType: 'area',
      siteType: null,
      sort: 5,
      parentId: project,
      parentName: DEMO_PROJECT_NAME,
      children: [],
    });
    const subArea = await ok<GroupNode>(
      'POST',
      `/iot/groups/${area.id}/children`,
      { name: '脱水机房', groupType: 'area' },
      projectAdmin,
    );
    const site = await ok<GroupNode>(
      'POST',
      `/iot/groups/${subArea.id}/children`,
      { name: '一号压滤机', groupType: 'site', siteType: 'container' },
      projectAdmin,
    );
    expect(site).toMatchObject({ groupType: 'site', siteType: 'container', parentName: '脱水机房' });

    const tree = await treeOf(project);
    expect(tree.children.at(-1)).toMatchObject({
      id: area.id,
      children: [{ id: subArea.id, children: [{ id: site.id }] }],
    });
    const settings = await ok<{ projectGroupId: number }>(
      'GET',
      `/iot/projects/getProjectByGroupId?groupId=${site.id}`,
      undefined,
      projectAdmin,
    );
    expect(settings.projectGroupId).toBe(project);
  });

  it('refuses children under a site', async () => {
    const site = (await treeOf(project)).children[0]!.children[0]!;
    for (const groupType of ['site', 'area']) {
      const answer = await t.request('POST', `/iot/groups/${site.id}/children`, {
        token: projectAdmin,
        body: { name: '子分组', groupType },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 40000, message: GroupMessages.SITE_NO_CHILDREN },
      });
    }
  });

  it('refuses a name a sibling already has, but allows it under another parent', async () => {
    const tree = await treeOf(project);
    const conflictArea = await t.request('POST', `/iot/groups/${project}/children`, {
      token: projectAdmin,
      body: { name: '进水区', groupType: 'area' },
    });
    expect(conflictArea).toMatchObject({
      status: 409,
      body: { code: 40000, message: GroupMessages.NAME_TAKEN },
    });
    const conflictSite = await t.request('POST', `/iot/groups/${tree.children[0]!.id}/children`, {
      token: projectAdmin,
      body: { name: ' 格栅间 ', groupType: 'site' },
    });
    expect(conflictSite).toMatchObject({ status: 409, body: { message: GroupMessages.NAME_TAKEN } });

    const elsewhere = await ok<GroupNode>(
      'POST',
      `/iot/groups/${tree.children[1]!.id}/children`,
      { name: '格栅间', groupType: 'site', siteType: 'M-A' },
      projectAdmin,
    );
    expect(elsewhere.parentName).toBe('生化处理区');
    // Another project may use the same names.
    await ok('POST', `/iot/groups/${otherProject}/children`, { name: '进水区', groupType: 'area' }, admin);
  });

  it('validates the body', async () => {
    for (const body of [
      { name: '', groupType: 'area' },
      { name: '区', groupType: 'project' },
      { name: '站', groupType: 'site', siteType: 'tower' },
    ]) {
      const answer = await t.request('POST', `/iot/groups/${project}/children`, {
        token: projectAdmin,
        body,
      });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 40000 } });
    }
  });

  it('refuses a member without the create bit', async () => {
    const answer = await t.request('POST', `/iot/groups/${project}/children`, {
      token: operator,
      body: { name: '运维新建', groupType: 'area' },
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 40000 } });
  });
});

describe('changing and deleting groups', () => {
  it('renames an area and changes a site’s type', async () => {
    const area = await ok<GroupNode>(
      'POST',
      `/iot/groups/${project}/children`,
      { name: '待改区', groupType: 'area' },
      projectAdmin,
    );
    const site = await ok<GroupNode>(
      'POST',
      `/iot/groups/${area.id}/children`,
      { name: '待改站', groupType: 'site', siteType: 'M-A' },
      projectAdmin,
    );
    const renamed = await ok<GroupNode>(
      'PUT',
      `/iot/groups/${area.id}`,
      { name: '已改区', sort: 9 },
      projectAdmin,
    );
    expect(renamed).toMatchObject({
      name: '已改区',
      sort: 9,
      children: [{ id: site.id, parentName: '已改区' }],
    });
    const retyped = await ok<GroupNode>(
      'PUT',
      `/iot/groups/${site.id}`,
      { siteType: 'container' },
      projectAdmin,
    );
    expect(retyped.siteType).toBe('container');
    // An area has no site type.
    const areaType = await ok<GroupNode>('PUT', `/iot/groups/${area.id}`, { siteType: 'M-A' }, projectAdmin);
    expect(areaType.siteType).toBeNull();

    const clash = await t.request('PUT', `/iot/groups/${area.id}`, {
      token: projectAdmin,
      body: { name: '进水区' },
    });
    expect(clash).toMatchObject({ status: 409, body: { message: GroupMessages.NAME_TAKEN } });
    await ok('PUT', `/iot/groups/${area.id}`, { name: '已改区' }, projectAdmin);
  });

  it('refuses to delete a group that still has children, and deletes it once empty', async () => {
    const area = await ok<GroupNode>(
      'POST',
      `/iot/groups/${project}/children`,
      { name: '待删区', groupType: 'area' },
      projectAdmin,
    );
    const site = await ok<GroupNode>(
      'POST',
      `/iot/groups/${area.id}/children`,
      { name: '待删站', groupType: 'site' },
      projectAdmin,
    );
    const refused = await t.request('DELETE', `/iot/groups/${area.id}`, { token: projectAdmin });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 40000, message: GroupMessages.HAS_CHILDREN },
    });

    const byOperator = await t.request('DELETE', `/iot/groups/${site.id}`, { token: operator });
    expect(byOperator.status).toBe(403);

    await ok('DELETE', `/iot/groups/${site.id}`, undefined, projectAdmin);
    await ok('DELETE', `/iot/groups/${area.id}`, undefined, projectAdmin);
    const tree = await treeOf(project);
    expect(tree.children.map((a) => a.id)).not.toContain(area.id);
    expect(await t.request('GET', `/iot/groups/${area.id}/tree`, { token: admin })).toMatchObject({
      status: 404,
    });
  });

  it('the project root can be neither changed nor deleted here', async () => {
    const update = await t.request('PUT', `/iot/groups/${project}`, {
      token: projectAdmin,
      body: { name: '新名' },
    });
    expect(update).toMatchObject({ status: 400, body: { code: 40000, message: GroupMessages.PROJECT_ROOT } });
    const remove = await t.request('DELETE', `/iot/groups/${otherProject}`, { token: admin });
    expect(remove).toMatchObject({ status: 400, body: { code: 40000, message: GroupMessages.PROJECT_ROOT } });
    expect((await treeOf(project)).name).toBe(DEMO_PROJECT_NAME);
  });

  it('a project administrator cannot touch another project’s groups', async () => {
    const area = (await treeOf(otherProject, admin)).children[0]!;
    for (const [method, body] of [
      ['PUT', { name: '越权改名' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await t.request(method, `/iot/groups/${area.id}`, { token: projectAdmin, body });
      expect(answer, method).toMatchObject({ status: 403, body: { code: 40000 } });
    }
    const create = await t.request('POST', `/iot/groups/${area.id}/children`, {
      token: projectAdmin,
      body: { name: '越权站点', groupType: 'site' },
    });
    expect(create.status).toBe(403);
    expect((await treeOf(otherProject, admin)).children).toEqual([area]);
  });
});
