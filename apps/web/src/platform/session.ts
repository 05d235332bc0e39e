import { useSyncExternalStore } from 'react';

/** The signed-in user's tokens and the claims the access token carries (spec core §3). */
export interface Session {
  token: string;
  refreshToken: string;
  exp: number;
  userId: number;
  username: string;
  realname: string;
  avatar: string;
  theme: string;
}

const KEY = 'iot.session';
const LAST_ROUTE = 'iot.lastRoute';
/** Spec core §9: a token counts as valid while exp − 600 s is later than now. */
export const REFRESH_MARGIN_SECONDS = 600;

let current: Session | null = read();
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Decodes a JWT's payload without checking it: the server checks; the client reads exp and names. */
export function decodeToken(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  const json = decodeURIComponent(
    atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
      .split('')
      .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
      .join(''),
  );
  return JSON.parse(json) as Record<string, unknown>;
}

/** Stores a new token pair (after sign-in or refresh). */
export function setTokens(token: string, refreshToken: string): Session {
  const claims = decodeToken(token);
  current = {
    token,
    refreshToken,
    exp: Number(claims.exp),
    userId: Number(claims.userId),
    username: String(claims.username ?? ''),
    realname: String(claims.realname ?? ''),
    avatar: String(claims.avatar ?? ''),
    theme: String(claims.theme ?? ''),
  };
  localStorage.setItem(KEY, JSON.stringify(current));
  emit();
  return current;
}

export function getSession(): Session | null {
  return current;
}

export function isFresh(session: Session, now = Date.now()): boolean {
  return session.exp - REFRESH_MARGIN_SECONDS > now / 1000;
}

/** Updates the remembered theme (the token's claim is only the theme at sign-in). */
export function setSessionTheme(theme: string): void {
  if (!current) return;
  current = { ...current, theme };
  localStorage.setItem(KEY, JSON.stringify(current));
  emit();
}

/** Sign-out clears token, refresh token, menus (query cache, by the caller) and the last route. */
export function clearSession(): void {
  current = null;
  localStorage.removeItem(KEY);
  localStorage.removeItem(LAST_ROUTE);
  sessionStorage.clear();
  emit();
}

export function rememberRoute(path: string): void {
  localStorage.setItem(LAST_ROUTE, path);
}

export function lastRoute(): string | null {
  return localStorage.getItem(LAST_ROUTE);
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
