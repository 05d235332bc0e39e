import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** Warning rules, their evaluation state, warnings and their handling (docs/decisions/0018-warning-engine.md). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('warning_rules'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    // Null for a rule on the gateway itself (offline).
    .addColumn('gateway_indicator_id', 'integer', (c) =>
      c.references('gateway_indicators.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('low', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('value', 'varchar(64)')
    .addColumn('rate_per_minute', 'double precision')
    .addColumn('offline_minutes', 'integer')
    .addColumn('delay_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delay_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hysteresis', 'double precision', (c) => c.notNull().defaultTo(0))
    // JSON {days, from, to} or null (always).
    .addColumn('schedule', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('warning_rules_indicator')
    .on('warning_rules')
    .column('gateway_indicator_id')
    .execute();
  await db.schema.createIndex('warning_rules_gateway').on('warning_rules').column('gateway_id').execute();

  await db.schema
    .createTable('warning_rule_states')
    .addColumn('rule_id', 'integer', (c) => c.primaryKey().references('warning_rules.id').onDelete('cascade'))
    .addColumn('phase', 'varchar(8)', (c) => c.notNull())
    .addColumn('since_ts', 'bigint')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_value', 'double precision')
    .addColumn('last_ts', 'bigint')
    // The open warning of an active rule.
    .addColumn('warning_id', 'integer')
    .execute();

  // Warnings keep their ids after rules, gateways or indicators go (no foreign keys but the project).
  await withId(db.schema.createTable('warnings'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('gateway_id', 'integer', (c) => c.notNull())
    .addColumn('gateway_indicator_id', 'integer')
    .addColumn('rule_id', 'integer')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('value', 'varchar(256)', (c) => c.notNull())
    .addColumn('threshold', 'varchar(128)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .addColumn('release_value', 'varchar(256)')
    .addColumn('handle_status', 'varchar(16)', (c) => c.notNull().defaultTo('unhandled'))
    .addColumn('handled_by', 'integer')
    .addColumn('handled_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('warnings_project_started')
    .on('warnings')
    .columns(['project_id', 'started_at'])
    .execute();

  await withId(db.schema.createTable('warning_handles'), dialect)
    .addColumn('warning_id', 'integer', (c) => c.notNull().references('warnings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('warning_handles_warning').on('warning_handles').column('warning_id').execute();
}
