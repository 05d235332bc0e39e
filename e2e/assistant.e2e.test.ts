import { mkdirSync } from 'node:fs';
import type { ProjectSettings } from '@iot/contracts/projects';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed.js';
import { createGateway } from '../apps/server/src/test/factories.js';
import {
  type BrowserHarness,
  REVIEW_SHOTS,
  routeName,
  screenshot,
  startBrowserHarness,
} from './support/browser.js';

/**
 * The AI assistant as its least-privileged users meet it (feature-areas §2, §4, §5, §8; decision
 * 0063), against the real server and its built-in analyst: a role with router-ai-assistant plus the
 * gateway and group screens; another with the assistant and 预警列表 only; one without the assistant.
 * Wording of the analyst is not asserted, only that it answers with figures; the texts the spec
 * fixes are.
 */
let h: BrowserHarness;
let projectId: number;
let admin: string;
let groupLabel: string;
const ASKER = { username: 'ai-asker', password: 'Asker#2026x' };
const WARNER = { username: 'ai-warner', password: 'Warner#2026x' };
const NOBODY = { username: 'ai-none', password: 'Nobody#2026x' };
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = REVIEW_SHOTS;
const BUSY = '系统繁忙，请稍后再试！';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function openAs(
  who: { username: string; password: string },
  pathname: string,
  viewport = DESK,
  theme = 'light',
): Promise<Page> {
  const { access, refresh } = await h.t.login(who.username, who.password);
  await h.api('PUT', '/iot/users/current/theme', { theme }, access);
  const context = await h.newContext({ viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto(`${h.t.baseUrl}${pathname}?accessToken=${access}&refreshToken=${refresh}`);
  return page;
}

const gatewaysPath = () => `/projects/groups/${projectId}/gateways`;
const isCompletions = (url: URL) => /^\/iot\/groups\/\d+\/chats\/\d+\/completions$/.test(url.pathname);

/** Opens the drawer from the top bar's icon and answers the panel. */
async function openPanel(page: Page) {
  await page.getByTestId('assistant-button').click();
  const panel = page.getByTestId('assistant-panel');
  await panel.getByTestId('assistant-greeting').getByText('你好，我是你的 AI 助手！').waitFor();
  return panel;
}

async function ask(page: Page, question: string) {
  const input = page.getByTestId('assistant-input');
  await input.fill(question);
  await input.press('Enter');
}

/** The last answer once the server stored it (a positive id) and the spinner is gone. */
async function finishedAnswer(page: Page): Promise<string> {
  await expect.poll(() => page.getByTestId('assistant-busy').count(), { timeout: 30_000 }).toBe(0);
  const answer = page.getByTestId('assistant-answer').last();
  await expect.poll(async () => Number(await answer.getAttribute('data-message-id'))).toBeGreaterThan(0);
  return (await answer.textContent()) ?? '';
}

beforeAll(async () => {
  h = await startBrowserHarness();
  projectId = h.t.server.seeded.demoProjectId!;
  admin = (await h.t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)).access;
  const project = await h.api<ProjectSettings>(
    'GET',
    `/iot/projects/getProjectByGroupId?groupId=${projectId}`,
    undefined,
    admin,
  );
  groupLabel = `${project.groupDisplayName || '分组'}信息`;
  const roles: [typeof ASKER, string, { code: string; permission: number }[]][] = [
    [
      ASKER,
      'AI问答',
      [
        { code: 'router-ai-assistant', permission: 1 },
        { code: 'router-projectGateway', permission: 1 },
        { code: 'router-project-group', permission: 1 },
      ],
    ],
    [
      WARNER,
      'AI预警',
      [
        { code: 'router-ai-assistant', permission: 1 },
        { code: 'router-warningList', permission: 1 },
      ],
    ],
    [NOBODY, '只看网关', [{ code: 'router-projectGateway', permission: 1 }]],
  ];
  for (const [account, name, functions] of roles) {
    const role = await h.api<{ id: number }>(
      'POST',
      `/iot/groups/${projectId}/roles`,
      { name, description: '', functions },
      admin,
    );
    await h.api(
      'POST',
      `/iot/groups/${projectId}/users`,
      { ...account, realname: name, roleId: role.id },
      admin,
    );
  }
  // A gateway that never reported: offline, whatever the demo data holds.
  await createGateway(h.t, projectId, [{ key: 'cod', type: 'float', decimals: 2 }]);
});
afterAll(() => h?.close());

describe('AI助手 at the desk', () => {
  it('asks, streams the answer with figures, names the chat; Enter sends and Shift+Enter breaks the line', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-projectGateway-g${projectId}`);
    const panel = await openPanel(page);
    await shot(page, 'assistant-empty-desk-light');
    const send = panel.getByTestId('assistant-send');
    const input = panel.getByTestId('assistant-input');
    expect(await input.getAttribute('rows')).toBe('6');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   \n  ');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('第一行');
    await input.press('Shift+Enter');
    await input.pressSequentially('第二行');
    expect(await input.inputValue()).toBe('第一行\n第二行');
    await input.fill('');

    // Stream events arrive as the answer grows; the finished one replaces the partial ones.
    const events: string[] = [];
    page.on('response', async (response) => {
      if (isCompletions(new URL(response.url()))) events.push(response.headers()['content-type'] ?? '');
    });
    await ask(page, '有多少网关离线');
    await panel.getByTestId('assistant-question').getByText('有多少网关离线').waitFor();
    const answer = await finishedAnswer(page);
    expect(answer).toMatch(/\d/);
    expect(events.some((type) => type.includes('text/event-stream'))).toBe(true);
    // One answer per question: partial answers were replaced, not appended.
    expect(await panel.getByTestId('assistant-answer').count()).toBe(1);
    expect(await panel.getByTestId('assistant-question').count()).toBe(1);
    await expect.poll(() => panel.getByTestId('assistant-chat-name').textContent()).not.toBe('新对话');
    expect(await input.inputValue()).toBe('');
    await shot(page, 'assistant-answer-desk-light');
    await page.close();
  });

  it('offers the data categories the role may read, the group one under its display name', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    const panel = await openPanel(page);
    const tags = panel.getByTestId('assistant-categories');
    await tags.getByText('网关信息').waitFor();
    await tags.getByText(groupLabel).waitFor();
    for (const absent of ['预警信息', '故障信息', '工单信息', '工艺设备信息'])
      expect(await tags.getByText(absent).count()).toBe(0);
    // A tag is removable; 数据 brings it back.
    await tags.locator('[data-category="gateway"] .ant-tag-close-icon').click();
    await expect.poll(() => tags.getByText('网关信息').count()).toBe(0);
    await tags.getByRole('button', { name: /数据/ }).hover();
    await page.getByRole('menuitem', { name: '网关信息' }).click();
    await tags.getByText('网关信息').waitFor();
    await page.close();

    const warner = await openAs(WARNER, `/projects/groups/${projectId}/warningList`);
    const other = await openPanel(warner);
    await other.getByTestId('assistant-categories').getByText('预警信息').waitFor();
    expect(await other.getByText('网关信息').count()).toBe(0);
    await warner.close();
  });

  it('without router-ai-assistant there is no icon and no panel', async () => {
    const page = await openAs(NOBODY, gatewaysPath());
    await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-projectGateway-g${projectId}`);
    expect(await page.getByTestId('assistant-button').count()).toBe(0);
    expect(await page.getByTestId('assistant-panel').count()).toBe(0);
    await page.close();
  });

  it('stops a reply in flight without an error, and the panel takes the next question', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    const panel = await openPanel(page);
    await ask(page, '有多少网关离线');
    await finishedAnswer(page);
    // Hold the next question back on its way to the server so 停止 meets it in flight.
    const held = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => undefined);
    };
    await page.route(isCompletions, held);
    await ask(page, '有多少网关离线');
    await panel.getByTestId('assistant-busy').getByText('正在回复…').waitFor();
    // 停止 asks the server to stop writing (decision 0060), then drops the stream.
    const stopCall = page.waitForRequest(
      (request: Request) => request.method() === 'DELETE' && isCompletions(new URL(request.url())),
    );
    await panel.getByTestId('assistant-stop').click();
    await stopCall;
    await expect.poll(() => panel.getByTestId('assistant-busy').count()).toBe(0);
    await panel.getByTestId('assistant-send').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText(BUSY).count()).toBe(0);
    expect(await page.getByText('对话出错，请重试').count()).toBe(0);
    await page.unroute(isCompletions, held);
    await ask(page, '有多少网关离线');
    expect(await finishedAnswer(page)).toMatch(/\d/);
    expect(await panel.getByTestId('assistant-question').count()).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it('loads a chat from the history, starts a new one, and deletes one after confirming', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    const panel = await openPanel(page);
    await ask(page, '有哪些网关离线');
    await finishedAnswer(page);
    const name = (await panel.getByTestId('assistant-chat-name').textContent()) ?? '';
    await panel.getByRole('button', { name: '新对话' }).click();
    await expect.poll(() => panel.getByTestId('assistant-question').count()).toBe(0);
    await panel.getByTestId('assistant-greeting').waitFor();

    await panel.getByRole('button', { name: '历史对话' }).click();
    const history = page.locator('.assistant-history');
    const item = history.getByTestId('assistant-history-item').filter({ hasText: name }).first();
    await item.waitFor();
    await item.locator('.assistant-history-load').click();
    await panel.getByTestId('assistant-question').getByText('有哪些网关离线').waitFor();
    expect(await panel.getByTestId('assistant-answer').count()).toBeGreaterThan(0);

    await panel.getByRole('button', { name: '历史对话' }).click();
    const before = await history.getByTestId('assistant-history-item').count();
    await item.getByRole('button', { name: '删除对话' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => history.getByTestId('assistant-history-item').count()).toBe(before - 1);
    // The chat on screen was the one deleted: the panel starts over.
    await expect.poll(() => panel.getByTestId('assistant-question').count()).toBe(0);
    await page.close();
  });

  it('a history that failed to load says so with 重试, apart from an empty one', async () => {
    const page = await openAs(WARNER, `/projects/groups/${projectId}/warningList`);
    const panel = await openPanel(page);
    const list = (url: URL) => url.pathname === `/iot/groups/${projectId}/chats`;
    const broken = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40000, message: '系统异常', data: null }),
      });
    await page.route(list, broken);
    await panel.getByRole('button', { name: '历史对话' }).click();
    const history = page.locator('.assistant-history');
    const error = history.getByTestId('load-error');
    await error.getByText(/历史对话加载失败/).waitFor();
    expect(await history.getByText('还没有对话').count()).toBe(0);
    await page.unroute(list, broken);
    await error.getByRole('button', { name: /重\s?试/ }).click();
    await history.getByText('还没有对话').waitFor();
    await page.close();
  });

  it('attaches an image with its size, refuses one over 20 MB, shows it sent', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    const panel = await openPanel(page);
    const input = panel.getByTestId('assistant-file-input');
    expect(await input.getAttribute('accept')).toBe('.bmp,.png,.jpg,.jpeg,.gif');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(20_971_521) });
    await page.getByText('图片大小不能超过20M').first().waitFor();
    expect(await panel.getByTestId('assistant-files').count()).toBe(0);
    await input.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await panel.getByTestId('assistant-files').getByText(`dot.png（${PNG.length} Bytes）`).waitFor();
    // Sent, the image shows in the question as a picture (its bytes fetched with the token).
    await ask(page, '这张图是什么');
    await finishedAnswer(page);
    const thumbnail = panel.locator('.assistant-images img').first();
    await thumbnail.waitFor();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    await shot(page, 'assistant-image');
    await page.close();
  });

  it('sends the current page when asked to', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-projectGateway-g${projectId}`);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: /当前页面/ }).click();
    const sent = page.waitForRequest((request: Request) => isCompletions(new URL(request.url())));
    await ask(page, '这个页面说了什么');
    const body = (await sent).postDataBuffer()?.toString('utf8') ?? '';
    expect(body).toContain('name="dataContent"');
    expect(body).toContain('"pageName":"网关管理"');
    expect(body).toContain('name="systemContentTypes"');
    await finishedAnswer(page);
    await page.close();
  });

  it('closes on a route change; floating covers the page, pinned pushes it', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-projectGateway-g${projectId}`);
    await openPanel(page);
    const drawer = page.locator(
      '.assistant-drawer .ant-drawer-section, .assistant-drawer .ant-drawer-content',
    );
    const box = await drawer.first().boundingBox();
    expect(Math.round(box!.width)).toBe(560);
    // Floating: a mask over the page, nothing pushed.
    expect(await page.locator('[data-assistant-push]').getAttribute('data-assistant-push')).toBe('0');
    expect(await page.locator('.assistant-drawer .ant-drawer-mask').count()).toBe(1);

    await page.getByRole('button', { name: '固定' }).click();
    await expect
      .poll(() => page.locator('[data-assistant-push]').getAttribute('data-assistant-push'))
      .toBe('560');
    expect(await page.locator('.assistant-drawer .ant-drawer-mask').count()).toBe(0);
    await page.mouse.move(400, 600);
    const main = await page.getByTestId('main').boundingBox();
    expect(main!.x + main!.width).toBeLessThanOrEqual(DESK.width - 560 + 1);
    await shot(page, 'assistant-pinned-desk-light');

    // The side menu leads elsewhere: the drawer closes and the page has its width back.
    await page.locator('.shell-sider').getByText('分组管理').click();
    await expect.poll(() => routeName(page)).toBe(`router-project-group-g${projectId}`);
    await expect.poll(() => page.getByTestId('assistant-panel').isVisible()).toBe(false);
    expect(await page.locator('[data-assistant-push]').getAttribute('data-assistant-push')).toBe('0');
    // Pinned is remembered for the next opening.
    await openPanel(page);
    await expect
      .poll(() => page.locator('[data-assistant-push]').getAttribute('data-assistant-push'))
      .toBe('560');
    await page.getByRole('button', { name: '取消固定' }).click();
    await page.close();
  });

  it('AI助手 in the menu opens the same panel full page, without the top-bar icon', async () => {
    const page = await openAs(ASKER, `/projects/groups/${projectId}/aiAssistant`);
    await expect.poll(() => routeName(page), { timeout: 15_000 }).toBe(`router-ai-assistant-g${projectId}`);
    const panel = page.getByTestId('main').getByTestId('assistant-panel');
    await panel.getByText('你好，我是你的 AI 助手！').waitFor();
    expect(await page.getByTestId('under-construction').count()).toBe(0);
    expect(await page.getByTestId('assistant-button').count()).toBe(0);
    expect(await panel.getByRole('button', { name: /当前页面/ }).count()).toBe(0);
    await shot(page, 'assistant-page-desk-light');
    await ask(page, '有多少网关离线');
    expect(await finishedAnswer(page)).toMatch(/\d/);
    await page.close();
  });
});

