import type { PageQuery } from '@iot/contracts';
import {
  AI_MODEL_TEST_PROMPT,
  AI_MODEL_TEST_TIMEOUT_MS,
  type AiModel,
  AiModelMessages,
  type AiModelTestResult,
  type aiModelBody,
} from '@iot/contracts/assistant';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type ClusterBus, defineChannel } from '../../../platform/cluster-bus.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import { NodeCache } from '../../../platform/node-cache.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import { ProviderError } from '../provider.js';
import type { AiModelRecord, AiModelsRepository } from './ai-models.repository.js';
import type { ModelConnection, ProviderFactory } from './provider-resolver.js';

type Input = z.output<typeof aiModelBody>;

/** A model configuration changed: every node forgets which model answers which project. */
const aiModelsChannel = defineChannel('ai-models', () => ({}), { confirmed: true });

/** A project's model as the resolver needs it; `null` in the cache: none configured. */
export interface ActiveModel extends ModelConnection {
  id: number;
  name: string;
}

export interface AiModelsOptions {
  /** How long 测试 waits (AI_MODEL_TEST_TIMEOUT_MS; shorter in tests). */
  testTimeoutMs?: number;
}

/**
 * AI模型 (docs/decisions/0061-ai-models.md): the model services the assistant may use, system-wide
 * or per project, at most one enabled per scope. Keys are sealed before they are stored, opened only
 * to call the model, never answered and never logged.
 */
export class AiModelsService {
  private readonly cache: NodeCache<number, ActiveModel | null>;
  private readonly testTimeoutMs: number;

  constructor(
    private readonly repository: AiModelsRepository,
    private readonly box: SecretBox,
    private readonly factory: ProviderFactory,
    private readonly cluster: ClusterBus,
    private readonly log: FastifyBaseLogger,
    options: AiModelsOptions = {},
  ) {
    this.testTimeoutMs = options.testTimeoutMs ?? AI_MODEL_TEST_TIMEOUT_MS;
    this.cache = new NodeCache(cluster, { ttlMs: 60_000, maxEntries: 10_000 });
    cluster.subscribe(aiModelsChannel, () => this.cache.clear());
  }

  async list(pageQuery: PageQuery, keyword?: string) {
    const page = await this.repository.list(pageQuery, keyword);
    return { ...page, list: page.list.map(answer) };
  }

  projects(pageQuery: PageQuery, keyword?: string) {
    return this.repository.projects(pageQuery, keyword);
  }

  async get(id: number): Promise<AiModel> {
    return answer(await this.record(id));
  }

  async create(input: Input): Promise<AiModel> {
    await this.checkScope(input);
    const id = await this.repository.create({
      ...fields(input),
      apiKeySealed: input.apiKey ? this.box.seal(input.apiKey) : '',
    });
    await this.changed();
    return this.get(id);
  }

  /** An absent or empty key keeps the stored one; `clearKey` removes it. */
  async update(id: number, input: Input): Promise<AiModel> {
    const current = await this.record(id);
    await this.checkScope(input, id);
    const apiKeySealed = input.apiKey
      ? this.box.seal(input.apiKey)
      : input.clearKey
        ? ''
        : current.apiKeySealed;
    await this.repository.update(id, { ...fields(input), apiKeySealed });
    await this.changed();
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    await this.record(id);
    await this.repository.delete(id);
    await this.changed();
  }

