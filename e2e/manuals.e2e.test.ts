import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/** /userManual and /firmManual (platform-core §2; decision 0067): the manuals of the repository, as pages. */
let h: BrowserHarness;
const NOTES = REVIEW_SHOTS;
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h?.close());

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(NOTES, { recursive: true });
  copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(NOTES, `${name}.png`));
}

async function open(pathname: string, options: { phone?: boolean; tech?: boolean } = {}): Promise<Page> {
  const context = await h.newContext(
    options.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  if (options.tech) {
    // A signed-in user's own theme applies on routes without one (the demo operator's is tech):
    // sign in through a guarded page first, which takes the tokens handed over in the address.
    const { access, refresh } = await h.t.login(
      DEMO_ACCOUNTS.operator.username,
      DEMO_ACCOUNTS.operator.password,
    );
    await page.goto(`${h.t.baseUrl}/projects?accessToken=${access}&refreshToken=${refresh}`);
    await expect.poll(() => page.getByTestId('avatar-menu').isVisible(), { timeout: 15_000 }).toBe(true);
  }
  await page.goto(`${h.t.baseUrl}${pathname}`);
  return page;
}

describe('manuals', () => {
  it('the firm manual states the device protocol: topics, payloads, DTU registration, a checked Modbus frame', async () => {
    const page = await open('/firmManual');
    const manual = page.getByTestId('firm-manual');
    await expect.poll(() => manual.isVisible(), { timeout: 15_000 }).toBe(true);
    for (const text of [
      'gateways/{序列号}/telemetry',
      'gateways/{序列号}/commands/ack',
      'v1/devices/me/rpc/request/+',
      '/api/v1/{设备密钥}/telemetry',
      '序列号,设备密钥',
      '01 03 00 00 00 02 C4 0B',
    ])
      expect(await manual.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
    // The contents jump to a section.
    await page.getByRole('link', { name: 'DTU 透传 Modbus' }).first().click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await shot(page, 'guide-firm-manual-light-desk');
    await page.context().close();

    const phone = await open('/firmManual', { phone: true, tech: true });
    await expect.poll(() => phone.getByTestId('firm-manual').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-firm-manual-tech-390');
    await phone.context().close();
  });

  it('the user manual walks the screens, at the desk and on a phone', async () => {
    const page = await open('/userManual', { tech: true });
    const manual = page.getByTestId('user-manual');
    await expect.poll(() => manual.isVisible(), { timeout: 15_000 }).toBe(true);
    for (const text of ['设备接入', '监测中心', '预警中心', '运维中心', '项目设置', '手机版'])
      expect(await manual.getByRole('heading', { name: text }).count(), text).toBe(1);
    expect(await manual.getByRole('link', { name: '厂商接入手册' }).getAttribute('href')).toBe('/firmManual');
    await shot(page, 'guide-user-manual-tech-desk');
    await page.context().close();

    const phone = await open('/docs/userManual/', { phone: true });
    await expect.poll(() => phone.getByTestId('user-manual').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-user-manual-light-390');
    await phone.context().close();
  });

  it('/excelConvert turns another system’s point list into a thing model our import takes', async () => {
    // A point list as another system exports it: its own headers, types and precision.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('点表');
    sheet.addRow(['点位名称', '变量名', '数据类型', '工程单位', '读写属性', '小数位', 'Modbus地址']);
    sheet.addRow(['出水COD', 'out_cod', 'REAL', 'mg/L', '只读', 1, '40001']);
    sheet.addRow(['出水氨氮', 'out_nh3n', 'REAL', 'mg/L', '只读', 2, '40003']);
    sheet.addRow(['回流泵启停', 'pump_cmd', 'BOOL', '', 'R/W', '', '00001']);
    sheet.addRow(['坏点位', 'bad id', 'INT16', '', '', '', '40005']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

    const page = await open('/excelConvert');
    await expect.poll(() => page.getByTestId('excel-convert').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.locator('input[type=file]').setInputFiles({
      name: '旧系统点表.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await expect
      .poll(() => page.getByTestId('convert-summary').textContent())
      .toBe('可转换 3 个点位，1 行未转换');
    expect(await page.getByText('第 5 行：数据标识', { exact: false }).count()).toBe(1);
    // The guessed mapping can be changed: 描述 from the Modbus address column.
    await page.getByLabel('描述').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Modbus地址' })
      .click();
    await shot(page, 'guide-excel-convert-light-desk');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下载物模型/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('旧系统点表-物模型.json');
    const model = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      properties: { identifier: string; accessMode: string; desc?: string; dataType: { type: string } }[];
    };
    expect(model.properties.map((p) => [p.identifier, p.dataType.type, p.accessMode, p.desc])).toEqual([
      ['out_cod', 'float', 'r', '40001'],
      ['out_nh3n', 'float', 'r', '40003'],
      ['pump_cmd', 'bool', 'rw', '00001'],
    ]);
    await page.context().close();

    // The server's own 导入物模型 takes the file as it is.
    const projectId = h.t.server.seeded.demoProjectId!;
    const gateway = await createGateway(h.t, projectId, []);
    const admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
      .access;
    const imported = await h.api<{ created: number }>(
      'POST',
      `/iot/groups/${projectId}/gateways/${gateway.id}/indicators/importThingModel`,
      { fileName: '旧系统点表-物模型.json', model },
      admin,
    );
    expect(imported.created).toBe(3);

    const phone = await open('/excelConvert', { phone: true, tech: true });
    await expect.poll(() => phone.getByTestId('excel-convert').isVisible(), { timeout: 15_000 }).toBe(true);
    await phone
      .locator('input[type=file]')
      .setInputFiles({ name: '点表.xlsx', mimeType: 'application/octet-stream', buffer: xlsx });
    await expect.poll(() => phone.getByTestId('convert-summary').isVisible()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-excel-convert-tech-390');
    await phone.context().close();
  });

  it('/serialKit builds Modbus RTU frames with their CRC, parses answers, and says when Web Serial is missing', async () => {
    const page = await open('/serialKit');
    const kit = page.getByTestId('serial-kit');
    await expect.poll(() => kit.isVisible(), { timeout: 15_000 }).toBe(true);
    // The tool runs in the tech theme whoever opens it (platform-core §2).
    expect(await page.locator('[data-theme="tech"]').count()).toBeGreaterThan(0);
    const hasSerial = await page.evaluate(() => 'serial' in navigator);
    expect(await page.getByTestId('serial-unsupported').count()).toBe(hasSerial ? 0 : 1);
    const frame = page.getByTestId('request-frame');
    await expect.poll(() => frame.inputValue()).toBe('01 03 00 00 00 02 C4 0B');
    await page.getByLabel('应答').fill('01 03 04 42 0C CC CD BA DD');
    await page.getByRole('button', { name: /解\s?析/ }).click();
    await expect.poll(() => page.getByTestId('serial-log').textContent()).toContain('按 float32 ABCD：35.2');
    await page.getByLabel('应答').fill('01 83 02 C0 F1');
    await page.getByRole('button', { name: /解\s?析/ }).click();
    await expect
      .poll(() => page.getByTestId('serial-log').textContent())
      .toContain('从站异常响应 02：非法数据地址');
    // 16: write two registers at address 1.
    await page.getByLabel('功能码').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '16 写多个寄存器' })
      .click();
    await page.getByLabel('起始地址').fill('1');
    await page.getByLabel('写入值').fill('10,258');
    await expect.poll(() => frame.inputValue()).toBe('01 10 00 01 00 02 04 00 0A 01 02 92 30');
    await page.getByLabel('从站地址').fill('300');
    await page.getByLabel('从站地址').blur();
    await shot(page, 'guide-serial-kit-tech-desk');
    await page.context().close();

    // A browser without Web Serial (Firefox, Safari, phones) is told so, and cannot connect.
    const context = await h.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'serial', { get: () => undefined, configurable: true });
    });
    const phone = await context.newPage();
    await phone.goto(`${h.t.baseUrl}/serialKit`);
    await expect
      .poll(() => phone.getByTestId('serial-unsupported').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await phone.getByRole('button', { name: '连接串口' }).isDisabled()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-serial-kit-tech-390');
    await context.close();
  });

  it('/videotutorial plays captures of our own UI step by step, and says they are not videos', async () => {
    const page = await open('/videotutorial');
    const tutorial = page.getByTestId('video-tutorial');
    await expect.poll(() => tutorial.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await tutorial.getByText('暂无录制的视频', { exact: false }).count()).toBe(1);
    expect(await page.getByTestId('tutorial-item').count()).toBe(11);
    await expect
      .poll(() => tutorial.locator('.guide-shot img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('tutorial-position').textContent()).toBe('创建项目 1/3');
    // It plays by itself: the next capture comes after a few seconds.
    await expect
      .poll(() => page.getByTestId('tutorial-position').textContent(), { timeout: 10_000 })
      .toBe('创建项目 2/3');
    await page.getByTestId('tutorial-item').nth(4).click();
    await page.getByTestId('tutorial-play').click();
    await expect.poll(() => page.getByTestId('tutorial-position').textContent()).toBe('数据监测 1/2');
    await shot(page, 'guide-video-tutorial-light-desk');
    await page.context().close();

    const phone = await open('/videotutorial', { phone: true, tech: true });
    await expect.poll(() => phone.getByTestId('video-tutorial').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'guide-video-tutorial-tech-390');
    await phone.context().close();
  });

  it('/wscindex, /yqindex and /nwzwindex are three different landing pages with the way in', async () => {
    const titles = new Set<string>();
    for (const name of ['wscindex', 'yqindex', 'nwzwindex']) {
      const page = await open(`/${name}`);
      const portal = page.getByTestId(`portal-${name}`);
      await expect.poll(() => portal.isVisible(), { timeout: 15_000 }).toBe(true);
      titles.add((await portal.locator('h1').textContent()) ?? '');
      expect(await portal.getByRole('link', { name: /登\s?录/ }).getAttribute('href')).toBe('/login');
      await shot(page, `guide-portal-${name}-light-desk`);
      await page.context().close();
      const phone = await open(`/${name}`, { phone: true, tech: true });
      await expect
        .poll(() => phone.getByTestId(`portal-${name}`).isVisible(), { timeout: 15_000 })
        .toBe(true);
      // Signed in: the way into the platform shows too.
      expect(await phone.getByRole('link', { name: '进入平台' }).count()).toBe(1);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(phone, `guide-portal-${name}-tech-390`);
      await phone.context().close();
    }
    expect([...titles].sort()).toEqual(['农村污水智维', '园区环境监测', '污水厂智慧运维']);
  });
});
