import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

const DAY = 86_400_000;
const CHINA = 8 * 3_600_000;
const chinaDate = (ms: number) => new Date(ms + CHINA).toISOString().slice(0, 10);

/**
 * The demo project's duty schedule (docs/decisions/0053-duty-scheduling.md): 白班 08:00–20:00 and
 * 夜班 20:00–08:00, the demo people taking turns by day from the first of last month, one swap and
 * one override this month.
 */
export async function seedDemoDuty(
  db: Kysely<Database>,
  projectId: number,
  usernames: { manager: string; operator: string },
): Promise<void> {
  const now = Date.now();
  const idOf = async (username: string) =>
    (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const manager = await idOf(usernames.manager);
  const operator = await idOf(usernames.operator);
  const shift = async (name: string, start: number, end: number, color: string, sort: number) =>
    (
      await db
        .insertInto('duty_shifts')
        .values({
          project_id: projectId,
          name,
          start_minute: start * 60,
          end_minute: end * 60,
          color,
          sort,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const day = await shift('白班', 8, 20, 'gold', 0);
  const night = await shift('夜班', 20, 8, 'geekblue', 1);
  const today = chinaDate(now);
  const start = `${today.slice(0, 7)}-01`;
  const firstOfLastMonth = chinaDate(Date.parse(`${start}T00:00:00+08:00`) - DAY).slice(0, 7);
  const rotation = (name: string, shiftId: number, userIds: number[]) => ({
    project_id: projectId,
    name,
    shift_id: shiftId,
    period: 'day',
    user_ids: JSON.stringify(userIds),
    start_date: `${firstOfLastMonth}-01`,
    end_date: null,
    weekdays: 127,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('duty_rotations')
    .values([
      rotation('白班轮值', day, [manager, operator]),
      rotation('夜班轮值', night, [operator, manager]),
    ])
    .execute();
  // This month: whoever has the day shift on the 10th hands it to the other; the 20th's night is the manager's.
  const month = today.slice(0, 7);
  const onTenth =
    (Date.parse(`${month}-10T00:00:00Z`) - Date.parse(`${firstOfLastMonth}-01T00:00:00Z`)) / DAY;
  const [from, to] = onTenth % 2 === 0 ? [manager, operator] : [operator, manager];
  await db
    .insertInto('duty_changes')
    .values([
      {
        project_id: projectId,
        kind: 'swap',
        date: `${month}-10`,
        shift_id: day,
        user_id: from,
        with_user_id: to,
        with_date: null,
        with_shift_id: null,
        note: '家中有事，请同事代班',
        created_by: manager,
        created_at: now,
      },
      {
        project_id: projectId,
        kind: 'override',
        date: `${month}-20`,
        shift_id: night,
        user_id: manager,
        with_user_id: null,
        with_date: null,
        with_shift_id: null,
        note: '汛期加强值守',
        created_by: manager,
        created_at: now,
      },
    ])
    .execute();
}
