import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { HttpGatewaySender } from './sms.js';

/** Places voice calls that read a text out. The built-in sender logs them; adapters implement the same. */
export interface VoiceSender {
  call(mobile: string, text: string): Promise<void>;
}

/** Writes each call to the server log (a fresh install has no voice provider). */
export class LogVoiceSender implements VoiceSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async call(mobile: string, text: string): Promise<void> {
    this.log.info({ voice: { mobile, text } }, 'voice call placed (built-in log sender)');
  }
}

/** The voice sender the configuration names: the HTTP gateway when VOICE_HTTP_URL is set, else the log. */
export function createVoiceSender(config: Config, log: FastifyBaseLogger): VoiceSender {
  if (!config.voiceHttpUrl) return new LogVoiceSender(log);
  const gateway = new HttpGatewaySender(
    config.voiceHttpUrl,
    config.voiceHttpSecret,
    config.smsSignName || config.systemName,
    'voice',
  );
  return { call: (mobile, text) => gateway.send(mobile, text) };
}