  /**
   * 测试: one short prompt through the model's streaming client (thinking when the model supports
   * it), its text collected, bounded by testTimeoutMs. A failure is an answer
   * (ok false, the reason in Chinese), not an error: the call to the screen succeeded.
   */
  async test(id: number): Promise<AiModelTestResult> {
    const record = await this.record(id);
    const started = Date.now();
    const result = (ok: boolean, reply: string, error: string): AiModelTestResult => ({
      ok,
      reply,
      error,
      elapsedMs: Date.now() - started,
    });
    let connection: ModelConnection;
    try {
      connection = this.connectionOf(record);
    } catch {
      return result(false, '', AiModelMessages.KEY_UNREADABLE);
    }
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.testTimeoutMs);
    });
    const call = (async () => {
      let reply = '';
      const provider = this.factory(connection);
      for await (const event of provider.complete({
        messages: [{ role: 'user', content: AI_MODEL_TEST_PROMPT }],
        tools: [],
        thinking: connection.thinking,
        signal: controller.signal,
      })) {
        if (event.type === 'text') reply += event.text;
      }
      return reply;
    })();
    try {
      const outcome = await Promise.race([call, timeout]);
      if (outcome === 'timeout') {
        controller.abort();
        call.catch(() => undefined);
        return result(false, '', AiModelMessages.TEST_TIMEOUT);
      }
      const reply = outcome.trim();
      return reply ? result(true, reply.slice(0, 1000), '') : result(false, '', AiModelMessages.TEST_EMPTY);
    } catch (error) {
      this.log.warn(
        { aiModelId: id, error: redact(String((error as Error).message ?? error), connection.apiKey) },
        'AI model test failed',
      );
      return result(false, '', describeModelError(error));
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The model answering a project: its own enabled model, else the enabled system default, else
   * null. Kept per node, forgotten on every node at each change.
   */
  async activeFor(projectId: number): Promise<ActiveModel | null> {
    return (await this.cache.get(projectId, () => this.readActive(projectId))) ?? null;
  }

  private async readActive(projectId: number): Promise<ActiveModel | null> {
    const record = (await this.repository.enabledIn(projectId)) ?? (await this.repository.enabledIn(null));
    if (!record) return null;
    try {
      return { id: record.id, name: record.name, ...this.connectionOf(record) };
    } catch {
      this.log.error(
        { aiModelId: record.id },
        'AI model key cannot be opened (DATA_ENCRYPTION_KEY changed?)',
      );
      return null;
    }
  }

  private connectionOf(record: AiModelRecord): ModelConnection {
    return {
      baseUrl: record.baseUrl,
      apiKey: record.apiKeySealed ? this.box.open(record.apiKeySealed) : '',
      model: record.model,
      thinking: record.supportsThinking,
    };
  }

  private async record(id: number): Promise<AiModelRecord> {
    const record = await this.repository.get(id);
    if (!record) throw notFound(AiModelMessages.NOT_FOUND);
    return record;
  }

  private async checkScope(input: Input, excludeId?: number): Promise<void> {
    if (input.projectId !== null && !(await this.repository.projectExists(input.projectId)))
      throw badRequest(AiModelMessages.PROJECT_NOT_FOUND);
    if (!input.enabled) return;
    if (await this.repository.enabledIn(input.projectId, excludeId))
      throw conflict(
        input.projectId === null ? AiModelMessages.SYSTEM_DEFAULT_TAKEN : AiModelMessages.PROJECT_TAKEN,
      );
  }

  private changed(): Promise<void> {
    return this.cluster.publish(aiModelsChannel, {});
  }
}

function fields(input: Input) {
  return {
    name: input.name,
    kind: input.kind,
    baseUrl: input.baseUrl,
    model: input.model,
    supportsThinking: input.supportsThinking,
    enabled: input.enabled,
    projectId: input.projectId,
  };
}

/** The record without its sealed key: what every answer carries. */
function answer(record: AiModelRecord): AiModel {
  const { apiKeySealed: _sealed, ...model } = record;
  return model;
}

function redact(text: string, key: string): string {
  return key ? text.split(key).join('***') : text;
}

/**
 * Why a model call failed, for the person at the screen: the client's ProviderError by HTTP status,
 * timeout, connection or unreadable answer; anything else is a generic failure.
 */
export function describeModelError(error: unknown): string {
  if (!(error instanceof ProviderError)) return AiModelMessages.TEST_FAILED;
  switch (error.failure) {
    case 'timeout':
      return AiModelMessages.TEST_TIMEOUT;
    case 'unreachable':
      return AiModelMessages.TEST_UNREACHABLE;
    case 'unreadable':
      return AiModelMessages.TEST_BAD_ANSWER;
    case 'http': {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) return AiModelMessages.TEST_KEY_REFUSED;
      if (status === 404) return AiModelMessages.TEST_NOT_FOUND;
      if (status === 429) return AiModelMessages.TEST_RATE_LIMITED;
      if (status >= 200 && status < 300) return AiModelMessages.TEST_BAD_ANSWER;
      return `${AiModelMessages.TEST_FAILED}（HTTP ${status}）`;
    }
    default:
      return AiModelMessages.TEST_FAILED;
  }
}
