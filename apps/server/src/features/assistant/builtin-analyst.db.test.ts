import type { ChatDetail } from '@iot/contracts/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat } from '../../test/chat-stream.js';
import { createGateway } from '../../test/factories.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../test/server.js';
import { projectWithAdmin } from '../../test/tenants.js';

/**
 * The default path of a fresh install (decisions 0060–0062): no AI模型 configured and no AI_*
 * environment, so the built-in analyst answers a real question over the real tools and the
 * project's real data, through the completions stream the web reads.
 */
let t: TestServer;
let projectId: number;
/** router-ai-assistant and router-projectGateway only: no router-warningList. */
let asker: string;

const completions = (chatId: number) => `/iot/groups/${projectId}/chats/${chatId}/completions`;
const ask = (chatId: number, fields: Record<string, string | string[]>) =>
  askChat(t, completions(chatId), asker, fields);

beforeAll(async () => {
  t = await startServer({ aiBaseUrl: undefined, aiApiKey: undefined, aiModel: undefined });
  const system = (await t.login('admin', ADMIN_PASSWORD)).access;
  const project = await projectWithAdmin(t, system, '内置助手项目', 'analyst-admin');
  projectId = project.projectId;
  const role = await t.ok<{ id: number }>('POST', `/iot/groups/${projectId}/roles`, {
    token: project.token,
    body: {
      name: '助手提问',
      description: '',
      functions: [
        { code: 'router-ai-assistant', permission: 1 },
        { code: 'router-projectGateway', permission: 1 },
      ],
    },
  });
  await t.ok('POST', `/iot/groups/${projectId}/users`, {
    token: project.token,
    body: { username: 'analyst-asker', realname: '提问人', password: 'Passw0rd!', roleId: role.id },
  });
  asker = (await t.login('analyst-asker', 'Passw0rd!')).access;
  // Three gateways, one of them offline (timed out).
  for (const status of ['online', 'online', 'offlineTimeout']) {
    const gateway = await createGateway(t, projectId, []);
    await t.server.platform.db
      .updateTable('gateways')
      .set({ online_status: status })
      .where('id', '=', gateway.id)
      .execute();
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the built-in analyst, no model configured', () => {
  it('answers 有多少网关离线 from the project’s gateways, with its source', async () => {
    expect((await t.server.aiModels.resolveProvider(projectId)).name).toBe('builtin');
    const asked = await ask(0, {
      content: '有多少网关离线',
      systemContentTypes: 'gateway',
      thinking: 'true',
    });
    expect(asked.status).toBe(200);
    const final = asked.events.at(-1)!;
    expect(final.type).toBe('message');
    expect(final.data.role).toBe('assistant');
    expect(final.data.content).toContain('本项目共有网关 3 个，其中离线 1 个');
    expect(final.data.content).toContain('超时离线 1 个');
    expect(final.data.content).toMatch(/来源：网关列表（在线状态），截至 \d{4}-/);
    expect(final.data.reasoning).not.toBe('');

    const chatId = asked.events[0]!.data.id;
    const stored = await t.ok<ChatDetail>('GET', `/iot/groups/${projectId}/chats/${chatId}`, {
      token: asker,
    });
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored.messages[1]!.content).toBe(final.data.content);
  });

  it('预警信息 without router-warningList is refused; with no category it says what it can answer', async () => {
    const refused = await ask(0, { content: '哪些预警还没处理？', systemContentTypes: 'warning' });
    expect(refused).toMatchObject({
      status: 403,
      json: { code: 40000, message: '没有「预警信息」的查看权限' },
    });

    const unchosen = await ask(0, { content: '哪些预警还没处理？' });
    expect(unchosen.events.at(-1)!.data.content).toBe('请先选择预警信息，或你没有查看预警的权限。');

    const hello = await ask(0, { content: '你好' });
    const said = hello.events.at(-1)!.data.content;
    expect(said).toContain('你好！我是你的AI助手。');
    expect(said).toContain('请先在输入框上方选择要查询的数据类别');
    expect(said).toContain('预警信息');
  });
});
