import { DEBOUNCE_MAX_WAIT_MS } from '@iot/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce (spec core §9: at most 5 s)', () => {
  it('calls once with the latest arguments after the calls pause', () => {
    const calls: string[] = [];
    const search = debounce((keyword: string) => calls.push(keyword), 300);
    search('泵');
    vi.advanceTimersByTime(100);
    search('泵站');
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['泵站']);
  });

  it('still calls every 5 s while calls never pause', () => {
    const calls: number[] = [];
    const update = debounce((n: number) => calls.push(n), 300);
    // A call every 200 ms for 12 s: never a 300 ms pause.
    for (let n = 1; n <= 60; n += 1) {
      update(n);
      vi.advanceTimersByTime(200);
    }
    expect(DEBOUNCE_MAX_WAIT_MS).toBe(5_000);
    // Due at 5 s and 10 s after the first call of each burst, with the latest value then.
    expect(calls).toEqual([25, 50]);
  });

  it('cancel drops the pending call', () => {
    const calls: number[] = [];
    const update = debounce((n: number) => calls.push(n), 300);
    update(1);
    update.cancel();
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
  });
});
