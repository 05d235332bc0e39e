import { describe, expect, it } from 'vitest';
import {
  chinaDay,
  describeSchedule,
  nextAfterCompletion,
  occurrences,
  preview,
  type ScheduleRule,
  weekdayOf,
} from './schedule.js';

/** A China wall-clock time as epoch ms ('2026-01-01 08:00' → the moment it is that in China). */
const cn = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);
/** Epoch ms back to China wall-clock text. */
const text = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const rule = (over: Partial<ScheduleRule>): ScheduleRule => ({
  unit: 'day',
  every: 1,
  weekdays: [],
  monthDays: [],
  time: '08:00',
  basis: 'schedule',
  skipWeekends: false,
  ...over,
});
const span = (start: string, end: string | null = null) => ({
  startAt: cn(`${start} 00:00`),
  endAt: end === null ? null : cn(`${end} 00:00`),
});
const list = (r: ScheduleRule, s: ReturnType<typeof span>, from: string, to: string, limit?: number) =>
  occurrences(r, s, cn(from), cn(to), limit).map(text);

describe('plan schedules', () => {
  it('counts China days and ISO weekdays', () => {
    expect(weekdayOf(chinaDay(cn('2026-01-01 00:30')))).toBe(4); // a Thursday in China, Wednesday in UTC
    expect(weekdayOf(chinaDay(cn('2026-01-04 23:59')))).toBe(7);
    expect(weekdayOf(chinaDay(cn('2026-01-05 00:00')))).toBe(1);
  });

  it('every N days from the start day, at the plan time (China), in a half-open window', () => {
    const r = rule({ every: 2, time: '23:30' });
    expect(list(r, span('2026-01-01'), '2026-01-01 00:00', '2026-01-08 00:00')).toEqual([
      '2026-01-01 23:30',
      '2026-01-03 23:30',
      '2026-01-05 23:30',
      '2026-01-07 23:30',
    ]);
    // Windows that meet do not overlap: the occurrence on the boundary belongs to the later one.
    expect(list(r, span('2026-01-01'), '2026-01-01 00:00', '2026-01-03 23:30')).toEqual(['2026-01-01 23:30']);
    expect(list(r, span('2026-01-01'), '2026-01-03 23:30', '2026-01-04 00:00')).toEqual(['2026-01-03 23:30']);
    // A window long after the start jumps straight there, still on the start's parity (365 is odd).
    expect(list(r, span('2026-01-01'), '2027-01-01 00:00', '2027-01-05 00:00')).toEqual([
      '2027-01-02 23:30',
      '2027-01-04 23:30',
    ]);
  });

  it('every N weeks on given weekdays, counted from the start week', () => {
    const r = rule({ unit: 'week', every: 2, weekdays: [4, 1] });
    // 2026-01-01 is a Thursday: its week's Monday (Dec 29) is before the start and left out.
    expect(list(r, span('2026-01-01'), '2025-12-01 00:00', '2026-01-31 00:00')).toEqual([
      '2026-01-01 08:00',
      '2026-01-12 08:00',
      '2026-01-15 08:00',
      '2026-01-26 08:00',
      '2026-01-29 08:00',
    ]);
  });

  it('every N months on given days; a day past the month end is its last day, once', () => {
    const r = rule({ unit: 'month', monthDays: [31, 30] });
    expect(list(r, span('2026-01-01'), '2026-01-01 00:00', '2026-05-01 00:00')).toEqual([
      '2026-01-30 08:00',
      '2026-01-31 08:00',
      '2026-02-28 08:00',
      '2026-03-30 08:00',
      '2026-03-31 08:00',
      '2026-04-30 08:00',
    ]);
    const leap = rule({ unit: 'month', every: 3, monthDays: [31] });
    expect(list(leap, span('2027-11-15'), '2027-01-01 00:00', '2028-09-01 00:00')).toEqual([
      '2027-11-30 08:00',
      '2028-02-29 08:00',
      '2028-05-31 08:00',
      '2028-08-31 08:00',
    ]);
  });

  it('skips weekends by moving to the Monday after, two landing there making one', () => {
    const r = rule({ skipWeekends: true });
    expect(list(r, span('2026-01-01'), '2026-01-01 00:00', '2026-01-07 00:00')).toEqual([
      '2026-01-01 08:00',
      '2026-01-02 08:00',
      '2026-01-05 08:00',
      '2026-01-06 08:00',
    ]);
    // The 1st of August 2026 is a Saturday.
    const monthly = rule({ unit: 'month', monthDays: [1], skipWeekends: true });
    expect(list(monthly, span('2026-07-01'), '2026-07-01 00:00', '2026-09-02 00:00')).toEqual([
      '2026-07-01 08:00',
      '2026-08-03 08:00',
      '2026-09-01 08:00',
    ]);
    // A Saturday just before the window lands inside it.
    expect(list(monthly, span('2026-07-01'), '2026-08-02 00:00', '2026-08-04 00:00')).toEqual([
      '2026-08-03 08:00',
    ]);
  });

  it('keeps to the start and end days and the limit', () => {
    const r = rule({});
    expect(list(r, span('2026-01-03', '2026-01-05'), '2026-01-01 00:00', '2026-02-01 00:00')).toEqual([
      '2026-01-03 08:00',
      '2026-01-04 08:00',
      '2026-01-05 08:00',
    ]);
    expect(list(r, span('2026-01-01'), '2026-01-01 00:00', '2027-01-01 00:00', 3)).toHaveLength(3);
    expect(
      occurrences(rule({ unit: 'runHours', every: 500 }), span('2026-01-01'), 0, cn('2030-01-01 00:00')),
    ).toEqual([]);
  });

  it('counts from the last completion: N days, weeks or months after the day it was done', () => {
    const s = span('2026-01-01');
    const from = cn('2026-01-01 00:00');
    expect(
      text(nextAfterCompletion(rule({ every: 3, basis: 'completion' }), s, cn('2026-01-10 15:00'), from)!),
    ).toBe('2026-01-13 08:00');
    expect(
      text(
        nextAfterCompletion(
          rule({ unit: 'week', every: 1, basis: 'completion' }),
          s,
          cn('2026-01-10 15:00'),
          from,
        )!,
      ),
    ).toBe('2026-01-17 08:00');
    expect(
      text(
        nextAfterCompletion(
          rule({ unit: 'month', every: 1, basis: 'completion' }),
          s,
          cn('2026-01-31 09:00'),
          from,
        )!,
      ),
    ).toBe('2026-02-28 08:00');
    // Skip weekends: Jan 17 2026 is a Saturday.
    expect(
      text(
        nextAfterCompletion(
          rule({ unit: 'week', basis: 'completion', skipWeekends: true }),
          s,
          cn('2026-01-10 15:00'),
          from,
        )!,
      ),
    ).toBe('2026-01-19 08:00');
    // Never completed: the first day whose time has not passed.
    const first = nextAfterCompletion(rule({ basis: 'completion' }), s, null, cn('2026-01-05 09:00'));
    expect(text(first!)).toBe('2026-01-06 08:00');
    // Past the end: none.
    expect(
      nextAfterCompletion(
        rule({ basis: 'completion' }),
        span('2026-01-01', '2026-01-10'),
        cn('2026-01-10 08:00'),
        from,
      ),
    ).toBeNull();
  });

  it('previews the next five, a completion plan as if each were done on its date', () => {
    const s = span('2026-01-01');
    expect(preview(rule({ unit: 'week', weekdays: [1] }), s, cn('2026-01-01 00:00')).map(text)).toEqual([
      '2026-01-05 08:00',
      '2026-01-12 08:00',
      '2026-01-19 08:00',
      '2026-01-26 08:00',
      '2026-02-02 08:00',
    ]);
    expect(
      preview(rule({ unit: 'month', every: 1, basis: 'completion' }), s, cn('2026-01-31 07:00'), 3).map(text),
    ).toEqual(['2026-01-31 08:00', '2026-02-28 08:00', '2026-03-28 08:00']);
  });

  it('says the rule in words', () => {
    expect(describeSchedule(rule({ unit: 'week', every: 2, weekdays: [4, 1], skipWeekends: true }))).toBe(
      '每2周（周一、周四） 08:00，跳过周末',
    );
    expect(describeSchedule(rule({ unit: 'month', monthDays: [1, 15] }))).toBe('每个月（1、15日） 08:00');
    expect(describeSchedule(rule({ unit: 'runHours', every: 500 }))).toBe('每运行500小时');
  });
});
