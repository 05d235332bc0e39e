import { createHash, randomBytes } from 'node:crypto';
import type { AccessTokenClaims } from '@iot/contracts/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenVerification =
  | { status: 'valid'; claims: AccessTokenClaims }
  | { status: 'expired' }
  | { status: 'invalid' };

/** Signs and checks the HS256 access tokens. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    signingKey: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new Uint8Array(Buffer.from(signingKey, 'base64url'));
  }

  async sign(claims: Omit<AccessTokenClaims, 'exp' | 'iat'>): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenVerification> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || typeof payload.userId !== 'number') return { status: 'invalid' };
      return { status: 'valid', claims: payload as unknown as AccessTokenClaims };
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
