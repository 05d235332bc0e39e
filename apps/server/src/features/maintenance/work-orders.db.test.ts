import { AuditMessages, type AuditRecord, AuditType } from '@iot/contracts/audits';
import type { WorkOrder, WorkOrderDetail } from '@iot/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

let t: TestServer;
let projectId: number;
let manager: string;
let operator: string;
let foreigner: string;
let foreignProject: number;
const ids: Record<string, number> = {};
const HOUR = 3_600_000;

/** The status names as the spec's codes read, written here again so the test can disagree. */
const NAMES: Record<string, string> = {
  '1': '待审核',
  '2': '待分配',
  '3': '待改派',
  '4': '待领取',
  '5': '待领取已取消',
  '6': '待执行',
  '7': '待执行已取消',
  '8': '未通过',
  '9': '已驳回',
  '10': '执行中',
  '10s': '执行中',
  '11': '已关闭',
  '12': '已处理未解决',
  '13': '已逾期',
};
const STATES = Object.keys(NAMES);
const ACTION_NAMES: Record<string, string> = {
  auditPass: '审核通过',
  auditReject: '审核驳回',
  allocate: '分配',
  publish: '发布到待领取',
  claim: '领取',
  askReassign: '申请改派',
  reassign: '改派',
  start: '开始执行',
  submitResolved: '提交结果（已解决）',
  submitUnresolved: '提交结果（已处理未解决）',
  acceptPass: '验收通过',
  acceptFail: '验收不通过',
  close: '关闭',
  cancel: '取消',
};
/** The allowed moves, [action, from, to], as docs/decisions/0050 draws them ('10s': submitted). */
const ALLOWED: [string, string, string][] = [
  ['auditPass', '1', '2'],
  ['auditReject', '1', '8'],
  ['allocate', '2', '6'],
  ['allocate', '4', '6'],
  ['publish', '2', '4'],
  ['claim', '4', '6'],
  ['allocate', '13', '6'],
  ['askReassign', '6', '3'],
  ['askReassign', '13', '3'],
  ['reassign', '3', '6'],
  ['start', '6', '10'],
  ['start', '9', '10'],
  ['start', '13', '10'],
  ['submitResolved', '10', '10s'],
  ['submitResolved', '13', '10s'],
  ['submitUnresolved', '10', '12'],
  ['submitUnresolved', '13', '12'],
  ['acceptPass', '10s', '11'],
  ['acceptFail', '10s', '9'],
  ['acceptFail', '12', '9'],
  ['close', '12', '11'],
  ['cancel', '4', '5'],
  ['cancel', '6', '7'],
];

const execution = {
  checklist: [{ item: '格栅清理', ok: true }],
  measurements: [{ name: 'COD', value: 35.2, unit: 'mg/L' }],
  dosing: [{ medicine: 'PAC', quantity: 12.5 }],
  result: '已更换探头并校准',
};
const bodyFor = (action: string) =>
  action === 'allocate' || action === 'reassign'
    ? { assigneeIds: [ids.operator], note: '请尽快处理' }
    : action.startsWith('submit')
      ? execution
      : { note: '' };

