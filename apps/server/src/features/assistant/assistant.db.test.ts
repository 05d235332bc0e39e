import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Page } from '@iot/contracts';
import {
  CHAT_BUSY_CODE,
  CHAT_FILE_MAX_BYTES,
  CHAT_IMAGE_MAX_BYTES,
  type Chat,
  type ChatDetail,
  ChatMessages,
  type StreamEvent,
} from '@iot/contracts/assistant';
import type { ResourceUsage } from '@iot/contracts/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { DEMO_ACCOUNTS } from '../../seed.js';
import { askChat } from '../../test/chat-stream.js';
import { createGateway } from '../../test/factories.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';
import { STREAM_EVENT_INTERVAL_MS } from './event-stream.js';
import { defaultProviderResolver } from './index.js';
import { assistantTools, toolsFor } from './tools/index.js';

/**
 * AI 助手, the server side (decision 0060): chat calls, the completions stream and its events, the
 * OpenAI-compatible client against a local fake speaking that protocol (streamed tool calls, deep
 * thinking), categories checked on the server, busy, quota, files, stop and a dropped socket.
 */
let t: TestServer;
let fake: FakeOpenAi;
let projectId: number;
let system: string;
/** router-ai-assistant and router-projectGateway only: no warnings. */
let asker: string;
let colleague: string;
let other: { projectId: number; token: string };

/** The real registry's tools of 网关信息: what the model is offered when that category is chosen. */
const gatewayToolNames = () =>
  toolsFor(assistantTools({ db: t.server.platform.db }), ['gateway']).map((tool) => tool.name);

const base = (group = projectId) => `/iot/groups/${group}/chats`;

/** PUTs a question as multipart and reads the whole event stream (or the JSON refusal). */
const ask = (
  token: string,
  chatId: number,
  fields: Record<string, string | string[]>,
  options: Parameters<typeof askChat>[4] & { group?: number } = {},
) => askChat(t, `${base(options.group)}/${chatId}/completions`, token, fields, options);

const detail = (id: number, token = asker) => t.ok<ChatDetail>('GET', `${base()}/${id}`, { token });

async function role(name: string, functions: { code: string; permission: number }[]) {
  const admin = (await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password))
    .access;
  const created = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: admin,
    body: { name, description: '', functions },
  });
  return { admin, roleId: created.id };
}

async function user(admin: string, roleId: number, username: string) {
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: admin,
    body: { username, realname: username, password: 'Passw0rd!', roleId },
  });
  return (await t.login(username, 'Passw0rd!')).access;
}

