import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** The defaults of platform-core §9 and feature-areas §9; a system administrator edits them later. */
const DEFAULT_PACKAGES = [
  ['SET_MEAL_256', 'setMeal', '256个监测项', 256, 100_000, 1],
  ['SET_MEAL_1024', 'setMeal', '1024个监测项', 1024, 250_000, 2],
  ['SET_MEAL_4096', 'setMeal', '4096个监测项', 4096, 500_000, 3],
  ['MESSAGE_1000', 'message', '1000条（80元）', 1000, 8_000, 1],
  ['VOICE_1000', 'voice', '1000次（160元）', 1000, 16_000, 1],
] as const;

/**
 * Resource purchase (docs/decisions/0068-resource-purchase.md): the packages on sale and the
 * orders projects place. Money is kept in fen (integers); an order copies the package as sold.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('purchase_packages'), dialect)
    .addColumn('key', 'varchar(32)', (c) => c.notNull().unique())
    // setMeal | message | voice
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await (db as Kysely<{ purchase_packages: Record<string, unknown> }>)
    .insertInto('purchase_packages')
    .values(
      DEFAULT_PACKAGES.map(([key, kind, name, quantity, price_fen, sort]) => ({
        key,
        kind,
        name,
        quantity,
        price_fen,
        sort,
        enabled: 1,
        updated_at: now,
      })),
    )
    .execute();

  await withId(db.schema.createTable('purchase_orders'), dialect)
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_type', 'varchar(48)', (c) => c.notNull())
    .addColumn('package_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('package_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('package_quantity', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    // unpaid | paid | cancelled
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('unpaid'))
    // bank | alipay: the provider the pay link was made for
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    // Who confirmed a bank receipt, or the provider's trade number.
    .addColumn('paid_reference', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('purchase_orders_project')
    .on('purchase_orders')
    .columns(['project_id', 'created_at'])
    .execute();
}
