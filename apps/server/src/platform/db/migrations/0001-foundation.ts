import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

type Table = CreateTableBuilder<string, never>;

/** Auto-increment integer key on both dialects: INTEGER PRIMARY KEY on SQLite, serial on PostgreSQL. */
export function withId(table: Table, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const empty = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mobile', 'varchar(20)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('realname', 'varchar(64)', empty)
    .addColumn('avatar', 'varchar(512)', empty)
    .addColumn('company', 'varchar(128)', empty)
    .addColumn('province', 'varchar(64)', empty)
    .addColumn('city', 'varchar(64)', empty)
    .addColumn('district', 'varchar(64)', empty)
    .addColumn('current_user_application', 'varchar(128)', empty)
    .addColumn('theme', 'varchar(16)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('expire_at', 'bigint')
    .addColumn('failed_login_count', 'integer', zero)
    .addColumn('locked', 'integer', zero)
    .addColumn('is_read_guide', 'integer', zero)
    .addColumn('message_setting', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('user_bindings')
    .addColumn('platform', 'varchar(16)', notNull)
    .addColumn('external_id', 'varchar(128)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_bindings_pk', ['platform', 'external_id'])
    .addUniqueConstraint('user_bindings_user_platform', ['user_id', 'platform'])
    .execute();

  await withId(db.schema.createTable('oauth_clients'), dialect)
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(255)', notNull)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'varchar(64)', notNull)
    .addColumn('login_way', 'varchar(16)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await withId(db.schema.createTable('phone_codes'), dialect)
    .addColumn('mobile', 'varchar(20)', notNull)
    .addColumn('purpose', 'varchar(16)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .addColumn('attempts', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('phone_codes_mobile')
    .on('phone_codes')
    .columns(['mobile', 'created_at'])
    .execute();

  await withId(db.schema.createTable('gateway_firms'), dialect)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('identification_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await withId(db.schema.createTable('corporations'), dialect)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('owner', 'varchar(32)', notNull)
    .addColumn('owner_mobile', 'varchar(20)', notNull)
    .addColumn('logo_url', 'varchar(512)', empty)
    .addColumn('axis_rule', 'varchar(64)', empty)
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await withId(db.schema.createTable('groups'), dialect)
    .addColumn('parent_id', 'integer', (c) => c.references('groups.id').onDelete('restrict'))
    .addColumn('project_id', 'integer')
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('group_type', 'varchar(16)', notNull)
    .addColumn('site_type', 'varchar(16)')
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('groups_parent').on('groups').column('parent_id').execute();
  await db.schema.createIndex('groups_project').on('groups').column('project_id').execute();

  await db.schema
    .createTable('projects')
    .addColumn('group_id', 'integer', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
    .addColumn('corporation_id', 'integer', (c) => c.references('corporations.id').onDelete('set null'))
    .addColumn('project_type_id', 'integer')
    .addColumn('group_display_name', 'varchar(16)', (c) => c.notNull().defaultTo('分组'))
    .addColumn('logo_url', 'varchar(512)', empty)
    .addColumn('pay_status', 'varchar(1)', (c) => c.notNull().defaultTo('A'))
    .addColumn('can_entry_data', 'integer', zero)
    .addColumn('can_manage_gateway_data', 'integer', zero)
    .addColumn('enable_monitor', 'integer', zero)
    .addColumn('gateway_indicator_select_style', 'integer', zero)
    .addColumn('gateway_style', 'integer', zero)
    .addColumn('can_unbind_gateway', 'integer', zero)
    .addColumn('can_change_bind_gateway', 'integer', zero)
    .addColumn('axis_rule', 'varchar(64)', empty)
    .addColumn('menu_name', 'varchar(32)', empty)
    .addColumn('set_meal_end_at', 'bigint')
    .addColumn('access_gateway_indicator_max_num', 'integer', notNull)
    .addColumn('send_messages_total_num', 'integer', zero)
    .addColumn('send_voices_total_num', 'integer', zero)
    .addColumn('chat_messages_limit', 'integer', zero)
    .addColumn('is_template', 'integer', zero)
    .addColumn('is_demo', 'integer', zero)
    .execute();
  await db.schema.createIndex('projects_corporation').on('projects').column('corporation_id').execute();

  await withId(db.schema.createTable('roles'), dialect)
    .addColumn('scope_type', 'varchar(16)', notNull)
    .addColumn('scope_id', 'integer', notNull)
    .addColumn('name', 'varchar(32)', notNull)
    .addColumn('description', 'varchar(200)', empty)
    .addColumn('builtin', 'varchar(16)')
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('roles_scope_name', ['scope_type', 'scope_id', 'name'])
    .execute();

  await db.schema
    .createTable('role_functions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_code', 'varchar(64)', notNull)
    .addColumn('permission', 'integer', notNull)
    .addPrimaryKeyConstraint('role_functions_pk', ['role_id', 'menu_code'])
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('scope_type', 'varchar(16)', notNull)
    .addColumn('scope_id', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('restrict'))
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('memberships_pk', ['scope_type', 'scope_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('memberships_user')
    .on('memberships')
    .columns(['user_id', 'scope_type'])
    .execute();
}
