import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@iot/contracts';
import { type AiModel, AiModelMessages, type AiModelTestResult } from '@iot/contracts/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../platform/secret-box.js';
import { DEMO_ACCOUNTS } from '../../../seed.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../../test/server.js';
import { AiModelsRepository } from './ai-models.repository.js';
import { AiModelsService } from './ai-models.service.js';
import { openAiProviderFactory } from './provider-resolver.js';

const SYSTEM_KEY = 'sk-system-0123456789abcdef';
const PROJECT_KEY = 'sk-project-fedcba9876543210';

let t: TestServer;
let admin: string;
let projectId: number;
let otherProjectId: number;
let systemFake: FakeOpenAi;
let projectFake: FakeOpenAi;

beforeAll(async () => {
  t = await startServer();
  admin = (await t.login('admin', ADMIN_PASSWORD)).access;
  projectId = t.server.seeded.demoProjectId!;
  otherProjectId = (
    await t.ok<{ projectGroupId: number }>('POST', '/iot/projects', {
      token: admin,
      body: { name: '乙项目' },
    })
  ).projectGroupId;
  systemFake = await startFakeOpenAi({
    key: SYSTEM_KEY,
    model: 'sys-model',
    reply: { reasoning: ['想一想。'], text: ['系统默认模型：', '连接成功。'] },
  });
  projectFake = await startFakeOpenAi({
    key: PROJECT_KEY,
    model: 'proj-model',
    reply: { text: ['项目模型：', '连接成功。'] },
  });
});
afterAll(async () => {
  await t.close();
  await systemFake.close();
  await projectFake.close();
});

const create = (body: Record<string, unknown>) =>
  t.request<AiModel>('POST', '/iot/aiModels', { token: admin, body });

