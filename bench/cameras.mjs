// Camera relay benchmark (issue 15): 16 WebSocket-FLV players at once on one server node — the 4×4
// wall of 视频监控. Two layouts: 16 players on 16 cameras (16 upstream connections, one per camera)
// and 16 players on one camera (one upstream shared by all). Prints, per layout: the time from
// opening a socket to its first key frame (p50/p95/max), the frames and bytes each player received
// per second over the window (min/avg), the relay's upstream and viewer counts, the server
// process's CPU time per wall second and its event-loop delay (p99). Never fails on slowness.
//
// The server runs in this process (buildApp from apps/server/dist, so `npx tsc -b` first) on a fresh
// SQLite data directory. Cameras are HTTP-FLV; each stream is Debian's ffmpeg encoding a test
// pattern (testsrc BENCH_SIZE, default 640x360, BENCH_FPS frames/s, default 15, H.264 ultrafast +
// AAC) served by a local HTTP server like a camera or a media server — the encoders share the
// machine's cores with the server; the CPU figure is this process's (process.cpuUsage): the server
// and the source's pipes from ffmpeg, not the encoders.
// Players are `ws` clients reading the relay's binary FLV messages and counting video tags.
// BENCH_WINDOW seconds (default 10) after every player got its first frame.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  demoProject,
  describeMachine,
  fmt,
  load,
  nearestRank,
  sleep,
  sqliteStorage,
  startServer,
} from './lib.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 16);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 10);
const SIZE = process.env.BENCH_SIZE ?? '640x360';
const FPS = Number(process.env.BENCH_FPS ?? 15);

/** A local "camera": every GET starts ffmpeg on a test pattern and streams its FLV. */
async function startSource() {
  const children = new Set();
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    const child = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', `testsrc=size=${SIZE}:rate=${FPS}`],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
        ...['-g', String(FPS * 2), '-c:a', 'aac', '-b:a', '32k', '-f', 'flv', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.add(child);
    response.writeHead(200, { 'content-type': 'video/x-flv' });
    child.stdout.pipe(response);
    request.on('close', () => child.kill('SIGKILL'));
    child.on('exit', () => {
      children.delete(child);
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (name) => `http://127.0.0.1:${server.address().port}/live/${name}.flv`,
    requests: () => requests,
    async close() {
      for (const child of children) child.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One player: a WebSocket-FLV client counting video tags and bytes. */
function player(url) {
  const state = {
    opened: performance.now(),
    firstFrameMs: null,
    frames: 0,
    bytes: 0,
    ws: null,
    pending: Buffer.alloc(0),
    headerDone: false,
  };
  const ws = new WebSocket(url);
  state.ws = ws;
  ws.binaryType = 'nodebuffer';
  ws.on('message', (data) => {
    state.bytes += data.length;
    let buf = state.pending.length ? Buffer.concat([state.pending, data]) : data;
    if (!state.headerDone) {
      if (buf.length < 13) {
        state.pending = buf;
        return;
      }
      buf = buf.subarray(buf.readUInt32BE(5) + 4);
      state.headerDone = true;
    }
    while (buf.length >= 11) {
      const size = buf.readUIntBE(1, 3);
      if (buf.length < 15 + size) break;
      if ((buf[0] & 0x1f) === 9 && buf[12] !== 0) {
        state.frames++;
        if (state.firstFrameMs === null && buf[11] >> 4 === 1)
          state.firstFrameMs = performance.now() - state.opened;
      }
      buf = buf.subarray(15 + size);
    }
    state.pending = Buffer.from(buf);
  });
  ws.on('error', () => {});
  return state;
}

async function layout(ctx, source, label, cameraUrls, token) {
  const projectId = ctx.server.seeded.demoProjectId;
  const ids = [];
  for (const [i, url] of cameraUrls.entries()) {
    const response = await fetch(`${ctx.baseUrl}/iot/groups/${projectId}/cameras`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench-${label}-${i}`, aggType: 4, videoUrl: url }),
    });
    const answer = await response.json();
    if (answer.code !== 20000) throw new Error(`camera not created: ${answer.message}`);
    ids.push(answer.data.id);
  }
  const urls = [];
  for (let i = 0; i < PLAYERS; i++) {
    const id = ids[i % ids.length];
    const response = await fetch(`${ctx.baseUrl}/iot/groups/${projectId}/cameras/${id}/playUrl`, {
      headers: { authorization: `Bearer ${token}` },
    });
    urls.push(`${ctx.baseUrl.replace('http', 'ws')}${(await response.json()).data.url}`);
  }
  const before = source.requests();
  const players = urls.map(player);
  const deadline = performance.now() + 60_000;
  while (players.some((p) => p.firstFrameMs === null) && performance.now() < deadline) await sleep(50);
  const started = players.filter((p) => p.firstFrameMs !== null);
  const firsts = started.map((p) => p.firstFrameMs).sort((a, b) => a - b);

  const frames0 = players.map((p) => p.frames);
  const bytes0 = players.map((p) => p.bytes);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(WINDOW * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  loop.disable();
  const fps = players.map((p, i) => (p.frames - frames0[i]) / seconds);
  const kbps = players.map((p, i) => ((p.bytes - bytes0[i]) * 8) / 1000 / seconds);
  const stats = ctx.server.cameras.relay.stats();

  console.log(`${label}: ${PLAYERS} players on ${ids.length} camera(s)`);
  console.log(`  playing             ${started.length}/${PLAYERS}`);
  console.log(
    `  first key frame     p50 ${fmt(nearestRank(firsts, 50))} ms, p95 ${fmt(nearestRank(firsts, 95))} ms, max ${fmt(firsts.at(-1) ?? Number.NaN)} ms`,
  );
  console.log(
    `  frames/s per player min ${fmt(Math.min(...fps), 1)}, avg ${fmt(fps.reduce((a, b) => a + b, 0) / fps.length, 1)} (source ${FPS})`,
  );
  console.log(
    `  kbit/s per player   min ${fmt(Math.min(...kbps))}, avg ${fmt(kbps.reduce((a, b) => a + b, 0) / kbps.length)}; total ${fmt(kbps.reduce((a, b) => a + b, 0))}`,
  );
  console.log(
    `  relay               ${stats.channels} upstream(s), ${stats.viewers} viewers; camera requests ${source.requests() - before}`,
  );
  console.log(
    `  server CPU          ${fmt(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100, 1)}% of one core; event-loop delay p99 ${fmt(loop.percentile(99) / 1e6, 1)} ms\n`,
  );
  for (const p of players) p.ws.close();
  await sleep(6000); // the upstreams linger 5 s after their last viewer
}

async function main() {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) {
    console.log('ffmpeg is not installed (apt-get install -y ffmpeg): no camera stream to relay; skipped.');
    return;
  }
  const machine = describeMachine();
  console.log(`Camera relay benchmark — ${machine}`);
  console.log(
    `test pattern ${SIZE} @ ${FPS} fps (H.264 ultrafast + AAC), WebSocket-FLV players, ${WINDOW} s window\n`,
  );
  const ctx = await startServer(sqliteStorage('cameras'));
  const source = await startSource();
  try {
    const { DEMO_ACCOUNTS } = await load('seed.js');
    const { client } = await demoProject(ctx, { account: DEMO_ACCOUNTS.projectAdmin });
    const { token } = client;
    await layout(ctx, source, 'one camera', [source.url('shared')], token);
    await layout(
      ctx,
      source,
      'sixteen cameras',
      Array.from({ length: PLAYERS }, (_, i) => source.url(`cam${i}`)),
      token,
    );
  } finally {
    await source.close();
    await ctx.stop();
  }
}

await main();
