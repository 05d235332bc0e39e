import type { Platform } from '../../platform/platform.js';
import { ModesRepository } from './modes.repository.js';
import { registerModeRoutes } from './modes.routes.js';
import { ModesService } from './modes.service.js';

export type { ModesService };

/** 模式管理: sites' operating modes, which warning rules may be limited to (decision 0040). */
export function modesFeature(platform: Platform): { modes: ModesService } {
  const modes = new ModesService(new ModesRepository(platform.db));
  registerModeRoutes(platform.router, modes);
  return { modes };
}
