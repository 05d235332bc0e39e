import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * What a gateway sent that was rejected (the most recent per gateway; older rows are pruned), and
 * monitoring points: groups flagged `is_monitor` with the gateway indicators they show
 * (docs/decisions/0015-monitoring-points.md).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('gateway_rejections'), dialect)
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    // The MQTT topic, or 'http' / 'modbus' for the other transports.
    .addColumn('topic', 'varchar(256)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1024)', (c) => c.notNull())
    // The payload as received, cut to 1 KiB.
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_rejections_gateway')
    .on('gateway_rejections')
    .columns(['gateway_id', 'id'])
    .execute();

  await db.schema
    .alterTable('groups')
    .addColumn('is_monitor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('group_gateway_indicators')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('gateway_indicator_id', 'integer', (c) =>
      c.notNull().references('gateway_indicators.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('group_gateway_indicators_pk', ['group_id', 'gateway_indicator_id'])
    .execute();
  await db.schema
    .createIndex('group_gateway_indicators_indicator')
    .on('group_gateway_indicators')
    .column('gateway_indicator_id')
    .execute();
}
