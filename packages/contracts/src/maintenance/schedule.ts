/**
 * Schedule arithmetic of maintenance plans (docs/decisions/0052-maintenance-plans.md), shared by the
 * server's generation job and the form's preview so both count the same days. Days are China days
 * (UTC+8, no daylight saving): a plan's 08:00 is 08:00 in China wherever the server runs.
 */

export const SCHEDULE_UNITS = ['day', 'week', 'month', 'runHours'] as const;
export type ScheduleUnit = (typeof SCHEDULE_UNITS)[number];
export const ScheduleUnitNames: Record<ScheduleUnit, string> = {
  day: '天',
  week: '周',
  month: '月',
  runHours: '运行小时',
};

/** Where the next date is counted from: the schedule itself, or the last completed order. */
export const SCHEDULE_BASES = ['schedule', 'completion'] as const;
export type ScheduleBasis = (typeof SCHEDULE_BASES)[number];

export interface ScheduleRule {
  unit: ScheduleUnit;
  /** Every N days, weeks, months or run hours. */
  every: number;
  /** ISO weekdays (1 Monday … 7 Sunday) of a weekly plan. */
  weekdays: number[];
  /** Days of the month (1–31) of a monthly plan; a day past the month's end means its last day. */
  monthDays: number[];
  /** Time of day, HH:mm (China time). */
  time: string;
  basis: ScheduleBasis;
  /** A date on Saturday or Sunday moves to the Monday after (two landing there make one). */
  skipWeekends: boolean;
}

/** First and last day of the plan (epoch ms of any moment of those China days); no end: null. */
export interface ScheduleSpan {
  startAt: number;
  endAt: number | null;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;

/** The China day number (days since 1970-01-01) of a moment. */
export const chinaDay = (ms: number): number => Math.floor((ms + CHINA) / DAY);
/** The moment a China day starts. */
export const dayStart = (day: number): number => day * DAY - CHINA;
/** ISO weekday of a day number: 1 Monday … 7 Sunday (day 0 was a Thursday). */
export const weekdayOf = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map((p) => Number.parseInt(p, 10));
  return (h ?? 0) * 60 + (m ?? 0);
};

const ymd = (day: number) => {
  const d = new Date(day * DAY);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate() };
};
const dayFrom = (y: number, m: number, d: number) => Math.round(Date.UTC(y, m, d) / DAY);
const monthLength = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
/** The same day of the month `months` later, or that month's last day when it is shorter. */
function addMonths(day: number, months: number): number {
  const { y, m, d } = ymd(day);
  const target = new Date(Date.UTC(y, m + months, 1));
  const ty = target.getUTCFullYear();
  const tm = target.getUTCMonth();
  return dayFrom(ty, tm, Math.min(d, monthLength(ty, tm)));
}

const shiftWeekend = (day: number, skip: boolean): number => {
  if (!skip) return day;
  const wd = weekdayOf(day);
  return wd === 6 ? day + 2 : wd === 7 ? day + 1 : day;
};

/**
 * Scheduled days (before weekend shifting), ascending, from the first one not before `fromDay`.
 * The series is anchored on the start day: every N days from it, every N weeks from its week,
 * every N months from its month.
 */
function* rawDays(rule: ScheduleRule, startDay: number, fromDay: number): Generator<number> {
  const every = Math.max(1, Math.floor(rule.every));
  const lo = Math.max(startDay, fromDay);
  if (rule.unit === 'day') {
    const k = Math.ceil((lo - startDay) / every);
    for (let day = startDay + k * every; ; day += every) yield day;
  }
  if (rule.unit === 'week') {
    const weekdays = [...new Set(rule.weekdays)].filter((w) => w >= 1 && w <= 7).sort((a, b) => a - b);
    if (weekdays.length === 0) return;
    const firstMonday = startDay - (weekdayOf(startDay) - 1);
    const loMonday = lo - (weekdayOf(lo) - 1);
    let week = Math.max(0, Math.floor((loMonday - firstMonday) / 7 / every)) * every;
    for (; ; week += every)
      for (const wd of weekdays) {
        const day = firstMonday + week * 7 + wd - 1;
        if (day >= lo) yield day;
      }
  }
  if (rule.unit === 'month') {
    const days = [...new Set(rule.monthDays)].filter((d) => d >= 1 && d <= 31).sort((a, b) => a - b);
    if (days.length === 0) return;
    const s = ymd(startDay);
    const l = ymd(lo);
    const monthsToLo = (l.y - s.y) * 12 + (l.m - s.m);
    let month = Math.max(0, Math.floor(monthsToLo / every)) * every;
    for (; ; month += every) {
      const first = new Date(Date.UTC(s.y, s.m + month, 1));
      const y = first.getUTCFullYear();
      const m = first.getUTCMonth();
      let last = -1;
      for (const d of days) {
        const day = dayFrom(y, m, Math.min(d, monthLength(y, m)));
        if (day === last) continue;
        last = day;
        if (day >= lo) yield day;
      }
    }
  }
}

