import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * Coordinates and location settings of sites, gateways and equipment (docs/decisions/0066): one table
 * beside theirs rather than a dozen columns on each, keyed by what owns the location. Positions are
 * WGS-84; a gateway that reports its position has it rewritten when its identifiers' values arrive.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('map_locations')
    // site (a group of the project tree), gateway or equipment
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('x_axis', 'double precision')
    .addColumn('y_axis', 'double precision')
    .addColumn('full_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // JSON list of up to three division codes (2, 4, 6 digits)
    .addColumn('address', 'varchar(40)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('location_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gateway_id', 'integer', (c) => c.references('gateways.id').onDelete('set null'))
    .addColumn('locate_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lon_identification', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lat_identification', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('locate_by_report_data', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coordinate_system', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON list of polygons (area mode of the map picker)
    .addColumn('area', 'text', (c) => c.notNull().defaultTo('[]'))
    // when a reported position last moved it
    .addColumn('position_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('map_locations_pk', ['kind', 'owner_id'])
    .execute();
  await db.schema
    .createIndex('map_locations_by_project')
    .on('map_locations')
    .columns(['project_id', 'kind'])
    .execute();
  await db.schema.createIndex('map_locations_by_gateway').on('map_locations').column('gateway_id').execute();
}
