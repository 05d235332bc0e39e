import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * 排班管理 (docs/decisions/0053-duty-scheduling.md): shifts, rotations, swaps and overrides; and
 * message recipient settings that may name whoever is on duty.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('duty_shifts'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    // Minutes after midnight; an end not after the start is on the next day.
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addColumn('color', 'varchar(16)', (c) => c.notNull().defaultTo('blue'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duty_shifts_project_name')
    .on('duty_shifts')
    .columns(['project_id', 'name'])
    .unique()
    .execute();

  // user_ids: JSON array in turn order; dates YYYY-MM-DD (China); weekdays: bit 0 Monday … bit 6 Sunday.
  await withId(db.schema.createTable('duty_rotations'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('duty_shifts.id'))
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('weekdays', 'integer', (c) => c.notNull().defaultTo(127))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('duty_rotations_project').on('duty_rotations').column('project_id').execute();
  await db.schema.createIndex('duty_rotations_shift').on('duty_rotations').column('shift_id').execute();

  // A swap (user hands over to with_user; with with_date/with_shift_id, back the other way) or an override.
  await withId(db.schema.createTable('duty_changes'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('duty_shifts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('with_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('with_date', 'varchar(10)')
    .addColumn('with_shift_id', 'integer', (c) => c.references('duty_shifts.id').onDelete('cascade'))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duty_changes_project_date')
    .on('duty_changes')
    .columns(['project_id', 'date'])
    .execute();
  await db.schema
    .createIndex('duty_changes_project_with_date')
    .on('duty_changes')
    .columns(['project_id', 'with_date'])
    .execute();

  await db.schema
    .alterTable('message_recipients')
    .addColumn('on_duty', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
