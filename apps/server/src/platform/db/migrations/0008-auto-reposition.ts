import type { Kysely } from 'kysely';

/**
 * Auto-reposition (复位) of remote control (docs/decisions/0010-remote-control.md): a command on a
 * gateway indicator with isAutoReposition remembers the value to return to; when the device has
 * carried it out, the return is due repositionDelay seconds later and is sent as a command of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruction_records').addColumn('reposition_value', 'text').execute();
  await db.schema.alterTable('instruction_records').addColumn('reposition_at', 'bigint').execute();
  // The command this one returns from (null for a person's command).
  await db.schema.alterTable('instruction_records').addColumn('reposition_of', 'integer').execute();
  await db.schema
    .createIndex('instruction_records_reposition_at')
    .on('instruction_records')
    .column('reposition_at')
    .execute();
}
