import { randomInt, timingSafeEqual } from 'node:crypto';
import { BIND_CODE_ALPHABET, BIND_CODE_LENGTH } from '@iot/contracts/gateways';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';

/** A new device secret (256 random bits, base64url) and the SHA-256 hex that is all we keep of it. */
export function newSecret(): { secret: string; secretHash: string } {
  const secret = randomToken(32);
  return { secret, secretHash: sha256(secret) };
}

/** A bind code for the device label: 8 characters without look-alikes (about 40 bits). */
export function newBindCode(): string {
  let code = '';
  for (let i = 0; i < BIND_CODE_LENGTH; i++) code += BIND_CODE_ALPHABET[randomInt(BIND_CODE_ALPHABET.length)];
  return code;
}

/** Compares bind codes in constant time. */
export function sameBindCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
