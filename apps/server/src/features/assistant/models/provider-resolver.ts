import type { ChatProvider, ProviderResolver } from '../provider.js';
import { createOpenAiProvider } from '../providers/openai.js';
import type { ActiveModel } from './ai-models.service.js';

/** What a ProviderFactory needs of a stored model: the key already opened. */
export interface ModelConnection {
  baseUrl: string;
  /** '' when the service needs none. */
  apiKey: string;
  model: string;
  /** The model supports deep thinking (支持深度思考). */
  thinking: boolean;
}

/** Builds the provider that talks to one configured model (the app passes openAiProviderFactory). */
export type ProviderFactory = (model: ModelConnection) => ChatProvider;

/** A stored model of kind `openai`: the assistant's streaming OpenAI-compatible client. */
export const openAiProviderFactory: ProviderFactory = ({ baseUrl, apiKey, model, thinking }) =>
  createOpenAiProvider({ baseUrl, apiKey, model, supportsThinking: thinking });

/** Where the resolver reads a project's model (AiModelsService.activeFor: cached per node). */
export interface ActiveModels {
  activeFor(projectId: number): Promise<ActiveModel | null>;
}

/**
 * Which provider answers a project's chats (docs/decisions/0061-ai-models.md): the project's own
 * enabled model, else the enabled system default, else `fallback` (the AI_* environment's model, or
 * the built-in analyst).
 */
export function modelProviderResolver(
  models: ActiveModels,
  factory: ProviderFactory,
  fallback: ProviderResolver,
): ProviderResolver {
  return async (projectId) => {
    const model = await models.activeFor(projectId);
    return model ? factory(model) : fallback(projectId);
  };
}
