// Work-order scale benchmark (issue 13): a project with 2,000 pieces of equipment and 100,000 work
// orders (with their assignees and timelines); the work-order list GET /iot/groups/{id}/workOrders
// with several filter combinations, 维保记录 and 维保统计. Target: the list with filters ≤ 100 ms p95
// on both databases. Prints figures and the ratio to the target; never fails on slowness.
//
// The server runs in this process (buildApp from apps/server/dist, so `npm run build` first) on a
// fresh SQLite data directory, then on a fresh schema of BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test; skipped when it does not answer). The orders are written
// in bulk straight into the database (1,000 rows a statement) with the server's own connection, then
// PostgreSQL is VACUUM ANALYZEd (autovacuum would do it soon after such a load; SQLite keeps no statistics
// unless asked, and the server never asks). Requests are sequential (c=1) from Node's fetch with
// keep-alive, BENCH_REQUESTS (default 100; the statistics 20) per route after 10 warm-up ones, as the demo project's
// administrator. BENCH_ORDERS (default 100,000) and BENCH_EQUIPMENT (default 2,000) change the size;
// BENCH_ONLY=sqlite|postgres runs one database; BENCH_KEEP=1 keeps the PostgreSQL schema (its name is
// printed) for EXPLAIN.
import { performance } from 'node:perf_hooks';
import { call, DEMO_ADMIN, describeMachine, fmt, ms, nearestRank, onBothDatabases, signIn } from './lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const EQUIPMENT = Number(process.env.BENCH_EQUIPMENT ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 10;
const ONLY = process.env.BENCH_ONLY ?? '';
const KEEP = process.env.BENCH_KEEP === '1';
const PEOPLE = 30;
const TARGET_P95_MS = 100;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic generator, so both databases get the same orders. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Statuses as a year of work leaves them: most closed, some open, a few cancelled or refused. */
const STATUS_SHARES = [
  [11, 0.62],
  [12, 0.04],
  [6, 0.08],
  [10, 0.06],
  [13, 0.05],
  [2, 0.04],
  [4, 0.03],
  [1, 0.02],
  [3, 0.01],
  [9, 0.01],
  [5, 0.02],
  [7, 0.01],
  [8, 0.01],
];
const TYPES = [1, 2, 4, 8, 1, 2, 8, 5, 9, 3];

async function main() {
  const machine = describeMachine();
  console.log(`Work-order benchmark — ${machine}`);
  console.log(
    `${fmt(ORDERS)} work orders over ${fmt(EQUIPMENT)} pieces of equipment and ${PEOPLE} assignees; ` +
      `${REQUESTS} sequential requests per route after ${WARMUP} warm-up\n`,
  );
  const results = (
    await onBothDatabases('wo', benchDatabase, {
      overrides: { tokenRateLimitPerMinute: 100_000_000 },
      only: ONLY,
      keep: KEEP,
    })
  ).map((r) => r.result);
  console.log(markdown(results, machine));
}

