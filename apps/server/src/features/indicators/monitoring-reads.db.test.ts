import { Messages, type Page } from '@iot/contracts';
import { GatewayMessages, type GatewayWithCredentials } from '@iot/contracts/gateways';
import type { GroupTreeNode } from '@iot/contracts/groups';
import type { GatewayIndicator, Indicator } from '@iot/contracts/indicators';
import type { Role } from '@iot/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * Decision 0031: whoever may read monitoring data reads what the values mean (gateway indicators
 * with their indicator's name, unit, decimals and enum labels, and the monitoring group tree);
 * changing them stays with the management entries; another project's members get nothing.
 */
let t: TestServer;
const tokens = { projectAdmin: '', operator: '', realTimeOnly: '', tasksOnly: '', otherAdmin: '' };
const ids = { project: 0, otherProject: 0, gateway: 0, otherGateway: 0, cod: 0, mode: 0 };

const url = (path = '', gatewayId = ids.gateway, groupId = ids.project) =>
  `/iot/groups/${groupId}/gateways/${gatewayId}/indicators${path}`;
const as = <T>(token: string, method: string, path: string, body?: unknown) =>
  t.request<T>(method, path, { token, body });

/** A member of the demo project whose role holds only these entries. */
async function memberWith(name: string, functions: { code: string; permission: number }[]) {
  const role = await t.ok<Role>('POST', `/iot/groups/${ids.project}/roles`, {
    token: tokens.projectAdmin,
    body: { name, description: name, functions },
  });
  const username = `mr-${role.id}`;
  await t.ok('POST', `/iot/groups/${ids.project}/users`, {
    token: tokens.projectAdmin,
    body: { username, realname: name, password: 'Passw0rd!', roleId: role.id },
  });
  return (await t.login(username, 'Passw0rd!')).access;
}

beforeAll(async () => {
  t = await startServer();
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  tokens.projectAdmin = (
    await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)
  ).access;
  tokens.operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.project = t.server.seeded.demoProjectId!;
  const other = await projectWithAdmin(t, admin, '乙项目', 'mr-other');
  ids.otherProject = other.projectId;
  tokens.otherAdmin = other.token;

  const gatewayIn = async (groupId: number, serialNumber: string, token: string) =>
    (
      await t.ok<GatewayWithCredentials>('POST', `/iot/groups/${groupId}/gateways`, {
        token,
        body: { serialNumber, alias: `${serialNumber}网关` },
      })
    ).id;
  ids.gateway = await gatewayIn(ids.project, 'MR-0001', tokens.projectAdmin);
  ids.otherGateway = await gatewayIn(ids.otherProject, 'MR-B001', tokens.otherAdmin);
  const indicator = (body: object) =>
    t.ok<Indicator>('POST', `/iot/groups/${ids.project}/indicators`, { token: tokens.projectAdmin, body });
  const cod = await indicator({ name: '化学需氧量MR', type: 'float', unit: 'mg/L', decimalPlaces: 2 });
  const mode = await indicator({
    name: '控制模式MR',
    type: 'enum',
    indicatorEnums: [
      { value: 0, label: '手动' },
      { value: 1, label: '自动' },
    ],
  });
  const bind = (body: object) => t.ok<GatewayIndicator>('POST', url(), { token: tokens.projectAdmin, body });
  ids.cod = (
    await bind({ indicatorId: cod.id, alias: '进水COD', dataIdentification: 'cod', decimalPlaces: 1 })
  ).id;
  ids.mode = (await bind({ indicatorId: mode.id, alias: '控制模式', dataIdentification: 'mode' })).id;

  tokens.realTimeOnly = await memberWith('只看实时数据', [{ code: 'router-realTimeData', permission: 1 }]);
  tokens.tasksOnly = await memberWith('只管工单', [{ code: 'router-maintenanceTaskList', permission: 3 }]);
});
afterAll(() => t.close());

