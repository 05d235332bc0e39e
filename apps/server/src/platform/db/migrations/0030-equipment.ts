import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * The equipment ledger (设备台账), its bound gateway indicators and the run-hour accounting
 * (docs/decisions/0051-equipment-ledger.md). Labels link through label_links (target_type equipment).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('equipment'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('manufacturer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    // Calendar days YYYY-MM-DD: a date has no time zone to get wrong.
    .addColumn('install_date', 'varchar(10)')
    .addColumn('warranty_end', 'varchar(10)')
    .addColumn('rated_capacity', 'double precision')
    .addColumn('rated_unit', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    // JSON [{name, url}] of stored files.
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    // normal | maintenance | scrapped
    .addColumn('manual_status', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('equipment_project_code')
    .on('equipment')
    .columns(['project_id', 'code'])
    .unique()
    .execute();
  await db.schema.createIndex('equipment_group').on('equipment').column('group_id').execute();

  // One gateway indicator per role (run, fault, current, …).
  await db.schema
    .createTable('equipment_bindings')
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('gateway_indicator_id', 'integer', (c) =>
      c.notNull().references('gateway_indicators.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('equipment_bindings_pk', ['equipment_id', 'role'])
    .execute();
  await db.schema
    .createIndex('equipment_bindings_indicator')
    .on('equipment_bindings')
    .column('gateway_indicator_id')
    .execute();

  // Run hours and starts from the run signal: totals and the watermark (last accounted point) move
  // together in one conditional UPDATE, so each stored point is counted exactly once.
  await db.schema
    .createTable('equipment_run_state')
    .addColumn('equipment_id', 'integer', (c) =>
      c.primaryKey().references('equipment.id').onDelete('cascade'),
    )
    // The run signal these counters are of; a new run signal starts them again.
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    // ts of the last accounted point; -1 before the first.
    .addColumn('watermark', 'bigint', (c) => c.notNull().defaultTo(-1))
    // The last accounted point's value (1 on, 0 off); null before the first.
    .addColumn('last_on', 'integer')
    .addColumn('run_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('equipment_run_days')
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    // China-time day YYYY-MM-DD.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('run_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('equipment_run_days_pk', ['equipment_id', 'day'])
    .execute();
}
