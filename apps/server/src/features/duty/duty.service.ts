import type { Page } from '@iot/contracts';
import {
  type CalendarDay,
  type ChangeBody,
  type ChangeKind,
  type DutyCalendar,
  type DutyChange,
  type DutyMember,
  DutyMessages,
  type OnDuty,
  type OnDutyPerson,
  type Rotation,
  type RotationBody,
  type Shift,
  type ShiftBody,
  type ShiftOption,
  timeOf,
} from '@iot/contracts/duty';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import {
  type ChangeRow,
  changeRule,
  DutyRepository,
  parseIds,
  type RotationRow,
  rotationRule,
  type ShiftRow,
} from './duty.repository.js';
import {
  dateOf,
  dayNumber,
  runningShifts,
  type ShiftTimes,
  type SlotEntry,
  type Slots,
  slotsBetween,
  weekdayOf,
  weekdaysOf,
} from './schedule.js';

type ListQuery = { page: number; size: number; keyword?: string | undefined };

const times = (row: ShiftRow): ShiftTimes => ({ id: row.id, start: row.start_minute, end: row.end_minute });

function presentShiftOption(row: ShiftRow): ShiftOption {
  return {
    id: row.id,
    name: row.name,
    startTime: timeOf(row.start_minute),
    endTime: timeOf(row.end_minute),
    crossesMidnight: row.end_minute <= row.start_minute,
    color: row.color,
  };
}

function presentShift(row: ShiftRow): Shift {
  return {
    ...presentShiftOption(row),
    sort: row.sort,
    rotationCount: Number(row.rotation_count ?? 0),
    createdAt: Number(row.created_at),
  };
}

/**
 * The slots of a project for the days [fromDay, toDay]: its shifts, the rotations running then and
 * the changes touching those days, put together by the schedule arithmetic.
 */
async function projectSlots(
  repository: DutyRepository,
  projectId: number,
  fromDay: number,
  toDay: number,
): Promise<{ shifts: ShiftRow[]; slots: Slots }> {
  const from = dateOf(fromDay);
  const to = dateOf(toDay);
  const [shifts, rotations, changes] = await Promise.all([
    repository.allShifts(projectId),
    repository.rotationsBetween(projectId, from, to),
    repository.changesBetween(projectId, from, to),
  ]);
  const slots = slotsBetween(
    shifts.map((s) => s.id),
    rotations.map(rotationRule),
    changes.map(changeRule),
    fromDay,
    toDay,
  );
  return { shifts, slots };
}

/** Who is on duty in a project at an instant: (person, shift, day) for every shift running then. */
async function onDutyAt(
  repository: DutyRepository,
  projectId: number,
  at: number,
): Promise<{ entry: SlotEntry; shift: ShiftRow; day: number; startAt: number; endAt: number }[]> {
  const shifts = await repository.allShifts(projectId);
  const running = runningShifts(shifts.map(times), at);
  if (running.length === 0) return [];
  const days = running.map((r) => r.day);
  const { slots } = await projectSlots(repository, projectId, Math.min(...days), Math.max(...days));
  const found = [];
  for (const r of running) {
    const shift = shifts.find((s) => s.id === r.shiftId)!;
    for (const entry of slots.get(r.day)?.get(r.shiftId) ?? []) found.push({ entry, shift, ...r });
  }
  return found;
}

/**
 * The user ids on duty in a project at an instant (epoch ms), members of the project only, each
 * once. Maintenance plans and warning recipients name 值班人员 through this.
 */
export async function onDutyUserIds(db: Kysely<Database>, projectId: number, at: number): Promise<number[]> {
  const repository = new DutyRepository(db);
  const found = await onDutyAt(repository, projectId, at);
  const members = await repository.members(
    projectId,
    found.map((f) => f.entry.userId),
  );
  return [...new Set(found.map((f) => f.entry.userId))].filter((id) => members.has(id));
}

/** 排班管理: shifts, rotations, swaps and overrides of a project; the calendar; who is on duty. */
export class DutyService {
  constructor(private readonly repository: DutyRepository) {}

  // Shifts.

  async shifts(projectId: number, query: ListQuery): Promise<Page<Shift>> {
    const page = await this.repository.shiftPage(projectId, query);
    return { ...page, list: page.list.map(presentShift) };
  }

  async shiftOptions(projectId: number): Promise<ShiftOption[]> {
    return (await this.repository.allShifts(projectId)).map(presentShiftOption);
  }

