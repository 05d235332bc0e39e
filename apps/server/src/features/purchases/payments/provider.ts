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
  /**
   * Where the buyer pays, opened in a new window. `origin` is this app's address as the buyer's
   * browser reached it (pages to come back to; the notification address when none is configured).
   */
  payLink(order: PayableOrder, origin: string): string;
}

/** The built-in pay page of an order (the built-in provider's link; an online provider's way back). */
export const payPagePath = (order: PayableOrder) =>
  `/payOrder/${order.projectId}/${encodeURIComponent(order.orderNo)}`;

/** The built-in provider: the pay page shows the transfer instructions and the order's state. */
export class BankTransferProvider implements PaymentProvider {
  readonly name = 'bank' as const;

  payLink(order: PayableOrder, _origin: string): string {
    return payPagePath(order);
  }
}
