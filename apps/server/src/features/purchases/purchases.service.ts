import { randomBytes } from 'node:crypto';
import type { PageQuery } from '@iot/contracts';
import {
  type CreateOrderBody,
  type Order,
  type OrderStatus,
  PACKAGE_KIND_OF,
  type PayPage,
  PURCHASE_TYPE_LABELS,
  PurchaseMessages,
  type PurchaseSettings,
  type ResourcePackage,
  type ResourcePackageBody,
} from '@iot/contracts/purchases';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { fulfilOrder } from './fulfilment.js';
import type { PaidNotice, PaymentProvider } from './payments/provider.js';
import type { ProjectTerms, PurchasesRepository } from './purchases.repository.js';

/** PO + China time to the second + 6 random hex: unique, sortable, what a person can quote on a transfer. */
function newOrderNo(now: number): string {
  const stamp = new Date(now + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `PO${stamp}${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** Orders, payment and the packages on sale (decision 0068). */
export class PurchasesService {
  constructor(
    private readonly repository: PurchasesRepository,
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly provider: PaymentProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  packages(enabledOnly: boolean): Promise<ResourcePackage[]> {
    return this.repository.packages(undefined, enabledOnly);
  }

  async updatePackage(key: string, body: ResourcePackageBody): Promise<ResourcePackage> {
    if (!(await this.repository.updatePackage(key, body))) throw notFound(PurchaseMessages.PACKAGE_NOT_FOUND);
    return (await this.repository.packageByKey(key))!;
  }

  settings(): Promise<PurchaseSettings> {
    return this.repository.settings();
  }

  async writeSettings(value: PurchaseSettings): Promise<PurchaseSettings> {
    await this.repository.writeSettings(value);
    return value;
  }

  /** getOrderId: checks what the project may buy now, prices it and answers the new order's number. */
  async createOrder(
    projectId: number,
    userId: number,
    body: CreateOrderBody,
    now = Date.now(),
  ): Promise<string> {
    const terms = await this.repository.terms(projectId);
    if (!terms) throw notFound();
    if (terms.payStatus === 'F') throw badRequest(PurchaseMessages.PROJECT_CLOSED);
    const pkg = await this.packageFor(terms, body);
    const orderNo = newOrderNo(now);
    await this.repository.insertOrder({
      orderNo,
      projectId,
      userId,
      orderType: body.orderType,
      pkg,
      number: body.number,
      amountFen: Math.round(pkg.annualCharge * 100) * body.number,
      provider: this.provider.name,
      createdAt: now,
    });
    return orderNo;
  }

  /** The package an order buys, by the rules of its type. */
  private async packageFor(terms: ProjectTerms, body: CreateOrderBody): Promise<ResourcePackage> {
    const kind = PACKAGE_KIND_OF[body.orderType];
    const on = await this.repository.packages(kind, true);
    const key = body.setMealType ?? body.packageKey;
    const chosen = key === undefined ? undefined : on.find((p) => p.key === key);
    if (key !== undefined && !chosen) throw badRequest(PurchaseMessages.PACKAGE_NOT_FOUND);
    switch (body.orderType) {
      case 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION':
        if (terms.indicatorMax === -1) throw badRequest(PurchaseMessages.INDICATORS_UNLIMITED);
        if (!chosen) throw badRequest(PurchaseMessages.PACKAGE_NOT_FOUND);
        if (chosen.quantity <= terms.indicatorMax) throw badRequest(PurchaseMessages.UPGRADE_NOT_HIGHER);
        return chosen;
      case 'GATEWAY_INDICATOR_RENEW': {
        if (terms.indicatorMax === -1) throw badRequest(PurchaseMessages.INDICATORS_UNLIMITED);
        // Renewing keeps the configuration: the set meal of the project's maximum, and no other.
        const current = on.find((p) => p.quantity === terms.indicatorMax);
        if (!current || (chosen && chosen.key !== current.key))
          throw badRequest(PurchaseMessages.RENEW_NO_SET_MEAL);
        return current;
      }
      default: {
        const left = body.orderType === 'MESSAGE' ? terms.smsLeft : terms.voiceLeft;
        if (left === -1) throw badRequest(PurchaseMessages.SENDS_UNLIMITED);
        const pkg = chosen ?? on[0];
        if (!pkg) throw badRequest(PurchaseMessages.PACKAGE_NOT_FOUND);
        return pkg;
      }
    }
  }

  /** getPayLink: where to pay an unpaid order of the project, from the provider in use. */
  async payLink(projectId: number, orderNo: string, origin: string): Promise<string> {
    const order = await this.unpaidOrder(projectId, orderNo);
    if (order.provider !== this.provider.name) await this.repository.setProvider(orderNo, this.provider.name);
    return this.provider.payLink(
      {
        orderNo,
        projectId,
        amountFen: Math.round(order.amount * 100),
        subject: `${order.projectName} · ${PURCHASE_TYPE_LABELS[order.orderType]} × ${order.number}`,
      },
      origin,
    );
  }

  /** The built-in pay page: the order (any state) and the bank-transfer instructions. */
  async payPage(projectId: number, orderNo: string): Promise<PayPage> {
    const order = await this.repository.order(orderNo, projectId);
    if (!order) throw notFound(PurchaseMessages.ORDER_NOT_FOUND);
    return { order, bankTransferNote: (await this.repository.settings()).bankTransferNote };
  }

  list(projectId: number | null, pageQuery: PageQuery, filter: { status?: OrderStatus; keyword?: string }) {
    return this.repository.list(projectId, pageQuery, filter);
  }

  /** A system administrator saw the transfer arrive: the order is paid and fulfilled, once. */
  async confirmReceipt(orderNo: string, confirmedBy: string, now = Date.now()): Promise<Order> {
    await this.unpaidOrder(null, orderNo);
    const done = await fulfilOrder(
      this.db,
      this.dialect,
      { orderNo, reference: `银行转账 · ${confirmedBy}确认`, now },
      await this.repository.settings(),
    );
    if (!done) throw badRequest(PurchaseMessages.ORDER_NOT_UNPAID);
    return (await this.repository.order(orderNo))!;
  }

  async cancel(orderNo: string): Promise<Order> {
    if (!(await this.repository.order(orderNo))) throw notFound(PurchaseMessages.ORDER_NOT_FOUND);
    if (!(await this.repository.cancel(orderNo))) throw badRequest(PurchaseMessages.ORDER_NOT_UNPAID);
    return (await this.repository.order(orderNo))!;
  }

  /**
   * An online provider's checked notice that an order was paid. True when the notice is settled
   * (fulfilled now, or already paid before: a repeat); false when it must not be acknowledged
   * (unknown order, wrong amount), so the provider's retries stay visible in the log.
   */
  async paid(notice: PaidNotice, now = Date.now()): Promise<boolean> {
    const amount = await this.repository.amountFen(notice.orderNo);
    if (amount === undefined || amount !== notice.amountFen) {
      this.log.warn(
        { orderNo: notice.orderNo, amountFen: notice.amountFen, expected: amount },
        'payment notice refused',
      );
      return false;
    }
    const fulfilled = await fulfilOrder(
      this.db,
      this.dialect,
      { orderNo: notice.orderNo, reference: notice.reference, now, evenIfCancelled: true },
      await this.repository.settings(),
    );
    if (!fulfilled) this.log.info({ orderNo: notice.orderNo }, 'payment notice repeated; already settled');
    return true;
  }

  private async unpaidOrder(projectId: number | null, orderNo: string): Promise<Order> {
    const order = await this.repository.order(orderNo, projectId ?? undefined);
    if (!order) throw notFound(PurchaseMessages.ORDER_NOT_FOUND);
    if (order.status !== 'unpaid') throw badRequest(PurchaseMessages.ORDER_NOT_UNPAID);
    return order;
  }
}