describe('AI助手 rendering of a stream', () => {
  it('replaces a partial answer by id, folds the deep thinking, and never renders HTML', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: /深度思考/ }).click();
    // The answer's events as the server sends them, answered here so their content is known.
    const events = [
      { type: 'name', data: { id: 9001, role: 'system', content: '离线统计', files: [] } },
      { type: 'message', data: { id: 9002, role: 'user', content: '有多少网关离线', files: [] } },
      {
        type: 'stream',
        data: { id: 9003, role: 'assistant', content: '共', reasoning: '先数网关', files: [] },
      },
      {
        type: 'stream',
        data: {
          id: 9003,
          role: 'assistant',
          content: '共 **3** 台',
          reasoning: '先数网关，再看状态',
          files: [],
        },
      },
      {
        type: 'message',
        data: {
          id: 9003,
          role: 'assistant',
          content: '共 **3** 台离线：\n- SN-A\n- <b>SN-B</b>',
          reasoning: '先数网关，再看状态',
          files: [],
        },
      },
    ];
    let thinking = '';
    const reply = async (route: Route) => {
      thinking = route.request().postDataBuffer()?.toString('utf8') ?? '';
      await route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join(''),
      });
    };
    await page.route(isCompletions, reply);
    await ask(page, '有多少网关离线');
    const answer = panel.getByTestId('assistant-answer');
    await answer.locator('strong').getByText('3').waitFor();
    expect(thinking).toMatch(/name="thinking"\r\n\r\ntrue/);
    expect(await answer.count()).toBe(1);
    expect(await answer.locator('li').count()).toBe(2);
    // Markup in an answer is text.
    await answer.getByText('<b>SN-B</b>').waitFor();
    expect(await answer.locator('b').count()).toBe(0);
    // The thinking is folded until opened.
    const reasoning = answer.locator('.assistant-reasoning');
    expect(await reasoning.getByText('先数网关，再看状态').isVisible()).toBe(false);
    await reasoning.locator('.ant-collapse-header').click();
    await reasoning.getByText('先数网关，再看状态').waitFor();
    await expect.poll(() => panel.getByTestId('assistant-chat-name').textContent()).toBe('离线统计');
    await page.unroute(isCompletions, reply);
    await page.close();
  });
});

