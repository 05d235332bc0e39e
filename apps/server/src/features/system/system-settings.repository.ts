import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Named system settings, each one JSON value. */
export class SystemSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  async write(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    const now = Date.now();
    await this.db
      .insertInto('system_settings')
      .values({ key, value: text, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
      .execute();
  }
}
