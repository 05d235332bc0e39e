import type { AiModel } from '@iot/contracts/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai.js';
import { MOSQUITTO_URL, mosquittoReachable } from '../../../test/mosquitto.js';
import { ADMIN_PASSWORD, startPeer, startServer, type TestServer } from '../../../test/server.js';

/**
 * Two server nodes on one database and the machine's Mosquitto: a model changed on one node answers
 * the next chat on the other at once, though the other had cached the previous choice (decision 0061).
 */
const available = await mosquittoReachable();
const KEY = 'sk-nodes-0123456789';
let a: TestServer;
let b: TestServer;
let admin: string;
let projectId: number;
let systemFake: FakeOpenAi;
let projectFake: FakeOpenAi;

async function answerOn(t: TestServer, project: number): Promise<string> {
  const provider = await t.server.aiModels.resolveProvider(project);
  let text = '';
  for await (const event of provider.complete({
    messages: [{ role: 'user', content: '你好' }],
    tools: [],
    thinking: false,
    signal: new AbortController().signal,
  }))
    if (event.type === 'text') text += event.text;
  return text;
}

beforeAll(async () => {
  if (!available) return;
  const mqttShareGroup = `ai-models-${process.env.TEST_DB}-${process.pid}`;
  a = await startServer({ mqttUrl: MOSQUITTO_URL, mqttShareGroup });
  b = await startPeer(a);
  admin = (await a.login('admin', ADMIN_PASSWORD)).access;
  projectId = a.server.seeded.demoProjectId!;
  systemFake = await startFakeOpenAi({ key: KEY, reply: { text: ['系统默认'] } });
  projectFake = await startFakeOpenAi({ key: KEY, reply: { text: ['项目专用'] } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await systemFake?.close();
  await projectFake?.close();
});

describe.skipIf(!available)('the model of a project, changed on another node', () => {
  it('answers from the new choice at once', async () => {
    const system = await a.ok<AiModel>('POST', '/iot/aiModels', {
      token: admin,
      body: { name: '默认', baseUrl: systemFake.baseUrl, model: 'm', apiKey: KEY },
    });
    // B caches the system default for the project (and opens the key sealed on A).
    expect(await answerOn(b, projectId)).toBe('系统默认');
    expect(await answerOn(b, projectId)).toBe('系统默认');

    const own = await a.ok<AiModel>('POST', '/iot/aiModels', {
      token: admin,
      body: { name: '专用', baseUrl: projectFake.baseUrl, model: 'm', apiKey: KEY, projectId },
    });
    expect(await answerOn(b, projectId)).toBe('项目专用');

    await b.ok('DELETE', `/iot/aiModels/${own.id}`, { token: admin });
    expect(await answerOn(a, projectId)).toBe('系统默认');
    await b.ok('PUT', `/iot/aiModels/${system.id}`, {
      token: admin,
      body: { name: '默认', baseUrl: systemFake.baseUrl, model: 'm', enabled: false },
    });
    expect((await a.server.aiModels.resolveProvider(projectId)).name).toBe('builtin');
  });
});
