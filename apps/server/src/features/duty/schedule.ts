import type { ChangeKind, RotationPeriod, SlotSource } from '@iot/contracts/duty';

/**
 * The duty arithmetic, pure: which person a rotation names on a day, the slots of a range of days
 * after swaps and overrides, and who is on duty at an instant. Days are China dates (UTC+8) counted
 * as whole days since 1970-01-01; a shift crossing midnight belongs to the day it starts.
 */

export const DAY_MS = 86_400_000;
/** China time, no daylight saving. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** YYYY-MM-DD → days since 1970-01-01. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}
/** Days since 1970-01-01 → YYYY-MM-DD. */
export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
/** ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}
/** Weekdays (1–7) ↔ a bit mask (bit 0 Monday … bit 6 Sunday). */
export function weekdayMask(weekdays: readonly number[]): number {
  return weekdays.reduce((mask, d) => mask | (1 << (d - 1)), 0);
}
export function weekdaysOf(mask: number): number[] {
  return [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1)));
}
const inMask = (mask: number, day: number) => (mask & (1 << (weekdayOf(day) - 1))) !== 0;

/** How many days in [from, to) fall on a weekday of the mask. */
export function workedDaysBetween(from: number, to: number, mask: number): number {
  if (to <= from) return 0;
  const span = to - from;
  const perWeek = weekdaysOf(mask).length;
  let count = Math.floor(span / 7) * perWeek;
  for (let day = from + Math.floor(span / 7) * 7; day < to; day++) if (inMask(mask, day)) count++;
  return count;
}

/** The Monday of a day's week. */
export const mondayOf = (day: number) => day - (weekdayOf(day) - 1);

export interface RotationRule {
  id: number;
  shiftId: number;
  period: RotationPeriod;
  userIds: number[];
  startDay: number;
  /** Inclusive; null: open-ended. */
  endDay: number | null;
  weekdayMask: number;
}

/**
 * The person a rotation names on a day, or null (outside its dates or weekdays). By day the turn
 * passes on each day worked, so a Monday-to-Friday rotation resumes on Monday where Friday left
 * off; by week everyone takes a whole calendar week (Monday to Sunday), counted from the start
 * date's week.
 */
export function rotationUserOn(rule: RotationRule, day: number): number | null {
  const n = rule.userIds.length;
  if (n === 0 || day < rule.startDay || (rule.endDay !== null && day > rule.endDay)) return null;
  if (!inMask(rule.weekdayMask, day)) return null;
  const turn =
    rule.period === 'day'
      ? workedDaysBetween(rule.startDay, day, rule.weekdayMask)
      : (mondayOf(day) - mondayOf(rule.startDay)) / 7;
  return rule.userIds[turn % n]!;
}

export interface ChangeRule {
  id: number;
  kind: ChangeKind;
  day: number;
  shiftId: number;
  userId: number;
  withUserId: number | null;
  withDay: number | null;
  withShiftId: number | null;
}

export interface SlotEntry {
  userId: number;
  source: SlotSource;
}

/** day → shift id → who is on duty, in order. */
export type Slots = Map<number, Map<number, SlotEntry[]>>;

/**
 * The slots of the days [from, to] for the shifts given: the rotations first, then the swaps in the
 * order they were made (a swap hands over only where its person is on duty), then the overrides,
 * which replace whoever else the slot had.
 */
export function slotsBetween(
  shiftIds: readonly number[],
  rotations: readonly RotationRule[],
  changes: readonly ChangeRule[],
  from: number,
  to: number,
): Slots {
  const slots: Slots = new Map();
  const slot = (day: number, shiftId: number): SlotEntry[] | undefined => slots.get(day)?.get(shiftId);
  for (let day = from; day <= to; day++) {
    const byShift = new Map<number, SlotEntry[]>();
    for (const shiftId of shiftIds) byShift.set(shiftId, []);
    slots.set(day, byShift);
  }
  for (const rule of rotations)
    for (let day = from; day <= to; day++) {
      const entries = slot(day, rule.shiftId);
      const userId = rotationUserOn(rule, day);
      if (entries && userId !== null && !entries.some((e) => e.userId === userId))
        entries.push({ userId, source: 'rotation' });
    }
  const handOver = (day: number, shiftId: number, from: number, to: number) => {
    const entries = slot(day, shiftId);
    if (!entries) return;
    const at = entries.findIndex((e) => e.userId === from);
    if (at < 0) return;
    if (entries.some((e) => e.userId === to)) entries.splice(at, 1);
    else entries[at] = { userId: to, source: 'swap' };
  };
  const ordered = [...changes].sort((a, b) => a.id - b.id);
  for (const c of ordered) {
    if (c.kind !== 'swap' || c.withUserId === null) continue;
    handOver(c.day, c.shiftId, c.userId, c.withUserId);
    if (c.withDay !== null && c.withShiftId !== null)
      handOver(c.withDay, c.withShiftId, c.withUserId, c.userId);
  }
  const overridden = new Map<string, SlotEntry[]>();
  for (const c of ordered) {
    if (c.kind !== 'override' || !slot(c.day, c.shiftId)) continue;
    const key = `${c.day}:${c.shiftId}`;
    const entries = overridden.get(key) ?? [];
    if (!entries.some((e) => e.userId === c.userId)) entries.push({ userId: c.userId, source: 'override' });
    overridden.set(key, entries);
  }
  for (const [key, entries] of overridden) {
    const [day, shiftId] = key.split(':').map(Number);
    slots.get(day!)!.set(shiftId!, entries);
  }
  return slots;
}

export interface ShiftTimes {
  id: number;
  /** Minutes after midnight. */
  start: number;
  end: number;
}

/** When a shift of a day starts and ends, epoch ms. */
export function shiftSpan(shift: ShiftTimes, day: number): { startAt: number; endAt: number } {
  const midnight = day * DAY_MS - CHINA_OFFSET_MS;
  const startAt = midnight + shift.start * 60_000;
  const endDay = shift.end <= shift.start ? midnight + DAY_MS : midnight;
  return { startAt, endAt: endDay + shift.end * 60_000 };
}

/** The China day an instant falls on. */
export function chinaDay(at: number): number {
  return Math.floor((at + CHINA_OFFSET_MS) / DAY_MS);
}

/**
 * The (day, shift) pairs running at an instant: a shift of that day that has started and not
 * ended, or a shift of the day before that runs past midnight (01:00 belongs to the night shift
 * that began the evening before).
 */
export function runningShifts(
  shifts: readonly ShiftTimes[],
  at: number,
): { day: number; shiftId: number; startAt: number; endAt: number }[] {
  const today = chinaDay(at);
  const running = [];
  for (const shift of shifts)
    for (const day of [today - 1, today]) {
      const span = shiftSpan(shift, day);
      if (span.startAt <= at && at < span.endAt) running.push({ day, shiftId: shift.id, ...span });
    }
  return running;
}
