import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * The operation log (docs/decisions/0038-operation-log.md): one row per write through the API, sign-in
 * and sign-out. No foreign keys: an entry outlives the account, project and thing it names, until
 * the retention job removes it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('operation_logs')
    // Rows come and go for years: a 64-bit key on PostgreSQL.
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // The project's root group id for project routes; null for system, firm, personal and sign-in.
    .addColumn('project_id', 'integer')
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('route', 'varchar(256)', (c) => c.notNull())
    .addColumn('summary', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('operation_logs_at').on('operation_logs').column('at').execute();
  await db.schema
    .createIndex('operation_logs_project')
    .on('operation_logs')
    .columns(['project_id', 'at'])
    .execute();
  await db.schema
    .createIndex('operation_logs_user')
    .on('operation_logs')
    .columns(['user_id', 'at'])
    .execute();
}
