import type { PayStatus } from '@iot/contracts/projects';
import type { OrderType, PurchaseSettings } from '@iot/contracts/purchases';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { payStatusFor } from './pay-status.js';

/** Calendar years later, as a person counts them (29 February falls to 1 March). */
export function addYears(at: number, years: number): number {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}

/**
 * Marks an unpaid order paid and gives the project what it bought, in one transaction (decision
 * 0068). The order's state is the idempotency key: the conditional update unpaid → paid lets
 * exactly one of any number of confirmations and notifications (twice, late, on two nodes) through;
 * every other answers false and changes nothing. On PostgreSQL the project's row is locked while
 * its terms are read and written; SQLite runs one write transaction at a time.
 *
 * - upgrade: the maximum becomes the set meal's (never lower), the set meal runs `number` years
 *   longer, from its end or from now if it has ended;
 * - renew: the set meal runs `number` years longer the same way;
 * - SMS / voice: `number` packages are added to what is left (unlimited stays unlimited);
 * - a pay state of A–D is recomputed from the new end (back to A when due); E and F stay.
 */
export async function fulfilOrder(
  db: Kysely<Database>,
  dialect: Dialect,
  paid: {
    orderNo: string;
    reference: string;
    now: number /** A provider's notice: money arrived, even for an order cancelled meanwhile. */;
    evenIfCancelled?: boolean;
  },
  settings: Pick<PurchaseSettings, 'payStatusWarnDays' | 'payStatusGraceDays'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('purchase_orders')
      .set({ status: 'paid', paid_at: paid.now, paid_reference: paid.reference.slice(0, 64) })
      .where('order_no', '=', paid.orderNo)
      .where('status', 'in', paid.evenIfCancelled ? ['unpaid', 'cancelled'] : ['unpaid'])
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    const order = await trx
      .selectFrom('purchase_orders')
      .select(['project_id', 'order_type', 'package_quantity', 'number'])
      .where('order_no', '=', paid.orderNo)
      .executeTakeFirstOrThrow();
    const type = order.order_type as OrderType;
    const projectId = order.project_id;

    if (type === 'MESSAGE' || type === 'VOICE') {
      const column = type === 'MESSAGE' ? 'send_messages_total_num' : 'send_voices_total_num';
      const added = order.package_quantity * order.number;
      // One statement: a send taking the last unit at the same moment is never lost.
      await trx
        .updateTable('projects')
        .set((eb) => ({
          [column]: eb
            .case()
            .when(column, '=', -1)
            .then(-1)
            .else(eb(column, '+', added))
            .end(),
        }))
        .where('group_id', '=', projectId)
        .execute();
      return true;
    }

    let read = trx
      .selectFrom('projects')
      .select(['access_gateway_indicator_max_num', 'set_meal_end_at', 'pay_status'])
      .where('group_id', '=', projectId);
    if (dialect === 'postgres') read = read.forUpdate();
    const terms = await read.executeTakeFirstOrThrow();
    const end = terms.set_meal_end_at === null ? null : Number(terms.set_meal_end_at);
    const newEnd = addYears(Math.max(end ?? paid.now, paid.now), order.number);
    const max = terms.access_gateway_indicator_max_num;
    const newMax =
      type === 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION' && max !== -1
        ? Math.max(max, order.package_quantity)
        : max;
    await trx
      .updateTable('projects')
      .set({
        access_gateway_indicator_max_num: newMax,
        set_meal_end_at: newEnd,
        pay_status: payStatusFor(terms.pay_status as PayStatus, newEnd, paid.now, settings),
      })
      .where('group_id', '=', projectId)
      .execute();
    return true;
  });
}
