import { ProjectMessages } from '@iot/contracts/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
});
afterAll(() => t.close());

type Node = { id: number; name: string; groupType: string; children: Node[] };
type Settings = { projectGroupId: number; isTemplate: boolean; isDemo: boolean; rawRetentionDays: number };

describe('项目管理: templates, flags and the terms form', () => {
  it('creates a project from a template: its areas, sites and own roles, not its terms', async () => {
    const template = await t.ok<Settings>('POST', '/iot/projects', {
      token: admin,
      body: { name: '污水厂模板', isTemplate: true },
    });
    const id = template.projectGroupId;
    expect(template.isTemplate).toBe(true);
    const area = await t.ok<Node>('POST', `/iot/groups/${id}/children`, {
      token: admin,
      body: { name: '预处理区', groupType: 'area' },
    });
    await t.ok('POST', `/iot/groups/${area.id}/children`, {
      token: admin,
      body: { name: '格栅间', groupType: 'site' },
    });
    await t.ok('POST', `/iot/groups/${id}/roles`, {
      token: admin,
      body: { name: '值班员', description: '', functions: [{ code: 'router-project', permission: 1 }] },
    });
    await t.ok('PUT', `/iot/projects/${id}/terms`, {
      token: admin,
      body: { rawRetentionDays: 90, rollupRetentionDays: 730 },
    });

    const copy = await t.ok<Settings>('POST', '/iot/projects', {
      token: admin,
      body: { name: '城东污水厂', templateId: id, isDemo: true, accessGatewayIndicatorMaxNum: -1 },
    });
    expect(copy).toMatchObject({ isTemplate: false, isDemo: true, rawRetentionDays: 90 });
    const tree = await t.ok<Node>('GET', `/iot/groups/${copy.projectGroupId}/tree`, { token: admin });
    expect(tree.children.map((a) => [a.name, a.children.map((s) => s.name)])).toEqual([
      ['预处理区', ['格栅间']],
    ]);
    expect(tree.children[0]!.id).not.toBe(area.id);
    const roles = await t.ok<{ name: string }[]>('GET', `/iot/groups/${copy.projectGroupId}/roles/options`, {
      token: admin,
    });
    expect(roles.map((r) => r.name)).toContain('值班员');

    // The template is untouched.
    const original = await t.ok<Node>('GET', `/iot/groups/${id}/tree`, { token: admin });
    expect(original.children).toHaveLength(1);

    const notTemplate = await t.request('POST', '/iot/projects', {
      token: admin,
      body: { name: '无模板', templateId: copy.projectGroupId },
    });
    expect(notTemplate).toMatchObject({ status: 404, body: { message: ProjectMessages.TEMPLATE_NOT_FOUND } });
  });

  it('reads the terms for the form, lists them, and saves retention days', async () => {
    const created = await t.ok<Settings>('POST', '/iot/projects', {
      token: admin,
      body: { name: '条款项目', setMealEndAt: 1_900_000_000_000, accessGatewayIndicatorMaxNum: 1024 },
    });
    const id = created.projectGroupId;
    await t.ok('PUT', `/iot/projects/${id}/terms`, {
      token: admin,
      body: { payStatus: 'B', rawRetentionDays: 30, rollupRetentionDays: 365, chatMessagesLimit: -1 },
    });
    const terms = await t.ok<Record<string, unknown>>('GET', `/iot/projects/${id}/terms`, { token: admin });
    expect(terms).toMatchObject({
      payStatus: 'B',
      rawRetentionDays: 30,
      rollupRetentionDays: 365,
      chatMessagesLimit: -1,
      accessGatewayIndicatorMaxNum: 1024,
    });
    const list = await t.ok<{ list: Record<string, unknown>[] }>('GET', '/iot/projects?keyword=条款', {
      token: admin,
    });
    expect(list.list).toEqual([
      expect.objectContaining({
        name: '条款项目',
        payStatus: 'B',
        setMealEndAt: 1_900_000_000_000,
        accessGatewayIndicatorMaxNum: 1024,
        corporationName: null,
      }),
    ]);
    const shorter = await t.request('PUT', `/iot/projects/${id}/terms`, {
      token: admin,
      body: { rollupRetentionDays: 10 },
    });
    expect(shorter.body.message).toBe(ProjectMessages.ROLLUPS_SHORTER);
    const negative = await t.request('PUT', `/iot/projects/${id}/terms`, {
      token: admin,
      body: { accessGatewayIndicatorMaxNum: -2 },
    });
    expect(negative.body.code).toBe(40000);

    const { access } = await t.login(
      DEMO_ACCOUNTS.projectAdmin.username,
      DEMO_ACCOUNTS.projectAdmin.password,
    );
    expect((await t.request('GET', `/iot/projects/${id}/terms`, { token: access })).status).toBe(403);
    expect((await t.request('GET', '/iot/projects', { token: access })).status).toBe(403);
  });
});
