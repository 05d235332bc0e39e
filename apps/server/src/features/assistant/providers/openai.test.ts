import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai.js';
import { type CompletionRequest, ProviderError, type ProviderEvent } from '../provider.js';
import { createOpenAiProvider } from './openai.js';

/** The OpenAI-compatible client against a local server speaking that protocol (test/fake-openai.ts). */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const request = (signal = new AbortController().signal): CompletionRequest => ({
  messages: [
    { role: 'system', content: '你是助手' },
    { role: 'user', content: '离线网关有几个？' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c0', name: 'count', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c0', content: '{"count":2}' },
  ],
  tools: [{ name: 'count', description: '统计', parameters: { type: 'object', properties: {} } }],
  thinking: true,
  signal,
});

async function collect(events: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const all: ProviderEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

const provider = (idleTimeoutMs?: number) =>
  createOpenAiProvider({
    baseUrl: `${fake.baseUrl}/`,
    apiKey: 'sk-unit',
    model: 'm1',
    ...(idleTimeoutMs ? { idleTimeoutMs } : {}),
  });

describe('OpenAI-compatible provider', () => {
  it('streams reasoning and text, and tool calls accumulated by index across chunks', async () => {
    fake.script({
      reasoning: ['想', '一想'],
      text: ['好的，', '我查一下'],
      toolCalls: [
        { id: 'call_1', name: 'count', arguments: '{"state":"offline","area":"一期"}' },
        { id: 'call_2', name: 'list', arguments: '{"level":2}' },
      ],
    });
    const events = await collect(provider().complete(request()));
    expect(events.filter((e) => e.type === 'reasoning').map((e) => e.text)).toEqual(['想', '一想']);
    expect(events.filter((e) => e.type === 'text').map((e) => e.text)).toEqual(['好的，', '我查一下']);
    expect(events.at(-1)).toEqual({
      type: 'toolCalls',
      calls: [
        { id: 'call_1', name: 'count', arguments: '{"state":"offline","area":"一期"}' },
        { id: 'call_2', name: 'list', arguments: '{"level":2}' },
      ],
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-unit');
    expect(sent.body).toMatchObject({ model: 'm1', stream: true, tool_choice: 'auto' });
    expect(sent.body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'count', description: '统计', parameters: { type: 'object', properties: {} } },
      },
    ]);
    expect(sent.body.messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c0', type: 'function', function: { name: 'count', arguments: '{}' } }],
    });
    expect(sent.body.messages[3]).toEqual({ role: 'tool', tool_call_id: 'c0', content: '{"count":2}' });
  });

  it('asks a model that supports thinking whether to think; sends no empty key', async () => {
    const thinker = createOpenAiProvider({
      baseUrl: fake.baseUrl,
      apiKey: '',
      model: 'qwen3',
      supportsThinking: true,
    });
    await collect(thinker.complete(request()));
    expect(fake.requests.at(-1)!.body.enable_thinking).toBe(true);
    expect(fake.requests.at(-1)!.authorization).toBeUndefined();
    await collect(thinker.complete({ ...request(), thinking: false }));
    expect(fake.requests.at(-1)!.body.enable_thinking).toBe(false);
    await collect(provider().complete(request()));
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('enable_thinking');
  });

  it('an abort closes the connection to the service', async () => {
    fake.script({ text: ['一'], delayMs: 20, endless: true });
    const controller = new AbortController();
    const closed = fake.clientClosed();
    const seen: ProviderEvent[] = [];
    const run = (async () => {
      for await (const event of provider().complete(request(controller.signal))) {
        seen.push(event);
        if (seen.length === 3) controller.abort(new Error('stopped'));
      }
    })();
    await expect(run).rejects.toThrow('stopped');
    await closed;
  });

  it('HTTP errors, silence and an unreachable service are told in Chinese', async () => {
    for (const [status, words] of [
      [401, '密钥'],
      [429, '稍后再试'],
      [500, 'HTTP 500'],
    ] as const) {
      fake.script({ status });
      const error = await collect(provider().complete(request())).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ failure: 'http', status });
      expect((error as Error).message).toContain(words);
      expect((error as Error).message).not.toContain('sk-');
    }
    fake.script({ text: ['慢'], delayMs: 300 });
    await expect(collect(provider(100).complete(request()))).rejects.toThrow('超时');
    const nowhere = createOpenAiProvider({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
    await expect(collect(nowhere.complete(request()))).rejects.toThrow('无法连接模型服务');
  });
});
