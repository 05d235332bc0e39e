import type { Platform } from '../../../platform/platform.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import type { ProviderResolver } from '../provider.js';
import { AiModelsRepository } from './ai-models.repository.js';
import { registerAiModelRoutes } from './ai-models.routes.js';
import { type AiModelsOptions, AiModelsService } from './ai-models.service.js';
import { modelProviderResolver, type ProviderFactory } from './provider-resolver.js';

export type { ActiveModel, AiModelsOptions } from './ai-models.service.js';
export { AiModelsService, describeModelError } from './ai-models.service.js';
export {
  type ActiveModels,
  type ModelConnection,
  modelProviderResolver,
  openAiProviderFactory,
  type ProviderFactory,
} from './provider-resolver.js';

/**
 * AI模型: the routes of the system screen, and the resolver the chats use: a project's own model,
 * else the system default, else `fallback`.
 */
export function aiModelsFeature(
  platform: Platform,
  deps: { box: SecretBox; factory: ProviderFactory; fallback: ProviderResolver; options?: AiModelsOptions },
): { models: AiModelsService; resolveProvider: ProviderResolver } {
  const models = new AiModelsService(
    new AiModelsRepository(platform.db),
    deps.box,
    deps.factory,
    platform.cluster,
    platform.log,
    deps.options,
  );
  registerAiModelRoutes(platform.router, models);
  return { models, resolveProvider: modelProviderResolver(models, deps.factory, deps.fallback) };
}
