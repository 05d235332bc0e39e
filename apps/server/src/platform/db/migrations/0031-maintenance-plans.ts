import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * 保养计划 (docs/decisions/0052-maintenance-plans.md): plans, their targets, and one row per
 * generated occurrence whose unique key (plan, occurrence time, target) is what makes generation
 * idempotent across nodes and restarts. Work orders carry the checklist and dosing they inherit.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('maintenance_plans'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('types', 'integer', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON of the schedule rule (unit, every, weekdays, monthDays, time, basis, skipWeekends).
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    .addColumn('lead_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allowed_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('assignee_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('assignee_user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('assignee_role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('checklist', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('dosing', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('needs_audit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // Occurrences before this moment have been generated (or skipped: created or enabled later).
    .addColumn('generated_until', 'bigint', (c) => c.notNull())
    .addColumn('last_generated_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('maintenance_plans_project_name')
    .on('maintenance_plans')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('maintenance_plans_enabled')
    .on('maintenance_plans')
    .columns(['enabled', 'generated_until'])
    .execute();

  // A site or area (group) or a piece of equipment; equipment has no foreign key until the ledger lands.
  await db.schema
    .createTable('maintenance_plan_targets')
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('maintenance_plans.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('maintenance_plan_targets_pk', ['plan_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('maintenance_plan_targets_target')
    .on('maintenance_plan_targets')
    .columns(['target_type', 'target_id'])
    .execute();

  // One row per occurrence and target; the work order points here (source 'plan', source_id).
  await withId(db.schema.createTable('maintenance_plan_runs'), dialect)
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('maintenance_plans.id').onDelete('cascade'),
    )
    .addColumn('occurs_at', 'bigint', (c) => c.notNull())
    // 'g<id>' a group, 'e<id>' equipment, '' the project as a whole.
    .addColumn('target', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set by the one node that sent 设备保养提醒 / 设备保养提醒解除 (a conditional UPDATE).
    .addColumn('reminded_at', 'bigint')
    .addColumn('released_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('maintenance_plan_runs_occurrence')
    .on('maintenance_plan_runs')
    .columns(['plan_id', 'occurs_at', 'target'])
    .unique()
    .execute();
  await db.schema
    .createIndex('maintenance_plan_runs_reminded')
    .on('maintenance_plan_runs')
    .column('reminded_at')
    .execute();
  await db.schema
    .createIndex('maintenance_plan_runs_released')
    .on('maintenance_plan_runs')
    .column('released_at')
    .execute();

  await db.schema
    .alterTable('work_orders')
    .addColumn('checklist', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('work_orders')
    .addColumn('planned_dosing', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
