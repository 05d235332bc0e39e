import type { Page } from '@iot/contracts';
import type { Mode, SiteMode } from '@iot/contracts/modes';
import type { Warning, WarningRule } from '@iot/contracts/warnings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type TestGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * 模式管理: CRUD, uniqueness, a site's current mode, in-use refusal, tenants — and the warning
 * engine: a rule limited to 自动 raises nothing while its site is in 检修, and raises in 自动.
 */
let t: TestServer;
let projectId: number;
let admin: string;
let other: { projectId: number; token: string };
let site: number;
let gw: TestGateway;
const MIN = 60_000;

beforeAll(async () => {
  t = await startServer();
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: admin } = await projectWithAdmin(t, system, '模式项目', 'modes-admin'));
  other = await projectWithAdmin(t, system, '别的项目', 'modes-other');
  site = (
    await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/children`, {
      token: admin,
      body: { name: '提升泵站', groupType: 'site' },
    })
  ).id;
  gw = await createGateway(t, projectId, [{ key: 'level', type: 'float', decimals: 1 }]);
  await t.server.platform.db
    .updateTable('gateways')
    .set({ group_id: site })
    .where('id', '=', gw.id)
    .execute();
});
afterAll(() => t.close());

const base = () => `/iot/groups/${projectId}/modes`;
const modeNamed = async (name: string) =>
  (
    await t.ok<Page<Mode>>('GET', `${base()}?keyword=${encodeURIComponent(name)}`, { token: admin })
  ).list.find((m) => m.name === name)!;
const setSite = (modeId: number | null) =>
  t.ok<SiteMode>('PUT', `/iot/groups/${projectId}/siteModes/${site}`, { token: admin, body: { modeId } });

async function ingest(values: number[], start: number) {
  const device = { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId };
  const entries = values.map((value, i) => ({ ts: start + i * MIN, values: { level: value } }));
  await t.server.telemetry.ingest.ingest(device, JSON.stringify(entries), start + values.length * MIN);
  await t.server.warnings.engine.drain();
}
const warnings = async () =>
  (
    await t.ok<Page<Warning>>('GET', `/iot/groups/${projectId}/warnings?size=100`, { token: admin })
  ).list.filter((w) => w.gatewayId === gw.id);

describe('modes', () => {
  it('creates modes unique by name, pages and searches them', async () => {
    for (const [i, name] of ['自动', '手动', '检修'].entries())
      await t.ok<Mode>('POST', base(), { token: admin, body: { name, sort: i, color: 'green' } });
    const dup = await t.request('POST', base(), { token: admin, body: { name: '检修' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('模式名称已存在');
    expect(
      await t.ok<boolean>('GET', `${base()}/checkName?name=${encodeURIComponent('检修')}`, { token: admin }),
    ).toBe(false);
    const page = await t.ok<Page<Mode>>('GET', `${base()}?page=0&size=2`, { token: admin });
    expect(page.total).toBe(3);
    expect(page.list.map((m) => m.name)).toEqual(['自动', '手动']);
    const manual = await modeNamed('手动');
    const renamed = await t.request('PUT', `${base()}/${manual.id}`, {
      token: admin,
      body: { name: '自动' },
    });
    expect(renamed.body.message).toBe('模式名称已存在');
  });

  it('switches a site into a mode and refuses deleting a mode in use', async () => {
    const repair = await modeNamed('检修');
    const answer = await setSite(repair.id);
    expect(answer).toMatchObject({ siteId: site, siteName: '提升泵站', modeId: repair.id, modeName: '检修' });
    const sites = await t.ok<Page<SiteMode>>('GET', `/iot/groups/${projectId}/siteModes`, { token: admin });
    expect(sites.list).toEqual([expect.objectContaining({ siteId: site, modeName: '检修' })]);
    const refused = await t.request('DELETE', `${base()}/${repair.id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      '该模式正被使用（1 个站点处于该模式，0 条预警规则限定于该模式），不能删除',
    );
    const spare = await t.ok<Mode>('POST', base(), { token: admin, body: { name: '临时' } });
    await t.ok('DELETE', `${base()}/${spare.id}`, { token: admin });
  });

  it('evaluates a rule limited to 自动 only while its site is in 自动', async () => {
    const auto = await modeNamed('自动');
    const repair = await modeNamed('检修');
    const rule = await t.ok<WarningRule>('POST', `/iot/groups/${projectId}/warningRules`, {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.level, kind: 'above', high: 5, modeIds: [auto.id] },
    });
    expect(rule.modeIds).toEqual([auto.id]);
    // The site is in 检修: a level far above the limit raises nothing.
    await setSite(repair.id);
    await ingest([9, 9.5, 10], Date.UTC(2026, 0, 1, 1));
    expect(await warnings()).toEqual([]);
    // Back in 自动: the same excursion raises.
    await setSite(auto.id);
    await ingest([9, 9.5], Date.UTC(2026, 0, 1, 2));
    const raised = await warnings();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ ruleId: rule.id, value: '9' });
    // The rule now keeps 自动 in use.
    const refused = await t.request('DELETE', `${base()}/${auto.id}`, { token: admin });
    expect(refused.body.message).toBe(
      '该模式正被使用（1 个站点处于该模式，1 条预警规则限定于该模式），不能删除',
    );
    await t.ok('DELETE', `/iot/groups/${projectId}/warningRules/${rule.id}`, { token: admin });
  });

  it('keeps projects apart', async () => {
    const theirs = await t.ok<Mode>('POST', `/iot/groups/${other.projectId}/modes`, {
      token: other.token,
      body: { name: '自动' },
    });
    // Another project's mode: not for my rules, not for my sites.
    const rule = await t.request('POST', `/iot/groups/${projectId}/warningRules`, {
      token: admin,
      body: { gatewayIndicatorId: gw.indicators.level, kind: 'above', high: 5, modeIds: [theirs.id] },
    });
    expect(rule.body.message).toBe('所选模式不属于本项目');
    const siteRefused = await t.request('PUT', `/iot/groups/${projectId}/siteModes/${site}`, {
      token: admin,
      body: { modeId: theirs.id },
    });
    expect(siteRefused.body.message).toBe('所选模式不属于本项目');
    // My site through their address, and my modes from their account.
    const viaTheirs = await t.request('PUT', `/iot/groups/${other.projectId}/siteModes/${site}`, {
      token: other.token,
      body: { modeId: theirs.id },
    });
    expect(viaTheirs.status).toBe(404);
    expect((await t.request('GET', base(), { token: other.token })).status).toBe(403);
    const auto = await modeNamed('自动');
    expect(
      (await t.request('DELETE', `/iot/groups/${other.projectId}/modes/${auto.id}`, { token: other.token }))
        .status,
    ).toBe(404);
  });
});
