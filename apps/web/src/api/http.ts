import { Messages, ResultCode } from '@iot/contracts';
import { clearSession, getSession, isFresh, setTokens } from '../platform/session';

/** Spec core §9: request timeout 50 s. */
const TIMEOUT_MS = 50_000;
/** The web app is a public OAuth client; its credential only identifies it (README: WEB_CLIENT_SECRET). */
const WEB_CLIENT = `Basic ${btoa(`iot-web:${import.meta.env.VITE_WEB_CLIENT_SECRET ?? 'iot-web'}`)}`;

export const HttpMessages = {
  MAINTENANCE: '系统维护中,请稍后再试!',
  SYSTEM_ERROR: '系统异常,请联系管理员!',
  OVER_LIMIT: '请求超限!',
  LOGOUT_TITLE: '登出提醒',
  LOGOUT_TEXT: '您的登录状态已过期,请重新登录!',
  LOGOUT_BUTTON: '重新登录',
} as const;

/** A refused call: the server's code and message (or one of HttpMessages). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** How the app reacts to failures; the shell installs these (notifications, the logout dialog, routing). */
export interface HttpFeedback {
  error(message: string): void;
  sessionExpired(): void;
  unauthorized(): void;
}
let feedback: HttpFeedback = {
  error: (message) => console.error(message),
  sessionExpired: () => clearSession(),
  unauthorized: () => undefined,
};
export function installHttpFeedback(next: HttpFeedback): void {
  feedback = next;
}

type Params = Record<string, unknown>;

/** Empty-string params are dropped; dates are sent as ISO strings (spec core §7). */
export function toQuery(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === '' || value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text =
        item instanceof Date ? item.toISOString() : isDayjs(item) ? item.toISOString() : String(item);
      search.append(key, text);
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isDayjs(value: unknown): value is { toISOString(): string } {
  return typeof value === 'object' && value !== null && 'isValid' in value && 'toISOString' in value;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many requests found the token stale together. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const session = getSession();
    if (!session) return false;
    try {
      const answer = await tokenRequest({ grant_type: 'refresh_token', refresh_token: session.refreshToken });
      setTokens(answer.access_token, answer.refresh_token);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export interface TokenAnswer {
  code: number;
  message: string;
  access_token: string;
  refresh_token: string;
}

/** `POST /iot/oauth/token` as the web client; every grant carries loginWay web. */
export async function tokenRequest(fields: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetchWithTimeout('/iot/oauth/token', {
    method: 'POST',
    headers: { authorization: WEB_CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ loginWay: 'web', ...fields }).toString(),
  });
  const body = (await parse(response)) as TokenAnswer;
  if (body.code !== ResultCode.SUCCESS) throw new ApiError(body.code, body.message, null, response.status);
  return body;
}

async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    throw new ApiError(ResultCode.ERROR, controller.signal.aborted ? '请求超时' : HttpMessages.SYSTEM_ERROR);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a JSON body; maps gateway errors, concatenated answers and non-JSON failures to the spec's texts. */
async function parse(response: Response): Promise<{ code: number; message: string; data?: unknown }> {
  if (response.status === 502 || response.status === 504)
    throw new ApiError(0, HttpMessages.MAINTENANCE, null, response.status);
  const text = await response.text();
  try {
    return JSON.parse(text) as { code: number; message: string; data?: unknown };
  } catch {
    // Two JSON documents back to back: a proxy glued answers together under load.
    if (/}\s*{/.test(text)) throw new ApiError(0, HttpMessages.OVER_LIMIT, null, response.status);
    throw new ApiError(0, HttpMessages.SYSTEM_ERROR, null, response.status);
  }
}

export interface RequestOptions {
  params?: Params;
  body?: unknown;
  /** Stay silent on failure (the caller shows it, e.g. in a form). */
  quiet?: boolean;
  /** Send without a token (public calls). */
  anonymous?: boolean;
  /** A file sent as the request body itself, with its own content type (uploads). */
  file?: Blob;
}

/** The one HTTP client: bearer token refreshed ahead of expiry, envelope unwrapped, failures shown. */
export async function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(method, url, options);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, HttpMessages.SYSTEM_ERROR);
    // Spec core §8: 50002 is ignored (no notice); a failed delete says 删除失败！ and why.
    const silent = options.quiet || apiError.code === ResultCode.IGNORED;
    if (apiError.code === ResultCode.TOKEN_EXPIRED) feedback.sessionExpired();
    else if (apiError.code === ResultCode.TOKEN_ERROR) feedback.unauthorized();
    else if (!silent)
      feedback.error(method === 'DELETE' ? deleteFailure(apiError.message) : apiError.message);
    throw apiError;
  }
}

/** 删除失败！ followed by the server's reason when it gave one. */
export function deleteFailure(reason: string): string {
  const text = reason.trim();
  return !text || text === Messages.DELETE_FAILED
    ? Messages.DELETE_FAILED
    : `${Messages.DELETE_FAILED}${text}`;
}

/**
 * The Authorization header value for the signed-in user, refreshing a token near expiry first, as
 * every call sends it; null when signed out. For calls the envelope client cannot make (streams).
 */
export async function bearer(): Promise<string | null> {
  let session = getSession();
  if (session && !isFresh(session)) {
    if (!(await refreshSession())) throw new ApiError(ResultCode.TOKEN_EXPIRED, HttpMessages.LOGOUT_TEXT);
    session = getSession();
  }
  return session ? `Bearer ${session.token}` : null;
}

/** Reports a failure the way `request` does (session expiry, 401, or a notice), for calls made outside it. */
export function reportFailure(error: ApiError): void {
  if (error.code === ResultCode.TOKEN_EXPIRED) feedback.sessionExpired();
  else if (error.code === ResultCode.TOKEN_ERROR) feedback.unauthorized();
  else feedback.error(error.message);
}

async function send<T>(method: string, url: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = {};
  if (!options.anonymous) {
    const authorization = await bearer();
    if (authorization) headers.authorization = authorization;
  }
  let body: BodyInit | undefined;
  if (options.file) {
    headers['content-type'] = options.file.type || 'application/octet-stream';
    body = options.file;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetchWithTimeout(url + toQuery(options.params), {
    method,
    headers,
    ...(body ? { body } : {}),
  });
  const answer = await parse(response);
  if (answer.code === ResultCode.SUCCESS) return answer.data as T;
  throw new ApiError(answer.code, answer.message || HttpMessages.SYSTEM_ERROR, answer.data, response.status);
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
  upload: <T>(url: string, file: Blob, options?: RequestOptions) =>
    request<T>('PUT', url, { ...options, file }),
};
