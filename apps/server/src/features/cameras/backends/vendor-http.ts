/**
 * The HTTP plumbing the vendor camera adapters share: one request with a deadline, JSON or form
 * bodies, and failures sorted into kinds each adapter words in Chinese (feature-areas §8).
 */

export type VendorFailureKind = 'timeout' | 'network' | 'http' | 'format';

/** The vendor could not be asked, or answered something that is not its protocol. */
export class VendorTransportError extends Error {
  constructor(
    readonly kind: VendorFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface VendorRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** application/x-www-form-urlencoded body (Ezviz, ZLMediaKit-style). */
  form?: Record<string, string>;
  /** application/json body (Imou, the link platform). */
  json?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
}

async function send(request: VendorRequest): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  try {
    return await fetch(request.url, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new VendorTransportError('timeout', `no answer within ${request.timeoutMs} ms`);
    throw new VendorTransportError('network', (error as Error).message);
  }
}

/** A JSON answer (any HTTP 2xx); the vendor's own code inside it is the adapter's business. */
export async function vendorJson(request: VendorRequest): Promise<unknown> {
  const response = await send(request);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    throw new VendorTransportError(name === 'TimeoutError' ? 'timeout' : 'network', (error as Error).message);
  }
  if (!response.ok) throw new VendorTransportError('http', `HTTP ${response.status}`, response.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new VendorTransportError('format', 'the answer is not JSON');
  }
}

/** The largest picture taken from a vendor: a camera snapshot is well under it. */
const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * A picture (a snapshot), with its content type. Anything but an image is refused, so an address
 * a vendor hands out can only ever yield a picture, never another service's page.
 */
export async function vendorBytes(request: VendorRequest): Promise<{ contentType: string; body: Buffer }> {
  const response = await send(request);
  if (!response.ok) throw new VendorTransportError('http', `HTTP ${response.status}`, response.status);
  const contentType = response.headers.get('content-type') ?? '';
  if (
    !contentType.startsWith('image/') ||
    Number(response.headers.get('content-length') ?? 0) > MAX_PICTURE_BYTES
  ) {
    await response.body?.cancel().catch(() => undefined);
    throw new VendorTransportError('format', `not a picture: ${contentType}`);
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    const name = (error as Error).name;
    throw new VendorTransportError(name === 'TimeoutError' ? 'timeout' : 'network', (error as Error).message);
  }
  if (body.length > MAX_PICTURE_BYTES) throw new VendorTransportError('format', 'picture too large');
  return { contentType, body };
}

/** A plain object's field, or undefined: vendor answers are read defensively. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** Joins a base URL (trailing slash or not) and an absolute path. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
