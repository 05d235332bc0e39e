import type { KeyObject } from 'node:crypto';
import {
  alipayPrivateKey,
  alipayPublicKey,
  signAlipayRequest,
  verifyAlipayNotification,
} from './alipay-sign.js';
import { type PaidNotice, type PayableOrder, type PaymentProvider, payPagePath } from './provider.js';

export interface AlipaySettings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gatewayUrl: string;
  /** Absent: {origin}{ALIPAY_NOTIFY_PATH}, the address the buyer's browser used. */
  notifyUrl?: string;
}

/** Where Alipay posts its asynchronous notifications; it retries until it reads `success`. */
export const ALIPAY_NOTIFY_PATH = '/iot/payments/alipay/notify';

/** Trade states that mean the money arrived (Alipay's async notification). */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay's "yyyy-MM-dd HH:mm:ss" in China time, as its gateway expects. */
function chinaTimestamp(at: number): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const yuanOf = (fen: number) => (fen / 100).toFixed(2);

/**
 * Alipay computer-website payment (alipay.trade.page.pay): the pay link is the gateway with the
 * signed request in its query; Alipay then posts an asynchronous notification, signed with its
 * key, which `readNotice` verifies before anything is fulfilled.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly settings: AlipaySettings) {
    this.privateKey = alipayPrivateKey(settings.privateKey);
    this.publicKey = alipayPublicKey(settings.alipayPublicKey);
  }

  payLink(order: PayableOrder, origin: string, now = Date.now()): string {
    const params: Record<string, string> = {
      app_id: this.settings.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaTimestamp(now),
      version: '1.0',
      notify_url: this.settings.notifyUrl ?? `${origin}${ALIPAY_NOTIFY_PATH}`,
      // Back from Alipay: our pay page, which shows the order's state.
      return_url: `${origin}${payPagePath(order)}`,
      biz_content: JSON.stringify({
        out_trade_no: order.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: yuanOf(order.amountFen),
        subject: order.subject,
      }),
    };
    params.sign = signAlipayRequest(params, this.privateKey);
    return `${this.settings.gatewayUrl}?${new URLSearchParams(params).toString()}`;
  }

  /** Whether a notification is Alipay's, for this app: its signature checks with Alipay's key. */
  isGenuine(params: Record<string, string>): boolean {
    return verifyAlipayNotification(params, this.publicKey) && params.app_id === this.settings.appId;
  }

  /**
   * A genuine notification's word that an order was paid, or null: not a paid state
   * (WAIT_BUYER_PAY, TRADE_CLOSED) or malformed. Call `isGenuine` first.
   */
  readNotice(params: Record<string, string>): PaidNotice | null {
    if (!PAID_STATES.has(params.trade_status ?? '')) return null;
    const amount = Number(params.total_amount);
    if (!params.out_trade_no || !params.trade_no || !Number.isFinite(amount)) return null;
    return { orderNo: params.out_trade_no, amountFen: Math.round(amount * 100), reference: params.trade_no };
  }
}
