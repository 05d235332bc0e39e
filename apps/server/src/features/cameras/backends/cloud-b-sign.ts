import { createHash, randomUUID } from 'node:crypto';

/**
 * Cloud service B's request envelope (Imou / 乐橙 Open API "development specification"): every call
 * is a JSON POST to /openapi/{method} carrying
 * `{system: {ver: "1.0", appId, sign, time, nonce}, id, params}` where
 * sign = md5("time:{time},nonce:{nonce},appSecret:{appSecret}") in lowercase hex, time in epoch
 * seconds. The fake (test/fake-cloud-b.ts) checks it the same way.
 */
export function cloudBSign(time: number, nonce: string, appSecret: string): string {
  return createHash('md5').update(`time:${time},nonce:${nonce},appSecret:${appSecret}`).digest('hex');
}

export interface CloudBEnvelope {
  system: { ver: string; appId: string; sign: string; time: number; nonce: string };
  id: string;
  params: Record<string, unknown>;
}

export function cloudBEnvelope(
  appId: string,
  appSecret: string,
  params: Record<string, unknown>,
  nowMs: number,
): CloudBEnvelope {
  const time = Math.floor(nowMs / 1000);
  const nonce = randomUUID();
  return {
    system: { ver: '1.0', appId, sign: cloudBSign(time, nonce, appSecret), time, nonce },
    id: randomUUID(),
    params,
  };
}
