import { mkdirSync } from 'node:fs';
import type { Page as ListPage } from '@iot/contracts';
import { AggType, type Camera } from '@iot/contracts/cameras';
import type { Warning } from '@iot/contracts/warnings';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway, type TestGateway } from '../apps/server/src/test/factories.js';
import { FFMPEG_MISSING, type FlvSource, startFlvSource } from '../apps/server/src/test/flv-source.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * Warnings with cameras (decision 0064) in Chromium: a rule names three cameras with 自动抓拍 — an
 * ffmpeg test pattern, one that cannot be reached, one deleted afterwards; once it fires, 预警详情
 * shows the test pattern's snapshot, 暂无截图 for the unreachable one and 已被删除 for the deleted one,
 * and 查看视频 opens the camera modal with playback starting a minute before the warning.
 */
process.env.TZ = 'Asia/Shanghai';

let h: BrowserHarness;
let source: FlvSource;
let projectId: number;
let admin: string;
let gw: TestGateway;
let warning: Warning;
const ADMIN = DEMO_ACCOUNTS.projectAdmin;
const SHOTS = REVIEW_SHOTS;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function openDetail(theme: 'light' | 'tech', viewport = DESK): Promise<Page> {
  const { access, refresh } = await h.t.login(ADMIN.username, ADMIN.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/warningList?warningId=${warning.id}&accessToken=${access}&refreshToken=${refresh}`,
  );
  await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-warningList-g${projectId}`);
  return page;
}

