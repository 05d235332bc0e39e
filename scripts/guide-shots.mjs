/**
 * Makes the 新手引导's screenshots (docs/decisions/0067) from our own UI: starts the built server
 * with the demo data on free ports and a scratch data directory, drives Debian's Chromium through
 * the screens each guide page shows, and writes
 *   apps/web/public/guide/<id>.png            the screen (compressed with pngquant when present)
 *   apps/web/public/guide/shots.json   each shot's size and where its numbered hints point (percent)
 * Run after `npm run build`: `node scripts/guide-shots.mjs`. The hints' texts live in
 * apps/web/src/features/guide/guideSteps.ts; a unit test checks both agree in number.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from './lib.mjs';

const OUT = path.join(repoRoot, 'apps/web/public/guide');
const MANIFEST = path.join(OUT, 'shots.json');
const VIEWPORT = { width: 1280, height: 800 };
const ADMIN_PASSWORD = 'Guide@Shots2026';
const DEMO = { username: 'demo-admin', password: 'Demo@2026' };
const P = '/projects/groups/{project}';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Locators by role and name, by label, or by text; `nth` picks among several. */
function locate(page, target) {
  const scope = target.in === 'dialog' ? page.getByRole('dialog').last() : page;
  let locator;
  if (target.role)
    locator = scope.getByRole(target.role, { name: target.name, exact: target.exact ?? false });
  else if (target.label) locator = scope.getByLabel(target.label, { exact: true });
  else if (target.css) locator = scope.locator(target.css);
  else locator = scope.getByText(target.text, { exact: target.exact ?? false });
  return target.nth === 'last' ? locator.last() : locator.nth(target.nth ?? 0);
}

/**
 * The shots. `user` is 'admin' (system administrator) or 'demo' (the demo project's administrator);
 * `before` drives the page into the state shown; `hints` are where the numbered markers go, in order.
 */
