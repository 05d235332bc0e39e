import type { Kysely } from 'kysely';

/**
 * 资源概览 shows SMS and voice calls sent beside what is left (docs/decisions/0045): the quota
 * columns count down, so what was sent is counted in its own columns, in the same statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('messages_sent_num', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('voices_sent_num', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
