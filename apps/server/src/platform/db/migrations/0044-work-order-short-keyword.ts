import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * SQLite: a narrow index for the work-order list's short keywords (1–2 characters, e.g. 格栅;
 * decision 0059). No trigram index (0043) serves them, so such a keyword reads every order of the
 * project; with this index it reads the three searched columns, lowered and joined by U+0001, instead
 * of whole rows. The list asks `lower(title || char(1) || code || char(1) || description) LIKE
 * '%keyword%'`, written exactly as here (SQLite matches an indexed expression by its text); for a
 * keyword without U+0001 that is the same as asking each column. Keyed (project_id, created_at, id):
 * the total is counted from the index alone, and the page found by walking it newest first, reading
 * only the orders that match.
 * PostgreSQL gets nothing here: its orders are read from memory, and the time goes to lower() on every
 * column, which the list skips for keywords without case instead (an expression index would not be
 * read alone by its planner anyway).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`create index work_orders_short_keyword on work_orders
    (project_id, created_at, id, lower(title || char(1) || code || char(1) || description))`.execute(db);
}