/**
 * Occurrences of a schedule-based plan in [from, to), ascending, at most `limit`. Run-hour plans
 * have none here: they are triggered by the equipment's run hours (a seam, decision 0052).
 */
export function occurrences(
  rule: ScheduleRule,
  span: ScheduleSpan,
  from: number,
  to: number,
  limit = 1000,
): number[] {
  if (rule.unit === 'runHours' || to <= from) return [];
  const startDay = chinaDay(span.startAt);
  const endDay = span.endAt === null ? Number.POSITIVE_INFINITY : chinaDay(span.endAt);
  const offset = minutesOf(rule.time) * MINUTE;
  const out: number[] = [];
  // Two days back: a weekend date before the window may land on a Monday inside it.
  for (const raw of rawDays(rule, startDay, chinaDay(from) - 2)) {
    const day = shiftWeekend(raw, rule.skipWeekends);
    if (day > endDay) break;
    const at = dayStart(day) + offset;
    if (at >= to) break;
    if (at < from || out.at(-1) === at) continue;
    out.push(at);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * A completion-based plan's next occurrence: N days, weeks or months after the day its last order
 * was completed, at the plan's time; with no completion yet, the first day not before `from`
 * (and the start) whose time has not passed. Null past the end.
 */
export function nextAfterCompletion(
  rule: ScheduleRule,
  span: ScheduleSpan,
  completedAt: number | null,
  from: number,
): number | null {
  if (rule.unit === 'runHours') return null;
  const startDay = chinaDay(span.startAt);
  const offset = minutesOf(rule.time) * MINUTE;
  let day: number;
  if (completedAt === null) {
    day = Math.max(startDay, chinaDay(from));
    if (dayStart(day) + offset < from) day++;
  } else {
    const done = chinaDay(completedAt);
    const every = Math.max(1, Math.floor(rule.every));
    day =
      rule.unit === 'day' ? done + every : rule.unit === 'week' ? done + 7 * every : addMonths(done, every);
    day = Math.max(day, startDay);
  }
  day = shiftWeekend(day, rule.skipWeekends);
  if (span.endAt !== null && day > chinaDay(span.endAt)) return null;
  return dayStart(day) + offset;
}

/**
 * The next `count` occurrences from `from` (the form's preview). A completion-based plan is shown
 * as if each order were completed on its own date.
 */
export function preview(rule: ScheduleRule, span: ScheduleSpan, from: number, count = 5): number[] {
  if (rule.basis === 'schedule') return occurrences(rule, span, from, Number.MAX_SAFE_INTEGER, count);
  const out: number[] = [];
  let next = nextAfterCompletion(rule, span, null, from);
  while (next !== null && out.length < count) {
    out.push(next);
    next = nextAfterCompletion(rule, span, next, from);
  }
  return out;
}

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'];

/** The rule in words: 每2周（周一、周四）08:00，跳过周末 … */
export function describeSchedule(rule: ScheduleRule): string {
  if (rule.unit === 'runHours') return `每运行${rule.every}小时`;
  const every = rule.every === 1 ? '每' : `每${rule.every}`;
  let text = rule.unit === 'day' ? `${every}天` : rule.unit === 'week' ? `${every}周` : `${every}个月`;
  if (rule.basis === 'schedule' && rule.unit === 'week')
    text += `（${[...rule.weekdays]
      .sort((a, b) => a - b)
      .map((w) => `周${WEEKDAY_NAMES[w - 1]}`)
      .join('、')}）`;
  if (rule.basis === 'schedule' && rule.unit === 'month')
    text += `（${[...rule.monthDays].sort((a, b) => a - b).join('、')}日）`;
  text += ` ${rule.time}`;
  if (rule.basis === 'completion') text += '，自上次完成起算';
  if (rule.skipWeekends) text += '，跳过周末';
  return text;
}
