import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header names of a signed POST: webhooks and the HTTP SMS/voice gateways share them. */
export const SIGNATURE_HEADER = 'x-iot-signature';
export const TIMESTAMP_HEADER = 'x-iot-timestamp';

/** `sha256=` and the hex HMAC-SHA256 of "{timestamp}.{body}" with the secret. */
export function signBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute the signature and compare in constant time. */
export function verifySignature(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signBody(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface PostAnswer {
  status: number;
  text: string;
}

/**
 * POSTs a JSON body, signed when a secret is given (X-IoT-Timestamp, X-IoT-Signature).
 * Rejects on a network failure or after `timeoutMs`; any HTTP status is an answer.
 */
export async function signedPost(
  url: string,
  body: string,
  options: { secret?: string | undefined; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<PostAnswer> {
  const timestamp = Date.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'iot-platform',
    ...options.headers,
  };
  if (options.secret) {
    headers[TIMESTAMP_HEADER] = String(timestamp);
    headers[SIGNATURE_HEADER] = signBody(options.secret, timestamp, body);
  }
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  return { status: response.status, text: await response.text() };
}