const userId = async (username: string) =>
  (
    await t.server.platform.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

/** An order placed straight in a state (the table test starts every move from every state). */
async function orderIn(
  state: string,
  options: { creator?: number; assignees?: number[]; dueAt?: number | null; project?: number } = {},
): Promise<number> {
  const now = Date.now();
  const db = t.server.platform.db;
  const { id } = await db
    .insertInto('work_orders')
    .values({
      project_id: options.project ?? projectId,
      code: '',
      title: `状态${state}的工单`,
      type: 2,
      priority: 3,
      status: Number.parseInt(state, 10),
      version: 0,
      submitted_at: state === '10s' ? now : null,
      group_id: null,
      equipment_id: null,
      source: 'manual',
      source_id: null,
      description: '',
      due_at: options.dueAt ?? null,
      execution: null,
      created_by: options.creator ?? ids.manager!,
      created_at: now,
      updated_at: now,
      overdue_at: null,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assignees = options.assignees ?? [ids.manager!];
  if (assignees.length > 0)
    await db
      .insertInto('work_order_assignees')
      .values(assignees.map((user_id) => ({ work_order_id: id, user_id })))
      .execute();
  return id;
}

const act = (
  token: string,
  id: number,
  action: string,
  body: unknown = bodyFor(action),
  project = projectId,
) => t.request<WorkOrderDetail>('PUT', `/iot/groups/${project}/workOrders/${id}/${action}`, { token, body });
const detail = (token: string, id: number) =>
  t.ok<WorkOrderDetail>('GET', `/iot/groups/${projectId}/workOrders/${id}`, { token });
const stateOf = (d: WorkOrderDetail) => (d.status === 10 && d.submitted ? '10s' : String(d.status));

beforeAll(async () => {
  t = await startServer();
  projectId = t.server.seeded.demoProjectId!;
  manager = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  operator = (await t.login(DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password)).access;
  ids.manager = await userId(DEMO_ACCOUNTS.projectAdmin.username);
  ids.operator = await userId(DEMO_ACCOUNTS.operator.username);
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  const other = await projectWithAdmin(t, admin, '另一项目', 'wo-other-admin');
  foreigner = other.token;
  foreignProject = other.projectId;
});
afterAll(() => t.close());

/** The acceptance check's moves: the creator's or a manager's, never the assignee's. */
const CHECKS = ['acceptPass', 'acceptFail', 'close'];

describe('the transition table', () => {
  it('allows exactly the moves drawn in decision 0050, from every state, and refuses the rest', async () => {
    const refused: string[] = [];
    for (const action of Object.keys(ACTION_NAMES)) {
      for (const state of STATES) {
        // The acceptance check is never the assignee's: those moves are tried on another's work.
        const id = await orderIn(state, CHECKS.includes(action) ? { assignees: [ids.operator!] } : {});
        const answer = await act(manager, id, action);
        const allowed = ALLOWED.find(([a, from]) => a === action && from === state);
        if (allowed) {
          expect(answer.body.code, `${action} from ${state}: ${answer.body.message}`).toBe(20000);
          expect(stateOf(answer.body.data), `${action} from ${state}`).toBe(allowed[2]);
          const last = answer.body.data.timeline.at(-1)!;
          expect(last).toMatchObject({
            action,
            fromStatus: Number.parseInt(state, 10),
            toStatus: answer.body.data.status,
            user: { id: ids.manager },
          });
        } else {
          expect(answer.status, `${action} from ${state}`).toBe(409);
          expect(answer.body.code).toBe(40000);
          expect(answer.body.message).toBe(`工单状态为「${NAMES[state]}」，不能${ACTION_NAMES[action]}`);
          refused.push(`${action}:${state}`);
        }
      }
    }
    expect(refused).toHaveLength(Object.keys(ACTION_NAMES).length * STATES.length - ALLOWED.length);
  });

  it('lets the overdue job move pool orders and those to be implemented or executing (not awaiting acceptance)', async () => {
    const byState = new Map<string, number>();
    for (const state of STATES) byState.set(state, await orderIn(state, { dueAt: Date.now() - HOUR }));
    await t.server.workOrders.markOverdue();
    for (const [state, id] of byState) {
      const d = await detail(manager, id);
      const expected = ['2', '4', '6', '10'].includes(state) ? '13' : state;
      expect(stateOf(d), `overdue from ${state}`).toBe(expected);
    }
  });
});

describe('who may take a step', () => {
  it('lets nobody accept or close their own work, not even its creator holding every bit', async () => {
    for (const [state, action] of [
      ['10s', 'acceptPass'],
      ['10s', 'acceptFail'],
      ['12', 'acceptFail'],
      ['12', 'close'],
    ] as const) {
      const id = await orderIn(state, { creator: ids.manager!, assignees: [ids.manager!] });
      const answer = await act(manager, id, action);
      expect(answer.status, `${action} from ${state}`).toBe(403);
      expect(answer.body.message).toBe('不能验收自己执行的工单');
      expect((await detail(manager, id)).actions).not.toContain(action);
      expect(
        (await act(manager, await orderIn(state, { assignees: [ids.operator!] }), action)).body.code,
      ).toBe(20000);
    }
  });

  it('asks for the assignee to work, the menu bits to manage and audit, the creator to cancel', async () => {
    // The operator holds read + update on work orders (the demo role), not delete (审批) or create.
    const toStart = await orderIn('6', { assignees: [ids.manager!] });
    const notMine = await act(operator, toStart, 'start');
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('只有工单执行人可以执行此操作');
    const toAudit = await orderIn('1');
    const audit = await act(operator, toAudit, 'auditPass');
    expect(audit.status).toBe(403);
    expect(audit.body.message).toBe('没有执行此操作的权限');
    const created = await t.request('POST', `/iot/groups/${projectId}/workOrders`, {
      token: operator,
      body: { title: '无权新建', type: 1 },
    });
    expect(created.status).toBe(403);
    // Update is enough to allocate; the operator, now assignee, starts it.
    const toAllocate = await orderIn('2', { assignees: [] });
    expect((await act(operator, toAllocate, 'allocate')).body.code).toBe(20000);
    expect((await act(operator, toAllocate, 'start')).body.data.status).toBe(10);
    // Claiming from the pool: whoever reads work orders, who then is the assignee.
    const pooled = await orderIn('4', { assignees: [] });
    const claimed = await act(operator, pooled, 'claim');
    expect(claimed.body.data.assignees.map((a) => a.id)).toEqual([ids.operator]);
    // A reader-only member: may claim, not allocate or cancel someone else's order.
    const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      token: manager,
      body: { name: '只读工单', functions: [{ code: 'router-maintenanceTaskList', permission: 9 }] },
    });
    await t.ok('POST', `/iot/groups/${projectId}/users`, {
      token: manager,
      body: { username: 'wo-reader', realname: '领单员', password: 'Passw0rd!', roleId: role.id },
    });
    const reader = (await t.login('wo-reader', 'Passw0rd!')).access;
    const other = await orderIn('6');
    expect((await act(reader, other, 'cancel')).status).toBe(403);
    expect((await act(reader, await orderIn('2', { assignees: [] }), 'allocate')).status).toBe(403);
    // …but the creator (read + create) may cancel their own order.
    const own = await t.ok<WorkOrderDetail>('POST', `/iot/groups/${projectId}/workOrders`, {
      token: reader,
      body: { title: '自建工单', type: 1 },
    });
    expect(own.status).toBe(2);
    await act(manager, own.id, 'publish');
    const cancelled = await act(reader, own.id, 'cancel', { note: '重复' });
    expect(cancelled.body.data.status).toBe(5);
    expect(cancelled.body.data.timeline.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 2],
      [2, 4],
      [4, 5],
    ]);
  });
});