describe('indicator metadata for monitoring reads', () => {
  it('demo-operator, without 指标配置, reads names, units, decimals and enum labels', async () => {
    const page = await as<Page<GatewayIndicator>>(tokens.operator, 'GET', url());
    expect(page.status).toBe(200);
    const byKey = new Map(page.body.data.list.map((gi) => [gi.dataIdentification, gi]));
    expect(byKey.get('cod')).toMatchObject({
      alias: '进水COD',
      decimalPlaces: 1,
      indicator: { name: '化学需氧量MR', type: 'float', unit: 'mg/L', decimalPlaces: 2 },
    });
    expect(byKey.get('mode')).toMatchObject({
      alias: '控制模式',
      indicator: {
        type: 'enum',
        indicatorEnums: [
          { value: 0, label: '手动' },
          { value: 1, label: '自动' },
        ],
      },
    });
    // The same answer as the indicator manager gets.
    const managed = await as<Page<GatewayIndicator>>(tokens.projectAdmin, 'GET', url());
    expect(page.body.data).toEqual(managed.body.data);
    const one = await as<GatewayIndicator>(tokens.operator, 'GET', url(`/${ids.mode}`));
    expect(one).toMatchObject({ status: 200, body: { data: { id: ids.mode, alias: '控制模式' } } });
  });

  it('demo-operator may not change them: every write is refused and nothing changes', async () => {
    const body = { indicatorId: 0, alias: '运维改的', dataIdentification: 'op' };
    for (const [method, path, payload] of [
      ['POST', '', body],
      ['PUT', `/${ids.cod}`, body],
      ['DELETE', `/${ids.cod}`, undefined],
      ['POST', '/importThingModel', { fileName: 'm.json', model: { properties: [] } }],
    ] as const) {
      const answer = await as(tokens.operator, method, url(path), payload);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: Messages.FORBIDDEN },
      });
    }
    // Nor the project's indicator catalogue, which stays with 指标配置.
    const catalogue = await as(tokens.operator, 'GET', `/iot/groups/${ids.project}/indicators`);
    expect(catalogue.status).toBe(403);
    const after = await as<GatewayIndicator>(tokens.projectAdmin, 'GET', url(`/${ids.cod}`));
    expect(after.body.data).toMatchObject({ alias: '进水COD', dataIdentification: 'cod' });
  });

  it('any monitoring read grants it, with the monitoring tree; a role without one is refused', async () => {
    const list = await as<Page<GatewayIndicator>>(tokens.realTimeOnly, 'GET', url());
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((gi) => gi.alias).sort()).toEqual(['控制模式', '进水COD']);
    const tree = await as<GroupTreeNode[]>(
      tokens.realTimeOnly,
      'GET',
      `/iot/groups/${ids.project}/groupTree?includeSelf=true&generateDefault=true`,
    );
    expect(tree.status).toBe(200);
    const names = JSON.stringify(tree.body.data);
    expect(names).toContain('进水COD');
    // Reading the tree is not managing it.
    const create = await as(tokens.realTimeOnly, 'POST', `/iot/groups/${ids.project}/children`, {
      name: '实时建的',
      groupType: 'area',
    });
    expect(create.status).toBe(403);

    for (const path of [url(), url(`/${ids.cod}`), `/iot/groups/${ids.project}/groupTree`]) {
      const refused = await as(tokens.tasksOnly, 'GET', path);
      expect(refused, path).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
    }
  });

  it('another project gets nothing: neither its members here nor ours there', async () => {
    const outsider = await as(tokens.otherAdmin, 'GET', url());
    expect(outsider).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
    const outsiderTree = await as(tokens.otherAdmin, 'GET', `/iot/groups/${ids.project}/groupTree`);
    expect(outsiderTree.status).toBe(403);
    // Our operator asking in the other project is refused…
    const there = await as(tokens.operator, 'GET', url('', ids.otherGateway, ids.otherProject));
    expect(there).toMatchObject({ status: 403, body: { message: Messages.FORBIDDEN } });
    // …and the other project's gateway reached through our project is not found.
    const smuggled = await as(tokens.operator, 'GET', url('', ids.otherGateway));
    expect(smuggled).toMatchObject({ status: 404, body: { message: GatewayMessages.NOT_FOUND } });
  });
});
