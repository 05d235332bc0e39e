import { signalOn } from '@iot/contracts/equipment';
import type { MalfunctionEvent } from '@iot/contracts/malfunctions';
import { gatewayConfigChannel } from '../../platform/gateway-config.js';
import { NodeCache } from '../../platform/node-cache.js';
import type { Platform } from '../../platform/platform.js';
import { equipmentChangedChannel, faultSignalsOf } from '../equipment/index.js';
import type { WorkOrdersService } from '../maintenance/index.js';
import { type MessagesFeature, projectTopic } from '../messages/index.js';
import type { IngestService, StoredPoint } from '../telemetry/index.js';
import type { WarningsFeature } from '../warnings/index.js';
import { MalfunctionsRepository } from './malfunctions.repository.js';
import { registerMalfunctionRoutes } from './malfunctions.routes.js';
import { MalfunctionsService } from './malfunctions.service.js';

export type { MalfunctionsService };

/** How long a node keeps a project's fault-signal bindings without hearing of a change. */
const FAULT_BINDINGS_TTL_MS = 5_000;

export interface MalfunctionsFeature {
  service: MalfunctionsService;
  /** Stored points of a project's gateway (the ingest hook; tests call it on two nodes). */
  watch(projectId: number, points: StoredPoint[]): Promise<void>;
  /** Waits for the queued points and warning events (shutdown, tests). */
  drain(): Promise<void>;
}

/**
 * 设备故障记录 (docs/decisions/0056-malfunctions.md): the fault signal and warning rules marked
 * 设备故障 open and close malfunctions; people report and close them by hand; 转工单; MTBF / MTTR.
 */
export function malfunctionsFeature(
  platform: Platform,
  deps: {
    ingest: IngestService;
    warnings: WarningsFeature;
    messages: MessagesFeature;
    workOrders: WorkOrdersService;
  },
): MalfunctionsFeature {
  const repository = new MalfunctionsRepository(platform.db);
  const service = new MalfunctionsService(
    repository,
    platform.access,
    {
      notify: (n) => deps.messages.notify(n),
      publish: (projectId, event: MalfunctionEvent) =>
        deps.messages.fanout.publish(projectTopic(projectId, 'malfunctions'), event),
    },
    {
      fromMalfunction: (auth, projectId, malfunctionId, body) =>
        deps.workOrders.fromMalfunction(auth, projectId, malfunctionId, body),
    },
    platform.log,
  );
  registerMalfunctionRoutes(platform.router, service, platform.files);

  // Per project: gateway indicator id → the equipment whose fault signal it is.
  const bindings = new NodeCache<number, Map<number, { equipmentId: number; equipmentName: string }>>(
    platform.cluster,
    { ttlMs: FAULT_BINDINGS_TTL_MS, maxEntries: 100_000 },
  );
  platform.cluster.subscribe(equipmentChangedChannel, ({ projectId }) => bindings.delete(projectId));
  platform.cluster.subscribe(gatewayConfigChannel, () => bindings.clear());

  // One queue per node: points and warning events are handled in the order they came.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => platform.log.error({ err: error }, 'malfunction handling failed'));
    return queue;
  };

  const watch = async (projectId: number, points: StoredPoint[]): Promise<void> => {
    const faults = await bindings.get(projectId, () => faultSignalsOf(platform.db, projectId));
    if (!faults || faults.size === 0) return;
    const mine = points.filter((p) => faults.has(p.gatewayIndicatorId) && signalOn(p.value) !== null);
    if (mine.length === 0) return;
    mine.sort((a, b) => a.ts - b.ts);
    return enqueue(async () => {
      for (const point of mine) {
        const { equipmentId } = faults.get(point.gatewayIndicatorId)!;
        await service.signal({
          projectId,
          equipmentId,
          gatewayIndicatorId: point.gatewayIndicatorId,
          ts: point.ts,
          on: signalOn(point.value)!,
        });
      }
    });
  };

  deps.ingest.onStored((device, points) => {
    if (device.projectId === null) return;
    void watch(device.projectId, points).catch((error: unknown) =>
      platform.log.error({ err: error }, 'fault signal not handled'),
    );
  });
  deps.warnings.engine.onEvent((event) => {
    if (event.warning.kind === 'offline') return;
    void enqueue(() => service.warning(event.type, event.warning));
  });

  return { service, watch, drain: () => queue };
}