describe('work orders of a project', () => {
  it('runs a whole order: created with an assignee, executed with a report, accepted, closed', async () => {
    const due = Date.now() + 24 * HOUR;
    const created = await t.ok<WorkOrderDetail>('POST', `/iot/groups/${projectId}/workOrders`, {
      token: manager,
      body: { title: '二沉池巡检', type: 1 | 4, priority: 2, dueAt: due, assigneeIds: [ids.operator] },
    });
    expect(created).toMatchObject({ status: 6, statusName: '待执行', type: 5, dueAt: due, source: 'manual' });
    expect(created.code).toMatch(/^GD\d{8}\d{5}$/);
    expect(created.actions).toContain('cancel');
    expect((await detail(operator, created.id)).actions).toEqual(
      expect.arrayContaining(['start', 'askReassign', 'cancel']),
    );
    await act(operator, created.id, 'start', { note: '到达现场' });
    const submitted = (
      await act(operator, created.id, 'submitResolved', {
        ...execution,
        attachments: ['/iot/files/wo/a.jpg'],
      })
    ).body.data;
    expect(submitted).toMatchObject({ status: 10, submitted: true });
    expect(submitted.execution).toMatchObject({ ...execution, submittedBy: { id: ids.operator } });
    const accepted = (await act(manager, created.id, 'acceptPass', { note: '验收合格' })).body.data;
    expect(accepted).toMatchObject({ status: 11, statusName: '已关闭' });
    expect(accepted.closedAt).toBeGreaterThan(0);
    expect(accepted.timeline.map((e) => [e.action, e.fromStatus, e.toStatus, e.user?.id])).toEqual([
      ['create', null, 6, ids.manager],
      ['start', 6, 10, ids.operator],
      ['submitResolved', 10, 10, ids.operator],
      ['acceptPass', 10, 11, ids.manager],
    ]);
    expect(accepted.timeline[2]).toMatchObject({
      note: execution.result,
      attachments: ['/iot/files/wo/a.jpg'],
    });
  });

  it('moves an order once when two people click at the same moment', async () => {
    const id = await orderIn('4', { assignees: [] });
    const answers = await Promise.all([act(manager, id, 'claim'), act(operator, id, 'claim')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.message).toMatch(/^(工单状态已变化，请刷新后重试|工单状态为「待执行」，不能领取)$/);
    const d = await detail(manager, id);
    expect(d.timeline.filter((e) => e.action === 'claim')).toHaveLength(1);
    expect(d.assignees).toHaveLength(1);
  });

  it('validates with Chinese messages', async () => {
    const post = (body: unknown) =>
      t.request('POST', `/iot/groups/${projectId}/workOrders`, { token: manager, body });
    expect((await post({ title: '', type: 1 })).body.message).toMatch(/^title: /);
    expect((await post({ title: '类型错', type: 16 })).body.message).toBe('type: 请选择工单类型');
    expect((await post({ title: '过期', type: 1, dueAt: Date.now() - 1000 })).body.message).toBe(
      '截止时间必须晚于当前时间',
    );
    const foreignGroup = await post({ title: '他人站点', type: 1, groupId: foreignProject });
    expect(foreignGroup.body.message).toBe('所选站点不属于本项目');
    const noSuchEquipment = await post({ title: '他人设备', type: 1, equipmentId: 999_999 });
    expect(noSuchEquipment.body.message).toBe('所选设备不属于本项目');
    const outsider = await userId('wo-other-admin');
    expect((await post({ title: '外人', type: 1, assigneeIds: [outsider] })).body.message).toBe(
      '执行人必须是本项目的成员',
    );
    const toAllocate = await orderIn('2', { assignees: [] });
    expect((await act(manager, toAllocate, 'allocate', { assigneeIds: [] })).body.message).toBe(
      'assigneeIds: 请选择执行人',
    );
  });

  it('lists with server paging and filters', async () => {
    const tree = await t.ok<{ children: { id: number; children: { id: number }[] }[] }>(
      'GET',
      `/iot/groups/${projectId}/tree`,
      { token: manager },
    );
    const site = tree.children[0]!.children[0]!.id;
    const a = await t.ok<WorkOrder>('POST', `/iot/groups/${projectId}/workOrders`, {
      token: manager,
      body: { title: '曝气池溶解氧探头清洗', type: 8, groupId: site, assigneeIds: [ids.operator] },
    });
    const list = (q: string) =>
      t.ok<{ list: WorkOrder[]; total: number; size: number }>(
        'GET',
        `/iot/groups/${projectId}/workOrders?${q}`,
        { token: operator },
      );
    expect((await list('keyword=溶解氧')).list.map((o) => o.id)).toEqual([a.id]);
    expect((await list(`siteId=${tree.children[0]!.id}&type=8&keyword=探头`)).list.map((o) => o.id)).toEqual([
      a.id,
    ]);
    expect((await list('mine=true&status=6')).list.map((o) => o.id)).toContain(a.id);
    expect((await list(`mine=false&assigneeId=${ids.manager}&keyword=溶解氧`)).total).toBe(0);
    expect((await list(`assigneeId=${ids.manager}&keyword=溶解氧`)).total).toBe(0);
    expect((await list(`startTime=${Date.now() + HOUR}`)).total).toBe(0);
    const paged = await list('page=0&size=2');
    expect(paged.list).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
  });

  it('finds a keyword anywhere in the title, code or description, of any length, through the index (0059)', async () => {
    const make = (title: string, description = '') =>
      t.ok<WorkOrder>('POST', `/iot/groups/${projectId}/workOrders`, {
        token: manager,
        body: { title, type: 1, description },
      });
    const pump = await make('7号虹吸泵Pump-Qx 换轴承', '叶轮磨损 50%_余量');
    const quoted = await make('读数"越限"复核');
    const found = async (keyword: string) =>
      (
        await t.ok<{ list: WorkOrder[]; total: number }>(
          'GET',
          `/iot/groups/${projectId}/workOrders?size=100&keyword=${encodeURIComponent(keyword)}`,
          { token: operator },
        )
      ).list.map((o) => o.id);
    // Three characters or more: the trigram index; fewer: the plain scan. The same answers either way.
    expect(await found('虹吸泵')).toEqual([pump.id]);
    expect(await found('吸')).toContain(pump.id);
    expect(await found('pump-qx')).toEqual([pump.id]);
    expect(await found('PUMP-QX 换')).toEqual([pump.id]);
    expect(await found('磨损 50%_')).toEqual([pump.id]);
    expect(await found('50%_余')).toEqual([pump.id]);
    expect(await found('50__余')).toEqual([]);
    expect(await found('损%余')).toEqual([]);
    expect(await found(pump.code.slice(1))).toEqual([pump.id]);
    expect(await found('"越限"')).toEqual([quoted.id]);
    expect(await found('"越限')).toEqual([quoted.id]);
    expect(await found('泵Pump-Qy')).toEqual([]);
  });

  it('finds a keyword of 1 or 2 characters in the title, code or description, case and % _ literal (0044)', async () => {
    const make = (title: string, description = '') =>
      t.ok<WorkOrder>('POST', `/iot/groups/${projectId}/workOrders`, {
        token: manager,
        body: { title, type: 1, description },
      });
    const a = await make('鳌Q 短词');
    const b = await make('短词测试', '含鳌q与5%');
    const c = await make('另一单', 'x_y');
    const search = async (keyword: string) => {
      const page = await t.ok<{ list: WorkOrder[]; total: number }>(
        'GET',
        `/iot/groups/${projectId}/workOrders?size=100&keyword=${encodeURIComponent(keyword)}`,
        { token: operator },
      );
      return { ids: page.list.map((o) => o.id), total: page.total };
    };
    const found = async (keyword: string) => (await search(keyword)).ids;
    // Newest first, the total counted the same way.
    expect(await search('鳌')).toEqual({ ids: [b.id, a.id], total: 2 });
    expect(await search('鳌q')).toEqual({ ids: [b.id, a.id], total: 2 });
    expect(await search('鳌Q')).toEqual({ ids: [b.id, a.id], total: 2 });
    expect(await search('Q')).toMatchObject({ ids: expect.arrayContaining([a.id, b.id]) });
    expect(await found('Q')).not.toContain(c.id);
    // % and _ are characters, not wildcards.
    expect(await found('%')).toContain(b.id);
    expect(await found('%')).not.toContain(c.id);
    expect(await found('5%')).toContain(b.id);
    expect(await found('_')).toContain(c.id);
    expect(await found('_')).not.toContain(b.id);
    expect(await found('x_')).toContain(c.id);
    expect(await found('x%')).not.toContain(c.id);
    expect(await found('q%')).not.toContain(b.id);
    // The code (GD…) in any case; its last two digits.
    const gd = await search('gd');
    expect(gd.ids.slice(0, 3)).toEqual([c.id, b.id, a.id]);
    expect((await search('Gd')).total).toBe(gd.total);
    expect(await found(a.code.slice(-2))).toContain(a.id);
    // Not across two columns (title's end and code's start, code's end and description's start).
    expect(await found('试G')).not.toContain(b.id);
    expect(await found(`${b.code.slice(-1)}含`)).not.toContain(b.id);
    expect((await search('\u0001')).total).toBe(0);
  });

  it("lists one piece of equipment's orders, and with open=true the unfinished ones", async () => {
    const piece = (code: string) =>
      t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/equipment`, {
        token: manager,
        body: { name: `过滤测试泵${code}`, code },
      });
    const [pump, fan] = [await piece('WO-EQ-1'), await piece('WO-EQ-2')];
    // The list's 设备 filter reads the ledger under 工单管理's menu; another project's admin gets nothing.
    const options = await t.ok<{ id: number; name: string; code: string }[]>(
      'GET',
      `/iot/groups/${projectId}/workOrders/equipmentOptions`,
      { token: operator },
    );
    expect(options.filter((o) => o.code.startsWith('WO-EQ-'))).toEqual([
      { id: pump.id, name: '过滤测试泵WO-EQ-1', code: 'WO-EQ-1', groupName: null },
      { id: fan.id, name: '过滤测试泵WO-EQ-2', code: 'WO-EQ-2', groupName: null },
    ]);
    expect(
      (await t.request('GET', `/iot/groups/${projectId}/workOrders/equipmentOptions`, { token: foreigner }))
        .status,
    ).toBe(403);
    const order = (title: string, equipmentId: number) =>
      t.ok<WorkOrder>('POST', `/iot/groups/${projectId}/workOrders`, {
        token: manager,
        body: { title, type: 2, equipmentId, assigneeIds: [ids.operator] },
      });
    const first = await order('泵体异响检查', pump.id);
    const second = await order('机封更换', pump.id);
    await order('风机皮带张紧', fan.id);
    // The first one is cancelled by its creator: finished, no longer open.
    expect((await act(manager, first.id, 'cancel')).status).toBe(200);
    const list = (q: string) =>
      t.ok<{ list: WorkOrder[]; total: number }>('GET', `/iot/groups/${projectId}/workOrders?${q}`, {
        token: operator,
      });
    const all = await list(`equipmentId=${pump.id}`);
    expect(all.list.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(all.list.every((o) => o.equipmentId === pump.id)).toBe(true);
    expect(all.total).toBe(2);
    expect((await list(`equipmentId=${pump.id}&open=true`)).list.map((o) => o.id)).toEqual([second.id]);
    expect((await list(`equipmentId=${fan.id}&keyword=机封`)).total).toBe(0);
    expect((await list('equipmentId=999999')).total).toBe(0);
    const bad = await t.request('GET', `/iot/groups/${projectId}/workOrders?equipmentId=abc`, {
      token: operator,
    });
    expect(bad.status).toBe(400);
    // Another project asking for this project's piece through its own id sees none of its orders.
    const theirs = await t.ok<{ total: number }>(
      'GET',
      `/iot/groups/${foreignProject}/workOrders?equipmentId=${pump.id}`,
      { token: foreigner },
    );
    expect(theirs.total).toBe(0);
  });

  it('gives another project nothing', async () => {
    const id = await orderIn('6');
    expect((await t.request('GET', `/iot/groups/${projectId}/workOrders`, { token: foreigner })).status).toBe(
      403,
    );
    expect(
      (await t.request('GET', `/iot/groups/${projectId}/workOrders/${id}`, { token: foreigner })).status,
    ).toBe(403);
    expect((await act(foreigner, id, 'cancel')).status).toBe(403);
    // Through its own project the order does not exist.
    const own = await t.request('GET', `/iot/groups/${foreignProject}/workOrders/${id}`, {
      token: foreigner,
    });
    expect(own.status).toBe(404);
    expect((await act(foreigner, id, 'cancel', { note: '' }, foreignProject)).status).toBe(404);
    const theirs = await t.ok<{ total: number }>('GET', `/iot/groups/${foreignProject}/workOrders`, {
      token: foreigner,
    });
    expect(theirs.total).toBe(0);
  });
});

describe('audit through 我的审批', () => {
  it('puts an order needing audit into the audit list; approving or rejecting either way moves the order', async () => {
    const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
      token: manager,
      body: { name: '工单审核员', functions: [{ code: 'router-maintenanceTaskList', permission: 5 }] },
    });
    await t.ok('POST', `/iot/groups/${projectId}/users`, {
      token: manager,
      body: { username: 'wo-auditor', realname: '工单审核员', password: 'Passw0rd!', roleId: role.id },
    });
    const auditor = (await t.login('wo-auditor', 'Passw0rd!')).access;
    const create = (title: string) =>
      t.ok<WorkOrderDetail>('POST', `/iot/groups/${projectId}/workOrders`, {
        token: manager,
        body: { title, type: 2, needsAudit: true },
      });
    const first = await create('更换提升泵机械密封');
    expect(first.status).toBe(1);
    const pending = await t.ok<{ list: AuditRecord[] }>(
      'GET',
      '/iot/projects/auditRecordNoAuth?tab=pending',
      {
        token: auditor,
      },
    );
    const record = pending.list.find(
      (r) => r.auditType === AuditType.WORK_ORDER && r.relationId === first.id,
    )!;
    expect(record).toMatchObject({ canAudit: true, auditStatus: 0 });
    expect(record.content).toContain('更换提升泵机械密封');
    await t.ok('PUT', `/iot/projects/auditRecordNoAuth/${record.id}/approve`, { token: auditor });
    const approved = await detail(manager, first.id);
    expect(approved.status).toBe(2);
    expect(approved.timeline.at(-1)).toMatchObject({ action: 'auditPass', fromStatus: 1, toStatus: 2 });
    // Through the order's own route: the submitter may not audit it, the auditor may.
    const second = await create('新增巡检点');
    const own = await act(manager, second.id, 'auditPass');
    expect(own.body.message).toBe(AuditMessages.OWN_SUBMISSION);
    const rejected = await act(auditor, second.id, 'auditReject', { note: '与现有巡检重复' });
    expect(rejected.body.data).toMatchObject({ status: 8, statusName: '未通过' });
    expect(rejected.body.data.timeline.at(-1)).toMatchObject({
      action: 'auditReject',
      note: '与现有巡检重复',
    });
    const done = await t.ok<{ list: AuditRecord[] }>('GET', '/iot/projects/auditRecordNoAuth?tab=done', {
      token: auditor,
    });
    expect(done.list.find((r) => r.relationId === second.id && r.auditType === 2)).toMatchObject({
      auditStatus: 2,
      reason: '与现有巡检重复',
    });
  });
});

describe('from a warning in one click', () => {
  it('carries the warning and shows when it is released; a second click makes no second order', async () => {
    const gw = await createGateway(t, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
    const startedAt = Date.now() - 10 * 60_000;
    const { id: warningId } = await t.server.platform.db
      .insertInto('warnings')
      .values({
        project_id: projectId,
        gateway_id: gw.id,
        gateway_indicator_id: gw.indicators.cod!,
        rule_id: null,
        kind: 'high',
        level: 1,
        value: '123.4',
        threshold: '100',
        started_at: startedAt,
        released_at: null,
        release_value: null,
        handle_status: 'unhandled',
        handled_by: null,
        handled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/iot/groups/${projectId}/workOrders/fromWarning/${warningId}`;
    const order = await t.ok<WorkOrderDetail>('POST', url, { token: manager, body: {} });
    expect(order).toMatchObject({ source: 'warning', sourceId: warningId, type: 2, status: 2 });
    expect(order.warning).toMatchObject({
      warningId,
      gatewayId: gw.id,
      gatewayIndicatorId: gw.indicators.cod,
      value: '123.4',
      threshold: '100',
      startedAt,
      releasedAt: null,
    });
    const { alias } = await t.server.platform.db
      .selectFrom('gateways')
      .select('alias')
      .where('id', '=', gw.id)
      .executeTakeFirstOrThrow();
    expect(order.title).toContain(alias);
    expect(order.description).toContain('数值 123.4，阈值 100');
    const again = await t.request('POST', url, { token: manager, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该预警已生成工单');
    const foreign = await t.request(
      'POST',
      `/iot/groups/${foreignProject}/workOrders/fromWarning/${warningId}`,
      {
        token: foreigner,
        body: {},
      },
    );
    expect(foreign.body.message).toBe('预警不存在');
    const releasedAt = Date.now();
    await t.server.platform.db
      .updateTable('warnings')
      .set({ released_at: releasedAt, release_value: '80' })
      .where('id', '=', warningId)
      .execute();
    expect((await detail(operator, order.id)).warning!.releasedAt).toBe(releasedAt);
  });
});

describe('the overdue job', () => {
  it('marks each order past due once, with two runs at once, and tells the assignee', async () => {
    const due = Date.now() - HOUR;
    const orders = await Promise.all(
      Array.from({ length: 12 }, () => orderIn('6', { assignees: [ids.operator!], dueAt: due })),
    );
    const counts = await Promise.all([t.server.workOrders.markOverdue(), t.server.workOrders.markOverdue()]);
    expect(counts[0]! + counts[1]!).toBe(12);
    expect(await t.server.workOrders.markOverdue()).toBe(0);
    const events = await t.server.platform.db
      .selectFrom('work_order_events')
      .select(['work_order_id'])
      .where('action', '=', 'overdue')
      .where('work_order_id', 'in', orders)
      .execute();
    expect(events.map((e) => e.work_order_id).sort((a, b) => a - b)).toEqual(
      [...orders].sort((a, b) => a - b),
    );
    // Reassigned and started again, it is not marked a second time.
    await act(operator, orders[0]!, 'start');
    expect(await t.server.workOrders.markOverdue()).toBe(0);
    await t.server.messages.drain();
    const messages = await t.server.platform.db
      .selectFrom('messages')
      .select(['user_id', 'relation_id', 'type', 'title'])
      .where('relation_id', 'in', orders)
      .where('type', '=', 'maintenance')
      .execute();
    expect(messages).toHaveLength(12);
    expect(new Set(messages.map((m) => m.user_id))).toEqual(new Set([ids.operator]));
    expect(messages[0]!.title).toContain('工单');
  });

  it('marks pool orders overdue too, tells their creator, and lets a manager give them to someone (0059)', async () => {
    const due = Date.now() - HOUR;
    const operatorMade = await orderIn('4', { creator: ids.operator!, assignees: [], dueAt: due });
    const managerMade = await orderIn('2', { assignees: [], dueAt: due });
    expect(await t.server.workOrders.markOverdue()).toBeGreaterThanOrEqual(2);
    expect(stateOf(await detail(manager, operatorMade))).toBe('13');
    expect(stateOf(await detail(manager, managerMade))).toBe('13');
    await t.server.messages.drain();
    const told = await t.server.platform.db
      .selectFrom('messages')
      .select(['user_id', 'relation_id'])
      .where('relation_id', 'in', [operatorMade, managerMade])
      .where('type', '=', 'maintenance')
      .orderBy('relation_id')
      .execute();
    expect(told).toEqual([
      { user_id: ids.operator, relation_id: operatorMade },
      { user_id: ids.manager, relation_id: managerMade },
    ]);
    // Nobody is assigned: the operator can neither start nor claim it; a manager allocates it.
    expect((await act(operator, operatorMade, 'start')).status).toBe(403);
    expect((await act(operator, operatorMade, 'claim')).status).toBe(409);
    const allocated = await act(manager, operatorMade, 'allocate');
    expect(allocated.body.data).toMatchObject({ status: 6, assignees: [{ id: ids.operator }] });
    // Once late is enough: it is not marked again.
    expect(await t.server.workOrders.markOverdue()).toBe(0);
  });
});
