import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** Entry records of gateways (created, bound, unbound, moved, transferred, secret rotated). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('gateway_entry_records'), dialect)
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('set null'))
    .addColumn('target_project_id', 'integer', (c) => c.references('projects.group_id').onDelete('set null'))
    // No foreign key: a record keeps the group id even after the group is deleted.
    .addColumn('group_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_entry_records_gateway')
    .on('gateway_entry_records')
    .columns(['gateway_id', 'created_at'])
    .execute();

  // A gateway's alias names it within its project (NULLs never collide: unbound gateways are free).
  await db.schema.dropIndex('gateways_project').execute();
  await db.schema
    .createIndex('gateways_project_alias')
    .unique()
    .on('gateways')
    .columns(['project_id', 'alias'])
    .execute();
}
