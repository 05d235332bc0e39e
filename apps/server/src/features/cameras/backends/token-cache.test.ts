import { describe, expect, it } from 'vitest';
import { formatChinaTime, parseChinaTime } from './china-time.js';
import { TokenCache } from './token-cache.js';

describe('TokenCache', () => {
  it('shares one request among concurrent callers and keeps the token until the margin before expiry', async () => {
    let clock = 0;
    const cache = new TokenCache(1000, () => clock);
    let fetched = 0;
    const fetchToken = async () => {
      fetched++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { value: `t${fetched}`, expiresAt: clock + 5000 };
    };
    const all = await Promise.all([1, 2, 3].map(() => cache.get('a', fetchToken)));
    expect(all).toEqual(['t1', 't1', 't1']);
    clock = 3999;
    expect(await cache.get('a', fetchToken)).toBe('t1');
    clock = 4000;
    expect(await cache.get('a', fetchToken)).toBe('t2');
    expect(await cache.get('b', fetchToken)).toBe('t3');
    cache.forget('a');
    expect(await cache.get('a', fetchToken)).toBe('t4');
  });

  it('does not keep a failure: the next call asks again', async () => {
    const cache = new TokenCache(0);
    await expect(cache.get('a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await cache.get('a', async () => ({ value: 'ok', expiresAt: Date.now() + 60_000 }))).toBe('ok');
  });
});

describe('China time', () => {
  it('formats and reads YYYY-MM-DD HH:mm:ss at UTC+8', () => {
    const ms = Date.UTC(2026, 10, 24, 17, 5, 9);
    expect(formatChinaTime(ms)).toBe('2026-11-25 01:05:09');
    expect(parseChinaTime('2026-11-25 01:05:09')).toBe(ms);
    expect(parseChinaTime('2026-11-25')).toBeNull();
  });
});
