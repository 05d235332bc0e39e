import { createHash, randomBytes } from 'node:crypto';
import type { AccessTokenClaims } from '@iot/contracts/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenVerification =
  | { status: 'valid'; claims: AccessTokenClaims }
  | { status: 'expired' }
  | { status: 'invalid' };

/** How many verified tokens a node remembers (one per active session is enough). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signs and checks the HS256 access tokens. */
export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked → their claims. A token cannot change, so only
   * its expiry needs checking again; a request carries the same token until it is refreshed, and
   * the signature check (WebCrypto, asynchronous) was a large part of what authorisation costs.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    signingKey: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new Uint8Array(Buffer.from(signingKey, 'base64url'));
  }

  /**
   * A fresh token of these claims. The random jti makes each token its own: without it, a refresh in
   * the second of the sign-in (same claims, same iat) would hand back the very same bytes.
   */
  async sign(claims: Omit<AccessTokenClaims, 'exp' | 'iat' | 'jti'>): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomToken(16))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenVerification> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return { status: 'valid', claims: known };
      this.verified.delete(token);
      return { status: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || typeof payload.userId !== 'number') return { status: 'invalid' };
      const claims = payload as unknown as AccessTokenClaims;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        // The oldest entry goes (a Map iterates in insertion order).
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, claims);
      return { status: 'valid', claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { status: 'expired' };
      return { status: 'invalid' };
    }
  }
}

/** Opaque random token (refresh tokens, client secrets, session ids). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens and phone codes are stored only as this digest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
