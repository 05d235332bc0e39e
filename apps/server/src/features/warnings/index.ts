import { gatewayConfigChannel } from '../../platform/gateway-config.js';
import type { Platform } from '../../platform/platform.js';
import type { IngestService } from '../telemetry/index.js';
import { type WarningEngine as Engine, WarningEngine } from './engine.js';
import { RuleStatesRepository } from './rule-states.repository.js';
import { WarningAnalysisRepository } from './warning-analysis.repository.js';
import { WarningsRepository } from './warnings.repository.js';
import { registerWarningRoutes } from './warnings.routes.js';
import { WarningsService } from './warnings.service.js';

export type { WarningEvent } from './engine.js';

export interface WarningsFeature {
  engine: Engine;
  /** Stops after every queued evaluation is written. */
  close(): Promise<void>;
}

/**
 * Snapshots of cameras for a warning that fired (the cameras feature's capture, handed in by app.ts so
 * warnings import nothing of cameras): project, camera ids, flag 'W', the warning's time.
 */
export type CaptureCameras = (
  projectId: number,
  cameraIds: number[],
  flag: 'W',
  at: number,
) => Promise<unknown>;

/** How often offline rules are checked against the gateways' presence. */
const OFFLINE_SWEEP_MS = 15_000;

/** Warning rules, the engine inside the ingest pipeline, warnings and their handling (decision 0018). */
export function warningsFeature(
  platform: Platform,
  deps: { ingest: IngestService; capture?: CaptureCameras },
): WarningsFeature {
  const repository = new WarningsRepository(platform.db);
  const engine = new WarningEngine(
    repository,
    new RuleStatesRepository(platform.db, platform.dialect),
    platform.log,
  );
  registerWarningRoutes(
    platform.router,
    new WarningsService(repository, new WarningAnalysisRepository(platform.db), engine),
  );
  const capture = deps.capture;
  if (capture) {
    // 自动抓拍: in the background, so a slow or unreachable camera never delays or fails the warning.
    engine.onEvent(({ type, warning }) => {
      if (type !== 'raised' || !warning.autoCapture || warning.cameraIds.length === 0) return;
      void capture(warning.projectId, warning.cameraIds, 'W', warning.startedAt).catch((error: unknown) =>
        platform.log.warn({ err: error, warningId: warning.id }, 'warning snapshot not taken'),
      );
    });
  }
  deps.ingest.onStored((_device, points) => void engine.evaluate(points));
  // Which rules apply follows where gateways are (transferred, deleted, a share revoked: decision
  // 0069); every node's copy of the rules is read again when any gateway changes.
  platform.cluster.subscribe(gatewayConfigChannel, () => engine.rulesChanged());
  // A gateway coming back releases its offline warning at once; the sweep raises them.
  deps.ingest.onOnline(() => void engine.sweepOffline());
  platform.jobs.every(OFFLINE_SWEEP_MS, 'offline warnings', () => engine.sweepOffline(), { oneNode: true });
  return { engine, close: () => engine.drain() };
}
