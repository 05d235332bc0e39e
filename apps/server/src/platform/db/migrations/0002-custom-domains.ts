import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('custom_domain_configs'), dialect)
    .addColumn('domain_name', 'varchar(253)', (c) => c.notNull().unique())
    .addColumn('login_system_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
