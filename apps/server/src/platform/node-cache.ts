import type { ClusterBus } from './cluster-bus.js';

export interface NodeCacheOptions {
  /** The safety net: an entry is read again after this long even if no invalidation came. */
  ttlMs: number;
  /** Past this many entries the oldest goes first. */
  maxEntries: number;
}

/**
 * One node's copy of rows that are read far more often than they change
 * (docs/decisions/0030-per-node-caches.md). Whoever changes the rows invalidates over the cluster
 * bus; this class makes that sound:
 * - a load that began before an invalidation does not store what it read (it may be the old row);
 * - nothing is stored while the bus is disconnected (invalidations from other nodes would be
 *   missed), and everything is forgotten whenever the bus resyncs;
 * - callers asking for a key that is being read share that read (one query, not hundreds);
 * - a load answering undefined is not kept: a missing row is read again each time, so nothing has
 *   to invalidate on creation (a caller that does announce creations may cache absence as null).
 */
export class NodeCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  /** Bumped by every invalidation; a load stores its result only if it is unchanged since the load began. */
  private generation = 0;
  /** Reads in flight, shared by the callers that ask for the same key meanwhile. */
  private readonly loading = new Map<K, { generation: number; value: Promise<V | undefined> }>();

  constructor(
    private readonly bus: ClusterBus,
    private readonly options: NodeCacheOptions,
  ) {
    bus.onResync(() => this.clear());
  }

  /** The cached value, or `load()`'s answer (kept when found and still current). */
  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return Promise.resolve(entry.value);
    if (entry) this.entries.delete(key);
    // Callers that want the same key while it is being read share that read, unless an
    // invalidation came since it began. Hundreds of messages of one gateway arrive together; while
    // the bus is down nothing is stored, and each of them reading the row itself exhausted
    // PostgreSQL's pool and slowed SQLite's ingest sixfold (issue 10).
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.value;
    const generation = this.generation;
    const value = this.read(key, generation, load);
    this.loading.set(key, { generation, value });
    return value;
  }

  private async read(key: K, generation: number, load: () => Promise<V | undefined>): Promise<V | undefined> {
    try {
      // Never synchronously: the read must be in `loading` before it can end.
      const found = await Promise.resolve().then(load);
      if (found !== undefined && generation === this.generation && this.bus.connected) this.store(key, found);
      return found;
    } finally {
      // This read is over; the next caller reads again (or takes what it stored).
      if (this.loading.get(key)?.generation === generation) this.loading.delete(key);
    }
  }

  private store(key: K, value: V): void {
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.options.ttlMs });
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
