import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** Instruction records of remote control (docs/decisions/0010-remote-control.md). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('instruction_records'), dialect)
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    // No foreign keys: a record keeps its ids after the gateway indicator, project or user go.
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer')
    .addColumn('user_id', 'integer')
    // The key (dataIdentification) at the time of the command.
    .addColumn('metric', 'varchar(64)', (c) => c.notNull())
    // The normalised value as text (numbers in their JSON form).
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When the command went out to the device (the acknowledgement timeout counts from here).
    .addColumn('sent_at', 'bigint')
    .addColumn('acknowledged_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('instruction_records_gateway')
    .on('instruction_records')
    .columns(['gateway_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('instruction_records_status')
    .on('instruction_records')
    .columns(['status', 'sent_at'])
    .execute();
}
