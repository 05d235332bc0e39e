import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_DAILY_LIMIT,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  PhoneCodeMessages,
} from '@iot/contracts/auth';
import { sha256 } from '../../platform/auth/tokens.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { SmsSender } from '../../platform/sms.js';
import type { PhoneCodesRepository } from './phone-codes.repository.js';

/** Wrong guesses after which a code is dead, so six digits cannot be brute-forced. */
const MAX_ATTEMPTS = 5;

/** One-time phone codes: sent through the SMS sender, stored hashed, expiring, rate-limited. */
export class PhoneCodesService {
  constructor(
    private readonly repository: PhoneCodesRepository,
    private readonly sms: SmsSender,
    private readonly systemName: string,
  ) {}

  async send(mobile: string, purpose: string): Promise<void> {
    const now = Date.now();
    const last = await this.repository.lastSentAt(mobile, purpose);
    if (last !== undefined && now - last < PHONE_CODE_RESEND_SECONDS * 1000)
      throw tooManyRequests(PhoneCodeMessages.TOO_SOON);
    if ((await this.repository.countSince(mobile, now - 24 * 3600 * 1000)) >= PHONE_CODE_DAILY_LIMIT) {
      throw tooManyRequests(PhoneCodeMessages.DAILY_LIMIT);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repository.insert({
      mobile,
      purpose,
      codeHash: digest(mobile, purpose, code),
      expiresAt: now + PHONE_CODE_TTL_SECONDS * 1000,
    });
    const minutes = PHONE_CODE_TTL_SECONDS / 60;
    await this.sms.send(
      mobile,
      `【${this.systemName}】您的验证码是${code}，${minutes}分钟内有效，请勿泄露。`,
    );
  }

  /** Checks a code; `consume` uses it up so it works once. */
  async verify(mobile: string, purpose: string, code: string, consume: boolean): Promise<boolean> {
    const open = await this.repository.latestOpen(mobile, purpose);
    if (!open || open.attempts >= MAX_ATTEMPTS) return false;
    const expected = Buffer.from(open.code_hash);
    const actual = Buffer.from(digest(mobile, purpose, code));
    if (!timingSafeEqual(expected, actual)) {
      await this.repository.countAttempt(open.id);
      return false;
    }
    return consume ? this.repository.markUsed(open.id) : true;
  }
}

function digest(mobile: string, purpose: string, code: string): string {
  return sha256(`${mobile}:${purpose}:${code}`);
}
