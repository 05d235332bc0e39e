import type { PayStatus } from '@iot/contracts/projects';
import type { PurchaseSettings } from '@iot/contracts/purchases';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export const DAY_MS = 86_400_000;
/** The states the set meal's end decides; E and F are a system administrator's and stay as set. */
const DERIVED: PayStatus[] = ['A', 'B', 'C', 'D'];

type Days = Pick<PurchaseSettings, 'payStatusWarnDays' | 'payStatusGraceDays'>;

/**
 * The pay state a set meal ending at `endAt` calls for at `now` (decision 0068): A until
 * `payStatusWarnDays` before the end, B until the end, C until `payStatusGraceDays` after it, then
 * D. E, F and projects without an end stay as they are.
 */
export function payStatusFor(current: PayStatus, endAt: number | null, now: number, days: Days): PayStatus {
  if (endAt === null || !DERIVED.includes(current)) return current;
  if (now >= endAt + days.payStatusGraceDays * DAY_MS) return 'D';
  if (now >= endAt) return 'C';
  if (now >= endAt - days.payStatusWarnDays * DAY_MS) return 'B';
  return 'A';
}

/**
 * One pass of the pay-state job: four set-based updates, one per target state, each touching only
 * projects in A–D whose state differs, so a pass on any node at any time gives the same answer and
 * nothing but pay_status changes (nothing is deleted, devices and data stay). Answers how many
 * projects moved.
 */
export async function updatePayStatuses(db: Kysely<Database>, now: number, days: Days): Promise<number> {
  const warnFrom = now + days.payStatusWarnDays * DAY_MS;
  const graceEnd = now - days.payStatusGraceDays * DAY_MS;
  const ranges: [PayStatus, number | null, number | null][] = [
    // [state, end after (exclusive), end at or before]
    ['A', warnFrom, null],
    ['B', now, warnFrom],
    ['C', graceEnd, now],
    ['D', null, graceEnd],
  ];
  let moved = 0;
  for (const [state, after, atOrBefore] of ranges) {
    let query = db
      .updateTable('projects')
      .set({ pay_status: state })
      .where('pay_status', 'in', DERIVED)
      .where('pay_status', '!=', state)
      .where('set_meal_end_at', 'is not', null);
    if (after !== null) query = query.where('set_meal_end_at', '>', after);
    if (atOrBefore !== null) query = query.where('set_meal_end_at', '<=', atOrBefore);
    const result = await query.executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}
