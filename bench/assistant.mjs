// Assistant benchmark (issue 14): with the built-in analyst answering, on a project of 1,000
// gateways and a year of data, (1) the time from submitting a question to its first streamed token
// (target ≤ 300 ms) and to the finished answer, and (2) the ingest rate while 20 chats stream
// continuously against the rate without them (goal ≥ 0.9×). Prints figures and ratios; never fails
// on slowness.
//
// The server runs in this process (buildApp from apps/server/dist, so `npm run build` first) on a
// fresh SQLite data directory, then on a fresh schema of BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test; skipped when it does not answer). The demo project gets,
// written in bulk with the server's own connection: BENCH_GATEWAYS gateways (default 1,000) with
// COD, 进水流量 and a run signal each; a year of hourly rollups (with their extremes' sample times)
// for BENCH_SERIES COD and as many 进水流量 series (default 100 each), three hours of minute points
// and a last value for them; BENCH_WARNINGS warnings over the year (default 50,000), 20,000 work
// orders, 1,000 pieces of equipment bound to the run signals and 5,000 malfunctions.
//
// The asker is a project user whose role has router-ai-assistant and the six categories' routes
// (view bit only); the project's chatMessagesLimit is -1. Questions go as the web sends them:
// PUT /iot/groups/{g}/chats/0/completions, multipart (content, the six systemContentTypes,
// thinking=false), each in a new chat; the text/event-stream is read as it arrives. First token:
// sending → the first `stream` event; answer: sending → the answer's `message` event.
// Sequential: BENCH_REPEATS (default 20) per question after 2 warm-up ones.
//
// Concurrency: BENCH_DEVICES MQTT devices (default 50, client id = serial number, the embedded
// broker) keep BENCH_INFLIGHT (16) QoS 1 messages of 3 points in flight; the stored rate is the
// pipeline's committed callback over BENCH_WINDOW seconds (default 5) after 2 s of warm-up.
// Windows: without streams, and with BENCH_STREAMS (default 20) clients per pause of
// BENCH_THINK_MS (ms between an answer and the client's next question, default 0,1000: 0 asks
// again as soon as the answer ends, a closed loop); the order reverses every other round over
// BENCH_ROUNDS rounds (default 8: this machine's speed drifts by ±10 % within minutes, and many
// short rounds, each compared within itself, give a median that drift moves less). AI_TOOL_SHARE
// sets the server's share as it would in production; BENCH_ONLY=sqlite|postgres runs one database.
// Devices and askers run in worker threads, so generating the load does not use the server's event
// loop; all share the machine's cores with the server.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { seed } from './assistant-data.mjs';
import {
  ADMIN,
  nearestRank as at,
  call,
  DEMO_ADMIN,
  demoProject,
  describeMachine,
  floatProfiles,
  fmt,
  median,
  ms,
  onBothDatabases,
  sleep as pause,
  signIn,
} from './lib.mjs';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1000);
const SERIES = Number(process.env.BENCH_SERIES ?? 100);
const WARNINGS = Number(process.env.BENCH_WARNINGS ?? 50_000);
const ORDERS = 20_000;
const EQUIPMENT = 1000;
const MALFUNCTIONS = 5000;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const WARMUP = 2;
const DEVICES = Number(process.env.BENCH_DEVICES ?? 50);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 16);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 8));
const STREAMS = Number(process.env.BENCH_STREAMS ?? 20);
const DEVICE_WARMUP_S = 2;
/**
 * Pauses of each streaming client between an answer and its next question, one ingest window
 * each: 0 is the closed loop (20 streams open at all times), 1000 a user who reads for a second.
 */
const THINK_MS = (process.env.BENCH_THINK_MS ?? '0,1000').split(',').map((v) => Number(v.trim()));
const paceName = (think) =>
  think === 0 ? 'streams back to back' : `streams, ${fmt(think / 1000, 1)} s between answer and question`;
