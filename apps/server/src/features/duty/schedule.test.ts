import { describe, expect, it } from 'vitest';
import {
  type ChangeRule,
  dateOf,
  dayNumber,
  type RotationRule,
  rotationUserOn,
  runningShifts,
  slotsBetween,
  weekdayMask,
  weekdayOf,
  workedDaysBetween,
} from './schedule.js';

const d = dayNumber;
/** China time as epoch ms. */
const china = (text: string) => Date.parse(`${text}:00+08:00`);

const rule = (over: Partial<RotationRule>): RotationRule => ({
  id: 1,
  shiftId: 1,
  period: 'day',
  userIds: [11, 12, 13],
  startDay: d('2026-03-02'),
  endDay: null,
  weekdayMask: weekdayMask([1, 2, 3, 4, 5, 6, 7]),
  ...over,
});
const names = (r: RotationRule, from: string, days: number) =>
  Array.from({ length: days }, (_, i) => rotationUserOn(r, d(from) + i));

describe('dates', () => {
  it('counts days and weekdays in China dates', () => {
    expect(dateOf(d('2026-02-28') + 1)).toBe('2026-03-01');
    expect(dateOf(d('2024-02-28') + 1)).toBe('2024-02-29');
    expect(weekdayOf(d('2026-03-02'))).toBe(1); // a Monday
    expect(weekdayOf(d('2026-03-08'))).toBe(7);
    expect(weekdayOf(d('1970-01-01'))).toBe(4);
    expect(weekdayOf(d('1969-12-29'))).toBe(1);
  });

  it('counts the worked days between two days', () => {
    const weekdays = weekdayMask([1, 2, 3, 4, 5]);
    expect(workedDaysBetween(d('2026-03-02'), d('2026-03-09'), weekdays)).toBe(5);
    expect(workedDaysBetween(d('2026-03-02'), d('2026-03-02'), weekdays)).toBe(0);
    expect(workedDaysBetween(d('2026-03-06'), d('2026-03-10'), weekdays)).toBe(2); // Fri, Mon
    for (let span = 0; span < 40; span++) {
      let slow = 0;
      for (let day = d('2026-03-04'); day < d('2026-03-04') + span; day++)
        if ([1, 3, 6].includes(weekdayOf(day))) slow++;
      expect(workedDaysBetween(d('2026-03-04'), d('2026-03-04') + span, weekdayMask([1, 3, 6]))).toBe(slow);
    }
  });
});

describe('rotations', () => {
  it('turns by day from the start date, within its dates only', () => {
    const r = rule({ endDay: d('2026-03-06') });
    expect(names(r, '2026-03-01', 7)).toEqual([null, 11, 12, 13, 11, 12, null]);
  });

  it('passes the turn on worked days only when limited to weekdays', () => {
    const r = rule({ weekdayMask: weekdayMask([1, 2, 3, 4, 5]) });
    // Mon 2 … Sun 8, Mon 9, Tue 10
    expect(names(r, '2026-03-02', 9)).toEqual([11, 12, 13, 11, 12, null, null, 13, 11]);
  });

  it('turns by calendar week (Monday to Sunday) counted from the start date’s week', () => {
    // Starts on a Wednesday: that week is the first person's, the next Monday the second's.
    const r = rule({ period: 'week', startDay: d('2026-03-04'), userIds: [21, 22] });
    expect(names(r, '2026-03-02', 14)).toEqual([null, null, 21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22]);
    expect(rotationUserOn(r, d('2026-03-16'))).toBe(21);
    // Weekly with weekdays: the week's person, on those days only.
    const weekends = rule({ period: 'week', userIds: [21, 22], weekdayMask: weekdayMask([6, 7]) });
    expect(names(weekends, '2026-03-02', 14)).toEqual([
      null,
      null,
      null,
      null,
      null,
      21,
      21,
      null,
      null,
      null,
      null,
      null,
      22,
      22,
    ]);
  });
});

