import type { Page } from '@iot/contracts';
import type { Unit, UnitOption } from '@iot/contracts/units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/** 单位管理: the built-in set, a project's own units, uniqueness, in-use refusal, tenant scope, bits. */
let t: TestServer;
let projectId: number;
let admin: string;
let other: { projectId: number; token: string };
let indicatorEditor: string;

beforeAll(async () => {
  t = await startServer();
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: admin } = await projectWithAdmin(t, system, '单位项目', 'units-admin'));
  other = await projectWithAdmin(t, system, '别的项目', 'units-other');
  // Edits indicators, holds nothing of 单位管理: reads the picker's options only.
  const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name: '指标配置员', functions: [{ code: 'router-indicatorConfig', permission: 15 }] },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username: 'units-editor', realname: '指标配置员', password: 'Passw0rd!', roleId: role.id },
  });
  indicatorEditor = (await t.login('units-editor', 'Passw0rd!')).access;
});
afterAll(() => t.close());

const base = () => `/iot/groups/${projectId}/units`;

describe('units', () => {
  it('lists the built-in set with server paging and search', async () => {
    const first = await t.ok<Page<Unit>>('GET', `${base()}?page=0&size=5`, { token: admin });
    expect(first.list).toHaveLength(5);
    expect(first.total).toBeGreaterThanOrEqual(20);
    expect(first.list.every((u) => u.builtin)).toBe(true);
    const flow = await t.ok<Page<Unit>>('GET', `${base()}?keyword=${encodeURIComponent('流量')}`, {
      token: admin,
    });
    expect(flow.list.map((u) => u.name).sort()).toEqual(['L/s', 'm³/h']);
  });

  it('checks names against the built-in set and the project own, and refuses a duplicate', async () => {
    const free = (name: string) =>
      t.ok<boolean>('GET', `${base()}/checkName?name=${encodeURIComponent(name)}`, { token: admin });
    expect(await free('mg/L')).toBe(false);
    expect(await free('mg/m³')).toBe(true);
    const created = await t.ok<Unit>('POST', base(), {
      token: admin,
      body: { name: 'mg/m³', description: '毫克每立方米', category: '浓度' },
    });
    expect(created).toMatchObject({ name: 'mg/m³', builtin: false, usedBy: 0 });
    expect(await free('mg/m³')).toBe(false);
    expect(
      await t.ok<boolean>('GET', `${base()}/checkName?name=mg/m³&excludeId=${created.id}`, { token: admin }),
    ).toBe(true);
    const again = await t.request('POST', base(), { token: admin, body: { name: 'mg/m³' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('单位名称已存在');
    const builtin = await t.request('POST', base(), { token: admin, body: { name: 'pH' } });
    expect(builtin.body.message).toBe('单位名称已存在');
    const blank = await t.request('POST', base(), { token: admin, body: { name: '  ' } });
    expect(blank.body.code).toBe(40000);
    expect(blank.body.message).toContain('不能为空');
    // Another project may use the same symbol: names are unique per project.
    expect(
      await t.ok<boolean>('GET', `/iot/groups/${other.projectId}/units/checkName?name=mg/m³`, {
        token: other.token,
      }),
    ).toBe(true);
  });

  it('refuses to change or delete a built-in unit', async () => {
    const page = await t.ok<Page<Unit>>('GET', `${base()}?keyword=MPa`, { token: admin });
    const mpa = page.list.find((u) => u.name === 'MPa')!;
    const put = await t.request('PUT', `${base()}/${mpa.id}`, { token: admin, body: { name: 'Mpa' } });
    expect(put.body.message).toBe('内置单位不能修改或删除');
    const del = await t.request('DELETE', `${base()}/${mpa.id}`, { token: admin });
    expect(del.body.message).toBe('内置单位不能修改或删除');
  });

  it('refuses to delete a unit indicators use; a changed symbol follows onto them', async () => {
    const unit = await t.ok<Unit>('POST', base(), {
      token: admin,
      body: { name: 'Nm³/h', category: '流量' },
    });
    const indicator = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/indicators`, {
      token: admin,
      body: { name: '标况流量', type: 'float', unit: 'Nm³/h', decimalPlaces: 1 },
    });
    const refused = await t.request('DELETE', `${base()}/${unit.id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该单位正被 1 个指标使用，不能删除；请先修改这些指标的单位');
    const renamed = await t.ok<Unit>('PUT', `${base()}/${unit.id}`, {
      token: admin,
      body: { name: 'Nm3/h', category: '流量' },
    });
    expect(renamed).toMatchObject({ name: 'Nm3/h', usedBy: 1 });
    const read = await t.ok<{ unit: string }>('GET', `/iot/groups/${projectId}/indicators/${indicator.id}`, {
      token: admin,
    });
    expect(read.unit).toBe('Nm3/h');
    await t.ok('DELETE', `/iot/groups/${projectId}/indicators/${indicator.id}`, { token: admin });
    await t.ok('DELETE', `${base()}/${unit.id}`, { token: admin });
  });

  it('keeps projects apart', async () => {
    const mine = await t.ok<Unit>('POST', base(), { token: admin, body: { name: 'g/kg' } });
    expect((await t.request('GET', base(), { token: other.token })).status).toBe(403);
    const foreignBase = `/iot/groups/${other.projectId}/units`;
    // Through the other project's address, my unit does not exist.
    const put = await t.request('PUT', `${foreignBase}/${mine.id}`, {
      token: other.token,
      body: { name: 'x' },
    });
    expect(put.status).toBe(404);
    const del = await t.request('DELETE', `${foreignBase}/${mine.id}`, { token: other.token });
    expect(del.status).toBe(404);
    const theirs = await t.ok<Page<Unit>>('GET', `${foreignBase}?source=project`, { token: other.token });
    expect(theirs.list.map((u) => u.name)).not.toContain('g/kg');
  });

  it('lets indicator editors read the options, not manage units', async () => {
    const options = await t.ok<UnitOption[]>('GET', `${base()}/options`, { token: indicatorEditor });
    expect(options[0]).toMatchObject({ name: 'mg/L', builtin: true });
    expect(options.map((o) => o.name)).toContain('g/kg');
    expect((await t.request('GET', base(), { token: indicatorEditor })).status).toBe(403);
    expect((await t.request('POST', base(), { token: indicatorEditor, body: { name: 'kg' } })).status).toBe(
      403,
    );
  });
});
