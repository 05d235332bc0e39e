import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * The assistant's chats (docs/decisions/0060-assistant-chat-protocol.md): a chat belongs to one user
 * in one project; its messages; the files its questions carried; the project's count of questions.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('chats'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // While an answer is being written (on any node): until when the chat is busy; null: idle.
    .addColumn('busy_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chats_project_user_updated')
    .on('chats')
    .columns(['project_id', 'user_id', 'updated_at'])
    .execute();

  await withId(db.schema.createTable('chat_messages'), dialect)
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    // user | assistant | system
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reasoning', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of {name, size, url, type}.
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON array of the tool calls an answer made: {name, arguments, source}.
    .addColumn('tool_calls', 'text', (c) => c.notNull().defaultTo('[]'))
    // done | streaming | stopped | failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('done'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_chat').on('chat_messages').columns(['chat_id', 'id']).execute();

  await withId(db.schema.createTable('chat_files'), dialect)
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.group_id').onDelete('cascade'),
    )
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    // The file store's random name (folder `assistant`).
    .addColumn('stored_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Questions asked, against chat_messages_limit; never lowered by deleting a chat.
  await db.schema
    .alterTable('projects')
    .addColumn('chat_messages_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
