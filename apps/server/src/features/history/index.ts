import type { Platform } from '../../platform/platform.js';
import type { LiveDataService } from '../live-data/index.js';
import { ComputationService } from './computation.service.js';
import { HistoryRepository } from './history.repository.js';
import { registerHistoryRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';
import { registerStatisticsRoutes } from './statistics.routes.js';
import { StatisticsService } from './statistics.service.js';

export function historyFeature(platform: Platform, deps: { liveData: LiveDataService }): void {
  const repository = new HistoryRepository(platform.db);
  const history = new HistoryService(repository, deps.liveData);
  registerHistoryRoutes(platform.router, history);
  registerStatisticsRoutes(
    platform.router,
    new StatisticsService(repository, history),
    new ComputationService(repository, history),
  );
}
