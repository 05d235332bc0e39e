import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * Work orders (工单管理), their assignees and every status change (docs/decisions/0050-work-order-transitions.md).
 * equipment_id carries no foreign key yet: the equipment ledger lands on its own branch.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('work_orders'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('status', 'integer', (c) => c.notNull())
    // Bumped by every move: a move applies only to the version it read (two clicks, two nodes).
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    // A result is submitted and waits for acceptance (status 10 with this set).
    .addColumn('submitted_at', 'bigint')
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('equipment_id', 'integer')
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('source_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('due_at', 'bigint')
    // JSON of the submitted execution (checklist, measurements, dosing, result); null before.
    .addColumn('execution', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Set once by the overdue job: an order is marked overdue at most once.
    .addColumn('overdue_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('work_orders_project_created')
    .on('work_orders')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('work_orders_project_status')
    .on('work_orders')
    .columns(['project_id', 'status'])
    .execute();
  await db.schema.createIndex('work_orders_due').on('work_orders').columns(['status', 'due_at']).execute();
  // One order per warning (a double click makes one); manual orders have no source id (nulls differ).
  await db.schema
    .createIndex('work_orders_source')
    .on('work_orders')
    .columns(['source', 'source_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('work_order_assignees')
    .addColumn('work_order_id', 'integer', (c) =>
      c.notNull().references('work_orders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('work_order_assignees_pk', ['work_order_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('work_order_assignees_user')
    .on('work_order_assignees')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('work_order_events'), dialect)
    .addColumn('work_order_id', 'integer', (c) =>
      c.notNull().references('work_orders.id').onDelete('cascade'),
    )
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    // Null for the overdue job.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('work_order_events_order')
    .on('work_order_events')
    .column('work_order_id')
    .execute();
}
