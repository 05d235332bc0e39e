import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * 视频监控 (docs/decisions/0064-cameras.md): cameras per project and group, the cloud accounts
 * they play through (secret sealed), their preset points and the snapshots taken of them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('camera_accounts'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('agg_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(128)', (c) => c.notNull())
    // SecretBox.seal(appSecret), never the secret itself.
    .addColumn('app_secret_sealed', 'text', (c) => c.notNull())
    // null: the vendor's public API.
    .addColumn('base_url', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('camera_accounts_project_name')
    .on('camera_accounts')
    .columns(['project_id', 'name'])
    .unique()
    .execute();

  await withId(db.schema.createTable('cameras'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('img_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_serial', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('channel_no', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('agg_type', 'integer', (c) => c.notNull())
    .addColumn('video_url', 'varchar(1000)')
    .addColumn('if_encrypt', 'integer', (c) => c.notNull().defaultTo(0))
    // '' or SecretBox.seal(validatecode).
    .addColumn('validate_code_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('camera_account_id', 'integer', (c) => c.references('camera_accounts.id').onDelete('set null'))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_yuntai_icon', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_talk_icon', 'integer', (c) => c.notNull().defaultTo(0))
    // Issue 16 (sharing): the camera this one was shared from; null for a project's own camera.
    .addColumn('share_owner_id', 'integer')
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('online_checked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cameras_project_group')
    .on('cameras')
    .columns(['project_id', 'group_id'])
    .execute();

  await withId(db.schema.createTable('camera_presets'), dialect)
    .addColumn('camera_id', 'integer', (c) => c.notNull().references('cameras.id').onDelete('cascade'))
    .addColumn('preset_index', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('img_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Preset names are unique per camera (core §5's uniqueness call); so are their indexes.
  await db.schema
    .createIndex('camera_presets_name')
    .on('camera_presets')
    .columns(['camera_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('camera_presets_index')
    .on('camera_presets')
    .columns(['camera_id', 'preset_index'])
    .unique()
    .execute();

  await withId(db.schema.createTable('camera_snapshots'), dialect)
    .addColumn('camera_id', 'integer', (c) => c.notNull().references('cameras.id').onDelete('cascade'))
    // 'W': taken for a warning; 'M': taken by hand.
    .addColumn('flag', 'varchar(8)', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('camera_snapshots_camera_flag_time')
    .on('camera_snapshots')
    .columns(['camera_id', 'flag', 'taken_at'])
    .execute();
}
