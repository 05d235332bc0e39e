import type { Page } from '@iot/contracts';
import type {
  MaintenanceRecord,
  MaintenanceStatistics,
  RecordDetail,
  RecordOptions,
} from '@iot/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/*
 * 维保记录 and 维保统计 over a hand-made set of orders with known times (docs/decisions/0055):
 * every count, rate and mean below is worked out by hand from the table in `beforeAll`.
 */

let t: TestServer;
let projectId: number;
let admin: string;
let viewer: string;
let recordsOnly: string;
let tasksOnly: string;
let foreigner: string;
let foreignProject: number;
const HOUR = 3_600_000;
/** China-time midnight of a date (UTC+8). */
const china = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) - 8 * HOUR;
const MARCH = china(2026, 3, 1);
const APRIL = china(2026, 4, 1);
const MAY = china(2026, 5, 1);
const ids = { area: 0, s1: 0, s2: 0, p1: 0, p2: 0, e101: 0, e102: 0 };
/** Our order number (1–11, as in the table) → its id. */
const order: Record<number, number> = {};

interface Made {
  created: number;
  type: number;
  status: number;
  site: 's1' | 's2' | null;
  assignees: ('p1' | 'p2')[];
  /** Hours after creation. */
  due?: number;
  starts?: number[];
  closed?: number;
  /** The last move (a 12's submit). */
  last?: number;
  equipment?: number;
  project?: number;
}

