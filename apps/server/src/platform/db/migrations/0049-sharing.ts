import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * Device sharing by code (docs/decisions/0069-sharing-by-code.md): a project's shares, the items
 * each holds (by kind: gateways now, cameras later, so no foreign key to one device table), each
 * project that used a code, and the links that use created. A link grants read access only while
 * its share stands and the item still belongs to the share's project: both are checked where the
 * links are read, so revoking, deleting or transferring needs no sweep of the links.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('shares'), dialect)
    .addColumn('code', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('remark', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('shares_project').on('shares').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('share_items')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    // gateway | camera
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_items_pk', ['share_id', 'kind', 'item_id'])
    .execute();

  await withId(db.schema.createTable('share_uses'), dialect)
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('target_project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('share_uses_once', ['share_id', 'target_project_id'])
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('share_use_id', 'integer', (c) => c.notNull().references('share_uses.id').onDelete('cascade'))
    // Denormalised from the use, so the hot read (a project's shared gateways) needs no join on it.
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('target_project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    // Where the item sits in the target: the project root for gateways, the chosen group for cameras.
    .addColumn('target_group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('share_links_pk', ['share_use_id', 'kind', 'item_id'])
    .execute();
  await db.schema
    .createIndex('share_links_target')
    .on('share_links')
    .columns(['target_project_id', 'kind', 'item_id'])
    .execute();
  await db.schema.createIndex('share_links_item').on('share_links').columns(['kind', 'item_id']).execute();
}
