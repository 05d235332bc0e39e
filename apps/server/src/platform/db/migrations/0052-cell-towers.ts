import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Base-station positioning (docs/decisions/0066): the cell table a system administrator imports from
 * an OpenCelliD export (and the online service's answers, kept), and the reported cells nobody knew.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('cell_towers')
    .addColumn('mcc', 'integer', (c) => c.notNull())
    .addColumn('mnc', 'integer', (c) => c.notNull())
    // LAC (GSM/UMTS) or TAC (LTE/NR)
    .addColumn('lac', 'integer', (c) => c.notNull())
    // LTE's ECI fits 28 bits, NR's NCI 36: bigint
    .addColumn('cell_id', 'bigint', (c) => c.notNull())
    .addColumn('radio', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    // WGS-84, as OpenCelliD publishes
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    // metres
    .addColumn('range_m', 'integer', (c) => c.notNull().defaultTo(0))
    // import | online
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cell_towers_pk', ['mcc', 'lac', 'cell_id', 'mnc'])
    .execute();
  await db.schema
    .createTable('cell_misses')
    .addColumn('mcc', 'integer', (c) => c.notNull())
    .addColumn('mnc', 'integer', (c) => c.notNull())
    .addColumn('lac', 'integer', (c) => c.notNull())
    .addColumn('cell_id', 'bigint', (c) => c.notNull())
    .addColumn('gateway_id', 'integer', (c) => c.references('gateways.id').onDelete('set null'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cell_misses_pk', ['mcc', 'lac', 'cell_id', 'mnc'])
    .execute();
  await db.schema.createIndex('cell_misses_by_time').on('cell_misses').column('last_at').execute();
}
