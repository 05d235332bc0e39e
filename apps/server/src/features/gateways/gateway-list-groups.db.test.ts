import type { Page } from '@iot/contracts';
import type { GatewayListItem, GatewayWithCredentials } from '@iot/contracts/gateways';
import type { PublicGateway } from '@iot/contracts/live-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectTree, projectWithAdmin } from '../../test/tenants.js';

/**
 * Issue 11: a gateway list names the area or site each gateway sits in, and /viewLastData can
 * name demo gateways without sign-in (and nothing else).
 */
let t: TestServer;
let admin: string;
let projectAdmin: string;
let operator: string;
let projectId: number;
const made: Record<string, GatewayWithCredentials> = {};

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectAdmin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  projectId = t.server.seeded.demoProjectId!;
  const tree = await projectTree(t, admin, projectId);
  const create = (serialNumber: string, alias: string, groupId: number) =>
    t.ok<GatewayWithCredentials>('POST', `/iot/groups/${projectId}/gateways`, {
      token: projectAdmin,
      body: { serialNumber, alias, groupId },
    });
  made.site = await create('GL-0001', '格栅间网关', tree.areas[0]!.sites[0]!);
  made.area = await create('GL-0002', '进水区网关', tree.areas[0]!.id);
  made.root = await create('GL-0003', '总网关', projectId);
});
afterAll(() => t.close());

describe('the gateway list', () => {
  it('names the group of each gateway, null at the project root (read-only operator)', async () => {
    const page = await t.ok<Page<GatewayListItem>>('GET', `/iot/groups/${projectId}/gateways?size=100`, {
      token: operator,
    });
    const named = Object.fromEntries(page.list.map((g) => [g.serialNumber, g.groupName]));
    expect(named).toEqual({ 'GL-0001': '格栅间', 'GL-0002': '进水区', 'GL-0003': null });
  });

  it('lists a site’s gateways with their status through the group filter', async () => {
    const page = await t.ok<Page<GatewayListItem>>(
      'GET',
      `/iot/groups/${projectId}/gateways?groupId=${made.site!.groupId}`,
      { token: operator },
    );
    expect(page.list.map((g) => [g.alias, g.onlineStatus, g.groupName])).toEqual([
      ['格栅间网关', 'offlineNormal', '格栅间'],
    ]);
  });
});

describe('GET /data-server/api/v2/gateways/public', () => {
  it('names nothing of a project that is not a public demo', async () => {
    const answer = await t.request<PublicGateway[]>(
      'GET',
      `/data-server/api/v2/gateways/public?gatewayIds=${made.site!.id}`,
    );
    expect(answer.body.data).toEqual([]);
  });

  it('names demo project gateways without sign-in: alias, site and project', async () => {
    await t.ok('PUT', `/iot/projects/${projectId}/terms`, { token: admin, body: { isDemo: true } });
    const answer = await t.request<PublicGateway[]>(
      'GET',
      `/data-server/api/v2/gateways/public?gatewayIds=${made.site!.id},${made.root!.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { id: made.site!.id, alias: '格栅间网关', siteName: '格栅间', projectName: expect.any(String) },
      { id: made.root!.id, alias: '总网关', siteName: null, projectName: expect.any(String) },
    ]);
  });

  it('leaves out gateways of other projects, and refuses a malformed list', async () => {
    const other = await projectWithAdmin(t, admin, '非示范项目', 'gl-admin');
    const hidden = await t.ok<GatewayWithCredentials>('POST', `/iot/groups/${other.projectId}/gateways`, {
      token: other.token,
      body: { serialNumber: 'GL-HIDDEN', alias: '不公开的网关' },
    });
    const answer = await t.request<PublicGateway[]>(
      'GET',
      `/data-server/api/v2/gateways/public?gatewayIds=${hidden.id},${made.site!.id}`,
    );
    expect(answer.body.data.map((g) => g.id)).toEqual([made.site!.id]);

    const bad = await t.request('GET', '/data-server/api/v2/gateways/public?gatewayIds=1;DROP');
    expect(bad.status).toBe(400);
    expect(bad.body.code).not.toBe(20000);
  });
});