async function place(n: number, m: Made) {
  const db = t.server.platform.db;
  const at = (hours: number | undefined) => (hours === undefined ? null : m.created + hours * HOUR);
  const { id } = await db
    .insertInto('work_orders')
    .values({
      project_id: m.project ?? projectId,
      code: `T${String(n).padStart(3, '0')}`,
      title: `维保工单${n}`,
      type: m.type,
      priority: 3,
      status: m.status,
      version: 1,
      submitted_at: m.status === 11 ? at(m.closed) : null,
      group_id: m.site ? ids[m.site] : null,
      equipment_id: m.equipment ? ids[`e${m.equipment}` as 'e101' | 'e102'] : null,
      source: 'manual',
      source_id: null,
      description: `第${n}号`,
      due_at: at(m.due),
      execution:
        m.status === 11 || m.status === 12
          ? JSON.stringify({
              checklist: [{ item: '检查电机温度', ok: true, value: '45℃' }],
              measurements: [{ name: '电流', value: 12.5, unit: 'A' }],
              dosing: [],
              result: `工单${n}已处理`,
              submittedAt: at(m.closed ?? m.last),
            })
          : null,
      created_by: null,
      created_at: m.created,
      updated_at: at(m.closed ?? m.last) ?? m.created,
      overdue_at: null,
      closed_at: m.status === 11 ? at(m.closed) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  order[n] = id;
  if (m.assignees.length > 0)
    await db
      .insertInto('work_order_assignees')
      .values(m.assignees.map((p) => ({ work_order_id: id, user_id: ids[p] })))
      .execute();
  const events = [
    { action: 'create', from_status: null, to_status: 6, created_at: m.created },
    ...(m.starts ?? []).map((h) => ({
      action: 'start',
      from_status: 6,
      to_status: 10,
      created_at: m.created + h * HOUR,
    })),
    ...(m.status === 11 || m.status === 12
      ? [
          {
            action: m.status === 11 ? 'acceptPass' : 'submitUnresolved',
            from_status: 10,
            to_status: m.status,
            created_at: at(m.closed ?? m.last)!,
          },
        ]
      : []),
  ];
  await db
    .insertInto('work_order_events')
    .values(
      events.map((e) => ({
        ...e,
        work_order_id: id,
        user_id: m.assignees[0] ? ids[m.assignees[0]] : null,
        note: '',
        attachments: '[]',
      })),
    )
    .execute();
}

const records = (token: string, query = '', project = projectId) =>
  t.request<Page<MaintenanceRecord>>('GET', `/iot/groups/${project}/maintenanceRecords?size=50${query}`, {
    token,
  });
const codes = async (query: string) => {
  const answer = await records(admin, query);
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data.list.map((r) => r.code);
};
const statistics = (token: string, start = MARCH, stop = MAY, extra = '') =>
  t.request<MaintenanceStatistics>(
    'GET',
    `/iot/groups/${projectId}/maintenanceStatistics?startTime=${start}&stopTime=${stop}${extra}`,
    { token },
  );

beforeAll(async () => {
  t = await startServer();
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  ({ projectId, token: admin } = await projectWithAdmin(t, system, '维保统计项目', 'rec-admin'));
  ({ projectId: foreignProject, token: foreigner } = await projectWithAdmin(
    t,
    system,
    '另一个项目',
    'rec-foreign',
  ));
  const ok = <T>(method: string, url: string, body?: unknown) => t.ok<T>(method, url, { token: admin, body });
  ids.area = (
    await ok<{ id: number }>('POST', `/iot/groups/${projectId}/children`, { name: '一期', groupType: 'area' })
  ).id;
  ids.s1 = (
    await ok<{ id: number }>('POST', `/iot/groups/${ids.area}/children`, { name: '泵房', groupType: 'site' })
  ).id;
  ids.s2 = (
    await ok<{ id: number }>('POST', `/iot/groups/${projectId}/children`, {
      name: '加药间',
      groupType: 'site',
    })
  ).id;
  const role = async (name: string, functions: { code: string; permission: number }[]) =>
    (await ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, { name, functions })).id;
  const user = async (username: string, realname: string, roleId: number) => {
    await ok('POST', `/iot/groups/${projectId}/users`, { username, realname, password: 'Passw0rd!', roleId });
    const { id } = await t.server.platform.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return { id, token: (await t.login(username, 'Passw0rd!')).access };
  };
  const reader = await role('维保查看', [
    { code: 'router-maintenanceRecord', permission: 1 },
    { code: 'router-maintenanceStatistics', permission: 1 },
  ]);
  const p1 = await user('rec-zhang', '张工', reader);
  const p2 = await user('rec-li', '李工', reader);
  ids.p1 = p1.id;
  ids.p2 = p2.id;
  viewer = p1.token;
  recordsOnly = (
    await user(
      'rec-only',
      '只看记录',
      await role('只看记录', [{ code: 'router-maintenanceRecord', permission: 1 }]),
    )
  ).token;
  tasksOnly = (
    await user(
      'rec-tasks',
      '只看工单',
      await role('只看工单', [{ code: 'router-maintenanceTaskList', permission: 3 }]),
    )
  ).token;

  // Two pieces of the ledger the records name (decision 0051).
  for (const [key, name] of [
    ['e101', '1号提升泵'],
    ['e102', '2号提升泵'],
  ] as const)
    ids[key] = (
      await ok<{ id: number }>('POST', `/iot/groups/${projectId}/equipment`, {
        name,
        code: key,
        groupId: ids.s1,
      })
    ).id;

  // The set: creation (China time), type, status, site, assignees, due / starts / closing in hours.
  await place(1, {
    created: china(2026, 3, 2, 10),
    type: 1,
    status: 11,
    site: 's1',
    assignees: ['p1'],
    due: 48,
    starts: [2],
    closed: 24,
    equipment: 101,
  });
  await place(2, {
    created: china(2026, 3, 5, 10),
    type: 6,
    status: 11,
    site: 's1',
    assignees: ['p1', 'p2'],
    due: 10,
    starts: [4],
    closed: 20,
    equipment: 102,
  });
  await place(3, {
    created: china(2026, 3, 20, 8),
    type: 8,
    status: 11,
    site: 's2',
    assignees: ['p2'],
    starts: [1],
    closed: 6,
  });
  await place(4, {
    created: china(2026, 3, 25, 8),
    type: 2,
    status: 12,
    site: 's2',
    assignees: ['p2'],
    due: 24,
    starts: [3],
    last: 5,
  });
  await place(5, {
    created: china(2026, 4, 3, 9),
    type: 1,
    status: 6,
    site: null,
    assignees: ['p1'],
    due: 24,
  });
  await place(6, { created: china(2026, 4, 10, 9), type: 2, status: 5, site: 's1', assignees: [] });
  await place(7, {
    created: china(2026, 4, 15, 9),
    type: 4,
    status: 10,
    site: 's1',
    assignees: ['p1'],
    starts: [2],
  });
  await place(8, { created: china(2026, 4, 20, 9), type: 1, status: 8, site: 's2', assignees: [] });
  // Started, rejected at acceptance, started again: the first start counts.
  await place(9, {
    created: china(2026, 4, 28, 9),
    type: 2,
    status: 11,
    site: 's1',
    assignees: ['p1'],
    due: 24,
    starts: [1, 5],
    closed: 12,
  });
  // Outside the statistics' range: created an hour before it (closed in March), and at its end.
  await place(10, {
    created: MARCH - HOUR,
    type: 1,
    status: 11,
    site: 's1',
    assignees: ['p1'],
    due: 24,
    starts: [1],
    closed: 11,
    equipment: 101,
  });
  await place(11, {
    created: MAY,
    type: 8,
    status: 11,
    site: 's2',
    assignees: ['p2'],
    starts: [0.5],
    closed: 1,
  });
  // Another project's finished order.
  await place(12, {
    created: china(2026, 3, 10),
    type: 1,
    status: 11,
    site: null,
    assignees: [],
    closed: 2,
    project: foreignProject,
  });
});
afterAll(() => t?.close());

describe('维保记录', () => {
  it('lists the finished orders (11 and 12), the last finished first, with their figures', async () => {
    const answer = await records(admin);
    expect(answer.body.data.total).toBe(7);
    expect(answer.body.data.list.map((r) => r.code)).toEqual([
      'T011',
      'T009',
      'T004',
      'T003',
      'T002',
      'T001',
      'T010',
    ]);
    const byCode = Object.fromEntries(answer.body.data.list.map((r) => [r.code, r]));
    expect(byCode.T001).toMatchObject({
      status: 11,
      statusName: '已关闭',
      groupId: ids.s1,
      groupName: '泵房',
      equipmentId: ids.e101,
      equipmentName: '1号提升泵',
      assignees: [{ id: ids.p1, realname: '张工' }],
      createdAt: china(2026, 3, 2, 10),
      finishedAt: china(2026, 3, 2, 10) + 24 * HOUR,
      durationMs: 24 * HOUR,
      onTime: true,
      result: '工单1已处理',
    });
    expect(byCode.T002!.onTime).toBe(false);
    expect(byCode.T003!.onTime).toBeNull();
    // A 12 finished when its result was submitted.
    expect(byCode.T004).toMatchObject({
      statusName: '已处理未解决',
      finishedAt: china(2026, 3, 25, 8) + 5 * HOUR,
      onTime: true,
    });
  });

  it('filters by site subtree, equipment, type, assignee, status, finish time and keyword', async () => {
    expect(await codes(`&siteId=${ids.area}`)).toEqual(['T009', 'T002', 'T001', 'T010']);
    expect(await codes(`&siteId=${ids.s2}`)).toEqual(['T011', 'T004', 'T003']);
    expect(await codes(`&siteId=${projectId}`)).toHaveLength(7);
    expect(await codes(`&equipmentId=${ids.e101}`)).toEqual(['T001', 'T010']);
    expect(await codes('&type=2')).toEqual(['T009', 'T004', 'T002']);
    expect(await codes('&type=12')).toEqual(['T011', 'T003', 'T002']);
    expect(await codes(`&assigneeId=${ids.p2}`)).toEqual(['T011', 'T004', 'T003', 'T002']);
    expect(await codes('&status=12')).toEqual(['T004']);
    // Finished in March: order 10 was created in February and closed on March 1.
    expect(await codes(`&startTime=${MARCH}&stopTime=${APRIL}`)).toEqual([
      'T004',
      'T003',
      'T002',
      'T001',
      'T010',
    ]);
    expect(await codes(`&assigneeId=${ids.p1}&startTime=${MARCH}&stopTime=${APRIL}`)).toEqual([
      'T002',
      'T001',
      'T010',
    ]);
    expect(await codes(`&siteId=${ids.s1}&type=1&equipmentId=${ids.e101}`)).toEqual(['T001', 'T010']);
    expect(await codes('&keyword=t00')).toEqual(['T009', 'T004', 'T003', 'T002', 'T001']);
    expect(await codes('&keyword=工单9')).toEqual(['T009']);
  });

  it('pages on the server', async () => {
    const answer = await t.ok<Page<MaintenanceRecord>>(
      'GET',
      `/iot/groups/${projectId}/maintenanceRecords?page=1&size=2`,
      {
        token: admin,
      },
    );
    expect(answer).toMatchObject({ total: 7, page: 1, size: 2 });
    expect(answer.list.map((r) => r.code)).toEqual(['T004', 'T003']);
  });

  it('refuses a bad filter with the field and a Chinese message', async () => {
    const reversed = await records(admin, `&startTime=${APRIL}&stopTime=${MARCH}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('stopTime: 结束时间必须晚于开始时间');
    const open = await records(admin, '&status=6');
    expect(open.status).toBe(400);
    expect(open.body.message).toBe('status: 状态只能是已关闭或已处理未解决');
  });

  it('opens a record with its execution summary and timeline; an unfinished order is no record', async () => {
    const detail = await t.ok<RecordDetail>(
      'GET',
      `/iot/groups/${projectId}/maintenanceRecords/${order[9]}`,
      {
        token: viewer,
      },
    );
    expect(detail).toMatchObject({
      code: 'T009',
      description: '第9号',
      execution: {
        checklist: [{ item: '检查电机温度', ok: true, value: '45℃' }],
        measurements: [{ name: '电流', value: 12.5, unit: 'A' }],
        dosing: [],
        result: '工单9已处理',
      },
    });
    expect(detail.timeline.map((e) => e.actionName)).toEqual(['创建', '开始执行', '开始执行', '验收通过']);
    expect(detail.timeline[1]!.user).toEqual({ id: ids.p1, realname: '张工' });
    const open = await t.request('GET', `/iot/groups/${projectId}/maintenanceRecords/${order[5]}`, {
      token: admin,
    });
    expect(open.status).toBe(404);
    expect(open.body.message).toBe('维保记录不存在');
  });

  it("shows another project's user nothing of this project", async () => {
    expect((await records(foreigner)).status).toBe(403);
    const own = await records(foreigner, '', foreignProject);
    expect(own.body.data.list.map((r) => r.code)).toEqual(['T012']);
    // This project's record through the other project's address.
    const through = await t.request('GET', `/iot/groups/${foreignProject}/maintenanceRecords/${order[1]}`, {
      token: foreigner,
    });
    expect(through.status).toBe(404);
    expect((await statistics(foreigner)).status).toBe(403);
  });

  it('needs the read bit of each menu', async () => {
    expect((await records(viewer)).body.data.total).toBe(7);
    expect((await records(recordsOnly)).body.data.total).toBe(7);
    expect((await statistics(recordsOnly)).status).toBe(403);
    expect((await records(tasksOnly)).status).toBe(403);
    expect((await statistics(tasksOnly)).status).toBe(403);
    expect((await statistics(viewer)).body.code).toBe(20000);
    const options = `/iot/groups/${projectId}/maintenanceRecords/options`;
    expect((await t.request('GET', options, { token: tasksOnly })).status).toBe(403);
  });

  it('offers the areas and sites and the people who had work, to filter by', async () => {
    const options = await t.ok<RecordOptions>('GET', `/iot/groups/${projectId}/maintenanceRecords/options`, {
      token: recordsOnly,
    });
    expect(options.sites).toEqual([
      { id: ids.area, parentId: null, name: '一期', groupType: 'area' },
      { id: ids.s1, parentId: ids.area, name: '泵房', groupType: 'site' },
      { id: ids.s2, parentId: null, name: '加药间', groupType: 'site' },
    ]);
    // 李 (li) before 张 (zhang).
    expect(options.assignees).toEqual([
      { id: ids.p2, realname: '李工' },
      { id: ids.p1, realname: '张工' },
    ]);
  });
});

describe('维保统计', () => {
  it('counts and rates the orders created in the range, as decision 0055 defines them', async () => {
    const answer = await statistics(viewer);
    expect(answer.body.code, answer.body.message).toBe(20000);
    const s = answer.body.data;
    expect(s).toMatchObject({
      created: 9,
      effective: 7,
      closed: 4,
      unresolved: 1,
      closedWithDue: 3,
      onTime: 2,
      responded: 6,
      // (2 + 4 + 1 + 3 + 2 + 1) h / 6
      meanRespondMs: (13 * HOUR) / 6,
      // (24 + 20 + 6 + 12) h / 4
      meanCompleteMs: 15.5 * HOUR,
    });
    expect(s.completionRate).toBeCloseTo(4 / 7, 12);
    expect(s.onTimeRate).toBeCloseTo(2 / 3, 12);
    const statuses = Object.fromEntries(s.byStatus.map((b) => [b.status, b.count]));
    expect(statuses).toEqual({
      1: 0,
      2: 0,
      3: 0,
      4: 0,
      5: 1,
      6: 1,
      7: 0,
      8: 1,
      9: 0,
      10: 1,
      11: 4,
      12: 1,
      13: 0,
    });
    expect(s.byType).toEqual([
      { type: 1, count: 3 },
      { type: 2, count: 4 },
      { type: 4, count: 2 },
      { type: 8, count: 1 },
    ]);
    expect(s.bySite).toEqual([
      { groupId: ids.s1, groupName: '泵房', count: 5, closed: 3 },
      { groupId: ids.s2, groupName: '加药间', count: 3, closed: 1 },
      { groupId: null, groupName: null, count: 1, closed: 0 },
    ]);
    expect(s.byPerson).toEqual([
      { userId: ids.p1, realname: '张工', count: 5, closed: 3, closedWithDue: 3, onTime: 2 },
      { userId: ids.p2, realname: '李工', count: 3, closed: 2, closedWithDue: 1, onTime: 0 },
    ]);
  });

  it('splits the figures by China-time month of creation', async () => {
    const { byMonth } = (await statistics(viewer)).body.data;
    expect(byMonth.map((m) => m.month)).toEqual(['2026-03', '2026-04']);
    expect(byMonth[0]).toMatchObject({
      created: 4,
      effective: 4,
      closed: 3,
      completionRate: 0.75,
      closedWithDue: 2,
      onTime: 1,
      onTimeRate: 0.5,
      responded: 4,
      meanRespondMs: 2.5 * HOUR,
      meanCompleteMs: (50 * HOUR) / 3,
    });
    expect(byMonth[1]).toMatchObject({
      created: 5,
      effective: 3,
      closed: 1,
      closedWithDue: 1,
      onTime: 1,
      onTimeRate: 1,
      responded: 2,
      meanRespondMs: 1.5 * HOUR,
      meanCompleteMs: 12 * HOUR,
    });
    expect(byMonth[1]!.completionRate).toBeCloseTo(1 / 3, 12);
  });

  it('narrows to a site and answers empty months with zeros and no rates', async () => {
    const site = (await statistics(viewer, MARCH, MAY, `&siteId=${ids.s2}`)).body.data;
    expect(site).toMatchObject({ created: 3, effective: 2, closed: 1, closedWithDue: 0, onTimeRate: null });
    const empty = (await statistics(viewer, china(2025, 11, 15), china(2026, 1, 10))).body.data;
    expect(empty.byMonth.map((m) => [m.month, m.created])).toEqual([
      ['2025-11', 0],
      ['2025-12', 0],
      ['2026-01', 0],
    ]);
    expect(empty).toMatchObject({
      created: 0,
      completionRate: null,
      onTimeRate: null,
      meanRespondMs: null,
      meanCompleteMs: null,
    });
    expect(empty.byPerson).toEqual([]);
  });

  it('refuses a reversed range and one over 24 months', async () => {
    const reversed = await statistics(viewer, MAY, MARCH);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('stopTime: 结束时间必须晚于开始时间');
    const long = await statistics(viewer, china(2024, 1, 1), china(2026, 1, 2));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('startTime: 时间范围不能超过24个月');
  });
});
