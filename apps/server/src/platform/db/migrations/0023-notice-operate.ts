import type { Kysely } from 'kysely';

/** The four `…MessageOperate` keys of a user's message settings. */
const OPERATE_KEYS = [
  'warningMessageOperate',
  'malfunctionMessageOperate',
  'maintenanceMessageOperate',
  'otherMessageOperate',
];

/**
 * A kind's notice setting becomes the spec's operation mode (feature-areas §3, decision 0044):
 * 0 closes by itself after 4.5 s, 1 stays until closed. It was stored as seconds with 0 meaning
 * "stays": 0 becomes 1, any number of seconds becomes 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<{ users: { id: number; message_setting: string } }>;
  const rows = await users.selectFrom('users').select(['id', 'message_setting']).execute();
  for (const row of rows) {
    let setting: Record<string, unknown>;
    try {
      setting = JSON.parse(row.message_setting) as Record<string, unknown>;
    } catch {
      continue; // Unreadable settings are read as the defaults anyway.
    }
    if (typeof setting !== 'object' || setting === null) continue;
    for (const key of OPERATE_KEYS) {
      const value = setting[key];
      if (typeof value === 'number') setting[key] = value === 0 ? 1 : 0;
    }
    await users
      .updateTable('users')
      .set({ message_setting: JSON.stringify(setting) })
      .where('id', '=', row.id)
      .execute();
  }
}