describe.skipIf(FFMPEG_MISSING !== null)(
  `预警详情的摄像头截图${FFMPEG_MISSING ? ` (skipped: ${FFMPEG_MISSING})` : ''}`,
  () => {
    let gate: Camera;
    let dead: Camera;
    beforeAll(async () => {
      h = await startBrowserHarness();
      source = await startFlvSource({ fps: 10 });
      projectId = h.t.server.seeded.demoProjectId!;
      admin = (await h.t.login(ADMIN.username, ADMIN.password)).access;
      const camera = (name: string, videoUrl: string) =>
        h.api<Camera>(
          'POST',
          `/iot/groups/${projectId}/cameras`,
          { name, aggType: AggType.HTTP_FLV, videoUrl },
          admin,
        );
      gate = await camera('出水口摄像头', source.url);
      dead = await camera('格栅间摄像头', 'http://127.0.0.1:9/live/none.flv');
      const gone = await camera('旧泵房摄像头', 'http://127.0.0.1:9/live/old.flv');
      gw = await createGateway(h.t, projectId, [{ key: 'cod', type: 'float', decimals: 1 }]);
      await h.api(
        'POST',
        `/iot/groups/${projectId}/warningRules`,
        {
          gatewayIndicatorId: gw.indicators.cod,
          kind: 'above',
          high: 50,
          level: 1,
          cameraIds: [gate.id, dead.id, gone.id],
          autoCapture: true,
        },
        admin,
      );
      await h.api('DELETE', `/iot/groups/${projectId}/cameras/${gone.id}`, undefined, admin);
      const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${h.t.server.telemetry.mqttPort}`, {
        clientId: gw.serialNumber,
        username: gw.serialNumber,
        password: gw.secret,
        reconnectPeriod: 0,
      });
      await device.publishAsync(
        `gateways/${gw.serialNumber}/telemetry`,
        JSON.stringify([{ ts: Date.now() - 1000, values: { cod: 88 } }]),
        { qos: 1 },
      );
      await device.endAsync();
      await h.t.server.warnings.engine.drain();
      const list = await h.api<ListPage<Warning>>(
        'GET',
        `/iot/groups/${projectId}/warnings?size=100`,
        undefined,
        admin,
      );
      warning = list.list.find((w) => w.gatewayIndicatorId === gw.indicators.cod)!;
      // The snapshot is taken in the background: wait for it before looking.
      const time = new Date(warning.startedAt + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      await vi.waitFor(
        async () => {
          const taken = await h.api<Record<string, string>>(
            'GET',
            `/iot/groups/${projectId}/cameras/snapshots?cameraIds=${gate.id}&time=${encodeURIComponent(time)}&flag=W`,
            undefined,
            admin,
          );
          if (!taken[String(gate.id)]) throw new Error('no snapshot yet');
        },
        { timeout: 30_000, interval: 250 },
      );
    }, 90_000);
    afterAll(async () => {
      await h?.close();
      await source?.close();
    });

    it('shows the snapshot, 暂无截图 and 已被删除, and opens the camera modal from a minute before', async () => {
      const page = await openDetail('light');
      const section = page.getByTestId('warning-cameras');
      const image = section.getByAltText('出水口摄像头截图');
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => section.getByText('摄像头「格栅间摄像头」暂无截图').count()).toBe(1);
      await expect.poll(() => section.getByText('关联的摄像头已被删除').count()).toBe(1);
      await shot(page, 'warncam-detail-light');

      await section.getByRole('button', { name: /查看视频/ }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: '出水口摄像头' });
      await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(1);
      const minuteBefore = new Date(warning.startedAt - 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const startText = `${minuteBefore.getFullYear()}-${pad(minuteBefore.getMonth() + 1)}-${pad(minuteBefore.getDate())} ${pad(minuteBefore.getHours())}:${pad(minuteBefore.getMinutes())}:${pad(minuteBefore.getSeconds())}`;
      await expect
        .poll(() => modal.locator('.ant-picker input').first().inputValue(), { timeout: 10_000 })
        .toBe(startText);
      // Two cameras remain: the arrows cycle between them.
      await expect.poll(() => modal.getByText('格栅间摄像头').count()).toBe(0);
      await shot(page, 'warncam-modal-light');
      await page.context().close();
    });

    it('the rule form chooses cameras of the project and 自动抓拍', async () => {
      for (const theme of ['light', 'tech'] as const) {
        const { access, refresh } = await h.t.login(ADMIN.username, ADMIN.password);
        await h.api('PUT', '/iot/users/current/theme', { theme }, access);
        const page = await (await h.newContext({ viewport: DESK })).newPage();
        await page.goto(
          `${h.t.baseUrl}/projects/groups/${projectId}/warningSetting?accessToken=${access}&refreshToken=${refresh}`,
        );
        await page.getByRole('button', { name: '新建规则' }).click();
        const modal = page.locator('.ant-modal:visible');
        const pick = async (label: string, option: string, search: boolean) => {
          const select = modal.getByLabel(label, { exact: true });
          await select.click();
          if (search) await select.fill(option);
          await page
            .locator('.ant-select-dropdown:visible .ant-select-item-option')
            .filter({ hasText: option })
            .first()
            .click();
        };
        await pick('网关指标', gw.serialNumber, true);
        await modal.getByLabel('规则名称').fill(`带摄像头-${theme}`);
        await modal.getByLabel('上限').fill('70');
        // The select offers the project's cameras (the list call is scoped to it).
        await pick('关联摄像头', '出水口摄像头', false);
        await modal.locator('.ant-modal-title').click();
        await modal.getByRole('switch', { name: '自动抓拍' }).click();
        await shot(page, `warncam-rule-form-${theme}`);
        await modal.getByRole('button', { name: /保\s?存$/ }).click();
        await expect.poll(() => modal.count()).toBe(0);
        const rules = await h.api<{ list: { name: string; cameraIds: number[]; autoCapture: boolean }[] }>(
          'GET',
          `/iot/groups/${projectId}/warningRules?size=100`,
          undefined,
          admin,
        );
        expect(rules.list.find((r) => r.name === `带摄像头-${theme}`)).toMatchObject({
          cameraIds: [gate.id],
          autoCapture: true,
        });
        await page.context().close();
      }
    });

    it('looks right in the tech theme and on a phone', async () => {
      for (const [theme, viewport, name] of [
        ['tech', DESK, 'warncam-detail-tech'],
        ['light', PHONE, 'warncam-detail-light-phone'],
        ['tech', PHONE, 'warncam-detail-tech-phone'],
      ] as const) {
        const page = await openDetail(theme, viewport);
        const image = page.getByTestId('warning-cameras').getByAltText('出水口摄像头截图');
        await expect
          .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
          .toBeGreaterThan(0);
        await shot(page, name);
        await page.context().close();
      }
    });
  },
);
