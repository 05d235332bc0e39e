import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HTTP digest authentication as SIP uses it (RFC 3261 §22.4, RFC 2617, MD5): the platform
 * challenges a REGISTER with `WWW-Authenticate: Digest realm=<SIP domain>, nonce=…` and checks the
 * device's `Authorization` answer against the shared password. Nonces are stateless: an HMAC of
 * their issue time under a key of this process, so any of them can be checked without a table and
 * a stale one is refused.
 */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The fields of a `Digest …` header, names lower-cased, quotes removed. */
export function parseDigest(header: string | undefined): Record<string, string> | undefined {
  if (!header) return undefined;
  const match = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!match) return undefined;
  const fields: Record<string, string> = {};
  const pattern = /([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const part of (match[1] ?? '').matchAll(pattern))
    fields[(part[1] ?? '').toLowerCase()] = part[2] ?? part[3] ?? '';
  return fields;
}

/** The response a client computes (RFC 2617 §3.2.2.1); qop "auth" or none. */
export function digestResponse(input: {
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
}): string {
  const ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  return input.qop
    ? md5(`${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:${input.qop}:${ha2}`)
    : md5(`${ha1}:${input.nonce}:${ha2}`);
}

/** How long a challenge's nonce stays good. */
const NONCE_TTL_MS = 5 * 60_000;

export class DigestAuthority {
  private readonly key = randomBytes(32);

  constructor(
    private readonly realm: string,
    private readonly password: string,
  ) {}

  /** A fresh `WWW-Authenticate` value. */
  challenge(now = Date.now()): string {
    const issued = now.toString(16);
    const nonce = `${issued}${this.sign(issued)}`;
    return `Digest realm="${this.realm}", nonce="${nonce}", algorithm=MD5`;
  }

  private sign(issued: string): string {
    return createHmac('sha256', this.key).update(issued).digest('hex').slice(0, 32);
  }

  /**
   * Checks a request's Authorization against our challenges for this device: `stale` when the
   * nonce is not one we issued within the TTL (challenge again), `refused` when the realm, the
   * username (the device's id) or the response is wrong (a wrong password), else `ok`.
   */
  verify(
    authorization: string | undefined,
    request: { method: string; deviceId: string },
    now = Date.now(),
  ): 'ok' | 'stale' | 'refused' {
    const fields = parseDigest(authorization);
    if (!fields?.nonce || !fields.response || !fields.uri) return 'stale';
    const issued = fields.nonce.slice(0, -32);
    if (!/^[0-9a-f]{1,12}$/.test(issued) || fields.nonce.slice(-32) !== this.sign(issued)) return 'stale';
    const age = now - Number.parseInt(issued, 16);
    if (age < 0 || age > NONCE_TTL_MS) return 'stale';
    if (fields.realm !== this.realm || fields.username !== request.deviceId) return 'refused';
    if (fields.algorithm && fields.algorithm.toUpperCase() !== 'MD5') return 'refused';
    const qop = fields.qop?.toLowerCase();
    if (qop && qop !== 'auth') return 'refused';
    const expected = digestResponse({
      username: fields.username,
      realm: this.realm,
      password: this.password,
      method: request.method,
      uri: fields.uri,
      nonce: fields.nonce,
      ...(qop ? { qop, nc: fields.nc ?? '', cnonce: fields.cnonce ?? '' } : {}),
    });
    const given = Buffer.from(fields.response.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected))
      ? 'ok'
      : 'refused';
  }
}