async function benchDatabase({ server, baseUrl: base }, label) {
  const projectId = server.seeded.demoProjectId;
  const token = (await signIn(base, DEMO_ADMIN)).access;
  const people = await createPeople(server.platform.db, base, token, projectId);
  const started = performance.now();
  const seeded = await seedOrders(server.platform.db, projectId, people, label === 'PostgreSQL');
  console.log(
    `${label}: ${fmt(ORDERS)} orders, ${fmt(seeded.assignees)} assignees and ${fmt(seeded.events)} timeline entries ` +
      `written in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  const area = await server.platform.db
    .selectFrom('groups')
    .select('id')
    .where('project_id', '=', projectId)
    .where('group_type', '=', 'area')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const orders = `/iot/groups/${projectId}/workOrders`;
  const person = people[3];
  const routes = [
    ['list, no filter', `${orders}?page=0&size=10`],
    ['list, status 待执行', `${orders}?status=6`],
    ['list, type 加药', `${orders}?type=4`],
    ['list, assignee', `${orders}?assigneeId=${person}`],
    ['list, assignee + status 已关闭', `${orders}?assigneeId=${person}&status=11`],
    ['list, 我的工单 (mine, as an assignee)', `${orders}?mine=1`, 'person'],
    ['list, area subtree', `${orders}?siteId=${area.id}`],
    ['list, last 30 days', `${orders}?startTime=${now - 30 * DAY}&stopTime=${now}`],
    [
      'list, area + type + 30 days',
      `${orders}?siteId=${area.id}&type=2&startTime=${now - 30 * DAY}&stopTime=${now}`,
    ],
    ['list, keyword (1 character)', `${orders}?keyword=${encodeURIComponent('泵')}`],
    ['list, keyword (2 characters)', `${orders}?keyword=${encodeURIComponent('格栅')}`],
    ['list, keyword (2 characters, no match)', `${orders}?keyword=${encodeURIComponent('泵阀')}`],
    ['list, keyword (2 letters)', `${orders}?keyword=gd`],
    ['list, keyword (4 characters)', `${orders}?keyword=${encodeURIComponent('格栅清理')}`],
    ['list, keyword (code, 7 characters)', `${orders}?keyword=GD00042`],
    ['list, page 100', `${orders}?page=100&size=10`],
    ['维保记录, no filter', `/iot/groups/${projectId}/maintenanceRecords?size=10`],
    [
      '维保记录, equipment + 90 days',
      `/iot/groups/${projectId}/maintenanceRecords?equipmentId=17&startTime=${now - 90 * DAY}&stopTime=${now}`,
    ],
    [
      '维保统计, last 12 months',
      `/iot/groups/${projectId}/maintenanceStatistics?startTime=${now - 365 * DAY}&stopTime=${now}`,
    ],
  ];
  const figures = [];
  const personToken = (await signIn(base, { username: 'bench-wo-3', password: 'Passw0rd!' })).access;
  for (const [name, url, who] of routes) {
    // The statistics read the whole range: fewer rounds keep the run short.
    const count = url.includes('maintenanceStatistics') ? Math.min(REQUESTS, 20) : REQUESTS;
    const run = await measure(base + url, who === 'person' ? personToken : token, count);
    figures.push({ name, ...run });
    console.log(
      `  ${name.padEnd(32)} p50 ${ms(run.p50).padStart(6)} ms  p95 ${ms(run.p95).padStart(6)} ms  ` +
        `(${fmt(run.total)} matching)  p95 / ${TARGET_P95_MS} ms = ${(run.p95 / TARGET_P95_MS).toFixed(2)}×`,
    );
  }
  console.log('');
  return { label, figures };
}

/** The assignees: project members made through the API (the demo's operator role). */
async function createPeople(db, base, token, projectId) {
  const roles = await call(base, token, 'GET', `/iot/groups/${projectId}/roles/options`);
  const role = roles.find((r) => r.builtin !== 'admin') ?? roles[0];
  const ids = [];
  for (let i = 0; i < PEOPLE; i++) {
    const username = `bench-wo-${i}`;
    await call(base, token, 'POST', `/iot/groups/${projectId}/users`, {
      username,
      realname: `运维${i + 1}`,
      password: 'Passw0rd!',
      roleId: role.id,
    });
    ids.push(
      (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
        .id,
    );
  }
  return ids;
}

/** 100,000 orders over the last year, their assignees and timelines, 1,000 rows a statement. */
async function seedOrders(db, projectId, people, postgres) {
  const rand = random(13);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const sites = (
    await db
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('group_type', '=', 'site')
      .execute()
  ).map((g) => g.id);
  const creator = (
    await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DEMO_ADMIN.username)
      .executeTakeFirstOrThrow()
  ).id;
  const words = [
    '格栅清理',
    '水泵巡检',
    '加药',
    '鼓风机保养',
    '刮泥机检修',
    '仪表校准',
    '管道巡检',
    '阀门更换',
  ];
  const statusOf = () => {
    let r = rand();
    for (const [status, share] of STATUS_SHARES) {
      r -= share;
      if (r < 0) return status;
    }
    return 11;
  };
  const now = Date.now();
  let assignees = 0;
  let events = 0;
  const BATCH = 1000;
  for (let from = 0; from < ORDERS; from += BATCH) {
    const rows = [];
    const plans = [];
    for (let i = from; i < Math.min(ORDERS, from + BATCH); i++) {
      // Orders are made one after the other: creation times follow the ids, as in a real project.
      const created = now - 365 * DAY + Math.floor(((i + rand()) * 365 * DAY) / ORDERS);
      const status = statusOf();
      const due = rand() < 0.85 ? created + Math.floor((1 + rand() * 6) * DAY) : null;
      const started = [10, 11, 12, 13, 9].includes(status) ? created + Math.floor(rand() * 12 * HOUR) : null;
      const finished =
        status === 11 || status === 12 ? (started ?? created) + Math.floor((1 + rand() * 96) * HOUR) : null;
      const title = `${pick(words)}${i}`;
      rows.push({
        project_id: projectId,
        code: `GD${String(i + 1).padStart(8, '0')}`,
        title,
        type: pick(TYPES),
        priority: 1 + Math.floor(rand() * 3),
        status,
        version: 1,
        submitted_at: status === 11 ? finished : null,
        group_id: rand() < 0.95 ? pick(sites) : null,
        equipment_id: 1 + Math.floor(rand() * EQUIPMENT),
        source: rand() < 0.3 ? 'plan' : 'manual',
        source_id: null,
        description: '',
        due_at: due,
        execution: finished
          ? JSON.stringify({ result: '已处理', checklist: [], measurements: [], dosing: [] })
          : null,
        created_by: creator,
        created_at: created,
        updated_at: finished ?? started ?? created,
        overdue_at: status === 13 ? due : null,
        closed_at: status === 11 ? finished : null,
      });
      const unassigned = [1, 2, 4, 5, 8].includes(status);
      plans.push({
        people: unassigned ? [] : rand() < 0.15 ? [pick(people), pick(people)] : [pick(people)],
        created,
        started,
        finished,
        status,
      });
    }
    const ids = await db.insertInto('work_orders').values(rows).returning('id').execute();
    const assigneeRows = [];
    const eventRows = [];
    ids.forEach(({ id }, k) => {
      const plan = plans[k];
      for (const user_id of new Set(plan.people)) assigneeRows.push({ work_order_id: id, user_id });
      const event = (action, from_status, to_status, at) => ({
        work_order_id: id,
        action,
        from_status,
        to_status,
        user_id: plan.people[0] ?? creator,
        note: '',
        attachments: '[]',
        created_at: at,
      });
      eventRows.push(event('create', null, plan.people.length > 0 ? 6 : 2, plan.created));
      if (plan.started) eventRows.push(event('start', 6, 10, plan.started));
      if (plan.finished)
        eventRows.push(
          event(plan.status === 11 ? 'acceptPass' : 'submitUnresolved', 10, plan.status, plan.finished),
        );
    });
    if (assigneeRows.length > 0) await db.insertInto('work_order_assignees').values(assigneeRows).execute();
    for (let i = 0; i < eventRows.length; i += BATCH)
      await db
        .insertInto('work_order_events')
        .values(eventRows.slice(i, i + BATCH))
        .execute();
    assignees += assigneeRows.length;
    events += eventRows.length;
  }
  if (postgres) {
    const { sql } = await import('kysely');
    // What autovacuum does soon after such a load (its insert threshold): the statistics, and the
    // visibility map that lets the totals be counted from indexes alone.
    await sql`vacuum analyze`.execute(db);
  }
  return { assignees, events };
}

/** Sequential GETs; latency from sending to the whole body read. */
async function measure(url, token, count) {
  const headers = { authorization: `Bearer ${token}` };
  let total = 0;
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.json();
    const elapsed = performance.now() - t0;
    if (body.code !== 20000) throw new Error(`${url}: ${body.message}`);
    total = body.data.total ?? body.data.created ?? 0;
    return elapsed;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const latencies = [];
  for (let i = 0; i < count; i++) latencies.push(await once());
  latencies.sort((a, b) => a - b);
  return { p50: nearestRank(latencies, 50), p95: nearestRank(latencies, 95), total };
}

function markdown(results, machine) {
  const lines = ['<!-- bench-work-orders:start -->'];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ${fmt(ORDERS)} work orders, ` +
      `${fmt(EQUIPMENT)} pieces of equipment, ${REQUESTS} sequential requests per route (\`node bench/work-orders.mjs\`).\n`,
  );
  const names = results[0]?.figures.map((f) => f.name) ?? [];
  lines.push(
    `| Route (p50 / p95 ms) | ${results.map((r) => r.label).join(' | ')} | p95 / ${TARGET_P95_MS} ms (${results.map((r) => r.label).join(', ')}) |`,
  );
  lines.push(`|---|${results.map(() => '---:').join('|')}|---:|`);
  for (const name of names) {
    const cells = results.map((r) => {
      const f = r.figures.find((x) => x.name === name);
      return `${ms(f.p50)} / ${ms(f.p95)}`;
    });
    const ratios = results.map(
      (r) => `${(r.figures.find((x) => x.name === name).p95 / TARGET_P95_MS).toFixed(2)}×`,
    );
    lines.push(`| ${name} | ${cells.join(' | ')} | ${ratios.join(', ')} |`);
  }
  lines.push('<!-- bench-work-orders:end -->');
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
