import { mkdirSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_NAME } from '../apps/server/src/seed.js';
import { type FakeOpenAi, startFakeOpenAi } from '../apps/server/src/test/fake-openai.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * AI模型 (decision 0061) as its least-privileged user: a system member whose role holds this menu
 * alone (read, update, delete, create). A failed list shows 重试 (not the empty text); a model is
 * created, tested against a real OpenAI-compatible server, edited without its key (the key stays,
 * the test still passes), made project-specific, tried with a wrong key, and deleted.
 */
let h: BrowserHarness;
let fake: FakeOpenAi;
const KEY = 'sk-e2e-0123456789abcdef';
const MANAGER = { username: 'model-manager', password: 'Models#2026' };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = REVIEW_SHOTS;

const rows = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const button = (scope: Page | ReturnType<Page['locator']>, text: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${text.split('').join('\\s?')}$`) });
const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/aimodels-${name}.png`, fullPage: true });
}

async function openAs(viewport = DESK, theme = 'light'): Promise<Page> {
  const { access, refresh } = await h.t.login(MANAGER.username, MANAGER.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(`${h.t.baseUrl}/system/aiModels?accessToken=${access}&refreshToken=${refresh}`);
  await expect.poll(() => routeName(page)).toBe('router-aiModels-s');
  return page;
}

beforeAll(async () => {
  h = await startBrowserHarness();
  fake = await startFakeOpenAi({ key: KEY, model: 'qwen-plus', reply: { text: ['连接', '成功。'] } });
  const role = await h.api<{ id: number }>('POST', '/iot/system/roles', {
    name: '模型管理员',
    functions: [{ code: 'router-aiModels', permission: 15 }],
  });
  await h.api('POST', '/iot/systemMembers', { ...MANAGER, realname: '模型管理员', roleId: role.id });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

describe('AI模型', () => {
  it('a failed list shows the failure with 重试, then the empty list', async () => {
    const page = await openAs();
    const failing = (url: URL) => url.pathname === '/iot/aiModels';
    const handler = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '系统维护中,请稍后再试!', data: null }),
      });
    await page.route(failing, handler);
    await page.reload();
    await page.getByText('AI模型列表加载失败').first().waitFor();
    expect(await page.getByText('还没有配置AI模型').count()).toBe(0);
    await shot(page, 'load-error');
    await page.unroute(failing, handler);
    await button(page, '重试').click();
    await page.getByText('还没有配置AI模型，AI助手由内置分析助手回答').waitFor();
    await page.context().close();
  });

  it('creates, tests, edits without the key, scopes to a project and deletes a model', async () => {
    const page = await openAs();
    await button(page, '新建').click();
    await modal(page).getByLabel('名称', { exact: true }).fill('通义千问');
    await modal(page).getByLabel('接口地址（Base URL）').fill('ftp://example.com');
    await modal(page).getByLabel('模型名称').fill('qwen-plus');
    await button(modal(page), '保存').click();
    await modal(page).getByText('请输入以 http:// 或 https:// 开头的接口地址').waitFor();
    await modal(page).getByLabel('接口地址（Base URL）').fill(fake.baseUrl);
    await modal(page).getByLabel('API Key').fill(KEY);
    await modal(page).getByLabel('支持深度思考').click();
    await shot(page, 'form-desk-light');
    await button(modal(page), '保存').click();
    await rows(page, '通义千问').getByText('已设置').waitFor();
    await rows(page, '通义千问').getByText('系统默认').waitFor();
    expect(await page.content()).not.toContain(KEY);

    await button(rows(page, '通义千问'), '测试').click();
    await modal(page).getByText('连接成功，用时').waitFor();
    await modal(page).getByText('连接成功。', { exact: true }).waitFor();
    await shot(page, 'test-desk-light');
    await button(modal(page).locator('.ant-modal-footer'), '关闭').click();

    // Edited without a key: the stored one stays, the test still passes; scoped to the demo project.
    await button(rows(page, '通义千问'), '编辑').click();
    await expect.poll(() => modal(page).getByLabel('API Key').inputValue()).toBe('');
    await modal(page).getByText('已设置；留空则不修改').waitFor();
    await modal(page).getByLabel('名称', { exact: true }).fill('通义千问 Plus');
    await modal(page).getByText('指定项目').click();
    await modal(page).getByLabel('项目', { exact: true }).click();
    await page
      .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="${DEMO_PROJECT_NAME}"]`)
      .click();
    await button(modal(page), '保存').click();
    await rows(page, '通义千问 Plus').getByText(DEMO_PROJECT_NAME).waitFor();
    await rows(page, '通义千问 Plus').getByText('已设置').waitFor();
    await button(rows(page, '通义千问 Plus'), '测试').click();
    await modal(page).getByText('连接成功，用时').waitFor();
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    await button(modal(page).locator('.ant-modal-footer'), '关闭').click();

    // A wrong key: the test says so in Chinese.
    await button(rows(page, '通义千问 Plus'), '编辑').click();
    await modal(page).getByLabel('API Key').fill('sk-wrong');
    await button(modal(page), '保存').click();
    await modal(page).waitFor({ state: 'detached' });
    await button(rows(page, '通义千问 Plus'), '测试').click();
    await modal(page).getByText('模型服务拒绝了 API Key，请检查密钥是否正确').waitFor();
    await shot(page, 'test-failed-desk-light');
    await button(modal(page).locator('.ant-modal-footer'), '关闭').click();

    await rows(page, '通义千问 Plus')
      .getByRole('button', { name: /^删\s?除$/ })
      .click();
    const confirm = page.locator('.ant-popover:visible');
    await confirm.getByText('确定删除AI模型「通义千问 Plus」吗？').waitFor();
    await button(confirm, '删除').click();
    await rows(page, '通义千问 Plus').waitFor({ state: 'detached' });
    await page.getByText('还没有配置AI模型').waitFor();
    await page.context().close();
  });

  it('reads on a phone and in the tech theme', async () => {
    await h.api('POST', '/iot/aiModels', {
      name: 'DeepSeek',
      baseUrl: 'https://api.deepseek.com/v1',
      model: 'deepseek-reasoner',
      apiKey: 'sk-demo',
      supportsThinking: true,
    });
    await h.api('POST', '/iot/aiModels', {
      name: '本地 Ollama',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      enabled: false,
    });
    for (const theme of ['light', 'tech'] as const) {
      const desk = await openAs(DESK, theme);
      await rows(desk, 'DeepSeek').waitFor();
      await shot(desk, `list-desk-${theme}`);
      await desk.context().close();
      const phone = await openAs(PHONE, theme);
      await rows(phone, 'DeepSeek').waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(phone, `list-phone-${theme}`);
      await button(rows(phone, '本地 Ollama'), '编辑').click();
      await modal(phone).getByText('未设置；留空则不修改').waitFor();
      await shot(phone, `form-phone-${theme}`);
      await phone.context().close();
    }
  });
});
