import type { Platform } from '../../platform/platform.js';
import type { LiveDataService } from '../live-data/index.js';
import { ComputationService } from './computation.service.js';
import { HistoryRepository } from './history.repository.js';
import { registerHistoryRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';
import { registerRankingRoutes } from './ranking.routes.js';
import { Retention, type RetentionReport } from './retention.js';
import { RetentionRepository } from './retention.repository.js';
import { RollupsRepository } from './rollups.repository.js';
import { registerStatisticsRoutes } from './statistics.routes.js';
import { StatisticsService } from './statistics.service.js';

export interface HistoryFeature {
  /** Recomputes every closed dirty hour now (tests, benchmarks); answers how many hours it did. */
  recomputeRollups(): Promise<number>;
  /** One retention pass now, as if at `now` (tests); waits for the rollup job's turn. */
  runRetention(now?: number): Promise<RetentionReport>;
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
  const retention = new Retention(
    platform.db,
    platform.dialect,
    new RetentionRepository(platform.db),
    recomputeRollups,
  );
  // Retention runs in the rollup job's turn, never beside a recomputation: a recomputation reading
  // an hour whose raw points are being purged would replace its rollup with what is left.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work, work);
    turn = next.catch(() => undefined);
    return next;
  };
  const runRetention = (now?: number) => inTurn(() => retention.run(now));

  let lastRetention = 0;
  let backlog = false;
  const retentionEvery = platform.config.retentionIntervalSeconds * 1000;
  const maintain = async () => {
    await recomputeRollups();
    if (retentionEvery > 0 && (backlog || Date.now() - lastRetention >= retentionEvery)) {
      lastRetention = Date.now();
      // A failed pass (a partition's lock not had within its timeout) is tried again next turn.
      backlog = true;
      backlog = !(await retention.run()).done;
    }
  };
  // Closed hours that took new points are rolled up again every ROLLUP_INTERVAL seconds; a
  // retention pass follows every RETENTION_INTERVAL (and in every turn while it has a backlog).
  const interval = platform.config.rollupIntervalSeconds * 1000;
  if (interval > 0)
    platform.jobs.every(interval, 'telemetry rollups', () => inTurn(maintain), { oneNode: true });
  return { recomputeRollups, runRetention };
}
