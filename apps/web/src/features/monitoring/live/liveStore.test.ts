import { describe, expect, it, vi } from 'vitest';
import { LiveStore } from './liveStore';

describe('LiveStore', () => {
  it('applies queued messages together and tells only the changed keys', () => {
    const store = new LiveStore();
    const cod = vi.fn();
    const ph = vi.fn();
    const any = vi.fn();
    store.subscribe('1:cod', cod);
    store.subscribe('1:ph', ph);
    store.subscribeAll(any);
    store.push({ gateway: '1', params: { cod: 30 }, ts: 1 });
    store.push({ gateway: '1', params: { cod: 31 }, ts: 2 });
    expect(store.get('1:cod')).toBeUndefined();
    store.flush();
    expect(store.get('1:cod')).toEqual({ value: 31, ts: 2 });
    expect(cod).toHaveBeenCalledTimes(1);
    expect(ph).not.toHaveBeenCalled();
    expect(any).toHaveBeenCalledTimes(1);
  });

  it('keeps the newest value when an older one arrives late, and drops gateways no longer watched', () => {
    const store = new LiveStore();
    store.push({ gateway: '1', params: { cod: 31 }, ts: 5 });
    store.flush();
    store.push({ gateway: '1', params: { cod: 29 }, ts: 4 });
    store.flush();
    expect(store.get('1:cod')?.value).toBe(31);
    store.drop(['1']);
    expect(store.keys()).toEqual([]);
  });
});