/** What the resolved provider of a project answers to one question. */
async function answerOf(project: number): Promise<string> {
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

describe('AI模型', () => {
  let systemModel: AiModel;
  let projectModel: AiModel;

  it('stores the key sealed, never answers it, and tests through the model', async () => {
    const created = await create({
      name: '通义千问',
      baseUrl: `${systemFake.baseUrl}/`,
      model: 'sys-model',
      apiKey: SYSTEM_KEY,
      supportsThinking: true,
    });
    expect(created.body.code).toBe(20000);
    systemModel = created.body.data;
    expect(systemModel).toMatchObject({
      name: '通义千问',
      kind: 'openai',
      baseUrl: systemFake.baseUrl,
      hasKey: true,
      supportsThinking: true,
      enabled: true,
      projectId: null,
      projectName: null,
    });
    expect(JSON.stringify(created.body)).not.toContain(SYSTEM_KEY);

    // At rest: sealed, not the key, and opened only with this installation's data key.
    const row = await t.server.platform.db
      .selectFrom('ai_models')
      .selectAll()
      .where('id', '=', systemModel.id)
      .executeTakeFirstOrThrow();
    expect(row.api_key_sealed).not.toContain(SYSTEM_KEY);
    expect(row.api_key_sealed).toMatch(/^v1\./);
    const secrets = JSON.parse(readFileSync(path.join(t.config.dataDir, 'secrets.json'), 'utf8')) as {
      dataEncryptionKey: string;
    };
    expect(new SecretBox(secrets.dataEncryptionKey).open(row.api_key_sealed)).toBe(SYSTEM_KEY);

    const list = await t.request<Page<AiModel>>('GET', '/iot/aiModels?keyword=千问', { token: admin });
    expect(list.body.data.list.map((m) => m.id)).toEqual([systemModel.id]);
    expect(JSON.stringify(list.body)).not.toContain(SYSTEM_KEY);

    const tested = await t.ok<AiModelTestResult>('POST', `/iot/aiModels/${systemModel.id}/test`, {
      token: admin,
    });
    // The streamed text collected (not the reasoning); the model supports thinking, so it is asked to.
    expect(tested).toMatchObject({ ok: true, reply: '系统默认模型：连接成功。', error: '' });
    const sent = systemFake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${SYSTEM_KEY}`);
    expect(sent.body).toMatchObject({
      model: 'sys-model',
      stream: true,
      enable_thinking: true,
      messages: [{ role: 'user' }],
    });
  });

  it('keeps the stored key when an update leaves it empty, and replaces it when given', async () => {
    const renamed = await t.ok<AiModel>('PUT', `/iot/aiModels/${systemModel.id}`, {
      token: admin,
      body: { name: '千问 Max', baseUrl: systemFake.baseUrl, model: 'sys-model', apiKey: '' },
    });
    expect(renamed).toMatchObject({ name: '千问 Max', hasKey: true, supportsThinking: false });
    expect(
      (await t.ok<AiModelTestResult>('POST', `/iot/aiModels/${systemModel.id}/test`, { token: admin })).ok,
    ).toBe(true);
    // No thinking support: the field is not sent at all.
    expect(systemFake.requests.at(-1)!.body).not.toHaveProperty('enable_thinking');

    // A wrong key: the service refuses it, the answer says so in Chinese.
    await t.ok('PUT', `/iot/aiModels/${systemModel.id}`, {
      token: admin,
      body: { name: '千问 Max', baseUrl: systemFake.baseUrl, model: 'sys-model', apiKey: 'sk-wrong-key-000' },
    });
    const refused = await t.request<AiModelTestResult>('POST', `/iot/aiModels/${systemModel.id}/test`, {
      token: admin,
    });
    expect(refused.body.data).toMatchObject({
      ok: false,
      reply: '',
      error: AiModelMessages.TEST_KEY_REFUSED,
    });
    // The service's error body echoes the key it refused; the answer does not.
    expect(JSON.stringify(refused.body)).not.toContain('sk-wrong-key-000');

    // A model the service does not know, then nothing listening at all.
    await t.ok('PUT', `/iot/aiModels/${systemModel.id}`, {
      token: admin,
      body: { name: '千问 Max', baseUrl: systemFake.baseUrl, model: 'no-such-model', apiKey: SYSTEM_KEY },
    });
    expect(
      (await t.ok<AiModelTestResult>('POST', `/iot/aiModels/${systemModel.id}/test`, { token: admin })).error,
    ).toBe(AiModelMessages.TEST_NOT_FOUND);
    await t.ok('PUT', `/iot/aiModels/${systemModel.id}`, {
      token: admin,
      body: { name: '千问 Max', baseUrl: 'http://127.0.0.1:9/v1', model: 'sys-model' },
    });
    expect(
      (await t.ok<AiModelTestResult>('POST', `/iot/aiModels/${systemModel.id}/test`, { token: admin })).error,
    ).toBe(AiModelMessages.TEST_UNREACHABLE);

    const restored = await t.ok<AiModel>('PUT', `/iot/aiModels/${systemModel.id}`, {
      token: admin,
      body: { name: '千问 Max', baseUrl: systemFake.baseUrl, model: 'sys-model', supportsThinking: true },
    });
    expect(restored.hasKey).toBe(true);
    expect(JSON.stringify(t.logs)).not.toContain(SYSTEM_KEY);
    expect(JSON.stringify(t.logs)).not.toContain('sk-wrong-key-000');
  });

  it('answers a project from its own model, else the system default, else the built-in analyst', async () => {
    // Before: the system default answers both projects.
    expect(await answerOf(projectId)).toBe('系统默认模型：连接成功。');
    expect(await answerOf(otherProjectId)).toBe('系统默认模型：连接成功。');

    const created = await create({
      name: '项目专用',
      baseUrl: projectFake.baseUrl,
      model: 'proj-model',
      apiKey: PROJECT_KEY,
      projectId,
    });
    expect(created.body.code).toBe(20000);
    projectModel = created.body.data;
    expect(projectModel).toMatchObject({ projectId, projectName: '示范污水处理项目' });
    // The cached answer was forgotten at the change.
    expect(await answerOf(projectId)).toBe('项目模型：连接成功。');
    expect(await answerOf(otherProjectId)).toBe('系统默认模型：连接成功。');

    // One enabled model per scope.
    const second = await create({
      name: '第二个',
      baseUrl: projectFake.baseUrl,
      model: 'proj-model',
      projectId,
    });
    expect(second).toMatchObject({ status: 409, body: { message: AiModelMessages.PROJECT_TAKEN } });
    const secondDefault = await create({ name: '第二默认', baseUrl: systemFake.baseUrl, model: 'm' });
    expect(secondDefault).toMatchObject({
      status: 409,
      body: { message: AiModelMessages.SYSTEM_DEFAULT_TAKEN },
    });
    const disabled = await create({
      name: '备用',
      baseUrl: systemFake.baseUrl,
      model: 'm',
      enabled: false,
    });
    expect(disabled.body.data.enabled).toBe(false);

    // The project's model disabled: the system default again; the default disabled: the analyst.
    await t.ok('PUT', `/iot/aiModels/${projectModel.id}`, {
      token: admin,
      body: {
        name: '项目专用',
        baseUrl: projectFake.baseUrl,
        model: 'proj-model',
        projectId,
        enabled: false,
      },
    });
    expect(await answerOf(projectId)).toBe('系统默认模型：连接成功。');
    await t.ok('DELETE', `/iot/aiModels/${systemModel.id}`, { token: admin });
    expect((await t.server.aiModels.resolveProvider(projectId)).name).toBe('builtin');
    await t.ok('DELETE', `/iot/aiModels/${disabled.body.data.id}`, { token: admin });
  });

  it('refuses bad input in Chinese', async () => {
    const ftp = await create({ name: 'x', baseUrl: 'ftp://example.com/v1', model: 'm' });
    expect(ftp.body.message).toBe(`baseUrl: ${AiModelMessages.BASE_URL}`);
    const noProject = await create({
      name: 'x',
      baseUrl: 'https://example.com/v1',
      model: 'm',
      projectId: 999_999,
    });
    expect(noProject.body.message).toBe(AiModelMessages.PROJECT_NOT_FOUND);
    const missing = await t.request('PUT', '/iot/aiModels/999999', {
      token: admin,
      body: { name: 'x', baseUrl: 'https://example.com/v1', model: 'm' },
    });
    expect(missing).toMatchObject({ status: 404, body: { message: AiModelMessages.NOT_FOUND } });
  });

  it('offers the projects to choose from', async () => {
    const projects = await t.ok<Page<{ id: number; name: string }>>(
      'GET',
      '/iot/aiModels/projects?keyword=乙',
      {
        token: admin,
      },
    );
    expect(projects.list).toEqual([{ id: otherProjectId, name: '乙项目' }]);
  });

  it('belongs to whoever holds router-aiModels in the system scope', async () => {
    const role = await t.ok<{ id: number }>('POST', '/iot/system/roles', {
      token: admin,
      body: { name: '用户审计员', functions: [{ code: 'router-system-users', permission: 1 }] },
    });
    await t.ok('POST', '/iot/systemMembers', {
      token: admin,
      body: { username: 'no-models', realname: '无模型权限', password: 'Passw0rd!', roleId: role.id },
    });
    const outsider = (await t.login('no-models', 'Passw0rd!')).access;
    expect((await t.request('GET', '/iot/aiModels', { token: outsider })).status).toBe(403);
    expect(
      (await t.request('POST', `/iot/aiModels/${projectModel.id}/test`, { token: outsider })).status,
    ).toBe(403);
    const projectAdmin = (
      await t.login(DEMO_ACCOUNTS.projectAdmin.username, DEMO_ACCOUNTS.projectAdmin.password)
    ).access;
    expect((await t.request('GET', '/iot/aiModels', { token: projectAdmin })).status).toBe(403);

    // Read only: the list, but no change and no test.
    const reader = await t.ok<{ id: number }>('POST', '/iot/system/roles', {
      token: admin,
      body: { name: '模型查看', functions: [{ code: 'router-aiModels', permission: 1 }] },
    });
    await t.ok('POST', '/iot/systemMembers', {
      token: admin,
      body: { username: 'models-reader', realname: '模型查看', password: 'Passw0rd!', roleId: reader.id },
    });
    const readerToken = (await t.login('models-reader', 'Passw0rd!')).access;
    expect((await t.request('GET', '/iot/aiModels', { token: readerToken })).body.code).toBe(20000);
    expect(
      (await t.request('DELETE', `/iot/aiModels/${projectModel.id}`, { token: readerToken })).status,
    ).toBe(403);
    expect(
      (await t.request('POST', `/iot/aiModels/${projectModel.id}/test`, { token: readerToken })).status,
    ).toBe(403);
  });

  it('gives up on a model that does not answer in time', async () => {
    const slow = await startFakeOpenAi({ key: PROJECT_KEY, reply: { text: ['太慢了'], delayMs: 3000 } });
    try {
      const secrets = JSON.parse(readFileSync(path.join(t.config.dataDir, 'secrets.json'), 'utf8')) as {
        dataEncryptionKey: string;
      };
      const service = new AiModelsService(
        new AiModelsRepository(t.server.platform.db),
        new SecretBox(secrets.dataEncryptionKey),
        openAiProviderFactory,
        t.server.platform.cluster,
        t.server.platform.log,
        { testTimeoutMs: 300 },
      );
      const model = await service.create({
        name: '慢模型',
        kind: 'openai',
        baseUrl: slow.baseUrl,
        model: 'slow',
        apiKey: PROJECT_KEY,
        clearKey: false,
        supportsThinking: false,
        enabled: false,
        projectId: null,
      });
      const started = Date.now();
      expect(await service.test(model.id)).toMatchObject({ ok: false, error: AiModelMessages.TEST_TIMEOUT });
      expect(Date.now() - started).toBeLessThan(2000);
      await service.delete(model.id);
    } finally {
      await slow.close();
    }
  });
});
