import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The `system_settings` table: named system-wide settings, each stored as one JSON value. The
 * features that own a key (系统配置, maps, base stations, purchase) validate what they read.
 */

/** The parsed value stored under `key`; undefined when none is stored or it is not JSON. */
export async function readSystemSetting(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The object stored under `key` laid over `defaults`: a field stored wins, a field missing (a setting
 * added since it was saved) takes its default; nothing stored, or not an object, gives `defaults`.
 */
export async function readSystemSettingOver<T extends object>(
  db: Kysely<Database>,
  key: string,
  defaults: T,
): Promise<T> {
  const stored = await readSystemSetting(db, key);
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? { ...defaults, ...(stored as Partial<T>) }
    : defaults;
}

/** Stores `value` (as JSON) under `key`, replacing what was there. */
export async function writeSystemSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  const now = Date.now();
  await db
    .insertInto('system_settings')
    .values({ key, value: text, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
    .execute();
}
