import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * The work-order list's totals over 100,000 orders (issue 13; bench/work-orders.mjs, decision 0059).
 * The rows were already read from an index newest first; the totals were not:
 * - `work_orders_project_group` (project_id, group_id, created_at): an area or site subtree
 *   (`group_id IN (…)`) counted from the index alone, and its orders of a time range found without
 *   reading the rest of the project. Before, PostgreSQL read the whole table for the total.
 * - PostgreSQL only, `work_orders_id_filters` (id) INCLUDE (project_id, status, type, group_id,
 *   created_at): an assignee's orders (执行人, 我的工单) are counted by looking each one up in this
 *   index, with no table reads. Without it the planner hashed the whole table, ~14× slower. SQLite needs
 *   no such index: its rows are stored by id.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('work_orders_project_group')
    .on('work_orders')
    .columns(['project_id', 'group_id', 'created_at'])
    .execute();
  if (dialect === 'postgres')
    await sql`create unique index work_orders_id_filters on work_orders (id) include (project_id, status, type, group_id, created_at)`.execute(
      db,
    );
}