const SHOTS = [
  {
    id: 'project-1',
    user: 'admin',
    path: '/system/projects',
    hints: [
      { role: 'menuitem', name: '项目管理' },
      { role: 'button', name: /新建$/ },
    ],
  },
  {
    id: 'project-2',
    user: 'admin',
    path: '/system/projects',
    before: (page) => locate(page, { role: 'button', name: /新建$/ }).click(),
    hints: [
      { in: 'dialog', label: '项目名称' },
      { in: 'dialog', label: '所属公司' },
      { in: 'dialog', role: 'button', name: '保 存' },
    ],
  },
  {
    id: 'project-3',
    user: 'demo',
    path: '/projects',
    hints: [{ role: 'menuitem', name: '我的项目' }, { text: '进入项目' }],
  },
  {
    id: 'gateway-1',
    user: 'demo',
    path: `${P}/gateways`,
    hints: [
      { role: 'menuitem', name: '网关管理' },
      { role: 'button', name: /新建$/ },
      { role: 'button', name: '导入' },
      { text: '详情', nth: 0 },
    ],
  },
  {
    id: 'gateway-2',
    user: 'demo',
    path: `${P}/gateways`,
    before: (page) => locate(page, { role: 'button', name: /新建$/ }).click(),
    hints: [
      { in: 'dialog', label: '序列号' },
      { in: 'dialog', label: '网关别名' },
      { in: 'dialog', label: '套用网关类型' },
    ],
  },
  {
    id: 'group-1',
    user: 'demo',
    path: `${P}/groups`,
    hints: [
      { role: 'menuitem', name: '分组管理' },
      { role: 'button', name: '新建区域' },
      { role: 'button', name: '新建站点' },
      { css: '.ant-tree-treenode', nth: 1 },
    ],
  },
  {
    id: 'point-1',
    user: 'demo',
    path: `${P}/indicators`,
    hints: [
      { role: 'menuitem', name: '指标配置' },
      { role: 'button', name: '新建指标' },
    ],
  },
  {
    id: 'point-2',
    user: 'demo',
    path: `${P}/indicators`,
    before: async (page) => {
      await page.getByRole('tab', { name: '接入配置' }).click();
      const select = page.getByLabel('网关', { exact: true });
      await select.click();
      await select.fill('进水泵房');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .first()
        .click({ timeout: 10000 });
      await page.waitForTimeout(1500);
    },
    hints: [
      { role: 'tab', name: '接入配置' },
      { label: '网关' },
      { role: 'tab', name: '网关指标' },
      { role: 'tab', name: 'Modbus配置' },
    ],
  },
  {
    id: 'monitor-1',
    user: 'demo',
    path: `${P}/realTimeData`,
    wait: 3000,
    hints: [
      { role: 'menuitem', name: '实时数据' },
      { css: '[data-testid=realtime-card], .ant-card', nth: 1 },
    ],
  },
  {
    id: 'monitor-2',
    user: 'demo',
    path: `${P}/historicalData`,
    hints: [
      { role: 'menuitem', name: '历史数据' },
      { role: 'button', name: '查 询' },
      { role: 'button', name: '导出' },
    ],
  },
  {
    id: 'equipment-1',
    user: 'demo',
    path: `${P}/equipment`,
    hints: [
      { role: 'menuitem', name: '设备台账' },
      { role: 'button', name: '新建设备' },
      { role: 'button', name: '导入' },
    ],
  },
  {
    id: 'equipment-2',
    user: 'demo',
    path: `${P}/equipment`,
    before: (page) => locate(page, { role: 'button', name: '新建设备' }).click(),
    hints: [
      { in: 'dialog', text: '绑定指标', exact: true },
      { in: 'dialog', role: 'button', name: '添加绑定' },
      { in: 'dialog', text: '点击上传' },
      { in: 'dialog', role: 'button', name: '保 存' },
    ],
  },
  {
    id: 'process-1',
    user: 'demo',
    path: `${P}/equipmentMonitor`,
    hints: [
      { role: 'menuitem', name: '工艺设备监控' },
      { css: '.ant-select', nth: 0 },
      { css: '.ant-statistic, .ant-card', nth: 1 },
    ],
  },
  {
    id: 'process-2',
    user: 'demo',
    path: `${P}/equipmentMonitor`,
    hints: [
      { css: '[data-testid=equipment-card]', nth: 1 },
      { css: '[data-testid=equipment-card] .ant-tag', nth: 1 },
    ],
  },
  {
    id: 'process-3',
    user: 'demo',
    path: `${P}/equipmentMonitor`,
    before: (page) => page.locator('[data-testid=equipment-card]').nth(1).click(),
    hints: [
      { css: '.ant-drawer-title', nth: 0 },
      { css: '.ant-drawer-body .ant-descriptions', nth: 0 },
      { text: '实时数据', exact: true, nth: 1 },
    ],
  },
  {
    id: 'process-4',
    user: 'demo',
    path: `${P}/remoteControl`,
    hints: [
      { role: 'menuitem', name: '远程控制' },
      { css: '.ant-card', nth: 0 },
    ],
  },
  {
    id: 'camera-1',
    user: 'demo',
    path: `${P}/video`,
    // The first demo camera plays (the demo video source, when ffmpeg is installed): show it moving.
    before: async (page) => {
      await page
        .locator('[data-testid=camera-video][data-state=playing]')
        .first()
        .waitFor({ timeout: 30_000 });
      await page.waitForTimeout(2500);
    },
    hints: [
      { role: 'menuitem', name: '视频监控' },
      { role: 'button', name: '新建' },
      { role: 'tab', name: '实时画面墙' },
    ],
  },
  {
    id: 'warning-1',
    user: 'demo',
    path: `${P}/warningSetting`,
    hints: [
      { role: 'menuitem', name: '预警设置' },
      { role: 'button', name: '新建规则' },
      { role: 'button', name: '水质模板' },
    ],
  },
  {
    id: 'warning-2',
    user: 'demo',
    path: `${P}/warningSetting`,
    before: (page) => locate(page, { role: 'button', name: '新建规则' }).click(),
    hints: [
      { in: 'dialog', label: '网关指标' },
      { in: 'dialog', label: '规则名称' },
      { in: 'dialog', css: '[data-testid=duration-input]' },
    ],
  },
  {
    id: 'permission-1',
    user: 'demo',
    path: `${P}/roles`,
    hints: [
      { role: 'menuitem', name: '角色管理' },
      { role: 'button', name: '新建角色' },
    ],
  },
  {
    id: 'permission-2',
    user: 'demo',
    path: `${P}/users`,
    hints: [
      { role: 'menuitem', name: '用户管理' },
      { role: 'button', name: '添加成员' },
      { role: 'button', name: '修改角色' },
    ],
  },
  {
    id: 'more-1',
    user: 'demo',
    path: `${P}/maintenanceTasks`,
    hints: [
      { role: 'menuitem', name: '工单管理' },
      { role: 'button', name: '新建工单' },
    ],
  },
  {
    id: 'more-2',
    user: 'demo',
    path: `${P}/inventory`,
    hints: [{ text: '库存管理暂未开放' }],
  },
  {
    id: 'more-3',
    user: 'demo',
    path: '/m',
    viewport: { width: 390, height: 800 },
    hints: [{ text: '示范污水处理项目' }, { text: '工单', exact: true }, { role: 'button', name: '电脑版' }],
  },
];

