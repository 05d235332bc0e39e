import type { Kysely } from 'kysely';

/**
 * The operation log keeps only the indexes its screens read by (decision 0038): every entry written
 * updates each of them, and the log is written on every request that changes something.
 * - `operation_logs_at` (at): the system log, newest first, and every time range (the screens open on
 *   the last 7 days); SQLite keeps the row id in it, so `at desc, id desc` needs no sort.
 * - `operation_logs_project` (project_id, at): a project's log, and the system log for one project.
 * - `operation_logs_user` (user_id, at) goes: no screen asks for one account's id (the user filter
 *   matches account and name as text, within the time range); the API's `userId` filter reads the
 *   time index instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('operation_logs_user').ifExists().execute();
}