  async isShiftNameAvailable(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isShiftNameTaken(projectId, name, excludeId));
  }

  async createShift(projectId: number, body: ShiftBody): Promise<Shift> {
    if (await this.repository.isShiftNameTaken(projectId, body.name))
      throw conflict(DutyMessages.SHIFT_NAME_TAKEN);
    return this.shift(projectId, await this.repository.createShift(projectId, body, Date.now()));
  }

  async updateShift(projectId: number, id: number, body: ShiftBody): Promise<Shift> {
    await this.shift(projectId, id);
    if (await this.repository.isShiftNameTaken(projectId, body.name, id))
      throw conflict(DutyMessages.SHIFT_NAME_TAKEN);
    await this.repository.updateShift(projectId, id, body, Date.now());
    return this.shift(projectId, id);
  }

  /** Refused while a rotation uses it; its swaps and overrides go with it. */
  async deleteShift(projectId: number, id: number): Promise<void> {
    const shift = await this.shift(projectId, id);
    if (shift.rotationCount > 0) throw badRequest(DutyMessages.shiftInUse(shift.rotationCount));
    await this.repository.deleteShift(projectId, id);
  }

  private async shift(projectId: number, id: number): Promise<Shift> {
    const row = await this.repository.shift(projectId, id);
    if (!row) throw notFound(DutyMessages.SHIFT_NOT_FOUND);
    return presentShift(row);
  }

  /** A shift of this project, for a rotation or change naming it (another project's reads as none). */
  private async ownShift(projectId: number, id: number): Promise<ShiftRow> {
    const row = await this.repository.shift(projectId, id);
    if (!row) throw badRequest(DutyMessages.SHIFT_NOT_FOUND);
    return row;
  }

  // Rotations.

  async rotations(projectId: number, query: ListQuery): Promise<Page<Rotation>> {
    const page = await this.repository.rotationPage(projectId, query);
    const members = await this.repository.members(
      projectId,
      page.list.flatMap((r) => parseIds(r.user_ids)),
    );
    return { ...page, list: page.list.map((r) => this.presentRotation(r, members)) };
  }

  async createRotation(projectId: number, body: RotationBody): Promise<Rotation> {
    await this.ownShift(projectId, body.shiftId);
    await this.requireMembers(projectId, body.userIds);
    return this.rotation(projectId, await this.repository.createRotation(projectId, body, Date.now()));
  }

  async updateRotation(projectId: number, id: number, body: RotationBody): Promise<Rotation> {
    await this.rotation(projectId, id);
    await this.ownShift(projectId, body.shiftId);
    await this.requireMembers(projectId, body.userIds);
    await this.repository.updateRotation(projectId, id, body, Date.now());
    return this.rotation(projectId, id);
  }

  async deleteRotation(projectId: number, id: number): Promise<void> {
    await this.rotation(projectId, id);
    await this.repository.deleteRotation(projectId, id);
  }

  private async rotation(projectId: number, id: number): Promise<Rotation> {
    const row = await this.repository.rotation(projectId, id);
    if (!row) throw notFound(DutyMessages.ROTATION_NOT_FOUND);
    return this.presentRotation(row, await this.repository.members(projectId, parseIds(row.user_ids)));
  }

  private presentRotation(
    row: RotationRow,
    members: Map<number, { id: number; realname: string }>,
  ): Rotation {
    const userIds = parseIds(row.user_ids);
    return {
      id: row.id,
      name: row.name,
      shiftId: row.shift_id,
      shiftName: row.shift_name,
      period: row.period as Rotation['period'],
      userIds,
      users: userIds.flatMap((id) => {
        const m = members.get(id);
        return m ? [{ id: m.id, realname: m.realname }] : [];
      }),
      startDate: row.start_date,
      endDate: row.end_date,
      weekdays: weekdaysOf(row.weekdays),
      createdAt: Number(row.created_at),
    };
  }

  // Swaps and overrides.

  async changes(
    projectId: number,
    query: ListQuery & { kind?: ChangeKind | undefined; fromDate?: string | undefined },
  ): Promise<Page<DutyChange>> {
    const page = await this.repository.changePage(projectId, query);
    const names = await this.repository.names(
      page.list.flatMap((c) => [c.user_id, c.with_user_id, c.created_by].filter((id) => id !== null)),
    );
    return { ...page, list: page.list.map((c) => presentChange(c, names)) };
  }

  /**
   * A swap hands over a slot its person holds on the calendar as it stands (the rotation and the
   * changes before it); on the way back, the other's. An override needs only a member and a shift.
   */
  async createChange(auth: AuthContext, projectId: number, body: ChangeBody): Promise<DutyChange> {
    const shift = await this.ownShift(projectId, body.shiftId);
    const people = body.kind === 'swap' ? [body.userId, body.withUserId] : [body.userId];
    const members = await this.requireMembers(projectId, people);
    if (body.kind === 'swap') {
      await this.requireOnDuty(projectId, body.date, shift, members.get(body.userId)!);
      if (body.withDate !== null && body.withShiftId !== null) {
        const back = await this.ownShift(projectId, body.withShiftId);
        await this.requireOnDuty(projectId, body.withDate, back, members.get(body.withUserId)!);
      }
    }
    const id = await this.repository.createChange(projectId, body, auth.userId, Date.now());
    return this.change(projectId, id);
  }

  async deleteChange(projectId: number, id: number): Promise<void> {
    await this.change(projectId, id);
    await this.repository.deleteChange(projectId, id);
  }

  private async change(projectId: number, id: number): Promise<DutyChange> {
    const row = await this.repository.change(projectId, id);
    if (!row) throw notFound(DutyMessages.CHANGE_NOT_FOUND);
    const names = await this.repository.names(
      [row.user_id, row.with_user_id, row.created_by].filter((i) => i !== null),
    );
    return presentChange(row, names);
  }

  private async requireOnDuty(
    projectId: number,
    date: string,
    shift: ShiftRow,
    person: { id: number; realname: string },
  ): Promise<void> {
    const day = dayNumber(date);
    const { slots } = await projectSlots(this.repository, projectId, day, day);
    if (
      !slots
        .get(day)
        ?.get(shift.id)
        ?.some((e) => e.userId === person.id)
    )
      throw badRequest(DutyMessages.notOnDuty(person.realname, date, shift.name));
  }

  private async requireMembers(projectId: number, ids: readonly number[]) {
    const members = await this.repository.members(projectId, ids);
    if (ids.some((id) => !members.has(id))) throw badRequest(DutyMessages.USER_NOT_MEMBER);
    return members;
  }

  /** The project's members, for the editors' people pickers. */
  members(projectId: number): Promise<DutyMember[]> {
    return this.repository.allMembers(projectId);
  }

  // The calendar and who is on duty.

  /** Every day of a month: each shift and who is on it (rotation, then swaps, then overrides). */
  async calendar(projectId: number, month: string): Promise<DutyCalendar> {
    const first = dayNumber(`${month}-01`);
    const [y, m] = month.split('-').map(Number);
    const last = dayNumber(new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10));
    const { shifts, slots } = await projectSlots(this.repository, projectId, first, last);
    const members = await this.repository.members(
      projectId,
      [...slots.values()].flatMap((byShift) => [...byShift.values()].flat().map((e) => e.userId)),
    );
    const days: CalendarDay[] = [];
    for (let day = first; day <= last; day++)
      days.push({
        date: dateOf(day),
        weekday: weekdayOf(day),
        slots: shifts.map((s) => ({
          shiftId: s.id,
          people: (slots.get(day)?.get(s.id) ?? []).flatMap((e) => {
            const person = members.get(e.userId);
            return person ? [{ id: person.id, realname: person.realname, source: e.source }] : [];
          }),
        })),
      });
    return { month, shifts: shifts.map(presentShiftOption), days };
  }

  /** Who is on duty at an instant (now by default), by the shift they are on. */
  async onDuty(projectId: number, at = Date.now()): Promise<OnDuty> {
    const found = await onDutyAt(this.repository, projectId, at);
    const members = await this.repository.members(
      projectId,
      found.map((f) => f.entry.userId),
    );
    const people: OnDutyPerson[] = found.flatMap((f) => {
      const person = members.get(f.entry.userId);
      if (!person) return [];
      return [
        {
          id: person.id,
          realname: person.realname,
          mobile: person.mobile,
          source: f.entry.source,
          shiftId: f.shift.id,
          shiftName: f.shift.name,
          date: dateOf(f.day),
          startAt: f.startAt,
          endAt: f.endAt,
        },
      ];
    });
    return { at, people };
  }
}

function presentChange(row: ChangeRow, names: Map<number, string>): DutyChange {
  const person = (id: number | null) => (id === null ? null : { id, realname: names.get(id) ?? `#${id}` });
  return {
    id: row.id,
    kind: row.kind as ChangeKind,
    date: row.date,
    shiftId: row.shift_id,
    shiftName: row.shift_name,
    user: person(row.user_id)!,
    withUser: person(row.with_user_id),
    withDate: row.with_date,
    withShiftId: row.with_shift_id,
    withShiftName: row.with_shift_name,
    note: row.note,
    createdBy: person(row.created_by),
    createdAt: Number(row.created_at),
  };
}
