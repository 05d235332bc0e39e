import { describe, expect, it } from 'vitest';
import { DeviceCache } from './device-cache.js';
import type { DeviceIdentity } from './protocol.js';

const gateway: DeviceIdentity = { gatewayId: 7, serialNumber: 'SN7', projectId: 3 };

/** A lookup the test answers by hand, so what the cache does while the database is slow is visible. */
function lookups() {
  const calls: { serial: string; resolve(d: DeviceIdentity | null): void; reject(e: Error): void }[] = [];
  return {
    calls,
    deviceBySerial: (serial: string) =>
      new Promise<DeviceIdentity | null>((resolve, reject) => calls.push({ serial, resolve, reject })),
  };
}

describe('DeviceCache', () => {
  it('shares the first read among concurrent messages and then answers without the database', async () => {
    const db = lookups();
    const cache = new DeviceCache(db);
    const a = cache.bySerial('SN7');
    const b = cache.bySerial('SN7');
    expect(db.calls).toHaveLength(1);
    db.calls[0]?.resolve(gateway);
    expect(await a).toEqual(gateway);
    expect(await b).toEqual(gateway);
    expect(await cache.bySerial('SN7')).toEqual(gateway);
    expect(db.calls).toHaveLength(1);
  });

  it('past the TTL answers at once with the known gateway while one refresh runs', async () => {
    const db = lookups();
    let now = 0;
    const cache = new DeviceCache(db, () => now);
    const first = cache.bySerial('SN7');
    db.calls[0]?.resolve(gateway);
    await first;
    now = 6000;
    // The refresh has not answered (a pool busy with writes): messages do not wait for it.
    expect(await cache.bySerial('SN7')).toEqual(gateway);
    expect(await cache.bySerial('SN7')).toEqual(gateway);
    expect(db.calls).toHaveLength(2);
    db.calls[1]?.resolve({ ...gateway, projectId: 4 });
    await Promise.resolve();
    expect(await cache.bySerial('SN7')).toEqual({ ...gateway, projectId: 4 });
  });

  it('keeps the known gateway when a refresh fails, and forgets it when a refresh finds it deleted', async () => {
    const db = lookups();
    let now = 0;
    const cache = new DeviceCache(db, () => now);
    const first = cache.bySerial('SN7');
    db.calls[0]?.resolve(gateway);
    await first;
    now = 6000;
    await cache.bySerial('SN7');
    db.calls[1]?.reject(new Error('timeout exceeded when trying to connect'));
    await new Promise((r) => setImmediate(r));
    expect(await cache.bySerial('SN7')).toEqual(gateway);
    expect(db.calls).toHaveLength(2);
    now = 12_000;
    await cache.bySerial('SN7');
    db.calls[2]?.resolve(null);
    await new Promise((r) => setImmediate(r));
    const after = cache.bySerial('SN7');
    expect(db.calls).toHaveLength(4);
    db.calls[3]?.resolve(null);
    expect(await after).toBeNull();
  });

  it('does not remember an unknown serial number, nor a first read that failed', async () => {
    const db = lookups();
    const cache = new DeviceCache(db);
    const unknown = cache.bySerial('NEW');
    db.calls[0]?.resolve(null);
    expect(await unknown).toBeNull();
    const failed = cache.bySerial('NEW');
    db.calls[1]?.reject(new Error('database away'));
    await expect(failed).rejects.toThrow('database away');
    const created = cache.bySerial('NEW');
    expect(db.calls).toHaveLength(3);
    db.calls[2]?.resolve({ ...gateway, serialNumber: 'NEW' });
    expect((await created)?.serialNumber).toBe('NEW');
  });
});