async function waitForServer(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/iot/system/info`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function login(base, { username, password }) {
  const response = await fetch(`${base}/iot/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('iot-web:iot-web').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ loginWay: 'web', grant_type: 'password', username, password }),
  });
  const body = await response.json();
  if (body.code !== 20000) throw new Error(`login ${username}: ${body.message}`);
  // The guide itself must not cover the screens it shows.
  await fetch(`${base}/iot/users/current/readGuide`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${body.access_token}` },
  });
  return body;
}

async function main() {
  const only = process.argv.slice(2);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guide-shots-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(await freePort()),
    DTU_PORT: String(await freePort()),
    DEMO_CAMERA_PORT: String(await freePort()),
    ADMIN_PASSWORD,
    DEMO: '1',
    DEMO_HISTORY_DAYS: '2',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env,
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const failures = [];
  const manifest = {};
  try {
    await waitForServer(base);
    const tokens = {
      admin: await login(base, { username: 'admin', password: ADMIN_PASSWORD }),
      demo: await login(base, DEMO),
    };
    const projects = await (
      await fetch(`${base}/iot/projects/byCurUser?page=0&size=10`, {
        headers: { authorization: `Bearer ${tokens.demo.access_token}` },
      })
    ).json();
    const project = projects.data.list[0].id;
    mkdirSync(OUT, { recursive: true });
    // Let the demo's simulated devices report a few values first.
    await new Promise((r) => setTimeout(r, 4000));
    for (const shot of SHOTS.filter((s) => only.length === 0 || only.includes(s.id))) {
      const context = await browser.newContext({
        viewport: shot.viewport ?? VIEWPORT,
        locale: 'zh-CN',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      try {
        const { access_token, refresh_token } = tokens[shot.user];
        const target = shot.path.replace('{project}', String(project));
        const join = target.includes('?') ? '&' : '?';
        await page.goto(`${base}${target}${join}accessToken=${access_token}&refreshToken=${refresh_token}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(shot.wait ?? 1200);
        // The sidebar scrolls with the page: fold the other open menu groups so the entry shows.
        const entry = shot.hints.find((hint) => hint.role === 'menuitem')?.name;
        if (entry) {
          const open = page.locator('.ant-menu-submenu-open', { hasNotText: entry });
          while ((await open.count()) > 0) {
            await open.first().locator('.ant-menu-submenu-title').first().click();
            await page.waitForTimeout(200);
          }
        }
        if (shot.before) {
          await shot.before(page);
          await page.waitForTimeout(800);
        }
        const size = shot.viewport ?? VIEWPORT;
        const markers = [];
        // Bring every target into view first (a sidebar entry far down the menu), then measure.
        for (const hint of shot.hints) await locate(page, hint).scrollIntoViewIfNeeded({ timeout: 5000 });
        await page.waitForTimeout(300);
        for (const hint of shot.hints) {
          const box = await locate(page, hint).boundingBox({ timeout: 5000 });
          if (!box || box.y + box.height / 2 > size.height || box.y + box.height / 2 < 0)
            throw new Error(`hint ${JSON.stringify(hint)} not visible`);
          // The marker sits on the element's left edge, half-way down, clamped inside the image.
          const x = Math.min(Math.max(box.x, 12), size.width - 12);
          const y = Math.min(Math.max(box.y + box.height / 2, 12), size.height - 12);
          markers.push({ x: +((x / size.width) * 100).toFixed(2), y: +((y / size.height) * 100).toFixed(2) });
        }
        const file = path.join(OUT, `${shot.id}.png`);
        await page.screenshot({ path: file });
        try {
          execFileSync('pngquant', ['--force', '--quality', '55-85', '--speed', '3', '--output', file, file]);
        } catch {
          console.warn('pngquant not available or failed: the PNG is kept uncompressed');
        }
        manifest[shot.id] = { width: size.width, height: size.height, markers };
        console.log(`shot ${shot.id}: ${markers.length} hints`);
      } catch (error) {
        failures.push(`${shot.id}: ${error.message.split('\n')[0]}`);
        await page.screenshot({ path: path.join(tmpdir(), `guide-failed-${shot.id}.png`) }).catch(() => {});
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  // A run for some ids keeps the others' entries.
  const previous = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) : {};
  const all = Object.fromEntries(
    Object.entries({ ...previous, ...manifest }).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(MANIFEST, `${JSON.stringify(all, null, 2)}\n`);
  try {
    execFileSync('npx', ['biome', 'format', '--write', MANIFEST], { stdio: 'ignore' });
  } catch {}
  if (failures.length > 0) {
    console.error(`failed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
