import { gatewayConfigChannel } from '../../platform/gateway-config.js';
import type { Platform } from '../../platform/platform.js';
import type { IngestService } from '../telemetry/index.js';
import { type WarningEngine as Engine, WarningEngine } from './engine.js';
import { RuleStatesRepository } from './rule-states.repository.js';
import { WarningsRepository } from './warnings.repository.js';
import { registerWarningRoutes } from './warnings.routes.js';
import { WarningsService } from './warnings.service.js';

export type { WarningEvent } from './engine.js';

export interface WarningsFeature {
  engine: Engine;
  /** Stops after every queued evaluation is written. */
  close(): Promise<void>;
}

/** How often offline rules are checked against the gateways' presence. */
const OFFLINE_SWEEP_MS = 15_000;

/** Warning rules, the engine inside the ingest pipeline, warnings and their handling (decision 0018). */
export function warningsFeature(platform: Platform, deps: { ingest: IngestService }): WarningsFeature {
  const repository = new WarningsRepository(platform.db);
  const engine = new WarningEngine(
    repository,
    new RuleStatesRepository(platform.db, platform.dialect),
    platform.log,
  );
  registerWarningRoutes(platform.router, new WarningsService(repository, engine));
  deps.ingest.onStored((_device, points) => void engine.evaluate(points));
  // Which rules apply follows where gateways are (transferred, deleted, a share revoked: decision
  // 0069); every node's copy of the rules is read again when any gateway changes.
  platform.cluster.subscribe(gatewayConfigChannel, () => engine.rulesChanged());
  // A gateway coming back releases its offline warning at once; the sweep raises them.
  deps.ingest.onOnline(() => void engine.sweepOffline());
  platform.jobs.every(OFFLINE_SWEEP_MS, 'offline warnings', () => engine.sweepOffline(), { oneNode: true });
  return { engine, close: () => engine.drain() };
}
