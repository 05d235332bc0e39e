import type { Kysely } from 'kysely';

/**
 * 系统配置 (docs/decisions/0039-system-settings-and-sign-in-ways.md): named settings of the whole
 * system, each a JSON value read through its contract's schema. Absent keys take their defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
