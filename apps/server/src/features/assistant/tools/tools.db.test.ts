import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type TestGateway } from '../../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../../test/server.js';
import { projectWithAdmin } from '../../../test/tenants.js';
import { createBuiltinAnalyst } from '../analyst/index.js';
import type {
  AssistantTool,
  CompletionRequest,
  ProviderEvent,
  ProviderMessage,
  ToolContext,
} from '../provider.js';
import { assistantTools, toolsFor } from './index.js';

/**
 * The assistant's data tools against a real server's database (docs/decisions/0062-builtin-analyst.md):
 * the figures of a project built here, never another project's, and the built-in analyst answering
 * the questions end to end through them.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const CN = 8 * HOUR;
/** China wall time → epoch ms. */
const china = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) - CN;
/** Wednesday 2026-10-14 12:05 in China: this week began on Monday 10-12. */
const NOW = china(2026, 10, 14, 12, 5);
const FIRST = china(2026, 10, 5);

/** COD every 10 minutes: a sawtooth 20–34.5, a spike last week, a peak and a dip this week. */
const SPIKE_LAST_WEEK = { ts: china(2026, 10, 7, 10, 0), value: 120 };
const PEAK = { ts: china(2026, 10, 13, 8, 20), value: 88.5 };
/** In the open hour at the end of the range: read raw, not from a rollup. */
const DIP = { ts: china(2026, 10, 14, 12, 0), value: 3.5 };
function codSeries(): { ts: number; value: number }[] {
  const points = [];
  for (let ts = FIRST, i = 0; ts <= NOW; ts += 10 * MIN, i++) {
    const special = [SPIKE_LAST_WEEK, PEAK, DIP].find((p) => p.ts === ts);
    points.push({ ts, value: special ? special.value : 20 + (i % 30) * 0.5 });
  }
  return points;
}

let t: TestServer;
let tools: AssistantTool[];
let a: number;
let b: number;
let ctx: ToolContext;
let g1: TestGateway;
let pump: TestGateway;

async function ingest(
  gw: TestGateway,
  projectId: number,
  entries: { ts: number; values: Record<string, number> }[],
) {
  await t.server.telemetry.ingest.ingest(
    { gatewayId: gw.id, serialNumber: gw.serialNumber, projectId },
    JSON.stringify(entries),
    NOW,
  );
}

async function gateway(projectId: number, alias: string, keys: string[], status: string, groupId?: number) {
  const gw = await createGateway(
    t,
    projectId,
    keys.map((key) => ({
      key,
      type: key === 'run' ? ('integer' as const) : ('float' as const),
      decimals: 2,
    })),
  );
  await t.server.platform.db
    .updateTable('gateways')
    .set({ alias, online_status: status, ...(groupId ? { group_id: groupId } : {}) })
    .where('id', '=', gw.id)
    .execute();
  return gw;
}

async function setStatus(gw: TestGateway, status: string) {
  await t.server.platform.db
    .updateTable('gateways')
    .set({ online_status: status })
    .where('id', '=', gw.id)
    .execute();
}

