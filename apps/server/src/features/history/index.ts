import type { Platform } from '../../platform/platform.js';
import type { LiveDataService } from '../live-data/index.js';
import { HistoryRepository } from './history.repository.js';
import { registerHistoryRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';

export function historyFeature(platform: Platform, deps: { liveData: LiveDataService }): void {
  registerHistoryRoutes(
    platform.router,
    new HistoryService(new HistoryRepository(platform.db), deps.liveData),
  );
}
