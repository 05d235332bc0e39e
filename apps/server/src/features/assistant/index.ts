import type { Config } from '../../platform/config.js';
import type { Platform } from '../../platform/platform.js';
import { createBuiltinAnalyst } from './analyst/index.js';
import { ChatsRepository } from './chats.repository.js';
import { registerChatRoutes } from './chats.routes.js';
import { ChatsService } from './chats.service.js';
import { CompletionsService } from './completions.service.js';
import type { AssistantTool, ProviderResolver } from './provider.js';
import { createOpenAiProvider } from './providers/openai.js';
import { ToolBudget } from './tool-budget.js';

export type { AssistantTool, ChatProvider, ProviderResolver, ToolContext, ToolResult } from './provider.js';
export { ProviderError } from './provider.js';
export { createOpenAiProvider, type OpenAiSettings } from './providers/openai.js';
export type { CompletionsService };

/**
 * The system-wide choice: the OpenAI-compatible service of AI_BASE_URL / AI_API_KEY / AI_MODEL when
 * set, else the built-in offline analyst over the same tools. The AI模型 screen wraps it with its
 * per-project and system settings.
 */
export function defaultProviderResolver(config: Config, tools: readonly AssistantTool[]): ProviderResolver {
  const provider =
    config.aiBaseUrl && config.aiModel
      ? createOpenAiProvider({
          baseUrl: config.aiBaseUrl,
          apiKey: config.aiApiKey ?? '',
          model: config.aiModel,
        })
      : createBuiltinAnalyst(tools);
  return async () => provider;
}

/** Tool time a node gives at once before the share applies: a lone question is never slowed. */
const TOOL_BURST_MS = 250;

export interface AssistantFeature {
  completions: CompletionsService;
  /** Waits for the answers being written (shutdown, tests). */
  drain(): Promise<void>;
}

/**
 * AI 助手 (docs/decisions/0060-assistant-chat-protocol.md): chats of one user in one project, and
 * the completions that stream answers from a provider that may call the tools of the categories
 * the user chose and may read.
 */
export function assistantFeature(
  platform: Platform,
  deps: {
    tools: readonly AssistantTool[];
    resolver?: ProviderResolver;
    /** Whether the ingest pipeline has messages waiting (the tools' share applies only then). */
    contended?: () => boolean;
  },
): AssistantFeature {
  const repository = new ChatsRepository(platform.db);
  const chats = new ChatsService(repository, platform.access);
  const completions = new CompletionsService(
    repository,
    chats,
    platform.files,
    platform.cluster,
    deps.resolver ?? defaultProviderResolver(platform.config, deps.tools),
    deps.tools,
    platform.log,
    platform.config.aiMaxStreams,
    new ToolBudget(platform.config.aiToolSharePercent / 100, TOOL_BURST_MS, deps.contended ?? (() => false)),
  );
  registerChatRoutes(platform.router, chats, completions, platform.files);
  return { completions, drain: () => completions.drain() };
}
