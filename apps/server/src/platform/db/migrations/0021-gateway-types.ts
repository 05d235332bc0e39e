import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * 网关类型 (docs/decisions/0042-gateway-types.md): templates of a firm or a project — gateway type
 * and model, the indicator template and the Modbus template as JSON — and the type a gateway was
 * created or imported with.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('gateway_types'), dialect)
    // Exactly one owner: a gateway firm or a project.
    .addColumn('firm_id', 'integer', (c) => c.references('gateway_firms.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('model', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // JSON array of template indicators: name, identifier, type, unit, decimalPlaces,
    // indicatorEnums, ioType, modbus (a Modbus point or null).
    .addColumn('indicators', 'text', (c) => c.notNull())
    // JSON Modbus settings (baud rate, data bits, stop bits, parity, poll interval) or null.
    .addColumn('modbus_settings', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_types_firm')
    .on('gateway_types')
    .columns(['firm_id', 'name'])
    .execute();
  await db.schema
    .createIndex('gateway_types_project')
    .on('gateway_types')
    .columns(['project_id', 'name'])
    .execute();
  // The type a gateway was made with; no foreign key (a type in use is not deleted, decision 0042).
  await db.schema.alterTable('gateways').addColumn('gateway_type_id', 'integer').execute();
}
