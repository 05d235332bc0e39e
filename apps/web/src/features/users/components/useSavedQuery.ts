import { useEffect, useState } from 'react';
import { getSession } from '../../../app/session';

export interface SavedQuery {
  keyword: string;
  page: number;
}

/** Query conditions are cached in local storage per user (spec core §9). */
function storageKey(screen: string): string | null {
  const session = getSession();
  return session ? `iot.query.${session.userId}.${screen}` : null;
}

function restore(screen: string): SavedQuery {
  const key = storageKey(screen);
  try {
    const saved = key
      ? (JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<SavedQuery> | null)
      : null;
    return {
      keyword: typeof saved?.keyword === 'string' ? saved.keyword : '',
      page: Number.isInteger(saved?.page) && (saved?.page ?? 0) >= 0 ? (saved?.page ?? 0) : 0,
    };
  } catch {
    return { keyword: '', page: 0 };
  }
}

/** A screen's keyword and page, remembered for the signed-in user. */
export function useSavedQuery(screen: string) {
  const [query, setQuery] = useState<SavedQuery>(() => restore(screen));
  useEffect(() => {
    const key = storageKey(screen);
    if (key) localStorage.setItem(key, JSON.stringify(query));
  }, [screen, query]);
  return [query, setQuery] as const;
}
