import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * Data repair with audit (docs/decisions/0019-data-repair-and-audits.md): audit records (generic,
 * one row per thing to approve), data repairs, and the originals an approved repair replaced.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('audit_records'), dialect)
    .addColumn('audit_type', 'integer', (c) => c.notNull())
    .addColumn('audit_status', 'integer', (c) => c.notNull().defaultTo(0))
    // The audited thing's id (a data repair's id for type 1); no foreign key across types.
    .addColumn('relation_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('content', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    // No foreign keys to users: a record keeps its ids after an account goes.
    .addColumn('submitted_by', 'integer')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('audited_by', 'integer')
    .addColumn('audited_at', 'bigint')
    .addColumn('reason', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('audit_records_project_status')
    .on('audit_records')
    .columns(['project_id', 'audit_status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('audit_records_relation')
    .on('audit_records')
    .columns(['audit_type', 'relation_id'])
    .execute();

  await withId(db.schema.createTable('data_repairs'), dialect)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('gateway_id', 'integer', (c) => c.notNull())
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('stop_time', 'bigint', (c) => c.notNull())
    // 'points' or 'rule'; the proposal as JSON (points: [{ts, value|null}], rule: {kind, value}).
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('proposal', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_by', 'integer')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('audited_by', 'integer')
    .addColumn('audited_at', 'bigint')
    .addColumn('reason', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('applied_count', 'integer')
    .execute();
  await db.schema
    .createIndex('data_repairs_indicator_status')
    .on('data_repairs')
    .columns(['gateway_indicator_id', 'audit_status'])
    .execute();
  await db.schema
    .createIndex('data_repairs_project')
    .on('data_repairs')
    .columns(['project_id', 'submitted_at'])
    .execute();

  // What an approved repair replaced (absent = 1: there was no point) and what it wrote (new_absent
  // = 1: the point was deleted). History reads the telemetry table; this keeps the before.
  await db.schema
    .createTable('telemetry_repair_originals')
    .addColumn('repair_id', 'integer', (c) => c.notNull().references('data_repairs.id').onDelete('cascade'))
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('num_value', 'double precision')
    .addColumn('text_value', 'text')
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_num_value', 'double precision')
    .addColumn('new_text_value', 'text')
    .addColumn('new_absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('telemetry_repair_originals_pk', ['repair_id', 'ts'])
    .execute();
}