async function group(projectId: number, parentId: number, name: string, type: 'area' | 'site') {
  const row = await t.server.platform.db
    .insertInto('groups')
    .values({
      parent_id: parentId,
      project_id: projectId,
      name,
      group_type: type,
      site_type: null,
      sort: 0,
      created_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function equipment(projectId: number, name: string, code: string, manual: string, run?: number) {
  const row = await t.server.platform.db
    .insertInto('equipment')
    .values({
      project_id: projectId,
      name,
      code,
      category: '泵',
      model: '',
      manufacturer: '',
      serial_number: '',
      group_id: null,
      install_date: null,
      warranty_end: null,
      rated_capacity: null,
      rated_unit: '',
      attachments: '[]',
      manual_status: manual,
      remark: '',
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (run !== undefined)
    await t.server.platform.db
      .insertInto('equipment_bindings')
      .values({ equipment_id: row.id, role: 'run', gateway_indicator_id: run })
      .execute();
  return row.id;
}

async function warning(projectId: number, gw: TestGateway, level: number, status: string, startedAt: number) {
  await t.server.platform.db
    .insertInto('warnings')
    .values({
      project_id: projectId,
      gateway_id: gw.id,
      gateway_indicator_id: gw.indicators.COD ?? null,
      rule_id: null,
      kind: 'high',
      level,
      value: '45',
      threshold: '> 40',
      started_at: startedAt,
      released_at: null,
      release_value: null,
      handle_status: status,
      handled_by: null,
      handled_at: null,
    })
    .execute();
}

async function workOrder(projectId: number, code: string, status: number, type: number, assignee?: number) {
  const row = await t.server.platform.db
    .insertInto('work_orders')
    .values({
      project_id: projectId,
      code,
      title: `工单${code}`,
      type,
      priority: 2,
      status,
      version: 1,
      submitted_at: null,
      group_id: null,
      equipment_id: null,
      source: 'manual',
      source_id: null,
      description: '',
      due_at: NOW - 2 * HOUR,
      execution: null,
      created_by: null,
      created_at: NOW - 3 * 24 * HOUR,
      updated_at: NOW,
      overdue_at: status === 13 ? NOW - HOUR : null,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (assignee)
    await t.server.platform.db
      .insertInto('work_order_assignees')
      .values({ work_order_id: row.id, user_id: assignee })
      .execute();
}

async function malfunction(
  projectId: number,
  equipmentId: number,
  startedAt: number,
  endedAt: number | null,
) {
  await t.server.platform.db
    .insertInto('malfunctions')
    .values({
      project_id: projectId,
      equipment_id: equipmentId,
      origin: 'manual',
      gateway_indicator_id: null,
      warning_id: null,
      description: '电机过热',
      photos: '[]',
      reported_by: null,
      started_at: startedAt,
      ended_at: endedAt,
      closed_by: null,
      close_note: '',
      created_at: startedAt,
    })
    .execute();
}

/** A tool's data as the tests read it: figures and named lists of records. */
type Row = Record<string, unknown>;
interface Figures extends Row {
  gateways: Row[];
  series: Row[];
  warnings: Row[];
  byLevel: Row[];
  byStatus: Row[];
  malfunctions: Row[];
  workOrders: Row[];
  equipment: Row[];
  areas: Row[];
}

const run = (name: string, args: Record<string, unknown> = {}, context = ctx) => {
  const tool = tools.find((x) => x.name === name);
  if (!tool) throw new Error(name);
  return tool.run(args, context) as Promise<{ data: Figures; source: string }>;
};

beforeAll(async () => {
  t = await startServer();
  const admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  a = (await projectWithAdmin(t, admin, '一号水厂', 'zhangsan')).projectId;
  b = (await projectWithAdmin(t, admin, '二号水厂', 'lisi')).projectId;
  const zhang = await t.server.platform.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'zhangsan')
    .executeTakeFirstOrThrow();
  ctx = { projectId: a, userId: zhang.id, now: NOW };
  tools = assistantTools({ db: t.server.platform.db });

  const area = await group(a, a, '东区', 'area');
  const site = await group(a, area, '1号泵站', 'site');
  g1 = await gateway(a, '1号池出口', ['COD'], 'online', site);
  const g2 = await gateway(a, '2号池出口', ['COD'], 'offlineNormal');
  pump = await gateway(a, '泵房', ['run'], 'offlineTimeout', site);
  const other = await gateway(b, 'B厂进口', ['COD', 'run'], 'offlineNormal');
  const db = t.server.platform.db;
  for (const gw of [g1, other])
    await db
      .updateTable('indicators')
      .set({ unit: 'mg/L' })
      .where(
        'id',
        'in',
        db.selectFrom('gateway_indicators').select('indicator_id').where('id', '=', gw.indicators.COD!),
      )
      .execute();

  await ingest(
    g1,
    a,
    codSeries().map((p) => ({ ts: p.ts, values: { COD: p.value } })),
  );
  await ingest(g2, a, [{ ts: NOW - HOUR, values: { COD: 25 } }]);
  await ingest(pump, a, [{ ts: NOW - 5 * MIN, values: { run: 1 } }]);
  await ingest(other, b, [
    { ts: china(2026, 10, 13, 9, 0), values: { COD: 999, run: 0 } },
    { ts: NOW - MIN, values: { COD: 998, run: 0 } },
  ]);
  await t.server.history.recomputeRollups();
  await setStatus(g1, 'online');
  await setStatus(g2, 'offlineNormal');
  await setStatus(pump, 'offlineTimeout');
  await setStatus(other, 'offlineNormal');

  const p1 = await equipment(a, '1号提升泵', 'P-01', 'normal', pump.indicators.run);
  await equipment(a, '2号提升泵', 'P-02', 'maintenance');
  const bPump = await equipment(b, '1号提升泵', 'B-P-01', 'normal', other.indicators.run);

  await warning(a, g1, 1, 'unhandled', NOW - 2 * HOUR);
  await warning(a, g1, 2, 'handling', NOW - 26 * HOUR);
  await warning(a, g1, 2, 'handled', NOW - 50 * HOUR);
  await warning(b, other, 1, 'unhandled', NOW - HOUR);

  await malfunction(a, p1, NOW - 2 * HOUR, null);
  await malfunction(a, p1, china(2026, 10, 10, 8, 0), china(2026, 10, 10, 9, 30));
  await malfunction(b, bPump, NOW - HOUR, null);

  await workOrder(a, 'WO-1', 13, 2, zhang.id);
  await workOrder(a, 'WO-2', 6, 1);
  await workOrder(a, 'WO-3', 11, 2);
  await workOrder(b, 'WO-B', 13, 2);
});
afterAll(() => t?.close());

describe('gateway tools', () => {
  it('counts gateways by state, this project only', async () => {
    const { data, source } = await run('count_gateways', { state: 'offline' });
    expect(data).toMatchObject({
      total: 3,
      online: 1,
      offline: 2,
      offlineNormal: 1,
      offlineTimeout: 1,
      count: 2,
    });
    expect(source).toBe('网关列表（在线状态），截至 2026-10-14 12:05');
  });

  it('lists gateways by state and keyword; another project’s name finds nothing', async () => {
    const offline = await run('list_gateways', { state: 'offline' });
    expect(offline.data.gateways.map((g) => g.name)).toEqual(['2号池出口', '泵房']);
    const mine = await run('list_gateways', { keyword: '1号池' });
    expect(mine.data.gateways).toMatchObject([{ name: '1号池出口', status: '在线', site: '1号泵站' }]);
    expect((await run('list_gateways', { keyword: 'B厂' })).data.total).toBe(0);
    expect((await run('list_gateways', { limit: 1 })).data).toMatchObject({ total: 3 });
  });

  it('reads an indicator’s latest value with unit and time', async () => {
    const { data } = await run('indicator_latest', { indicator: 'COD', gateway: '1号池' });
    expect(data.series).toEqual([
      {
        gateway: '1号池出口',
        indicator: 'COD',
        key: 'COD',
        unit: 'mg/L',
        value: 3.5,
        time: '2026-10-14 12:00',
      },
    ]);
    const all = await run('indicator_latest', { indicator: 'cod' });
    expect(all.data.series.map((s) => s.gateway)).toEqual(['1号池出口', '2号池出口']);
    expect((await run('indicator_latest', { indicator: 'COD', gateway: 'B厂进口' })).data.series).toEqual([]);
  });

  it('states an indicator’s extremes over this week with their times, from rollups and raw ends', async () => {
    const week = codSeries().filter((p) => p.ts >= china(2026, 10, 12) && p.ts < NOW);
    const { data, source } = await run('indicator_statistics', {
      indicator: 'COD',
      gateway: '1号池出口',
      period: 'thisWeek',
    });
    expect(data.range).toBe('2026-10-12 00:00 至 2026-10-14 12:05');
    expect(data.series).toHaveLength(1);
    const s = data.series[0];
    expect(s).toMatchObject({
      max: 88.5,
      maxTime: '2026-10-13 08:20',
      min: 3.5,
      minTime: '2026-10-14 12:00',
      count: week.length,
    });
    expect(s?.average as number).toBeCloseTo(week.reduce((x, p) => x + p.value, 0) / week.length, 2);
    expect(source).toBe('网关指标历史数据（小时汇总与原始数据），2026-10-12 00:00 至 2026-10-14 12:05');

    const lastWeek = await run('indicator_statistics', {
      indicator: 'COD',
      gateway: '1号池',
      period: 'lastWeek',
    });
    expect(lastWeek.data.series[0]).toMatchObject({ max: 120, maxTime: '2026-10-07 10:00' });
    const span = await run('indicator_statistics', {
      indicator: 'COD',
      gateway: '1号池',
      from: '2026-10-13',
      to: '2026-10-13',
    });
    expect(span.data.series[0]).toMatchObject({ max: 88.5, count: 144 });
  });

  it('reads a late point in an hour not yet rolled up again', async () => {
    const late = china(2026, 10, 13, 15, 5);
    await ingest(g1, a, [{ ts: late, values: { COD: 90.25 } }]);
    const { data } = await run('indicator_statistics', {
      indicator: 'COD',
      gateway: '1号池',
      period: 'thisWeek',
    });
    expect(data.series[0]).toMatchObject({ max: 90.25, maxTime: '2026-10-13 15:05' });
    await t.server.platform.db
      .deleteFrom('telemetry')
      .where('gateway_indicator_id', '=', g1.indicators.COD!)
      .where('ts', '=', late)
      .execute();
    await t.server.history.recomputeRollups();
    const again = await run('indicator_statistics', {
      indicator: 'COD',
      gateway: '1号池',
      period: 'thisWeek',
    });
    expect(again.data.series[0]).toMatchObject({ max: 88.5 });
  });

  it('never reads another project’s series, even named', async () => {
    const { data } = await run('indicator_statistics', { indicator: 'COD', period: 'thisWeek' });
    expect(data.series.map((s) => s.gateway)).toEqual(['1号池出口', '2号池出口']);
    expect(JSON.stringify(data)).not.toContain('999');
    expect((await run('indicator_statistics', { indicator: 'COD', gateway: 'B厂进口' })).data.series).toEqual(
      [],
    );
  });
});

describe('warning, malfunction, work order, equipment and group tools', () => {
  it('warnings by state, level and time', async () => {
    const open = await run('list_warnings', { state: 'open' });
    expect(open.data.total).toBe(2);
    expect(open.data.warnings.map((w) => w.handleStatus)).toEqual(['未处理', '处理中']);
    expect(open.source).toBe('预警列表（未处理或处理中，按发生时间），全部时间（截至 2026-10-14 12:05）');
    const today = await run('count_warnings', { period: 'today' });
    expect(today.data.total).toBe(1);
    const all = await run('count_warnings', {});
    expect(all.data.byLevel.map((l) => l.count)).toEqual([1, 2, 0]);
    expect((await run('count_warnings', { level: 2, state: 'handled' })).data.total).toBe(1);
  });

  it('malfunctions with durations; the other project’s same-named pump is not there', async () => {
    const { data } = await run('list_malfunctions', { equipment: '1号提升泵' });
    expect(data).toMatchObject({ total: 2, open: 1, closed: 1 });
    expect(data.malfunctions[0]).toMatchObject({ equipment: '1号提升泵', ongoing: true, duration: '2小时' });
    expect(data.malfunctions[1]).toMatchObject({
      startedAt: '2026-10-10 08:00',
      endedAt: '2026-10-10 09:30',
      duration: '1小时30分钟',
    });
    expect((await run('list_malfunctions', { state: 'open' })).data.total).toBe(1);
  });

  it('work orders by status, overdue, type and assignee', async () => {
    const overdue = await run('list_work_orders', { overdue: true });
    expect(overdue.data.workOrders).toMatchObject([
      { code: 'WO-1', status: '已逾期', type: '维修', assignees: ['zhangsan'] },
    ]);
    const counted = await run('count_work_orders', {});
    expect(counted.data.total).toBe(3);
    expect((await run('count_work_orders', { open: true })).data.total).toBe(2);
    expect((await run('count_work_orders', { type: 2 })).data.total).toBe(2);
    expect((await run('list_work_orders', { assignee: 'zhang' })).data.total).toBe(1);
    expect((await run('list_work_orders', { status: 6 })).data.workOrders[0]?.code).toBe('WO-2');
  });

  it('equipment status by name and counts by status', async () => {
    const one = await run('equipment_status', { keyword: '1号提升泵' });
    expect(one.data.equipment).toHaveLength(1);
    expect(one.data.equipment[0]).toMatchObject({ name: '1号提升泵', code: 'P-01', statusName: '运行' });
    const counts = await run('equipment_status', {});
    expect(counts.data).toMatchObject({ total: 2 });
    expect(counts.data.byStatus).toEqual([
      { status: 'running', label: '运行', count: 1 },
      { status: 'maintenance', label: '检修中', count: 1 },
    ]);
  });

  it('the group tree with gateway counts', async () => {
    const { data } = await run('group_tree');
    expect(data).toMatchObject({
      project: '一号水厂',
      areaCount: 1,
      siteCount: 1,
      gatewaysTotal: 3,
      unassignedGateways: 1,
    });
    expect(data.areas[0]).toMatchObject({
      name: '东区',
      gateways: 2,
      online: 1,
      children: [{ name: '1号泵站', gateways: 2 }],
    });
  });

  it('toolsFor keeps the chosen categories only', () => {
    expect(toolsFor(tools, ['warning', 'group']).map((x) => x.name)).toEqual([
      'count_warnings',
      'list_warnings',
      'group_tree',
    ]);
  });
});

/** The chat service's loop, reduced: complete, run the calls, complete again until text only. */
async function ask(question: string, categories = tools, thinking = false, before: ProviderMessage[] = []) {
  const analyst = createBuiltinAnalyst(tools, { now: () => NOW });
  const messages: ProviderMessage[] = [...before, { role: 'user', content: question }];
  const events: ProviderEvent[] = [];
  for (let round = 0; round < 3; round++) {
    const request: CompletionRequest = {
      messages,
      tools: categories.map(({ name, description, parameters }) => ({ name, description, parameters })),
      thinking,
      signal: new AbortController().signal,
    };
    const calls = [];
    for await (const event of analyst.complete(request)) {
      events.push(event);
      if (event.type === 'toolCalls') calls.push(...event.calls);
    }
    if (calls.length === 0) break;
    messages.push({ role: 'assistant', content: '', toolCalls: calls });
    for (const call of calls) {
      const tool = categories.find((x) => x.name === call.name)!;
      const result = await tool.run(JSON.parse(call.arguments), ctx);
      messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(result) });
    }
  }
  const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
  return { text, events };
}

describe('the built-in analyst answers from the data', () => {
  it('有多少网关离线', async () => {
    const { text, events } = await ask('有多少网关离线');
    expect(text).toContain('本项目共有网关 3 个，其中离线 2 个（正常离线 1 个、超时离线 1 个），在线 1 个。');
    expect(text).toContain('来源：网关列表（在线状态），截至 2026-10-14 12:05');
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
  });

  it('本周COD最高是多少，什么时候 (with deep thinking)', async () => {
    const { text, events } = await ask('本周1号池出口的COD最高是多少，什么时候', tools, true);
    expect(events[0]).toMatchObject({ type: 'reasoning' });
    expect(text).toContain('最高 88.5 mg/L（2026-10-13 08:20）');
    expect(text).toContain('最低 3.5 mg/L（2026-10-14 12:00）');
    expect(text).toContain(
      '来源：网关指标历史数据（小时汇总与原始数据），2026-10-12 00:00 至 2026-10-14 12:05',
    );
  });

  it('哪些预警还没处理, 有哪些超期工单, 1号提升泵现在什么状态, 故障记录', async () => {
    const warnings = await ask('哪些预警还没处理');
    expect(warnings.text).toContain('截至 2026-10-14 12:05，还没处理完的预警共 2 条');
    expect(warnings.text).toContain('来源：预警列表');
    const orders = await ask('有哪些超期工单');
    expect(orders.text).toContain('已逾期的工单共 1 张');
    expect(orders.text).toContain('WO-1「工单WO-1」');
    const pumpState = await ask('1号提升泵现在什么状态');
    expect(pumpState.text).toContain('1号提升泵（P-01）：当前状态「运行」');
    const faults = await ask('故障记录');
    expect(faults.text).toContain('故障记录共 2 条（未结束 1 条、已结束 1 条）');
    expect(faults.text).toContain('历时 1小时30分钟');
    expect(faults.text).not.toContain('B-P-01');
  });

  it('a follow-up naming another time asks the previous question again; attachments are not read', async () => {
    const before: ProviderMessage[] = [
      { role: 'system', content: '你是项目的AI助手' },
      { role: 'user', content: '本周1号池出口的COD最高是多少' },
      { role: 'assistant', content: '……' },
    ];
    const { text } = await ask('那上周呢？', tools, false, before);
    expect(text).toContain('最高 120 mg/L（2026-10-07 10:00）');
    expect(text).toContain('2026-10-05 00:00 至 2026-10-12 00:00');
    const withFile = await ask(
      '有多少网关离线\n\n用户附带的文件：\n- a.txt（text/plain，10 字节）\n文件「a.txt」的内容：\n预警 工单 故障',
      tools,
    );
    expect(withFile.text).toContain('本项目共有网关 3 个');
  });

  it('refuses a category not offered, and says what it can answer', async () => {
    const onlyGateways = toolsFor(tools, ['gateway']);
    expect((await ask('哪些预警还没处理', onlyGateways)).text).toBe(
      '请先选择预警信息，或你没有查看预警的权限。',
    );
    const unknown = await ask('今天天气怎么样', onlyGateways);
    expect(unknown.text).toContain('抱歉，这个问题我还不能回答。');
    expect(unknown.text).toContain('网关信息：「有多少网关离线？」');
    expect(unknown.text).not.toContain('预警信息');
  });

  it('stops streaming when the request is aborted', async () => {
    const analyst = createBuiltinAnalyst(tools, { now: () => NOW });
    const specs = tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
    const request = (signal: AbortSignal): CompletionRequest => ({
      messages: [{ role: 'user', content: '今天天气怎么样' }],
      tools: specs,
      thinking: true,
      signal,
    });
    const gone = new AbortController();
    gone.abort();
    const none: ProviderEvent[] = [];
    for await (const event of analyst.complete(request(gone.signal))) none.push(event);
    expect(none).toEqual([]);

    const controller = new AbortController();
    const some: ProviderEvent[] = [];
    for await (const event of analyst.complete(request(controller.signal))) {
      some.push(event);
      controller.abort();
    }
    expect(some).toHaveLength(1);
    expect(some[0]?.type).toBe('text');
  });
});
