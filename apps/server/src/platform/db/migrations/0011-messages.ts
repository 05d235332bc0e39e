import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/** Messages, who receives them, templates and webhooks (docs/decisions/0020-messages.md). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // One row per recipient: read state is per person.
  await withId(db.schema.createTable('messages'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('cascade'))
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON {cameraIds?, autoCapture?, warningAt?} or ''.
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('relation_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('messages_user').on('messages').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('messages_user_unread')
    .on('messages')
    .columns(['user_id', 'read_at'])
    .execute();

  // types, levels, role_ids, user_ids: JSON arrays.
  await withId(db.schema.createTable('message_recipients'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('types', 'text', (c) => c.notNull())
    .addColumn('levels', 'text', (c) => c.notNull())
    .addColumn('role_ids', 'text', (c) => c.notNull())
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_recipients_project')
    .on('message_recipients')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('message_templates')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_templates_pk', ['project_id', 'type'])
    .execute();

  await withId(db.schema.createTable('webhooks'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('types', 'text', (c) => c.notNull())
    .addColumn('levels', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_project').on('webhooks').column('project_id').execute();

  await withId(db.schema.createTable('webhook_deliveries'), dialect)
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(512)')
    // Null once delivered or given up; otherwise when the next attempt is due (also a claim's lease).
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
}
