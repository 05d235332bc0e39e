import type { ProviderResolver } from '../provider.js';
import type { ActiveModel } from './ai-models.service.js';
import type { ProviderFactory } from './interim-openai.js';

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
