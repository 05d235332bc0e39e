import type { PaymentProviderName } from '@iot/contracts/purchases';

/** What a provider needs of an order to take its payment. */
export interface PayableOrder {
  orderNo: string;
  projectId: number;
  /** Fen. */
  amountFen: number;
  /** What the buyer sees on the provider's page, e.g. 示范项目 · 监测项续费 × 2. */
  subject: string;
}

/** A provider's word that an order was paid, checked (signature, app, amount) by the provider. */
export interface PaidNotice {
  orderNo: string;
  amountFen: number;
  /** The provider's own trade number. */
  reference: string;
}

/**
 * Payment behind one interface (decision 0068). The built-in provider (bank transfer) answers a
 * page of this app and a system administrator confirms the receipt; an online provider answers
 * its own signed pay address and reads its signed notifications.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Where the buyer pays, opened in a new window. */
  payLink(order: PayableOrder): string;
}

/** The built-in provider: the pay page shows the transfer instructions and the order's state. */
export class BankTransferProvider implements PaymentProvider {
  readonly name = 'bank' as const;

  payLink(order: PayableOrder): string {
    return `/payOrder/${order.projectId}/${encodeURIComponent(order.orderNo)}`;
  }
}