describe('AI助手 failures (feature-areas §8)', () => {
  async function answerWith(page: Page, reply: (route: Route) => Promise<void>, expected: string) {
    await page.route(isCompletions, reply);
    await ask(page, '有多少网关离线');
    await page.getByText(expected).first().waitFor();
    await expect.poll(() => page.getByTestId('assistant-busy').count()).toBe(0);
    await page.unroute(isCompletions, reply);
  }

  it('a failed request and a busy answer say 系统繁忙; a refusal says why; a broken stream says 对话出错', async () => {
    const page = await openAs(ASKER, gatewaysPath());
    const panel = await openPanel(page);
    const input = panel.getByTestId('assistant-input');

    await answerWith(
      page,
      (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
      BUSY,
    );
    // The question never reached the server: it is back in the input, to send again.
    expect(await input.inputValue()).toBe('有多少网关离线');
    await page.locator('.ant-message').getByText(BUSY).waitFor({ state: 'detached', timeout: 10_000 });

    await answerWith(
      page,
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ code: 50000, message: '', data: null }),
        }),
      BUSY,
    );
    await answerWith(
      page,
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ code: 40000, message: '本项目的对话条数已用完', data: null }),
        }),
      '本项目的对话条数已用完',
    );
    await answerWith(
      page,
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'data: {"type":"stre\n\n' }),
      '对话出错，请重试',
    );
    await page.close();
  });
});

