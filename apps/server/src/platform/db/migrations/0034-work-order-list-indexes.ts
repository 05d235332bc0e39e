import type { Kysely } from 'kysely';

/**
 * Indexes for a project with 100,000 work orders (issue 13; bench/work-orders.mjs, decision 0055):
 * - `work_orders_project_list` (project_id, created_at, status, type, group_id) replaces
 *   (project_id, created_at): the list's order, and its total counted from the index alone with the
 *   type bit, site and status filters (no table reads), as are the statistics' scans of a range.
 * - `work_orders_project_status_created` (project_id, status, created_at) replaces (project_id,
 *   status): one status, newest first, without a sort.
 * - `work_order_assignees_user_order` (user_id, work_order_id) replaces (user_id): an assignee's
 *   orders (the 执行人 filter, 我的工单) read from the index.
 * - `work_order_events_order_action` (work_order_id, action, created_at) replaces (work_order_id):
 *   the timeline still, and an order's first 开始执行 (the statistics' response time) in one seek.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('work_orders_project_created').ifExists().execute();
  await db.schema
    .createIndex('work_orders_project_list')
    .on('work_orders')
    .columns(['project_id', 'created_at', 'status', 'type', 'group_id'])
    .execute();
  await db.schema.dropIndex('work_orders_project_status').ifExists().execute();
  await db.schema
    .createIndex('work_orders_project_status_created')
    .on('work_orders')
    .columns(['project_id', 'status', 'created_at'])
    .execute();
  await db.schema.dropIndex('work_order_assignees_user').ifExists().execute();
  await db.schema
    .createIndex('work_order_assignees_user_order')
    .on('work_order_assignees')
    .columns(['user_id', 'work_order_id'])
    .execute();
  await db.schema.dropIndex('work_order_events_order').ifExists().execute();
  await db.schema
    .createIndex('work_order_events_order_action')
    .on('work_order_events')
    .columns(['work_order_id', 'action', 'created_at'])
    .execute();
}
