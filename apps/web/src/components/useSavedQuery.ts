import { useEffect, useState } from 'react';
import { getSession } from '../platform/session';

/** Query conditions are cached in local storage per user and screen (spec core §9). */
function storageKey(screen: string): string | null {
  const session = getSession();
  return session ? `iot.query.${session.userId}.${screen}` : null;
}

/** The saved conditions laid over the defaults; a saved field of another type than its default is ignored. */
function restore<T extends object>(screen: string, defaults: T): T {
  const key = storageKey(screen);
  try {
    const saved = key
      ? (JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null)
      : null;
    if (!saved || typeof saved !== 'object') return defaults;
    const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
    for (const [field, fallback] of Object.entries(defaults)) {
      const value = saved[field];
      if (value === undefined || value === null) continue;
      if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback)
        merged[field] = value;
    }
    if ('page' in merged && !(Number.isInteger(merged.page) && (merged.page as number) >= 0)) merged.page = 0;
    return merged as T;
  } catch {
    return defaults;
  }
}

/**
 * A screen's query conditions (keyword, page, filters…), remembered for the signed-in user.
 * `defaults` fixes the fields and their types; keep it stable (a constant outside the component).
 */
export function useSavedQuery<T extends object = { keyword: string; page: number }>(
  screen: string,
  defaults: T = { keyword: '', page: 0 } as T,
) {
  const [query, setQuery] = useState<T>(() => restore(screen, defaults));
  useEffect(() => {
    const key = storageKey(screen);
    if (key) localStorage.setItem(key, JSON.stringify(query));
  }, [screen, query]);
  return [query, setQuery] as const;
}
