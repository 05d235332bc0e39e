import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.js';
import { withId } from './0001-foundation.js';

/**
 * AI模型 (docs/decisions/0061-ai-models.md): the model services the assistant may use, system-wide
 * (project_id null) or for one project. The key is stored sealed (platform/secret-box.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('ai_models'), dialect)
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    // openai (OpenAI-compatible chat completions); room for other kinds.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('model', 'varchar(128)', (c) => c.notNull())
    // '' when no key is stored; otherwise SecretBox.seal(key), never the key itself.
    .addColumn('api_key_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supports_thinking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('project_id', 'integer', (c) => c.references('projects.group_id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // At most one enabled model per project, and one enabled system default (project 0 stands for
  // "none": group ids start at 1): the safety net under the service's check.
  await db.schema
    .createIndex('ai_models_one_enabled_per_scope')
    .on('ai_models')
    .expression(sql`coalesce(project_id, 0)`)
    .unique()
    .where(sql.ref('enabled'), '=', 1)
    .execute();
}
