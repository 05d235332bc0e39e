import type { FastifyBaseLogger } from 'fastify';

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