describe('AI助手 at 390 px', () => {
  for (const theme of ['light', 'tech'] as const) {
    it(`fills the phone's width and answers (${theme})`, async () => {
      const page = await openAs(ASKER, gatewaysPath(), PHONE, theme);
      await expect
        .poll(() => routeName(page), { timeout: 15_000 })
        .toBe(`router-projectGateway-g${projectId}`);
      const panel = await openPanel(page);
      const box = await page
        .locator('.assistant-drawer .ant-drawer-section, .assistant-drawer .ant-drawer-content')
        .first()
        .boundingBox();
      expect(Math.round(box!.width)).toBe(PHONE.width);
      expect(await page.getByRole('button', { name: '固定' }).count()).toBe(0);
      await shot(page, `assistant-empty-phone-${theme}`);
      await ask(page, '有多少网关离线');
      expect(await finishedAnswer(page)).toMatch(/\d/);
      const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `assistant-answer-phone-${theme}`);
      await page.close();
    });
  }

  it('tech theme at the desk', async () => {
    const page = await openAs(ASKER, gatewaysPath(), DESK, 'tech');
    await openPanel(page);
    await shot(page, 'assistant-empty-desk-tech');
    await ask(page, '有多少网关离线');
    await finishedAnswer(page);
    await shot(page, 'assistant-answer-desk-tech');
    await page.close();
  });
});
