import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Equipment } from '@iot/contracts/equipment';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  SCREENSHOTS,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * The shared form controls in the screens that use them (feature-areas §2, §5; decision 0067): the
 * attachment uploader of 设备台账 (点击上传, the format message, files listed and saved), and the
 * duration input of 预警规则 (90 秒 shows as 1 分 30 秒 and is kept as 90).
 */
let h: BrowserHarness;
let projectId: number;
const NOTES = REVIEW_SHOTS;
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
});
afterAll(() => h?.close());

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(NOTES, { recursive: true });
  copyFileSync(path.join(SCREENSHOTS, `${name}.png`), path.join(NOTES, `${name}.png`));
}

async function openAsAdmin(screen: string, theme: 'light' | 'tech', phone = false): Promise<Page> {
  const { access, refresh } = await h.t.login(
    DEMO_ACCOUNTS.projectAdmin.username,
    DEMO_ACCOUNTS.projectAdmin.password,
  );
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  await page.goto(
    `${h.t.baseUrl}/projects/groups/${projectId}/${screen}?accessToken=${access}&refreshToken=${refresh}`,
  );
  return page;
}

describe('form controls', () => {
  it('the attachment uploader refuses other formats with the spec’s message and keeps what it took', async () => {
    const page = await openAsAdmin('equipment', 'light');
    await page.getByRole('button', { name: '新建设备' }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByTestId('attachment-uploader').locator('input[type=file]');
    await expect.poll(() => dialog.getByRole('button', { name: '点击上传' }).isVisible()).toBe(true);
    expect(await input.getAttribute('accept')).toBe(
      '.txt,.doc,.docx,.jpg,.png,.xls,.xlsx,.ppt,.pptx,.pdf,.zip,.rar',
    );
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: PDF });
    await expect
      .poll(() =>
        page
          .getByText(
            '上传的文件格式不正确，请选择 .txt .doc .docx .jpg .png .xls .xlsx .ppt .pptx .pdf .zip .rar 类型的文件',
          )
          .count(),
      )
      .toBe(1);
    await input.setInputFiles([
      { name: '说明书.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: '运行记录.txt', mimeType: 'text/plain', buffer: Buffer.from('1号泵 正常') },
    ]);
    await expect.poll(() => dialog.getByRole('link', { name: '运行记录.txt' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: '说明书.pdf' }).count()).toBe(1);
    await dialog.getByLabel('设备名称').fill('带附件的泵');
    await dialog.getByLabel('设备编码').fill('ATT-01');
    await shot(page, 'guide-attachment-uploader-light-desk');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
      .access;
    const list = await h.api<{ list: Equipment[] }>(
      'GET',
      `/iot/groups/${projectId}/equipment?page=0&size=50&keyword=ATT-01`,
      undefined,
      admin,
    );
    expect(list.list[0]!.attachments.map((a) => a.name).sort()).toEqual(['说明书.pdf', '运行记录.txt']);
    await page.context().close();
  });

  it('the duration input carries 90 秒 to 1 分 30 秒 and keeps the field’s unit', async () => {
    const page = await openAsAdmin('warningSetting', 'tech', true);
    await page.getByRole('button', { name: '新建规则' }).click();
    const dialog = page.getByRole('dialog');
    const seconds = dialog.getByRole('spinbutton', { name: '持续时间秒' });
    await seconds.fill('90');
    await seconds.blur();
    await expect.poll(() => dialog.getByRole('spinbutton', { name: '持续时间分钟' }).inputValue()).toBe('1');
    await expect.poll(() => seconds.inputValue()).toBe('30');
    await dialog.getByRole('spinbutton', { name: '持续时间分钟' }).fill('75');
    await dialog.getByRole('spinbutton', { name: '持续时间分钟' }).blur();
    await expect.poll(() => dialog.getByRole('spinbutton', { name: '持续时间小时' }).inputValue()).toBe('1');
    await expect.poll(() => dialog.getByRole('spinbutton', { name: '持续时间分钟' }).inputValue()).toBe('15');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByTestId('duration-input').scrollIntoViewIfNeeded();
    await shot(page, 'guide-duration-input-tech-390');
    await page.context().close();
  });
});
