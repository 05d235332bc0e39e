import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { NodeCache } from '../../platform/node-cache.js';
import { CellServiceError, OfflineCellResolver } from './cell-resolver.js';
import { type CellSettingsService, cellsChannel } from './cell-settings.service.js';
import type { CellKey, CellPosition, CellsRepository } from './cells.repository.js';

/** Known cells move rarely; an unknown one is asked about again after a while (a new import, a new tower). */
const TTL_MS = 60 * 60_000;

/**
 * Base-station positioning (docs/decisions/0066): the imported table first, then the online service
 * when one is configured (its answer kept in the table). Answers, unknown cells included, are cached
 * per node and forgotten when the table or the settings change. An unknown cell is counted in
 * cell_misses (shown on 系统配置); a failing service is logged and asked again at the next report.
 */
export class CellLocator {
  private readonly offline: OfflineCellResolver;
  private readonly cache: NodeCache<string, CellPosition | null>;

  constructor(
    private readonly cells: CellsRepository,
    private readonly settings: CellSettingsService,
    cluster: ClusterBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.offline = new OfflineCellResolver(cells);
    this.cache = new NodeCache(cluster, { ttlMs: TTL_MS, maxEntries: 100_000 });
    cluster.subscribe(cellsChannel, () => this.cache.clear());
  }

  /** The MNC assumed for gateways that report none. */
  async defaultMnc(): Promise<number> {
    return (await this.settings.current()).mnc;
  }

  /** The cell's position, or null when unknown or the service failed (the position then stays). */
  async locate(key: CellKey, gatewayId: number, at: number): Promise<CellPosition | null> {
    const found = await this.cache.get(`${key.mcc}:${key.mnc}:${key.lac}:${key.cellId}`, () =>
      this.lookUp(key),
    );
    if (found === undefined) return null;
    if (found === null) await this.cells.noteMiss(key, gatewayId, at);
    return found;
  }

  /** undefined when the online service failed: not cached, not counted as unknown. */
  private async lookUp(key: CellKey): Promise<CellPosition | null | undefined> {
    const known = await this.offline.resolve(key);
    if (known) return known;
    const { online } = await this.settings.current();
    if (!online) return null;
    try {
      const answer = await online.resolve(key);
      if (!answer) return null;
      await this.cells.upsert([{ ...key, radio: '', ...answer }], 'online', Date.now());
      await this.cells.forgetMiss(key);
      return answer;
    } catch (error) {
      if (!(error instanceof CellServiceError)) throw error;
      this.log.warn({ service: online.name, reason: error.message }, 'cell location service failed');
      return undefined;
    }
  }
}