const TARGET_MS = 300;
const GOAL_RATIO = 0.9;
const POINTS = 3;
const ASKER = { username: 'bench-asker', password: 'Passw0rd!' };
const CATEGORIES = ['gateway', 'warning', 'malfunction', 'workOrder', 'equipment', 'group'];
const MENUS = [
  'router-ai-assistant',
  'router-projectGateway',
  'router-warningList',
  'router-equipmentMalfunctionRecord',
  'router-maintenanceTaskList',
  'router-equipmentMonitor',
  'router-project-group',
];
const QUESTIONS = [
  '有多少网关离线',
  '哪些预警还没处理',
  '本周COD最高是多少',
  '有哪些超期工单',
  '1号提升泵现在什么状态',
  '最近7天的故障记录',
  '今年的预警有多少',
];
const HOUR = 3_600_000;

const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

const sortNum = (list) => [...list].sort((a, b) => a - b);

// ---------------------------------------------------------------------------------------------
// Main thread: the server, the data, the measurements.

async function main() {
  const machine = describeMachine();
  const loadBefore = loadAverage();
  console.log(`Assistant benchmark — ${machine}; load average ${loadBefore} (1 / 5 / 15 min)`);
  console.log(
    `${fmt(GATEWAYS)} gateways, a year of hourly rollups for ${SERIES} COD + ${SERIES} 进水流量 series, ` +
      `${fmt(WARNINGS)} warnings, ${fmt(ORDERS)} work orders, ${fmt(EQUIPMENT)} pieces of equipment, ${fmt(MALFUNCTIONS)} malfunctions; ` +
      `${REPEATS} sequential questions each after ${WARMUP} warm-up; ingest ${DEVICES} devices × ${INFLIGHT} in flight, ` +
      `${WINDOW} s windows, ${ROUNDS} rounds without / with ${STREAMS} streams\n`,
  );
  const results = (
    await onBothDatabases('ai', benchDatabase, {
      overrides: {
        tokenRateLimitPerMinute: 100_000_000,
        ...(process.env.AI_TOOL_SHARE ? { aiToolSharePercent: Number(process.env.AI_TOOL_SHARE) } : {}),
      },
      only: process.env.BENCH_ONLY ?? '',
    })
  ).map((r) => r.result);
  console.log(markdown(results, machine, loadBefore, loadAverage()));
}

