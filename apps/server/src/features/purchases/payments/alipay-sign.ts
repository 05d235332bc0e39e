import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay open-API signatures (RSA2 = SHA256withRSA, base64). The signed text is every parameter
 * but the signature itself (and, for notifications, sign_type), empty values left out, sorted by
 * name, joined as `name=value&…` with the values not URL-encoded.
 */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Keys come as PEM or as the bare base64 Alipay's console shows (PKCS#8 private, SPKI public). */
export function alipayPrivateKey(text: string): KeyObject {
  return text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : createPrivateKey({
        key: Buffer.from(text.replace(/\s+/g, ''), 'base64'),
        format: 'der',
        type: 'pkcs8',
      });
}

export function alipayPublicKey(text: string): KeyObject {
  return text.includes('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** A request's sign: over everything but `sign`. */
export function signAlipayRequest(params: Record<string, string>, key: KeyObject): string {
  return createSign('RSA-SHA256')
    .update(alipaySignContent(params, ['sign']), 'utf8')
    .sign(key, 'base64');
}

/** A notification's sign: over everything but `sign` and `sign_type`; false for any malformed sign. */
export function verifyAlipayNotification(params: Record<string, string>, key: KeyObject): boolean {
  const sign = params.sign;
  if (!sign || params.sign_type !== 'RSA2') return false;
  try {
    return createVerify('RSA-SHA256')
      .update(alipaySignContent(params, ['sign', 'sign_type']), 'utf8')
      .verify(key, sign, 'base64');
  } catch {
    return false;
  }
}