describe('swaps and overrides', () => {
  const day = d('2026-03-02');
  const change = (c: Partial<ChangeRule>): ChangeRule => ({
    id: 1,
    kind: 'swap',
    day,
    shiftId: 1,
    userId: 11,
    withUserId: 12,
    withDay: null,
    withShiftId: null,
    ...c,
  });
  const people = (changes: ChangeRule[], at = day, shiftId = 1) =>
    slotsBetween([1, 2], [rule({})], changes, day, day + 6)
      .get(at)!
      .get(shiftId)!
      .map((e) => `${e.userId}:${e.source}`);

  it('hands a slot over with a swap, and back on the other date', () => {
    expect(people([])).toEqual(['11:rotation']);
    const swap = change({ withDay: day + 1, withShiftId: 1 });
    expect(people([swap])).toEqual(['12:swap']);
    expect(people([swap], day + 1)).toEqual(['11:swap']);
    expect(people([swap], day + 2)).toEqual(['13:rotation']);
  });

  it('leaves a slot alone when the swap’s person is not on it', () => {
    expect(people([change({ userId: 13, withUserId: 12 })])).toEqual(['11:rotation']);
  });

  it('lets an override replace the slot, whatever the rotation and swaps said', () => {
    const swap = change({ id: 1 });
    const override = change({ id: 2, kind: 'override', userId: 99, withUserId: null });
    expect(people([override, swap])).toEqual(['99:override']);
    const second = change({ id: 3, kind: 'override', userId: 98, withUserId: null });
    expect(people([swap, override, second])).toEqual(['99:override', '98:override']);
    // Only that shift of that day: the other shift had no rotation and keeps no one.
    expect(people([override], day, 2)).toEqual([]);
    expect(people([override], day + 1)).toEqual(['12:rotation']);
  });

  it('applies swaps in the order they were made', () => {
    const first = change({ id: 1, userId: 11, withUserId: 12 });
    const then = change({ id: 2, userId: 12, withUserId: 13 });
    expect(people([then, first])).toEqual(['13:swap']);
  });
});

describe('who is on duty at an instant', () => {
  const shifts = [
    { id: 1, start: 8 * 60, end: 20 * 60 }, // 白班 08:00–20:00
    { id: 2, start: 20 * 60, end: 8 * 60 }, // 夜班 20:00–08:00
  ];
  const at = (text: string) => runningShifts(shifts, china(text)).map((r) => [dateOf(r.day), r.shiftId]);

  it('gives 01:00 to the night shift that began the evening before', () => {
    expect(at('2026-03-03T01:00')).toEqual([['2026-03-02', 2]]);
    expect(at('2026-03-03T07:59')).toEqual([['2026-03-02', 2]]);
    expect(at('2026-03-03T08:00')).toEqual([['2026-03-03', 1]]);
    expect(at('2026-03-03T19:59')).toEqual([['2026-03-03', 1]]);
    expect(at('2026-03-03T20:00')).toEqual([['2026-03-03', 2]]);
    expect(at('2026-03-03T23:59')).toEqual([['2026-03-03', 2]]);
    expect(at('2026-03-03T00:00')).toEqual([['2026-03-02', 2]]);
  });

  it('answers the span of the shift in epoch ms', () => {
    const [night] = runningShifts(shifts, china('2026-03-03T01:00'));
    expect(night).toMatchObject({ startAt: china('2026-03-02T20:00'), endAt: china('2026-03-03T08:00') });
  });

  it('treats equal start and end as a 24-hour shift, and allows overlapping shifts', () => {
    const allDay = [{ id: 3, start: 8 * 60, end: 8 * 60 }, ...shifts];
    expect(runningShifts(allDay, china('2026-03-03T07:00')).map((r) => [dateOf(r.day), r.shiftId])).toEqual([
      ['2026-03-02', 3],
      ['2026-03-02', 2],
    ]);
    expect(runningShifts(allDay, china('2026-03-03T09:00')).map((r) => r.shiftId)).toEqual([3, 1]);
  });
});
