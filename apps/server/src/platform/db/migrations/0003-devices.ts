import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** Gateways, indicators, gateway indicators, the time-series table and last values. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('gateways'), dialect)
    .addColumn('serial_number', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('alias', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('model', 'varchar(16)', (c) => c.notNull())
    .addColumn('iccid', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('batch_or_contract', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('firm_id', 'integer', (c) => c.references('gateway_firms.id').onDelete('set null'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('set null'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    // The device credential: MQTT password / ThingsBoard access token, stored as SHA-256 (high entropy).
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    // Printed on the device label: proves possession when a project binds the gateway.
    .addColumn('bind_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('online_status', 'varchar(16)', (c) => c.notNull().defaultTo('offlineNormal'))
    .addColumn('clock_status', 'varchar(16)')
    .addColumn('last_seen_at', 'bigint')
    .addColumn('unknown_key_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_value_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modbus_config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gateways_project').on('gateways').columns(['project_id', 'alias']).execute();
  await db.schema.createIndex('gateways_firm').on('gateways').column('firm_id').execute();

  await withId(db.schema.createTable('indicators'), dialect)
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('cascade'))
    .addColumn('firm_id', 'integer', (c) => c.references('gateway_firms.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('unit', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('decimal_places', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('enums', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('gateway_indicators'), dialect)
    .addColumn('gateway_id', 'integer', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
    .addColumn('indicator_id', 'integer', (c) => c.notNull().references('indicators.id').onDelete('restrict'))
    .addColumn('alias', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_identification', 'varchar(64)', (c) => c.notNull())
    .addColumn('io_type', 'varchar(2)', (c) => c.notNull().defaultTo('r'))
    .addColumn('decimal_places', 'integer')
    .addColumn('is_auto_reposition', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reposition_delay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modbus', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('gateway_indicators_key', ['gateway_id', 'data_identification'])
    .execute();

  // One row per point, keyed by (gateway indicator, time): SQLite stores it clustered (WITHOUT ROWID).
  let telemetry = db.schema
    .createTable('telemetry')
    .addColumn('gateway_indicator_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('num_value', 'double precision')
    .addColumn('text_value', 'text')
    .addPrimaryKeyConstraint('telemetry_pk', ['gateway_indicator_id', 'ts']);
  if (dialect === 'sqlite') telemetry = telemetry.modifyEnd(sql`without rowid`);
  await telemetry.execute();

  await db.schema
    .createTable('last_values')
    .addColumn('gateway_indicator_id', 'integer', (c) => c.primaryKey())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('num_value', 'double precision')
    .addColumn('text_value', 'text')
    .execute();
}
