import { describe, expect, it } from 'vitest';
import { localClusterBus } from './cluster-bus.js';
import { NodeCache } from './node-cache.js';

/** A load whose answer the test releases when it wants (to invalidate while it is in flight). */
function deferredLoad<T>(value: T) {
  let release = () => {};
  const started = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = async () => {
    await started;
    return value;
  };
  return { load, release: () => release() };
}

describe('NodeCache', () => {
  it('answers from the cache until the entry is deleted', async () => {
    const cache = new NodeCache<string, number>(localClusterBus(), { ttlMs: 60_000, maxEntries: 10 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(2);
    cache.deleteWhere((value) => value === 2);
    expect(await cache.get('a', load)).toBe(3);
    cache.clear();
    expect(await cache.get('a', load)).toBe(4);
  });

  it('does not keep what a load read before an invalidation that came while it ran', async () => {
    const cache = new NodeCache<string, string>(localClusterBus(), { ttlMs: 60_000, maxEntries: 10 });
    const slow = deferredLoad('old row');
    const pending = cache.get('a', slow.load);
    cache.delete('a');
    slow.release();
    expect(await pending).toBe('old row');
    expect(await cache.get('a', async () => 'new row')).toBe('new row');
  });

  it('keeps nothing that was not found, and reads an entry again after its time to live', async () => {
    const cache = new NodeCache<string, string>(localClusterBus(), { ttlMs: 20, maxEntries: 10 });
    expect(await cache.get('a', async () => undefined)).toBeUndefined();
    expect(await cache.get('a', async () => 'created since')).toBe('created since');
    expect(await cache.get('a', async () => 'not read')).toBe('created since');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await cache.get('a', async () => 'read again')).toBe('read again');
  });

  it('drops the oldest entry past its size', async () => {
    const cache = new NodeCache<number, number>(localClusterBus(), { ttlMs: 60_000, maxEntries: 2 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get(1, async () => -1)).toBe(-1);
    expect(await cache.get(3, async () => -3)).toBe(3);
  });

  it('shares one read among the callers that ask for a key while it is read, but not across an invalidation', async () => {
    const cache = new NodeCache<string, string>(localClusterBus(), { ttlMs: 60_000, maxEntries: 10 });
    let reads = 0;
    const slow = deferredLoad('first');
    const counted = () => {
      reads += 1;
      return slow.load();
    };
    const together = [cache.get('a', counted), cache.get('a', counted), cache.get('a', counted)];
    cache.delete('a');
    const after = cache.get('a', async () => {
      reads += 1;
      return 'after the change';
    });
    slow.release();
    expect(await Promise.all(together)).toEqual(['first', 'first', 'first']);
    expect(await after).toBe('after the change');
    expect(reads).toBe(2);
  });

  it('shares reads while the bus is down, and stores nothing then', async () => {
    const bus = { ...localClusterBus(), connected: false };
    const cache = new NodeCache<string, number>(bus, { ttlMs: 60_000, maxEntries: 10 });
    let reads = 0;
    const load = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ++reads;
    };
    expect(await Promise.all(Array.from({ length: 100 }, () => cache.get('a', load)))).toEqual(
      Array(100).fill(1),
    );
    expect(await cache.get('a', load)).toBe(2);
    expect(cache.size).toBe(0);
  });
});
