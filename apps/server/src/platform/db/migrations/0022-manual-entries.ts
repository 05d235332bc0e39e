import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * 手动录入 (canEntryData, docs/decisions/0043-core-rules-applied.md): the value itself is a
 * telemetry row like a device's; this table marks it as manual, with who entered it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('manual_entries'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('gateway_indicator_id', 'integer', (c) =>
      c.notNull().references('gateway_indicators.id').onDelete('cascade'),
    )
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('manual_entries_indicator_ts')
    .on('manual_entries')
    .columns(['gateway_indicator_id', 'ts'])
    .execute();
}
