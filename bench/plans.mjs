// Maintenance-plan generation benchmark (issue 13): how long the generation job takes to turn a
// month of occurrences of BENCH_PLANS plans (default 1,000) into work orders, on SQLite and on
// PostgreSQL. Target: ≤ 5 s. Prints figures; never fails on slowness.
//
// The server runs in this process from apps/server/dist (npm run build first), its timers stopped
// so only the measured run generates. The plans are written straight into the demo project: each
// daily at 08:00 on one site, with a 3-item checklist and one assignee, their cursor put back 30
// days (as after a month without a server) — 30 orders each, the worst common case. The measured
// call is the job's own `plans.generate(now)`; then it runs once more and must make nothing.
// BENCH_ROUNDS rounds (default 3), each on a fresh database, alternating SQLite and PostgreSQL;
// prints best / median / worst and a Markdown block for the README (bench-plans markers).
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { describeMachine, fmt, postgresStorage, sqliteStorage, startServer } from './lib.mjs';

const PLANS = Number(process.env.BENCH_PLANS ?? 1000);
const DAYS = 30;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TARGET_SECONDS = 5;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function bench(storage) {
  const { server, stop } = await startServer(storage);
  try {
    server.platform.jobs.stop();
    await server.platform.jobs.run('maintenance plans');
    const db = server.platform.db;
    const projectId = server.seeded.demoProjectId;
    const site = await db
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('group_type', '=', 'site')
      .executeTakeFirstOrThrow();
    const operator = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo-operator')
      .executeTakeFirst();
    const now = Date.now();
    // A China midnight 30 days back: the month to generate.
    const from = Math.floor((now + 8 * HOUR) / DAY - DAYS) * DAY - 8 * HOUR;
    const checklist = JSON.stringify([
      { text: '检查电机温度', expected: '', min: 20, max: 60, unit: '℃', photoRequired: false },
      { text: '轴承无异响', expected: '正常', min: null, max: null, unit: '', photoRequired: true },
      { text: '清理格栅', expected: '', min: null, max: null, unit: '', photoRequired: false },
    ]);
    const schedule = JSON.stringify({
      unit: 'day',
      every: 1,
      weekdays: [],
      monthDays: [],
      time: '08:00',
      basis: 'schedule',
      skipWeekends: false,
    });
    for (let i = 0; i < PLANS; i += 200) {
      const rows = [];
      for (let j = i; j < Math.min(PLANS, i + 200); j++)
        rows.push({
          project_id: projectId,
          name: `压测计划${j}`,
          types: 8,
          priority: 3,
          description: '',
          schedule,
          start_at: from,
          end_at: null,
          lead_hours: 0,
          allowed_hours: 24,
          assignee_kind: operator ? 'users' : 'pool',
          assignee_user_ids: JSON.stringify(operator ? [operator.id] : []),
          assignee_role_id: null,
          checklist,
          dosing: '[]',
          needs_audit: 0,
          enabled: 1,
          generated_until: from,
          last_generated_at: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        });
      const ids = await db.insertInto('maintenance_plans').values(rows).returning('id').execute();
      await db
        .insertInto('maintenance_plan_targets')
        .values(ids.map(({ id }) => ({ plan_id: id, target_type: 'group', target_id: site.id })))
        .execute();
    }
    const started = performance.now();
    const created = await server.plans.generate(now);
    const seconds = (performance.now() - started) / 1000;
    const again = await server.plans.generate(now);
    return { label: storage.label, created, seconds, again };
  } finally {
    await stop();
  }
}

const machine = describeMachine();
const loadBefore = os.loadavg()[0];
const rounds = { SQLite: [], PostgreSQL: [] };
let pgSkipped = null;
for (let round = 0; round < ROUNDS; round++) {
  rounds.SQLite.push(await bench(sqliteStorage('plans')));
  if (pgSkipped) continue;
  const pg = await postgresStorage('plans');
  if (pg.skipped) pgSkipped = pg.skipped;
  else rounds.PostgreSQL.push(await bench(pg));
}
if (pgSkipped) console.log(`PostgreSQL: skipped (${pgSkipped})`);
const loadText = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;

const summary = Object.entries(rounds)
  .filter(([, list]) => list.length > 0)
  .map(([label, list]) => {
    const seconds = list.map((r) => r.seconds).sort((a, b) => a - b);
    return {
      label,
      created: list[0].created,
      seconds,
      median: seconds[Math.floor((seconds.length - 1) / 2)],
      again: Math.max(...list.map((r) => r.again)),
    };
  });
const spread = (r) => r.seconds.map((x) => fmt(x, 2)).join(' / ');
console.log(`\nMaintenance plans: a month (${DAYS} days) of daily occurrences for ${fmt(PLANS)} plans`);
console.log(`${machine}; ${loadText}; ${ROUNDS} round(s), each on a fresh database`);
console.log('database     orders  seconds (each round)      orders/s  second run  target');
for (const r of summary)
  console.log(
    `${r.label.padEnd(11)} ${fmt(r.created).padStart(7)}  ${spread(r).padEnd(24)}  ${fmt(r.created / r.median).padStart(8)}  ${String(r.again).padStart(10)}  ≤ ${TARGET_SECONDS} s ${r.seconds.at(-1) <= TARGET_SECONDS ? '(met)' : '(missed)'}`,
  );

const lines = ['<!-- bench-plans:start -->'];
lines.push(
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, ${loadText}; a month (${DAYS} days) of daily ` +
    `occurrences for ${fmt(PLANS)} plans, ${ROUNDS} rounds each on a fresh database (\`node bench/plans.mjs\`).\n`,
);
lines.push(
  '| Database | orders | seconds (best / median / worst) | orders/s (median) | second run | ≤ 5 s |',
);
lines.push('|---|---:|---:|---:|---:|---|');
for (const r of summary)
  lines.push(
    `| ${r.label} | ${fmt(r.created)} | ${fmt(r.seconds[0], 2)} / ${fmt(r.median, 2)} / ${fmt(r.seconds.at(-1), 2)} | ${fmt(r.created / r.median)} | ${r.again} | ${r.seconds.at(-1) <= TARGET_SECONDS ? 'met' : 'missed'} |`,
  );
lines.push('<!-- bench-plans:end -->');
console.log(`\n${lines.join('\n')}`);
process.exit(0);
