import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * Malfunctions (设备故障记录) and the fault-signal state that opens and closes them exactly once per
 * transition, and the warning-rule flag 设备故障 (docs/decisions/0056-malfunctions.md).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('malfunctions'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    // signal | warning | manual
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addColumn('gateway_indicator_id', 'integer')
    .addColumn('warning_id', 'integer')
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // JSON array of stored photo addresses.
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('close_note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('malfunctions_project_started')
    .on('malfunctions')
    .columns(['project_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('malfunctions_equipment_started')
    .on('malfunctions')
    .columns(['equipment_id', 'started_at'])
    .execute();
  // One malfunction per warning (nulls differ: signal and manual ones have none).
  await db.schema
    .createIndex('malfunctions_warning')
    .on('malfunctions')
    .column('warning_id')
    .unique()
    .execute();
  // At most one open malfunction of the fault signal per piece of equipment: the safety net under
  // the state table's conditional update.
  await db.schema
    .createIndex('malfunctions_open_signal')
    .on('malfunctions')
    .column('equipment_id')
    .unique()
    .where(sql.ref('origin'), '=', 'signal')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();

  // The fault signal as last accounted: only the update that changes fault_on (for a point newer
  // than last_ts) opens or closes a malfunction, on whichever node it runs.
  await db.schema
    .createTable('equipment_fault_state')
    .addColumn('equipment_id', 'integer', (c) =>
      c.primaryKey().references('equipment.id').onDelete('cascade'),
    )
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    // ts of the newest point seen; -1 before the first.
    .addColumn('last_ts', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('fault_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('warning_rules')
    .addColumn('equipment_fault', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
