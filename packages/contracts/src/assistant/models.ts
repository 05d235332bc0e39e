import { z } from 'zod';
import { requiredText } from '../common/validation.js';

/**
 * Kinds of model service. 'openai': any OpenAI-compatible chat-completions service (OpenAI, DeepSeek,
 * Qwen/DashScope compatible mode, vLLM, Ollama, …); further kinds may follow.
 */
export const AI_MODEL_KINDS = ['openai'] as const;
export type AiModelKind = (typeof AI_MODEL_KINDS)[number];
export const AI_MODEL_KIND_LABELS: Record<AiModelKind, string> = { openai: 'OpenAI 兼容接口' };

/** How long the 测试 button waits for the model's answer. */
export const AI_MODEL_TEST_TIMEOUT_MS = 10_000;
/** The one-line prompt the 测试 button sends. */
export const AI_MODEL_TEST_PROMPT = '请只回复一句话：连接成功。';

export const AI_MODEL_BASE_URL_MESSAGE = '请输入以 http:// 或 https:// 开头的接口地址';

/** A model service's base URL (…/v1): http(s), no credentials, no query; the trailing slash dropped. */
export const aiModelBaseUrl = z
  .string()
  .trim()
  .min(1, AI_MODEL_BASE_URL_MESSAGE)
  .max(500, '最多输入500个字符')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.search;
    } catch {
      return false;
    }
  }, AI_MODEL_BASE_URL_MESSAGE)
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * A model configuration as answered: the key is never sent back, only whether one is stored.
 * projectId null: the system default, used by every project without its own enabled model.
 */
export const aiModel = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(AI_MODEL_KINDS),
  baseUrl: z.string(),
  model: z.string(),
  hasKey: z.boolean(),
  supportsThinking: z.boolean(),
  enabled: z.boolean(),
  projectId: z.number().int().nullable(),
  /** The project's name; null for the system default. */
  projectName: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AiModel = z.infer<typeof aiModel>;

/**
 * Create or update. apiKey: on update an absent or empty key keeps the stored one; `clearKey` removes
 * it (services that need none, e.g. a local Ollama).
 */
export const aiModelBody = z.object({
  name: requiredText(32),
  kind: z.enum(AI_MODEL_KINDS).default('openai'),
  baseUrl: aiModelBaseUrl,
  model: requiredText(128),
  apiKey: z.string().trim().max(512, '最多输入512个字符').optional(),
  clearKey: z.boolean().default(false),
  supportsThinking: z.boolean().default(false),
  enabled: z.boolean().default(true),
  projectId: z.number().int().positive().nullable().default(null),
});
export type AiModelBody = z.input<typeof aiModelBody>;

export const aiModelListQuery = z.object({ keyword: z.string().trim().max(64).optional() });

/** A project the model may be scoped to (the picker of the form). */
export const aiModelProject = z.object({ id: z.number().int(), name: z.string() });
export type AiModelProject = z.infer<typeof aiModelProject>;

/** What the 测试 button shows: the model's reply, or why it failed (in Chinese). */
export const aiModelTestResult = z.object({
  ok: z.boolean(),
  reply: z.string(),
  error: z.string(),
  elapsedMs: z.number().int(),
});
export type AiModelTestResult = z.infer<typeof aiModelTestResult>;

export const AiModelMessages = {
  NOT_FOUND: 'AI模型配置不存在',
  BASE_URL: AI_MODEL_BASE_URL_MESSAGE,
  PROJECT_NOT_FOUND: '项目不存在',
  SYSTEM_DEFAULT_TAKEN: '已有启用的系统默认模型，请先停用它',
  PROJECT_TAKEN: '该项目已有启用的模型，请先停用它',
  TEST_TIMEOUT: `模型服务在 ${AI_MODEL_TEST_TIMEOUT_MS / 1000} 秒内没有回答`,
  TEST_KEY_REFUSED: '模型服务拒绝了 API Key，请检查密钥是否正确',
  TEST_NOT_FOUND: '接口地址或模型名称不存在，请检查后重试',
  TEST_UNREACHABLE: '无法连接模型服务，请检查接口地址',
  TEST_BAD_ANSWER: '模型服务的回答无法识别，请确认它是 OpenAI 兼容接口',
  TEST_EMPTY: '模型没有回答任何内容',
  TEST_RATE_LIMITED: '模型服务限流或额度不足（429），请稍后再试',
  KEY_UNREADABLE: '已保存的 API Key 无法解密（数据加密密钥已更换？），请重新填写',
  TEST_FAILED: '模型服务调用失败',
} as const;
