import type { Platform } from '../../platform/platform.js';
import type { LiveDataService } from '../live-data/index.js';
import { ComputationService } from './computation.service.js';
import { HistoryRepository } from './history.repository.js';
import { registerHistoryRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';
import { registerRankingRoutes } from './ranking.routes.js';
import { RollupsRepository } from './rollups.repository.js';
import { registerStatisticsRoutes } from './statistics.routes.js';
import { StatisticsService } from './statistics.service.js';

export interface HistoryFeature {
  /** Recomputes every closed dirty hour now (tests, benchmarks); answers how many hours it did. */
  recomputeRollups(): Promise<number>;
}

/** Hours recomputed per step, so a backlog (an import, an upgrade) never holds the database long. */
const ROLLUP_STEP = 500;

export function historyFeature(platform: Platform, deps: { liveData: LiveDataService }): HistoryFeature {
  const rollups = new RollupsRepository(platform.db);
  const repository = new HistoryRepository(platform.db, rollups);
  const history = new HistoryService(repository, deps.liveData);
  registerHistoryRoutes(platform.router, history);
  registerRankingRoutes(platform.router, repository, history);
  registerStatisticsRoutes(
    platform.router,
    new StatisticsService(repository, history),
    new ComputationService(repository, history),
  );

  let running: Promise<number> | null = null;
  const recomputeRollups = () => {
    running ??= (async () => {
      let total = 0;
      for (;;) {
        const done = await rollups.recompute(Date.now(), ROLLUP_STEP);
        total += done;
        if (done < ROLLUP_STEP) return total;
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  // Closed hours that took new points are rolled up again every ROLLUP_INTERVAL seconds.
  const interval = platform.config.rollupIntervalSeconds * 1000;
  if (interval > 0)
    platform.jobs.every(interval, 'telemetry rollups', async () => void (await recomputeRollups()), {
      oneNode: true,
    });
  return { recomputeRollups };
}
