import type { Page } from '@iot/contracts';
import type { Plan, PlanInput, PlanOrder, WorkOrderDetail } from '@iot/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startPeer, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { PLAN_JOB } from './index.js';

let t: TestServer;
let projectId: number;
let manager: string;
let operator: string;
let foreigner: string;
let foreignProject: number;
let sites: number[];
const ids: Record<string, number> = {};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A China midnight 20 days ago: the test's own clock. */
const T0 = Math.floor((Date.now() + 8 * HOUR) / DAY - 20) * DAY - 8 * HOUR;

const userId = async (username: string) =>
  (
    await t.server.platform.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

const base = () => `/iot/groups/${projectId}/maintenancePlans`;
let serial = 0;
const body = (over: Partial<PlanInput> = {}): PlanInput => ({
  name: `计划${++serial}`,
  types: 8,
  groupIds: [],
  schedule: { unit: 'day', every: 1, time: '08:00' },
  startAt: T0 - 10 * DAY,
  leadHours: 0,
  allowedHours: 24,
  assignees: { kind: 'users', userIds: [ids.operator!] },
  checklist: [
    { text: '检查电机温度', min: 20, max: 60, unit: '℃' },
    { text: '轴承无异响', expected: '正常', photoRequired: true },
  ],
  ...over,
});
const create = (over: Partial<PlanInput> = {}) =>
  t.ok<Plan>('POST', base(), { token: manager, body: body(over) });
/** Moves a plan's cursor, as if the server had been off since then. */
const rewind = (planId: number, to: number) =>
  t.server.platform.db
    .updateTable('maintenance_plans')
    .set({ generated_until: to })
    .where('id', '=', planId)
    .execute();
const ordersOf = async (planId: number) =>
  t.server.platform.db
    .selectFrom('maintenance_plan_runs as r')
    .innerJoin('work_orders as o', (j) => j.on('o.source', '=', 'plan').onRef('o.source_id', '=', 'r.id'))
    .select(['o.id', 'r.occurs_at', 'r.target', 'o.status', 'o.due_at', 'o.group_id', 'o.equipment_id'])
    .where('r.plan_id', '=', planId)
    .orderBy('r.occurs_at')
    .orderBy('r.target')
    .execute();

/**
 * Another node on the same database: PostgreSQL deployments scale out; a SQLite deployment is one
 * node, where the same runs at once come from the timer and 立即生成 of one server.
 */
const secondNode = async () => (process.env.TEST_DB === 'postgres' ? startPeer(t) : t);

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  manager = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.manager = await userId(DEMO_ACCOUNTS.projectAdmin.username);
  ids.operator = await userId(DEMO_ACCOUNTS.operator.username);
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const other = await projectWithAdmin(t, admin, '另一项目', 'plan-other-admin');
  foreigner = other.token;
  foreignProject = other.projectId;
  sites = (
    await t.server.platform.db
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('group_type', '=', 'site')
      .orderBy('id')
      .execute()
  ).map((g) => g.id);
  // Two pieces of the ledger, standing at the second site: plans name their orders after them.
  for (const code of ['P-1', 'P-2']) {
    const made = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/equipment`, {
      token: manager,
      body: { name: `计划泵${code}`, code, groupId: sites[1]! },
    });
    ids[code] = made.id;
  }
});
afterAll(() => t.close());

describe('plans', () => {
  it('are created, listed with paging, edited, switched off and on, and deleted', async () => {
    const plan = await create({
      name: '水泵周保养',
      types: 8 | 4,
      groupIds: [sites[0]!],
      equipmentIds: [ids['P-1']!],
      schedule: { unit: 'week', every: 1, weekdays: [1, 4], time: '09:30', skipWeekends: true },
      dosing: [{ medicine: 'PAC', quantity: 12.5 }],
      needsAudit: true,
    });
    expect(plan).toMatchObject({
      name: '水泵周保养',
      types: 12,
      groups: [{ id: sites[0] }],
      equipmentIds: [ids['P-1']!],
      schedule: { unit: 'week', weekdays: [1, 4], time: '09:30', basis: 'schedule', skipWeekends: true },
      scheduleText: '每周（周一、周四） 09:30，跳过周末',
      dosing: [{ medicine: 'PAC', quantity: 12.5, unit: 'kg' }],
      needsAudit: true,
      enabled: true,
      assigneeText: expect.any(String),
      orderCount: 0,
    });
    expect(plan.nextAt).toBeGreaterThan(Date.now() - DAY);
    const page = await t.ok<Page<Plan>>('GET', `${base()}?keyword=水泵周&page=0&size=10`, { token: manager });
    expect(page.total).toBe(1);
    expect(page.list[0]!.id).toBe(plan.id);
    expect(await t.ok('GET', `${base()}/checkName?name=水泵周保养`, { token: manager })).toBe(false);

    const edited = await t.ok<Plan>('PUT', `${base()}/${plan.id}`, {
      token: manager,
      body: body({ name: '水泵周保养', schedule: { unit: 'month', every: 1, monthDays: [31] } }),
    });
    expect(edited.scheduleText).toBe('每个月（31日） 08:00');
    expect(edited.groups).toEqual([]);

    const off = await t.ok<Plan>('PUT', `${base()}/${plan.id}/enabled`, {
      token: manager,
      body: { enabled: false },
    });
    expect(off).toMatchObject({ enabled: false, nextAt: null });
    const refused = await t.request('POST', `${base()}/${plan.id}/generate`, { token: manager });
    expect(refused.body.message).toBe('计划已停用，请先启用');
    const on = await t.ok<Plan>('PUT', `${base()}/${plan.id}/enabled`, {
      token: manager,
      body: { enabled: true },
    });
    expect(on.enabled).toBe(true);

    await t.ok('DELETE', `${base()}/${plan.id}`, { token: manager });
    const gone = await t.request('GET', `${base()}/${plan.id}`, { token: manager });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('保养计划不存在');
  });

  it('refuse what does not make a plan, in Chinese', async () => {
    const cases: [Partial<PlanInput>, string][] = [
      [{ types: 0 }, '请选择任务类型'],
      [{ schedule: { unit: 'week', every: 1 } }, '请选择每周的哪几天'],
      [{ schedule: { unit: 'month', every: 1 } }, '请选择每月的哪几天'],
      [{ schedule: { unit: 'day', every: 0 } }, '周期须为1～366的整数'],
      [{ schedule: { unit: 'day', every: 1, time: '25:00' } }, '时间格式为 HH:mm'],
      [{ types: 4 }, '加药任务请填写药剂及用量'],
      [{ endAt: T0 - 20 * DAY }, '结束日期不能早于开始日期'],
      [{ assignees: { kind: 'users', userIds: [] } }, '请选择执行人'],
      [{ assignees: { kind: 'role' } }, '请选择角色'],
      [{ checklist: [{ text: '压力', min: 5, max: 1 }] }, '下限不能大于上限'],
      [{ schedule: { unit: 'runHours', every: 500 } }, '按运行小时的计划请选择设备'],
      [{ groupIds: [foreignProject] }, '所选站点不属于本项目'],
      [{ equipmentIds: [999_999] }, '所选设备不属于本项目'],
      [{ assignees: { kind: 'users', userIds: [999_999] } }, '执行人必须是本项目的成员'],
    ];
    for (const [over, message] of cases) {
      const answer = await t.request('POST', base(), { token: manager, body: body(over) });
      expect(answer.status, message).toBe(400);
      expect(answer.body.message, message).toContain(message);
    }
    await create({ name: '重名计划' });
    const twice = await t.request('POST', base(), { token: manager, body: body({ name: '重名计划' }) });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('计划名称已存在');
  });

  it('answer only with the plan menu bits, in the caller’s own project', async () => {
    const plan = await create();
    // The demo operator reads plans (read bit only).
    expect((await t.request('GET', base(), { token: operator })).body.code).toBe(20000);
    for (const [method, url] of [
      ['POST', base()],
      ['PUT', `${base()}/${plan.id}`],
      ['PUT', `${base()}/${plan.id}/enabled`],
      ['POST', `${base()}/${plan.id}/generate`],
      ['DELETE', `${base()}/${plan.id}`],
    ] as const) {
      const answer = await t.request(method, url, { token: operator, body: body() });
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    const foreign = await t.request('GET', `/iot/groups/${foreignProject}/maintenancePlans/${plan.id}`, {
      token: foreigner,
    });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', `${base()}/${plan.id}`, { token: foreigner })).status).toBe(403);
  });
});

describe('the generation job', () => {
  it('makes one order per occurrence and target, with every setting inherited', async () => {
    const plan = await create({
      types: 8 | 4,
      priority: 1,
      groupIds: [sites[0]!, sites[1]!],
      equipmentIds: [ids['P-2']!],
      dosing: [{ medicine: '消毒次氯酸钠', quantity: 25 }],
      allowedHours: 6,
    });
    await rewind(plan.id, T0);
    expect(await t.server.plans.generate(T0 + 3 * DAY)).toBe(9);
    const orders = await ordersOf(plan.id);
    expect(orders.map((o) => [Number(o.occurs_at), o.target])).toEqual(
      [0, 1, 2].flatMap((d) =>
        [`e${ids['P-2']}`, `g${sites[0]}`, `g${sites[1]}`].map((k) => [T0 + d * DAY + 8 * HOUR, k]),
      ),
    );
    for (const o of orders) {
      expect(Number(o.due_at)).toBe(Number(o.occurs_at) + 6 * HOUR);
      expect(o.status).toBe(6);
    }
    const detail = await t.ok<WorkOrderDetail>(
      'GET',
      `/iot/groups/${projectId}/workOrders/${orders[1]!.id}`,
      {
        token: operator,
      },
    );
    expect(detail).toMatchObject({
      source: 'plan',
      type: 12,
      priority: 1,
      status: 6,
      groupId: sites[0],
      assignees: [{ id: ids.operator }],
      checklist: [
        { text: '检查电机温度', expected: '', min: 20, max: 60, unit: '℃', photoRequired: false },
        { text: '轴承无异响', expected: '正常', min: null, max: null, photoRequired: true },
      ],
      plannedDosing: [{ medicine: '消毒次氯酸钠', quantity: 25, unit: 'kg' }],
    });
    // GD + the China day it was generated + the order's id, at least five digits.
    const day = new Date(T0 + 3 * DAY + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '');
    expect(detail.code).toBe(`GD${day}${String(detail.id).padStart(5, '0')}`);
    expect(detail.title).toContain(plan.name);
    // An equipment's order is named after it and placed where the ledger says it stands.
    const forPump = orders.find((o) => o.equipment_id === ids['P-2'])!;
    expect(forPump.group_id).toBe(sites[1]);
    const pumpDetail = await t.ok<WorkOrderDetail>(
      'GET',
      `/iot/groups/${projectId}/workOrders/${forPump.id}`,
      {
        token: operator,
      },
    );
    expect(pumpDetail.title).toBe(`${plan.name}（计划泵P-2）`);
    expect(detail.description).toContain('加药：消毒次氯酸钠 25kg');
    expect(detail.timeline).toMatchObject([{ action: 'create', toStatus: 6, user: null }]);
    const listed = await t.ok<Page<PlanOrder>>('GET', `${base()}/${plan.id}/workOrders?page=0&size=20`, {
      token: operator,
    });
    expect(listed.total).toBe(9);
    expect(listed.list[0]!.occursAt).toBe(T0 + 2 * DAY + 8 * HOUR);
    expect((await t.ok<Plan>('GET', `${base()}/${plan.id}`, { token: manager })).orderCount).toBe(9);
  });

  it('makes each order once with two nodes running at once, and again after the cursor is lost', async () => {
    const peer = await secondNode();
    // Its catch-up on start done first, so the runs below are the only ones.
    await peer.server.platform.jobs.run(PLAN_JOB);
    const plan = await create({ groupIds: [sites[0]!, sites[1]!] });
    await rewind(plan.id, T0);
    try {
      const now = T0 + 10 * DAY;
      const counts = await Promise.all([
        t.server.plans.generate(now),
        peer.server.plans.generate(now),
        t.server.plans.generate(now),
        peer.server.plans.generate(now),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
      expect(await ordersOf(plan.id)).toHaveLength(20);
      // The cursor put back (a run that died after its orders, say): the unique key still holds.
      await rewind(plan.id, T0);
      expect(await peer.server.plans.generate(now)).toBe(0);
      expect(await ordersOf(plan.id)).toHaveLength(20);
    } finally {
      if (peer !== t) await peer.close();
    }
  });

  it('catches up once on start what was missed while no server ran', async () => {
    const plan = await create({ name: '停机补生成', schedule: { unit: 'day', every: 2, time: '07:00' } });
    await rewind(plan.id, T0);
    // Running until day 4 …
    expect(await t.server.plans.generate(T0 + 4 * DAY)).toBe(2);
    // … then down: the restarted server's first run makes up the rest, up to now, once.
    t = await t.restart();
    await t.server.platform.jobs.run(PLAN_JOB);
    const orders = await ordersOf(plan.id);
    const expected = Math.floor((Date.now() - T0 - 7 * HOUR) / (2 * DAY)) + 1;
    expect(orders).toHaveLength(expected);
    expect(new Set(orders.map((o) => Number(o.occurs_at))).size).toBe(expected);
    expect(orders.every((o, i) => Number(o.occurs_at) === T0 + i * 2 * DAY + 7 * HOUR)).toBe(true);
    await t.server.platform.jobs.run(PLAN_JOB);
    await rewind(plan.id, T0);
    await t.server.plans.generate();
    expect(await ordersOf(plan.id)).toHaveLength(expected);
    manager = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
      .access;
    operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  });

  it('generates a completion-based plan’s next order only after the last one is done', async () => {
    const plan = await create({
      schedule: { unit: 'day', every: 3, basis: 'completion', time: '08:00' },
      assignees: { kind: 'pool' },
    });
    await rewind(plan.id, T0);
    expect(await t.server.plans.generate(T0 + 10 * DAY)).toBe(1);
    expect(await t.server.plans.generate(T0 + 10 * DAY)).toBe(0);
    const [first] = await ordersOf(plan.id);
    expect(Number(first!.occurs_at)).toBe(T0 + 8 * HOUR);
    expect(first!.status).toBe(4); // the pool
    await t.server.platform.db
      .updateTable('work_orders')
      .set({ status: 11, closed_at: T0 + 2 * DAY + 10 * HOUR })
      .where('id', '=', first!.id)
      .execute();
    expect(await t.server.plans.generate(T0 + 10 * DAY)).toBe(1);
    const orders = await ordersOf(plan.id);
    expect(Number(orders[1]!.occurs_at)).toBe(T0 + 5 * DAY + 8 * HOUR);
  });

  it('sends orders of an audited plan to 我的审批, and resolves a role to its members', async () => {
    const audited = await create({ needsAudit: true });
    await rewind(audited.id, T0);
    expect(await t.server.plans.generate(T0 + DAY)).toBe(1);
    const [order] = await ordersOf(audited.id);
    expect(order!.status).toBe(1);
    const record = await t.server.platform.db
      .selectFrom('audit_records')
      .select(['submitted_by', 'audit_status'])
      .where('audit_type', '=', 2)
      .where('relation_id', '=', order!.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ submitted_by: ids.manager, audit_status: 0 });

    const { role_id } = await t.server.platform.db
      .selectFrom('memberships')
      .select('role_id')
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', projectId)
      .where('user_id', '=', ids.operator!)
      .executeTakeFirstOrThrow();
    const byRole = await create({ assignees: { kind: 'role', roleId: role_id } });
    const onDuty = await create({ assignees: { kind: 'onDuty' } });
    for (const p of [byRole, onDuty]) await rewind(p.id, T0);
    await t.server.plans.generate(T0 + DAY);
    const [roleOrder] = await ordersOf(byRole.id);
    const assignees = await t.server.platform.db
      .selectFrom('work_order_assignees')
      .select('user_id')
      .where('work_order_id', '=', roleOrder!.id)
      .execute();
    expect(assignees.map((a) => a.user_id)).toEqual([ids.operator]);
    // 值班人员: whoever the demo's duty schedule has on duty at the occurrence (排班管理).
    const [dutyOrder] = await ordersOf(onDuty.id);
    const onDutyThen = await t.ok<{ people: { id: number }[] }>(
      'GET',
      `/iot/groups/${projectId}/duty/onDuty?at=${Number(dutyOrder!.occurs_at)}`,
      { token: manager },
    );
    expect(onDutyThen.people.length).toBeGreaterThan(0);
    const dutyAssignees = await t.server.platform.db
      .selectFrom('work_order_assignees')
      .select('user_id')
      .where('work_order_id', '=', dutyOrder!.id)
      .execute();
    expect(dutyAssignees.map((a) => a.user_id).sort()).toEqual(onDutyThen.people.map((p) => p.id).sort());
    expect(dutyOrder!.status).toBe(6);
  });

  it('sends 设备保养提醒 once per order and 设备保养提醒解除 once it is closed', async () => {
    const peer = await secondNode();
    await peer.server.platform.jobs.run(PLAN_JOB);
    const plan = await create({ name: '格栅保养', groupIds: [sites[0]!] });
    await rewind(plan.id, T0);
    await t.server.plans.generate(T0 + 2 * DAY);
    try {
      await Promise.all([t.server.plans.sendNotices(), peer.server.plans.sendNotices()]);
      await Promise.all([t.server.messages.drain(), peer.server.messages.drain()]);
      const orders = await ordersOf(plan.id);
      const reminders = await t.server.platform.db
        .selectFrom('messages')
        .select(['user_id', 'title', 'content', 'relation_id'])
        .where('type', '=', 'maintenance')
        .where(
          'relation_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute();
      expect(reminders).toHaveLength(2);
      expect(new Set(reminders.map((m) => m.user_id))).toEqual(new Set([ids.operator]));
      expect(reminders[0]!.title).toMatch(/保养提醒$/);
      expect(reminders[0]!.content).toContain('格栅保养');

      // Done through the work-order table: start, submit, accept.
      const id = orders[0]!.id;
      const act = (token: string, action: string, b: unknown = { note: '' }) =>
        t.ok('PUT', `/iot/groups/${projectId}/workOrders/${id}/${action}`, { token, body: b });
      await act(operator, 'start');
      await act(operator, 'submitResolved', {
        checklist: [{ item: '检查电机温度', ok: true, value: '45' }],
        result: '已保养',
      });
      await act(manager, 'acceptPass');
      await Promise.all([t.server.plans.sendNotices(), peer.server.plans.sendNotices()]);
      await Promise.all([t.server.messages.drain(), peer.server.messages.drain()]);
      const released = await t.server.platform.db
        .selectFrom('messages')
        .select(['user_id', 'title'])
        .where('type', '=', 'maintenanceRelease')
        .where('relation_id', '=', id)
        .execute();
      expect(released).toHaveLength(1);
      expect(released[0]!.title).toMatch(/保养提醒解除$/);
      expect((await t.server.plans.sendNotices()).released).toBe(0);
    } finally {
      if (peer !== t) await peer.close();
    }
  });
});

describe('run-hour plans', () => {
  it('make one order each time a piece’s run hours since the start pass the next multiple, once', async () => {
    // A pump whose run signal the ledger counts (decision 0051), and one without a run signal.
    const gw = await createGateway(t, projectId, [{ key: 'run', type: 'boolean' }]);
    const pump = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/equipment`, {
      token: manager,
      body: {
        name: '运行泵R-1',
        code: 'R-1',
        groupId: sites[0]!,
        bindings: [{ role: 'run', gatewayIndicatorId: gw.indicators.run }],
      },
    });
    /** The pump runs from `at` for `hours` (points through the real accounting). */
    const run = async (at: number, hours: number) => {
      await t.server.telemetry.store([
        { gatewayIndicatorId: gw.indicators.run!, ts: at, value: 1 },
        { gatewayIndicatorId: gw.indicators.run!, ts: at + hours * HOUR, value: 0 },
      ]);
      await t.server.equipment.accountRunHours();
    };
    // Before the plan's start day: not counted.
    await run(T0 - 3 * DAY, 30);
    // First a daily plan with orders of its own (keyed by times), then switched to run hours.
    const runBody = (every: number) =>
      body({
        name: '按运行小时保养',
        equipmentIds: [pump.id, ids['P-1']!],
        schedule: { unit: 'runHours', every },
        startAt: T0 + 12 * HOUR,
        allowedHours: 6,
      });
    const daily = await create({ ...runBody(10), schedule: { unit: 'day', every: 1, time: '08:00' } });
    const only = { projectId, planId: daily.id };
    await rewind(daily.id, T0);
    expect(await t.server.plans.generate(T0 + 2 * DAY, only)).toBe(4);
    const plan = await t.ok<Plan>('PUT', `${base()}/${daily.id}`, { token: manager, body: runBody(10) });
    expect(plan).toMatchObject({ scheduleText: '每运行10小时', nextAt: null });
    const pumpKey = `he${pump.id}`;
    const runOrders = async () => (await ordersOf(plan.id)).filter((o) => o.target.startsWith('h'));

    await run(T0 + DAY, 9);
    expect(await t.server.plans.generate(Date.now(), only)).toBe(0);
    await run(T0 + 2 * DAY, 2);
    const now = Date.now();
    expect(await t.server.plans.generate(now, only)).toBe(1);
    expect(await t.server.plans.generate(now + 60_000, only)).toBe(0);
    let orders = await runOrders();
    // Keyed by the mark passed (10 h of run time), due the time allowed after it was generated.
    expect(orders.map((o) => [Number(o.occurs_at), o.target, Number(o.due_at)])).toEqual([
      [10 * HOUR, pumpKey, now + 6 * HOUR],
    ]);
    expect(orders[0]).toMatchObject({ equipment_id: pump.id, group_id: sites[0], status: 6 });
    const detail = await t.ok<WorkOrderDetail>(
      'GET',
      `/iot/groups/${projectId}/workOrders/${orders[0]!.id}`,
      {
        token: operator,
      },
    );
    expect(detail.title).toBe('按运行小时保养（运行泵R-1）');
    const startDay = new Date(T0 + 8 * HOUR).toISOString().slice(0, 10);
    expect(detail.description).toContain(`自 ${startDay} 起累计运行满 10 小时`);

    // Down while it ran 25 hours more (36 h: past 20 and 30): one order, for the highest mark,
    // however many nodes run at once.
    await run(T0 + 3 * DAY, 25);
    const peer = await secondNode();
    try {
      const counts = await Promise.all([
        t.server.plans.generate(Date.now(), only),
        peer.server.plans.generate(Date.now(), only),
        t.server.plans.generate(Date.now(), only),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (peer !== t) await peer.close();
    }
    orders = await runOrders();
    expect(orders.map((o) => [Number(o.occurs_at), o.target])).toEqual([
      [10 * HOUR, pumpKey],
      [30 * HOUR, pumpKey],
    ]);
    // The every edited to 7 hours: the next mark is the next multiple of 7 past 30 (35, passed).
    await t.ok('PUT', `${base()}/${plan.id}`, { token: manager, body: runBody(7) });
    expect(await t.server.plans.generate(Date.now(), only)).toBe(1);
    expect(Number((await runOrders()).at(-1)!.occurs_at)).toBe(35 * HOUR);

    const listed = await t.ok<Page<PlanOrder>>('GET', `${base()}/${plan.id}/workOrders?page=0&size=20`, {
      token: operator,
    });
    // The daily orders keep their times; the run-hour ones answer their hours.
    expect(listed.list.map((o) => o.runHours)).toEqual([null, null, null, null, 35, 30, 10]);
    expect(listed.list.slice(4).every((o) => o.occursAt === o.createdAt)).toBe(true);

    // Its reminder says when it was generated and the hours it is for.
    await t.server.plans.sendNotices();
    await t.server.messages.drain();
    const reminder = await t.server.platform.db
      .selectFrom('messages')
      .select('content')
      .where('type', '=', 'maintenance')
      .where('relation_id', '=', orders[0]!.id)
      .executeTakeFirstOrThrow();
    expect(reminder.content).toContain('累计运行满10小时');

    // Past its end day: no more.
    await t.server.platform.db
      .updateTable('maintenance_plans')
      .set({ end_at: T0 + 2 * DAY })
      .where('id', '=', plan.id)
      .execute();
    await run(T0 + 5 * DAY, 20);
    expect(await t.server.plans.generate(Date.now(), only)).toBe(0);
  });
});
