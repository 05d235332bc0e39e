import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * GB28181 signalling (docs/decisions/0070-gb28181-signalling.md): the devices that registered
 * with the platform's SIP server — where they answer, until when, when they last kept alive — and
 * the channels their catalog listed, numbered for the cameras' channelNo. A device belongs to no
 * project: cameras name it by its 20-digit id (deviceSerial).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('gb28181_devices')
    .addColumn('device_id', 'varchar(20)', (c) => c.primaryKey())
    // UDP or TCP, and the address and port its requests came from (NAT-mapped).
    .addColumn('transport', 'varchar(3)', (c) => c.notNull())
    .addColumn('host', 'varchar(64)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    // The address of ours the device sent to (its REGISTER's request URI): our Via and Contact.
    .addColumn('local_address', 'varchar(64)', (c) => c.notNull())
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('keepalive_at', 'bigint', (c) => c.notNull())
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    // DeviceInfo, when asked.
    .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('manufacturer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('firmware', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('catalog_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('gb28181_channels'), dialect)
    .addColumn('device_id', 'varchar(20)', (c) =>
      c.notNull().references('gb28181_devices.device_id').onDelete('cascade'),
    )
    // What a camera's channelNo picks: 1, 2, … in the order channels first appeared.
    .addColumn('channel_no', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('manufacturer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // ON / OFF as the catalog said.
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gb28181_channels_device_channel')
    .on('gb28181_channels')
    .columns(['device_id', 'channel_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('gb28181_channels_device_no')
    .on('gb28181_channels')
    .columns(['device_id', 'channel_no'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cameras_device_serial')
    .on('cameras')
    .columns(['agg_type', 'device_serial'])
    .execute();
}
