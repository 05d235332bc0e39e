import type { Page } from '@iot/contracts';
import type { ChangeBody, ChangeKind, RotationBody, RotationPeriod, ShiftBody } from '@iot/contracts/duty';
import { minutesOf } from '@iot/contracts/duty';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type {
  Database,
  DutyChangesTable,
  DutyRotationsTable,
  DutyShiftsTable,
} from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import { type ChangeRule, dayNumber, type RotationRule, weekdayMask } from './schedule.js';

export type ShiftRow = Selectable<DutyShiftsTable> & { rotation_count: number | string | null };
export type RotationRow = Selectable<DutyRotationsTable> & { shift_name: string };
export type ChangeRow = Selectable<DutyChangesTable> & {
  shift_name: string;
  with_shift_name: string | null;
};

type ListQuery = { page: number; size: number; keyword?: string | undefined };

const parseIds = (text: string): number[] => {
  try {
    const ids = JSON.parse(text) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
};

/** A rotation row as the schedule arithmetic reads it. */
export function rotationRule(row: Selectable<DutyRotationsTable>): RotationRule {
  return {
    id: row.id,
    shiftId: row.shift_id,
    period: row.period as RotationPeriod,
    userIds: parseIds(row.user_ids),
    startDay: dayNumber(row.start_date),
    endDay: row.end_date === null ? null : dayNumber(row.end_date),
    weekdayMask: row.weekdays,
  };
}

export function changeRule(row: Selectable<DutyChangesTable>): ChangeRule {
  return {
    id: row.id,
    kind: row.kind as ChangeKind,
    day: dayNumber(row.date),
    shiftId: row.shift_id,
    userId: row.user_id,
    withUserId: row.with_user_id,
    withDay: row.with_date === null ? null : dayNumber(row.with_date),
    withShiftId: row.with_shift_id,
  };
}

export { parseIds };

/** Shifts, rotations and changes of a project; the only Kysely user of the feature. Scope id first. */
export class DutyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // Shifts.

  private shifts(projectId: number) {
    return this.db
      .selectFrom('duty_shifts as s')
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('duty_rotations as r')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('r.shift_id', '=', 's.id')
          .as('rotation_count'),
      )
      .where('s.project_id', '=', projectId);
  }

  shiftPage(projectId: number, query: ListQuery): Promise<Page<ShiftRow>> {
    let q = this.shifts(projectId);
    if (query.keyword) q = q.where(containsText('s.name', query.keyword));
    return paginate(
      q,
      query,
      (o) => o.orderBy('s.sort').orderBy('s.start_minute').orderBy('s.id'),
      (row) => row,
    );
  }

  allShifts(projectId: number): Promise<ShiftRow[]> {
    return this.shifts(projectId).orderBy('s.sort').orderBy('s.start_minute').orderBy('s.id').execute();
  }

  shift(projectId: number, id: number): Promise<ShiftRow | undefined> {
    return this.shifts(projectId).where('s.id', '=', id).executeTakeFirst();
  }

  async isShiftNameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('duty_shifts')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  private shiftColumns(body: ShiftBody) {
    return {
      name: body.name,
      start_minute: minutesOf(body.startTime),
      end_minute: minutesOf(body.endTime),
      color: body.color,
      sort: body.sort,
    };
  }

  async createShift(projectId: number, body: ShiftBody, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('duty_shifts')
      .values({ project_id: projectId, ...this.shiftColumns(body), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async updateShift(projectId: number, id: number, body: ShiftBody, now: number): Promise<void> {
    await this.db
      .updateTable('duty_shifts')
      .set({ ...this.shiftColumns(body), updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async deleteShift(projectId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('duty_shifts')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  // Rotations.

  private rotations(projectId: number) {
    return this.db
      .selectFrom('duty_rotations as r')
      .innerJoin('duty_shifts as s', 's.id', 'r.shift_id')
      .selectAll('r')
      .select('s.name as shift_name')
      .where('r.project_id', '=', projectId);
  }

  rotationPage(projectId: number, query: ListQuery): Promise<Page<RotationRow>> {
    let q = this.rotations(projectId);
    if (query.keyword)
      q = q.where((eb) =>
        eb.or([containsText('r.name', query.keyword!), containsText('s.name', query.keyword!)]),
      );
    return paginate(
      q,
      query,
      (o) => o.orderBy('r.start_date', 'desc').orderBy('r.id', 'desc'),
      (row) => row,
    );
  }

  rotation(projectId: number, id: number): Promise<RotationRow | undefined> {
    return this.rotations(projectId).where('r.id', '=', id).executeTakeFirst();
  }

  /** Rotations running on some day of [fromDate, toDate]. */
  rotationsBetween(projectId: number, fromDate: string, toDate: string) {
    return this.db
      .selectFrom('duty_rotations')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('start_date', '<=', toDate)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', fromDate)]))
      .orderBy('id')
      .execute();
  }

  private rotationColumns(body: RotationBody) {
    return {
      name: body.name,
      shift_id: body.shiftId,
      period: body.period,
      user_ids: JSON.stringify(body.userIds),
      start_date: body.startDate,
      end_date: body.endDate,
      weekdays: weekdayMask(body.weekdays),
    };
  }

  async createRotation(projectId: number, body: RotationBody, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('duty_rotations')
      .values({ project_id: projectId, ...this.rotationColumns(body), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async updateRotation(projectId: number, id: number, body: RotationBody, now: number): Promise<void> {
    await this.db
      .updateTable('duty_rotations')
      .set({ ...this.rotationColumns(body), updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async deleteRotation(projectId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('duty_rotations')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  // Swaps and overrides.

  private changes(projectId: number) {
    return this.db
      .selectFrom('duty_changes as c')
      .innerJoin('duty_shifts as s', 's.id', 'c.shift_id')
      .leftJoin('duty_shifts as w', 'w.id', 'c.with_shift_id')
      .selectAll('c')
      .select(['s.name as shift_name', 'w.name as with_shift_name'])
      .where('c.project_id', '=', projectId);
  }

  changePage(
    projectId: number,
    query: ListQuery & { kind?: ChangeKind | undefined; fromDate?: string | undefined },
  ): Promise<Page<ChangeRow>> {
    let q = this.changes(projectId);
    if (query.kind) q = q.where('c.kind', '=', query.kind);
    if (query.fromDate) {
      const from = query.fromDate;
      q = q.where((eb) => eb.or([eb('c.date', '>=', from), eb('c.with_date', '>=', from)]));
    }
    if (query.keyword)
      q = q.where((eb) =>
        eb.or([
          containsText('c.note', query.keyword!),
          containsText('s.name', query.keyword!),
          eb(
            'c.user_id',
            'in',
            eb.selectFrom('users').select('id').where(containsText('realname', query.keyword!)),
          ),
          eb(
            'c.with_user_id',
            'in',
            eb.selectFrom('users').select('id').where(containsText('realname', query.keyword!)),
          ),
        ]),
      );
    return paginate(
      q,
      query,
      (o) => o.orderBy('c.date', 'desc').orderBy('c.id', 'desc'),
      (row) => row,
    );
  }

  change(projectId: number, id: number): Promise<ChangeRow | undefined> {
    return this.changes(projectId).where('c.id', '=', id).executeTakeFirst();
  }

  /** Changes touching a day of [fromDate, toDate] (either of a swap's two dates). */
  changesBetween(projectId: number, fromDate: string, toDate: string) {
    return this.db
      .selectFrom('duty_changes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where((eb) =>
        eb.or([
          eb.and([eb('date', '>=', fromDate), eb('date', '<=', toDate)]),
          eb.and([eb('with_date', '>=', fromDate), eb('with_date', '<=', toDate)]),
        ]),
      )
      .orderBy('id')
      .execute();
  }

  async createChange(projectId: number, body: ChangeBody, userId: number, now: number): Promise<number> {
    const swap = body.kind === 'swap' ? body : null;
    const { id } = await this.db
      .insertInto('duty_changes')
      .values({
        project_id: projectId,
        kind: body.kind,
        date: body.date,
        shift_id: body.shiftId,
        user_id: body.userId,
        with_user_id: swap?.withUserId ?? null,
        with_date: swap?.withDate ?? null,
        with_shift_id: swap?.withShiftId ?? null,
        note: body.note,
        created_by: userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async deleteChange(projectId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('duty_changes')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  // People.

  /** Of these users, the project's members with name and mobile (others left out). */
  async members(
    projectId: number,
    ids: readonly number[],
  ): Promise<Map<number, { id: number; realname: string; mobile: string | null }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.realname', 'u.username', 'u.mobile'])
      .where('m.scope_type', '=', 'project')
      .where('m.scope_id', '=', projectId)
      .where('m.user_id', 'in', unique)
      .execute();
    return new Map(
      rows.map((r) => [r.id, { id: r.id, realname: r.realname || r.username, mobile: r.mobile }]),
    );
  }

  async allMembers(projectId: number): Promise<{ id: number; realname: string; username: string }[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.realname', 'u.username'])
      .where('m.scope_type', '=', 'project')
      .where('m.scope_id', '=', projectId)
      .orderBy('m.created_at')
      .orderBy('u.id')
      .execute();
    return rows.map((r) => ({ id: r.id, realname: r.realname || r.username, username: r.username }));
  }

  /** Names of users whether or not still members (a change's author). */
  async names(ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'realname', 'username'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, r.realname || r.username]));
  }
}