async function benchDatabase(ctx, label) {
  const { server, baseUrl: base } = ctx;
  const projectId = server.seeded.demoProjectId;
  const system = (await signIn(base, ADMIN)).access;
  await call(base, system, 'PUT', `/iot/projects/${projectId}/terms`, {
    chatMessagesLimit: -1,
    accessGatewayIndicatorMaxNum: -1,
  });
  const started = performance.now();
  const seeded = await seed(server.platform.db, projectId, label === 'PostgreSQL', {
    gateways: GATEWAYS,
    series: SERIES,
    warnings: WARNINGS,
    orders: ORDERS,
    equipment: EQUIPMENT,
    malfunctions: MALFUNCTIONS,
  });
  console.log(
    `${label}: seeded in ${fmt((performance.now() - started) / 1000, 1)} s — ${fmt(seeded.rollups)} hourly rollups, ` +
      `${fmt(seeded.raw)} raw points, ${fmt(seeded.warnings)} warnings`,
  );
  // What a server running for a while has already done: mark the seeded orders past due 已逾期.
  // Left to its timer, this catch-up of a thousand orders lands inside a measured window.
  await server.platform.jobs.run('work orders overdue');
  const token = await asker(base, projectId);

  // (1) First token, one question at a time.
  const sequential = await runAskers({ base, token, projectId, mode: 'sequential' });
  const perQuestion = QUESTIONS.map((q) => {
    const runs = sequential.runs.filter((r) => r.question === q);
    return {
      question: q,
      first: sortNum(runs.map((r) => r.first)),
      answer: sortNum(runs.map((r) => r.answer)),
      excerpt: sequential.excerpts[q] ?? '',
    };
  });
  const allFirst = sortNum(sequential.runs.map((r) => r.first));
  const allAnswer = sortNum(sequential.runs.map((r) => r.answer));
  for (const q of perQuestion)
    console.log(
      `  ${q.question.padEnd(14, '　')} first token p50 ${ms(at(q.first, 50)).padStart(5)} ms  p95 ${ms(at(q.first, 95)).padStart(5)} ms  ` +
        `answer p50 ${ms(at(q.answer, 50)).padStart(5)} ms  p95 / ${TARGET_MS} ms = ${(at(q.first, 95) / TARGET_MS).toFixed(2)}×  «${q.excerpt}»`,
    );
  console.log(
    `  all questions: first token p50 ${ms(at(allFirst, 50))} ms, p95 ${ms(at(allFirst, 95))} ms ` +
      `(${(at(allFirst, 95) / TARGET_MS).toFixed(2)}× of ${TARGET_MS} ms); answer p50 ${ms(at(allAnswer, 50))} ms, p95 ${ms(at(allAnswer, 95))} ms` +
      `${sequential.failed ? `; ${sequential.failed} FAILED` : ''}`,
  );

  // (2) Ingest with and without streams.
  const devices = await provisionDevices(ctx);
  let committed = 0;
  server.telemetry.ingest.onStored((_device, points) => {
    committed += points.length;
  });
  const mqttUrl = `mqtt://127.0.0.1:${server.telemetry.mqttPort}`;
  let phase = 0;
  // The devices connect before any stream starts (under a saturated event loop 50 connections
  // took over 10 s, past mqtt.js's connect timeout), then publish from `go` until `stop`.
  const ingestWindow = async (before = async () => {}) => {
    const devicesRun = startDevices(devices, mqttUrl, phase++);
    await devicesRun.connected;
    const after = await before();
    devicesRun.go();
    await pause(DEVICE_WARMUP_S * 1000);
    const c0 = committed;
    const t0 = performance.now();
    // How busy each thread's event loop was over the window: the server (this thread), the devices
    // and the askers share the machine's cores, so a busy load generator shows here.
    const loops = [
      ['server', (since) => performance.eventLoopUtilization(since)],
      ['devices', devicesRun.elu],
      ...(after?.elu ? [['askers', after.elu]] : []),
    ].map(([name, elu]) => ({ name, elu, start: elu() }));
    await pause(WINDOW * 1000);
    const rate = (committed - c0) / ((performance.now() - t0) / 1000);
    const busy = loops.map(
      ({ name, elu, start }) => `${name} ${(elu(start).utilization * 100).toFixed(0)} %`,
    );
    const result = await devicesRun.stop();
    connectSeconds.push(result.connectSeconds);
    console.log(`    window: ${fmt(rate / POINTS)} msg/s; event loops busy ${busy.join(', ')}`);
    return { rate, after };
  };
  const connectSeconds = [];
  // Per round, the windows in turn: without streams and with each pace of the streams; the
  // order reverses every other round, so a drift of the machine's load weighs on all sides alike.
  const sides = ['without', ...THINK_MS];
  const without = [];
  const paces = THINK_MS.map((think) => ({
    think,
    rates: [],
    ratios: [],
    firsts: [],
    busy: 0,
    failed: 0,
    answered: 0,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const rates = {};
    for (const side of order) {
      if (side === 'without') {
        rates.without = (await ingestWindow()).rate;
        continue;
      }
      const pace = paces.find((p) => p.think === side);
      const { rate, after: result } = await ingestWindow(async () => {
        const streams = startConcurrentAskers({ base, token, projectId, think: side });
        await streams.ready;
        return streams;
      }).then(async ({ rate, after }) => ({ rate, after: await after.stop() }));
      // The answers the askers left behind are written to their end (a dropped socket does not stop
      // one); the next window starts once they are, so it measures its own askers only.
      await server.assistant.drain();
      rates[side] = rate;
      pace.rates.push(rate);
      pace.firsts.push(...result.runs.map((r) => r.first));
      pace.busy += result.busy;
      pace.failed += result.failed;
      pace.answered += result.answered / result.seconds;
    }
    without.push(rates.without);
    for (const pace of paces) pace.ratios.push(rates[pace.think] / rates.without);
    console.log(
      `  round ${round + 1}: ${fmt(rates.without / POINTS)} msg/s without streams; ` +
        paces
          .map(
            (p) =>
              `${fmt(rates[p.think] / POINTS)} msg/s with ${STREAMS} ${paceName(p.think)} (${p.ratios.at(-1).toFixed(2)}×)`,
          )
          .join('; ') +
        `; devices connected in ${connectSeconds
          .slice(-sides.length)
          .map((c) => fmt(c, 1))
          .join(' / ')} s`,
    );
  }
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  const concurrency = {
    without: mean(without) / POINTS,
    paces: paces.map((p) => {
      const firsts = sortNum(p.firsts);
      return {
        think: p.think,
        with: mean(p.rates) / POINTS,
        ratio: mean(p.rates) / mean(without),
        spread: [Math.min(...p.ratios), Math.max(...p.ratios)],
        median: median(p.ratios),
        p50: at(firsts, 50),
        p95: at(firsts, 95),
        answersPerSecond: p.answered / ROUNDS,
        busy: p.busy,
        failed: p.failed,
      };
    }),
  };
  for (const c of concurrency.paces)
    console.log(
      `  ingest with ${STREAMS} ${paceName(c.think)}: ${fmt(c.with)} msg/s against ${fmt(concurrency.without)} msg/s without ` +
        `(${c.ratio.toFixed(2)}×, rounds ${c.spread.map((r) => r.toFixed(2)).join('–')}×, median round ${c.median.toFixed(2)}×; goal ≥ ${GOAL_RATIO}×); ` +
        `streams: ${fmt(c.answersPerSecond, 1)} answers/s, first token p50 ${ms(c.p50)} ms, p95 ${ms(c.p95)} ms` +
        `${c.busy ? `, ${c.busy} answered busy (50000)` : ''}${c.failed ? `, ${c.failed} FAILED` : ''}`,
    );
  console.log('');
  return { label, seeded, perQuestion, allFirst, allAnswer, concurrency };
}

/** A project user whose role has the assistant and the six categories' routes, view bit only. */
async function asker(base, projectId) {
  const admin = (await signIn(base, DEMO_ADMIN)).access;
  const role = await call(base, admin, 'POST', `/iot/groups/${projectId}/roles`, {
    name: 'AI助手压测',
    description: '',
    functions: MENUS.map((code) => ({ code, permission: 1 })),
  });
  await call(base, admin, 'POST', `/iot/groups/${projectId}/users`, {
    username: ASKER.username,
    realname: '助手压测',
    password: ASKER.password,
    roleId: role.id,
  });
  return (await signIn(base, ASKER)).access;
}

/** The ingest devices: gateways of the demo project with 3 float indicators, provisioned over the API. */
async function provisionDevices(ctx) {
  const { provision } = await demoProject(ctx);
  const devices = await provision(
    Array.from({ length: DEVICES }, (_, i) => ({ alias: `ingest-${i}`, protocol: 'native' })),
    floatProfiles(POINTS, 'ai-bench'),
  );
  return devices.map((d) => ({ serialNumber: d.serialNumber, secret: d.secret }));
}

/** The devices in a worker: `connected` once all are connected, publishing until `stop`. */
function startDevices(devices, mqttUrl, phase) {
  const worker = new Worker(fileURLToPath(import.meta.url), {
    workerData: { role: 'devices', devices, mqttUrl, inflight: INFLIGHT, phase },
  });
  let connectedResolve;
  let doneResolve;
  let failure;
  const connected = new Promise((resolve) => {
    connectedResolve = resolve;
  });
  const done = new Promise((resolve) => {
    doneResolve = resolve;
  });
  worker.on('message', (m) => {
    if (m.type === 'connected') connectedResolve();
    if (m.type === 'done') doneResolve(m.result);
  });
  worker.once('error', (error) => {
    failure = error;
    connectedResolve();
    doneResolve();
  });
  return {
    connected,
    elu: (since) => worker.performance.eventLoopUtilization(since),
    go: () => worker.postMessage('go'),
    async stop() {
      worker.postMessage('stop');
      const result = await done;
      // Its idle keep-alive sockets and message port would keep the process alive.
      await worker.terminate();
      if (failure) throw failure;
      return result;
    },
  };
}

/** The sequential askers, to their end. */
function runAskers(data) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { role: 'askers', ...data } });
    worker.on('message', (m) => {
      if (m.type !== 'done') return;
      resolve(m.result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** STREAMS closed-loop askers: `ready` once every one has had an answer; `stop` answers their figures. */
function startConcurrentAskers(data) {
  const worker = new Worker(fileURLToPath(import.meta.url), {
    workerData: { role: 'askers', ...data, mode: 'concurrent', clients: STREAMS },
  });
  let readyResolve;
  let doneResolve;
  let failure;
  const ready = new Promise((resolve) => {
    readyResolve = resolve;
  });
  const done = new Promise((resolve) => {
    doneResolve = resolve;
  });
  worker.on('message', (m) => {
    if (m.type === 'ready') readyResolve();
    if (m.type === 'done') doneResolve(m.result);
  });
  worker.once('error', (error) => {
    failure = error;
    readyResolve();
    doneResolve();
  });
  return {
    ready,
    elu: (since) => worker.performance.eventLoopUtilization(since),
    async stop() {
      worker.postMessage('stop');
      const result = await done;
      // Its idle keep-alive sockets and message port would keep the process alive.
      await worker.terminate();
      if (failure) throw failure;
      return result;
    },
  };
}

function markdown(results, machine, loadBefore, loadAfter) {
  const lines = ['<!-- bench-assistant:start -->'];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, load average ${loadBefore} before and ${loadAfter} after (1 / 5 / 15 min); ` +
      `built-in analyst; ${fmt(GATEWAYS)} gateways, a year of hourly rollups for ${SERIES * 2} series, ${fmt(WARNINGS)} warnings, ` +
      `${fmt(ORDERS)} work orders, ${fmt(EQUIPMENT)} pieces of equipment, ${fmt(MALFUNCTIONS)} malfunctions; ${REPEATS} sequential questions each, ` +
      `each in a new chat (\`node bench/assistant.mjs\`).\n`,
  );
  const labels = results.map((r) => r.label);
  lines.push(
    `| Question: first token p50 / p95 ms (answer p50) | ${labels.join(' | ')} | p95 / ${TARGET_MS} ms (${labels.join(', ')}) |`,
  );
  lines.push(`|---|${results.map(() => '---:').join('|')}|---:|`);
  const row = (name, pick) => {
    const cells = results.map((r) => {
      const { first, answer } = pick(r);
      return `${ms(at(first, 50))} / ${ms(at(first, 95))} (${ms(at(answer, 50))})`;
    });
    const ratios = results.map((r) => `${(at(pick(r).first, 95) / TARGET_MS).toFixed(2)}×`);
    lines.push(`| ${name} | ${cells.join(' | ')} | ${ratios.join(', ')} |`);
  };
  for (const q of QUESTIONS)
    row(q, (r) => {
      const f = r.perQuestion.find((x) => x.question === q);
      return { first: f.first, answer: f.answer };
    });
  row('**all questions**', (r) => ({ first: r.allFirst, answer: r.allAnswer }));
  lines.push('');
  lines.push(
    `| Ingest, ${DEVICES} devices × ${INFLIGHT} QoS 1 in flight, ${WINDOW} s × ${ROUNDS} rounds | without streams | with ${STREAMS} streams | with / without (rounds) | streams: answers/s, first token p50 / p95 |`,
  );
  lines.push('|---|---:|---:|---:|---:|');
  for (const r of results)
    for (const c of r.concurrency.paces)
      lines.push(
        `| ${r.label}, ${paceName(c.think)} | ${fmt(r.concurrency.without)} msg/s | ${fmt(c.with)} msg/s | ${c.ratio.toFixed(2)}× (${c.spread.map((x) => x.toFixed(2)).join('–')}×; median ${c.median.toFixed(2)}×) | ` +
          `${fmt(c.answersPerSecond, 1)}/s, ${ms(c.p50)} / ${ms(c.p95)} ms${c.busy ? `, ${c.busy} busy` : ''}${c.failed ? `, ${c.failed} failed` : ''} |`,
      );
  lines.push('<!-- bench-assistant:end -->');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Workers.

/**
 * Asks one question in a new chat and reads its event stream. Answers the times from sending to
 * the first `stream` event and to the answer's `message`, the answer's text, or `busy`.
 */
async function ask(base, token, projectId, question) {
  const form = new FormData();
  form.append('content', question);
  for (const c of CATEGORIES) form.append('systemContentTypes', c);
  form.append('thinking', 'false');
  const t0 = performance.now();
  const response = await fetch(`${base}/iot/groups/${projectId}/chats/0/completions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    const body = await response.json();
    if (body.code === 50000) return { busy: true };
    throw new Error(`${question}: ${response.status} ${body.code} ${body.message}`);
  }
  let first = Number.NaN;
  let answer = Number.NaN;
  let text = '';
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (!data) continue;
      const event = JSON.parse(data);
      if (event.type === 'error') throw new Error(`${question}: error event ${event.data.content}`);
      if (event.type === 'stream' && Number.isNaN(first)) first = performance.now() - t0;
      if (event.type === 'message' && event.data.role === 'assistant') {
        answer = performance.now() - t0;
        text = event.data.content;
      }
    }
  }
  if (Number.isNaN(answer)) throw new Error(`${question}: the stream ended without the answer`);
  // An answer short enough to come in one piece still has its stream event first.
  if (Number.isNaN(first)) first = answer;
  return { first, answer, text };
}

async function askersWorker() {
  const { base, token, projectId, mode, clients, think = 0 } = workerData;
  if (mode === 'sequential') {
    const runs = [];
    const excerpts = {};
    let failed = 0;
    for (const question of QUESTIONS) {
      for (let i = 0; i < WARMUP + REPEATS; i++) {
        try {
          const r = await ask(base, token, projectId, question);
          if (r.busy) throw new Error('busy');
          if (i === 0) excerpts[question] = r.text.replace(/\s+/g, ' ').slice(0, 40);
          if (i >= WARMUP) runs.push({ question, first: r.first, answer: r.answer });
        } catch (error) {
          failed += 1;
          if (failed === 1) console.error(error);
        }
      }
    }
    parentPort.postMessage({ type: 'done', result: { runs, excerpts, failed } });
    return;
  }
  let stop = false;
  parentPort.on('message', (m) => {
    if (m === 'stop') stop = true;
  });
  const runs = [];
  let busy = 0;
  let failed = 0;
  let answered = 0;
  let warmed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let n = client;
      let first = true;
      // Paced clients start spread over one pause, so their questions do not come in bursts.
      if (think > 0) await pause((client * think) / clients);
      while (!stop) {
        const question = QUESTIONS[n++ % QUESTIONS.length];
        try {
          const r = await ask(base, token, projectId, question);
          if (r.busy) {
            busy += 1;
            await pause(50);
          } else {
            answered += 1;
            runs.push({ question, first: r.first });
          }
        } catch (error) {
          failed += 1;
          if (failed === 1) console.error(error);
          await pause(50);
        }
        if (first) {
          first = false;
          if (++warmed === clients) parentPort.postMessage({ type: 'ready' });
        }
        if (think > 0 && !stop) await pause(think);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  parentPort.postMessage({ type: 'done', result: { runs, busy, failed, answered, seconds } });
}

/** The devices; each keeps `inflight` QoS 1 publishes of {ts, values} going until told to stop. */
async function devicesWorker() {
  const { default: mqtt } = await import('mqtt');
  const { devices, mqttUrl, inflight, phase } = workerData;
  let stop = false;
  let go;
  const going = new Promise((resolve) => {
    go = resolve;
  });
  parentPort.on('message', (m) => {
    if (m === 'stop') stop = true;
    if (m === 'go') go();
  });
  const connecting = performance.now();
  const clients = await Promise.all(
    devices.map((d) =>
      // The client id is the serial number: the embedded broker takes only ids that belong to the credential.
      mqtt.connectAsync(mqttUrl, {
        clientId: d.serialNumber,
        username: d.serialNumber,
        password: d.secret,
        reconnectPeriod: 0,
      }),
    ),
  );
  const connectSeconds = (performance.now() - connecting) / 1000;
  parentPort.postMessage({ type: 'connected' });
  await going;
  let acked = 0;
  const started = performance.now();
  // Each window writes its own stretch of time (5 minutes of millisecond steps), so no point repeats.
  const base = Date.now() - 3 * HOUR + phase * 300_000;
  await Promise.all(
    clients.map(async (client, index) => {
      const device = devices[index];
      let seq = 0;
      const lane = async () => {
        while (!stop) {
          const n = seq++;
          const values = { k0: n % 100, k1: (n + 1) % 100, k2: (n + 2) % 100 };
          await client.publishAsync(
            `gateways/${device.serialNumber}/telemetry`,
            JSON.stringify({ ts: base + n, values }),
            { qos: 1 },
          );
          acked += 1;
        }
      };
      await Promise.all(Array.from({ length: inflight }, lane));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync()));
  parentPort.postMessage({ type: 'done', result: { acked, seconds: elapsed, connectSeconds } });
  parentPort.close();
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else if (workerData.role === 'devices') {
  devicesWorker();
} else {
  askersWorker();
}
