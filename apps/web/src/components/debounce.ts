import { DEBOUNCE_MAX_WAIT_MS } from '@iot/contracts';
import { useEffect, useState } from 'react';

/** How long typing must pause before a search goes to the server. */
export const SEARCH_WAIT_MS = 300;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
}

/**
 * Calls `fn` with the latest arguments once calls have paused for `wait` ms, and at the latest
 * `maxWait` ms after the first call of a burst (spec core §9: a debounce waits at most 5 s), so
 * that steady typing or a stream of events still gets through now and then.
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  maxWait = DEBOUNCE_MAX_WAIT_MS,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let burstStart: number | undefined;
  let latest: A;
  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    burstStart = undefined;
    fn(...latest);
  };
  const debounced = (...args: A) => {
    latest = args;
    const now = Date.now();
    burstStart ??= now;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(wait, burstStart + maxWait - now)));
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    burstStart = undefined;
  };
  return debounced;
}

/** `value`, debounced: what a search box sends to the server while the user types. */
export function useDebouncedValue<T>(value: T, wait = SEARCH_WAIT_MS, maxWait = DEBOUNCE_MAX_WAIT_MS): T {
  const [settled, setSettled] = useState(value);
  const [update] = useState(() => debounce((next: T) => setSettled(() => next), wait, maxWait));
  useEffect(() => {
    update(value);
  }, [update, value]);
  useEffect(() => () => update.cancel(), [update]);
  return settled;
}
