import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { signedPost } from './signed-post.js';

/** Sends text messages. The built-in sender logs them; a provider adapter implements the same. */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

/** Writes each message to the server log, so a fresh install can sign in by SMS without a provider. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(mobile: string, text: string): Promise<void> {
    this.log.info({ sms: { mobile, text } }, 'sms sent (built-in log sender)');
  }
}

/**
 * A JSON HTTP gateway (docs/decisions/0020-messages.md): POST `{mobile, text, signName,
 * requestId}` signed with X-IoT-Timestamp and X-IoT-Signature (HMAC-SHA256 of
 * "{timestamp}.{body}"); the gateway answers 2xx with `{"code": 0}`, anything else is a failure
 * whose `message` is reported. SMS and voice gateways speak the same protocol.
 */
export class HttpGatewaySender {
  constructor(
    private readonly url: string,
    private readonly secret: string | undefined,
    private readonly signName: string,
    private readonly what: string,
  ) {}

  async send(mobile: string, text: string): Promise<void> {
    const body = JSON.stringify({ mobile, text, signName: this.signName, requestId: randomUUID() });
    const answer = await signedPost(this.url, body, { secret: this.secret, timeoutMs: 10_000 });
    let parsed: { code?: unknown; message?: unknown } = {};
    try {
      parsed = JSON.parse(answer.text) as typeof parsed;
    } catch {
      // Not JSON: reported below with the status.
    }
    if (answer.status < 200 || answer.status >= 300 || (parsed.code !== 0 && parsed.code !== '0'))
      throw new Error(
        `${this.what} gateway refused (HTTP ${answer.status}): ${typeof parsed.message === 'string' ? parsed.message : answer.text.slice(0, 200)}`,
      );
  }
}

/** The SMS sender the configuration names: the HTTP gateway when SMS_HTTP_URL is set, else the log. */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (!config.smsHttpUrl) return new LogSmsSender(log);
  return new HttpGatewaySender(
    config.smsHttpUrl,
    config.smsHttpSecret,
    config.smsSignName || config.systemName,
    'SMS',
  );
}
