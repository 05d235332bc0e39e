import type { Kysely } from 'kysely';

/**
 * Cameras of warnings (docs/decisions/0064-cameras.md, "Warnings with cameras"): a rule names cameras
 * of its project and whether to snapshot them when it fires; each warning keeps the rule's cameras as
 * they were when it fired, so editing the rule later does not change what an old warning shows.
 * Comma-separated ids, as the message headers carry them; no foreign key (a deleted camera stays
 * named, and the detail says 关联的摄像头已被删除).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['warning_rules', 'warnings']) {
    await db.schema.alterTable(table).addColumn('camera_ids', 'varchar(200)').execute();
    await db.schema
      .alterTable(table)
      .addColumn('auto_capture', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