async function setLimit(limit: number) {
  await t.ok('PUT', `/iot/projects/${projectId}/terms`, {
    token: system,
    body: { chatMessagesLimit: limit },
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startServer({
    aiBaseUrl: fake.baseUrl,
    aiApiKey: 'sk-test-secret-key',
    aiModel: 'fake-model',
  });
  projectId = t.server.seeded.demoProjectId!;
  // Real data for the real tools: three gateways of the project, one of them offline.
  for (const status of ['online', 'online', 'offlineTimeout']) {
    const gateway = await createGateway(t, projectId, []);
    await t.server.platform.db
      .updateTable('gateways')
      .set({ online_status: status })
      .where('id', '=', gateway.id)
      .execute();
  }
  system = (await t.login('admin', ADMIN_PASSWORD)).access;
  const { admin, roleId } = await role('助手提问', [
    { code: 'router-ai-assistant', permission: 1 },
    { code: 'router-projectGateway', permission: 1 },
  ]);
  asker = await user(admin, roleId, 'ai-asker');
  colleague = await user(admin, roleId, 'ai-colleague');
  other = await projectWithAdmin(t, system, '别的助手项目', 'ai-other');
  await setLimit(-1);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('chat calls', () => {
  it('creates, lists newest first, reads and deletes the caller’s chats', async () => {
    const created = await t.request<{ id: number }>('POST', base(), {
      token: asker,
      body: { groupId: projectId },
    });
    expect(created.body).toMatchObject({ code: 20000 });
    const first = created.body.data.id;
    const second = (await t.ok<{ id: number }>('POST', base(), { token: asker, body: {} })).id;
    const list = await t.ok<Page<Chat>>('GET', `${base()}?page=0&size=10`, { token: asker });
    expect(list.list.map((c) => c.id).slice(0, 2)).toEqual([second, first]);
    expect(list.list[0]).toMatchObject({ name: ChatMessages.NEW_CHAT });
    expect(await detail(first)).toMatchObject({ id: first, messages: [] });

    const deleted = await t.request('DELETE', `${base()}/${first}`, { token: asker });
    expect(deleted.body).toMatchObject({ code: 20000, message: '删除成功' });
    expect((await t.request('GET', `${base()}/${first}`, { token: asker })).status).toBe(404);
  });

  it('another user of the project gets 404; another project is refused', async () => {
    const { id } = await t.ok<{ id: number }>('POST', base(), { token: asker, body: {} });
    expect((await t.request('GET', `${base()}/${id}`, { token: colleague })).status).toBe(404);
    expect((await t.request('DELETE', `${base()}/${id}`, { token: colleague })).status).toBe(404);
    expect((await ask(colleague, id, { content: '你好' })).status).toBe(404);
    const list = await t.ok<Page<Chat>>('GET', base(), { token: colleague });
    expect(list.list.map((c) => c.id)).not.toContain(id);
    // Not a member of this project: refused before anything is looked up.
    expect((await t.request('GET', `${base()}/${id}`, { token: other.token })).status).toBe(403);
    // Its own project, our chat's id: not its chat.
    expect((await t.request('GET', `${base(other.projectId)}/${id}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await ask(other.token, id, { content: '你好' })).status).toBe(403);
    await t.ok('DELETE', `${base()}/${id}`, { token: asker });
  });
});

describe('completions', () => {
  it('id 0: creates and names the chat, streams the answer with tool calls and reasoning, stores it', async () => {
    fake.script(
      {
        toolCalls: [
          { id: 'call_a', name: 'count_gateways', arguments: '{"state":"offline"}' },
          { id: 'call_b', name: 'list_warnings', arguments: '{}' },
        ],
      },
      {
        reasoning: ['先看', '工具结果。'],
        text: ['离线网关', '共 ', '1 台', '（来源：网关列表）。'],
        delayMs: STREAM_EVENT_INTERVAL_MS + 20,
      },
    );
    const before = fake.requests.length;
    const question = '  现在有多少个网关离线？请按照区域分别统计一下，谢谢  ';
    const asked = await ask(asker, 0, {
      content: question,
      thinking: 'true',
      systemContentTypes: 'gateway',
      dataContent: JSON.stringify({ pageName: '网关列表', content: '共 3 台网关' }),
    });
    expect(asked.status).toBe(200);
    expect(asked.contentType).toMatch(/^text\/event-stream/);
    const types = asked.events.map((e) => e.type);
    expect(types[0]).toBe('name');
    expect(types[1]).toBe('message');
    expect(types.at(-1)).toBe('message');
    expect(types.filter((type) => type === 'stream').length).toBeGreaterThan(3);

    const chatId = asked.events[0]!.data.id;
    expect(asked.events[0]!.data.content).toBe('现在有多少个网关离线？请按照区域分别统计…');
    expect(asked.events[1]!.data).toMatchObject({ role: 'user', content: question.trim() });
    const streams = asked.events.filter((e) => e.type === 'stream');
    const answerId = streams[0]!.data.id;
    // Every partial answer has the same id and grows: the client replaces it.
    expect(new Set(streams.map((e) => e.data.id))).toEqual(new Set([answerId]));
    expect(streams.at(-1)!.data.content).toBe('离线网关共 1 台（来源：网关列表）。');
    const final = asked.events.at(-1)!.data;
    expect(final).toMatchObject({
      id: answerId,
      role: 'assistant',
      content: '离线网关共 1 台（来源：网关列表）。',
      reasoning: '先看工具结果。',
    });

    // The fake model service: the key, the model, streaming, only the permitted category's tools.
    const [first, second] = fake.requests.slice(before);
    expect(first!.authorization).toBe('Bearer sk-test-secret-key');
    expect(first!.body).toMatchObject({ model: 'fake-model', stream: true, tool_choice: 'auto' });
    expect(first!.body.tools!.map((tool) => tool.function.name)).toEqual(gatewayToolNames());
    const prompt = first!.body.messages[0]!;
    expect(prompt.role).toBe('system');
    expect(prompt.content).toContain('Asia/Shanghai');
    expect(prompt.content).toContain('网关信息');
    expect(prompt.content).toContain('共 3 台网关');
    // The real tool ran on the caller's project (three gateways, one offline); the one of a category
    // not chosen was refused in words.
    const results = second!.body.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual(['call_a', 'call_b']);
    const counted = JSON.parse(results[0]!.content!) as { source: string; data: unknown };
    expect(counted.source).toMatch(/^网关列表（在线状态），截至 \d{4}-/);
    expect(counted.data).toMatchObject({ state: 'offline', total: 3, online: 2, offline: 1, count: 1 });
    expect(results[1]!.content).toContain('不能使用');
    expect(second!.body.messages.find((m) => m.role === 'assistant')!.tool_calls).toHaveLength(2);

    const stored = await detail(chatId);
    expect(stored.name).toBe(asked.events[0]!.data.content);
    expect(stored.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', question.trim()],
      ['assistant', '离线网关共 1 台（来源：网关列表）。'],
    ]);
    expect(stored.messages[1]!.reasoning).toBe('先看工具结果。');

    // The next question sends the earlier messages (messageIds[] names which).
    fake.script({ text: ['好的'] });
    const next = await ask(asker, chatId, {
      content: '那在线的呢？',
      'messageIds[]': [String(stored.messages[0]!.id)],
    });
    expect(next.events.map((e) => e.type)).not.toContain('name');
    const sent = fake.requests.at(-1)!.body.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'user']);
    // Without deep thinking there are no reasoning tools and no system categories.
    expect(fake.requests.at(-1)!.body.tools).toBeUndefined();
  });

  it('stops the tool loop after 5 rounds: the last call offers no tools', async () => {
    const call = { id: 'call_x', name: 'count_gateways', arguments: '{}' };
    fake.script(...Array.from({ length: 6 }, () => ({ toolCalls: [call] })));
    const before = fake.requests.length;
    const asked = await ask(asker, 0, { content: '一直查', systemContentTypes: 'gateway' });
    const sent = fake.requests.slice(before);
    const offered = gatewayToolNames().length;
    expect(sent.map((r) => r.body.tools?.length ?? 0)).toEqual([...Array(5).fill(offered), 0]);
    expect(sent[5]!.body.messages.filter((m) => m.role === 'tool')).toHaveLength(5);
    expect(asked.events.at(-1)!.data.content).toBe('抱歉，这个问题我暂时无法回答。');
  });

  it('refuses a category the caller may not read, on the server, before the model is asked', async () => {
    const before = fake.requests.length;
    const refused = await ask(asker, 0, {
      content: '有哪些预警？',
      systemContentTypes: ['gateway', 'warning'],
    });
    expect(refused).toMatchObject({
      status: 403,
      json: { code: 40000, message: '没有「预警信息」的查看权限' },
    });
    expect(fake.requests.length).toBe(before);
    const blank = await ask(asker, 0, { content: '   ' });
    expect(blank).toMatchObject({ status: 400, json: { message: ChatMessages.CONTENT_REQUIRED } });
    const unknown = await ask(asker, 0, { content: '你好', systemContentTypes: 'cameras' });
    expect(unknown.status).toBe(400);
  });

  it('busy while the chat is answering (50000); stopping ends the model call and keeps the part written', async () => {
    const { id } = await t.ok<{ id: number }>('POST', base(), { token: asker, body: {} });
    fake.script({ text: ['正在', '统计'], delayMs: 30, endless: true });
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => {
      streaming = resolve;
    });
    const closed = fake.clientClosed();
    const running = ask(
      asker,
      id,
      { content: '慢慢回答' },
      {
        onEvent: (event) => {
          if (event.type === 'stream' && event.data.content.startsWith('正在统计')) streaming();
          return undefined;
        },
      },
    );
    await started;

    const busy = await ask(asker, id, { content: '再问一次' });
    expect(busy).toMatchObject({
      status: 503,
      json: { code: CHAT_BUSY_CODE, message: '系统繁忙，请稍后再试！' },
    });

    await t.ok('DELETE', `${base()}/${id}/completions`, { token: asker });
    await closed;
    const asked = await running;
    const final = asked.events.at(-1)!;
    expect(final.type).toBe('message');
    expect(final.data.content.startsWith('正在统计')).toBe(true);
    const stored = await detail(id);
    expect(stored.messages[1]!.content).toBe(final.data.content);
    // Idle again.
    fake.script({ text: ['好'] });
    expect((await ask(asker, id, { content: '现在呢' })).events.at(-1)!.data.content).toBe('好');
  });

  it('a dropped socket: the answer is written to its end and saved', async () => {
    const { id } = await t.ok<{ id: number }>('POST', base(), { token: asker, body: {} });
    const parts = Array.from({ length: 12 }, (_, i) => `第${i + 1}段。`);
    fake.script({ text: parts, delayMs: 25 });
    const closedBefore = fake.closedByClient;
    const asked = await ask(asker, id, { content: '写长一点' }, { onEvent: (e) => e.type === 'stream' });
    expect(asked.events.at(-1)!.type).toBe('stream');
    await expect
      .poll(async () => (await detail(id)).messages[1]?.content, { timeout: 10_000 })
      .toBe(parts.join(''));
    expect(fake.closedByClient).toBe(closedBefore);
  });

  it('a slow client: only the newest partial waits, and the whole answer arrives', async () => {
    const { id } = await t.ok<{ id: number }>('POST', base(), { token: asker, body: {} });
    const parts = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(100_000, '数'));
    fake.script({ text: parts, delayMs: STREAM_EVENT_INTERVAL_MS + 10 });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const form = new URLSearchParams({ content: '给我很长的回答' }).toString();
      const req = httpRequest(`${t.baseUrl}${base()}/${id}/completions`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${asker}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
        },
      });
      req.on('response', resolve).on('error', reject).end(form);
    });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    // Not reading while the whole answer is written.
    response.pause();
    await expect
      .poll(async () => (await detail(id)).messages[1]?.content.length, { timeout: 15_000 })
      .toBe(2_000_000);
    let text = '';
    response.setEncoding('utf8');
    for await (const chunk of response) text += chunk;
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('data:'))
      .map((block) => JSON.parse(block.slice(5)) as StreamEvent);
    const streams = events.filter((e) => e.type === 'stream');
    expect(streams.length).toBeLessThan(parts.length);
    expect(events.at(-1)!).toMatchObject({ type: 'message', data: { content: parts.join('') } });
  });

  it('an HTTP error of the model service: an error event in Chinese, the key never logged', async () => {
    fake.script({ status: 401 });
    const asked = await ask(asker, 0, { content: '你好' });
    const error = asked.events.find((e) => e.type === 'error');
    expect(error?.data.content).toContain('密钥');
    expect(JSON.stringify(t.logs)).not.toContain('sk-test-secret-key');
  });
});

describe('quota', () => {
  it('counts questions against chatMessagesLimit, reports them, refuses at the limit', async () => {
    const usage = () =>
      t.ok<ResourceUsage>('GET', `/iot/groups/${projectId}/getResourceUsage`, { token: system });
    const used = (await usage()).chat.used!;
    expect(used).toBeGreaterThan(0);
    await setLimit(used + 1);
    fake.script({ text: ['一'] });
    expect((await ask(asker, 0, { content: '第一问' })).status).toBe(200);
    expect((await usage()).chat).toEqual({ limit: used + 1, used: used + 1 });
    const chats = async () => (await t.ok<Page<Chat>>('GET', base(), { token: asker })).total;
    const before = await chats();
    const refused = await ask(asker, 0, { content: '第二问' });
    // The refused first question leaves no chat behind.
    expect(await chats()).toBe(before);
    expect(refused).toMatchObject({ status: 429, json: { message: ChatMessages.QUOTA_REACHED(used + 1) } });
    await setLimit(-1);
    fake.script({ text: ['二'] });
    expect((await ask(asker, 0, { content: '第二问' })).status).toBe(200);
  });
});

describe('files', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  it('refuses an image over 20M and another file over 150M', async () => {
    const image = new Uint8Array(CHAT_IMAGE_MAX_BYTES + 1);
    image.set(PNG);
    expect(
      await ask(asker, 0, { content: '看图' }, { files: [{ name: 'big.png', data: image }] }),
    ).toMatchObject({
      status: 400,
      json: { message: '图片大小不能超过20M' },
    });
    const document = new Uint8Array(CHAT_FILE_MAX_BYTES + 1);
    document.set(Buffer.from('%PDF-1.4'));
    expect(
      await ask(asker, 0, { content: '看文件' }, { files: [{ name: 'big.pdf', data: document }] }),
    ).toMatchObject({ status: 400, json: { message: '文件大小不能超过150M' } });
  }, 120_000);

  it('stores a file with the message, served to members of the project only', async () => {
    fake.script({ text: ['收到'] });
    const asked = await ask(
      asker,
      0,
      { content: '看看这两个文件' },
      {
        files: [
          { name: '现场.png', data: PNG },
          { name: '记录.txt', data: Buffer.from('COD 最高 52 mg/L') },
        ],
      },
    );
    const message = asked.events.find((e) => e.type === 'message')!.data;
    expect(message.files.map((f) => [f.name, f.size, f.type])).toEqual([
      ['现场.png', PNG.length, 'image/png'],
      ['记录.txt', Buffer.byteLength('COD 最高 52 mg/L'), 'text/plain; charset=utf-8'],
    ]);
    // The text of a text file reaches the model.
    expect(fake.requests.at(-1)!.body.messages.at(-1)!.content).toContain('COD 最高 52 mg/L');
    const url = message.files[0]!.url;
    expect(url).toMatch(new RegExp(`^/iot/groups/${projectId}/chats/files/`));
    const fetchAs = (token?: string, path = url) =>
      fetch(t.baseUrl + path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const mine = await fetchAs(colleague);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetchAs(other.token)).status).toBe(403);
    expect((await fetchAs(undefined)).status).toBe(401);
    const name = url.slice(url.lastIndexOf('/') + 1);
    expect((await fetchAs(colleague, `/iot/files/assistant/${name}`)).status).toBe(404);
    expect((await fetchAs(other.token, `/iot/groups/${other.projectId}/chats/files/${name}`)).status).toBe(
      404,
    );
  });

  it('refuses a file whose bytes are not what its name says', async () => {
    const asked = await ask(
      asker,
      0,
      { content: '看图' },
      { files: [{ name: 'fake.png', data: Buffer.from('MZ…') }] },
    );
    expect(asked).toMatchObject({ status: 400, json: { message: ChatMessages.FILE_FORMAT } });
  });
});

describe('the default provider', () => {
  it('is the built-in analyst without AI_BASE_URL, the OpenAI-compatible client with it', async () => {
    const tools = assistantTools({ db: t.server.platform.db });
    expect((await defaultProviderResolver(loadConfig({}), tools)(1)).name).toBe('builtin');
    const config = loadConfig({ AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm', AI_API_KEY: 'k' });
    expect((await defaultProviderResolver(config, tools)(1)).name).toBe('openai');
  });
});
