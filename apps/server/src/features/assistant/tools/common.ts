import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** What the data tools read through: the platform's database, every query scoped by project. */
export interface ToolDeps {
  db: Kysely<Database>;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Asia/Shanghai (UTC+8, no DST) wall time of an instant: YYYY-MM-DD HH:mm. */
export function chinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The instant a China-time day began. */
function chinaMidnight(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss`, read as China time; null when not one. */
export function parseChinaTime(text: string): number | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  return Number.isNaN(ms) ? null : ms - CHINA_OFFSET_MS;
}

/** How a question names a period; the tools resolve it against the moment they run. */
export const PERIODS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'lastDays',
  'lastHours',
  'all',
] as const;
export type Period = (typeof PERIODS)[number];

/** JSON Schema of the period arguments every time-ranged tool takes. */
export const periodSchema = {
  period: {
    type: 'string',
    enum: [...PERIODS],
    description:
      '时间范围：today 今天、yesterday 昨天、thisWeek 本周（周一起）、lastWeek 上周、thisMonth 本月、lastMonth 上月、lastDays 最近 days 天、lastHours 最近 hours 小时、all 全部；给出 from/to 时以 from/to 为准',
  },
  days: { type: 'integer', minimum: 1, maximum: 366, description: 'period 为 lastDays 时的天数' },
  hours: { type: 'integer', minimum: 1, maximum: 720, description: 'period 为 lastHours 时的小时数' },
  from: { type: 'string', description: '开始时间，YYYY-MM-DD 或 YYYY-MM-DD HH:mm（北京时间）' },
  to: { type: 'string', description: '结束时间，YYYY-MM-DD（含当天）或 YYYY-MM-DD HH:mm（北京时间）' },
} as const;

export interface TimeRange {
  start: number;
  stop: number;
  /** 「2026-11-23 00:00 至 2026-11-24 21:30」 or 「全部时间（截至 …）」. */
  label: string;
}

/** The longest range a tool reads: a year and a little, so "全部" never scans beyond what rollups keep. */
const MAX_RANGE_MS = 400 * DAY_MS;

/**
 * The range named by the arguments, judged from `now` in China time; weeks begin on Monday.
 * `fallback` when the arguments name none (null: no time limit).
 */
export function resolveRange(args: Args, now: number, fallback: Period | null): TimeRange | null {
  const from = typeof args.from === 'string' ? parseChinaTime(args.from) : null;
  const to = typeof args.to === 'string' ? parseChinaTime(args.to) : null;
  if (from !== null || to !== null) {
    // A bare end date names its whole day: 11月1日到11月20日 includes the 20th.
    const bare = typeof args.to === 'string' && !args.to.includes(':');
    const stop = Math.min(to === null ? now : to + (bare ? DAY_MS : 0), now);
    const start = from ?? stop - DAY_MS;
    return make(Math.min(start, stop), stop);
  }
  const period = PERIODS.includes(args.period as Period) ? (args.period as Period) : fallback;
  if (period === null || period === 'all') return null;
  const today = chinaMidnight(now);
  // Monday = 0.
  const weekday = (new Date(today + CHINA_OFFSET_MS).getUTCDay() + 6) % 7;
  const monthStart = (offset: number) => {
    const d = new Date(today + CHINA_OFFSET_MS);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1) - CHINA_OFFSET_MS;
  };
  switch (period) {
    case 'today':
      return make(today, now);
    case 'yesterday':
      return make(today - DAY_MS, today);
    case 'thisWeek':
      return make(today - weekday * DAY_MS, now);
    case 'lastWeek':
      return make(today - (weekday + 7) * DAY_MS, today - weekday * DAY_MS);
    case 'thisMonth':
      return make(monthStart(0), now);
    case 'lastMonth':
      return make(monthStart(-1), monthStart(0));
    case 'lastDays':
      return make(now - clampInt(args.days, 1, 366, 7) * DAY_MS, now);
    case 'lastHours':
      return make(now - clampInt(args.hours, 1, 720, 24) * HOUR_MS, now);
  }
}

function make(start: number, stop: number): TimeRange {
  const begin = Math.max(start, stop - MAX_RANGE_MS);
  return { start: begin, stop, label: `${chinaTime(begin)} 至 ${chinaTime(stop)}` };
}

/** The label of a range, or of no time limit as of `now`. */
export function rangeLabel(range: TimeRange | null, now: number): string {
  return range ? range.label : `全部时间（截至 ${chinaTime(now)}）`;
}

/** Tool arguments as models send them: an object of unknown values. */
export type Args = Record<string, unknown>;

export function asArgs(raw: unknown): Args {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Args) : {};
}

/** A trimmed non-empty string argument of at most 64 characters, or undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const t = String(value).trim().slice(0, 64);
  return t === '' ? undefined : t;
}

export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** A number rounded to `decimals` places (at most 6), as a number. */
export function round(value: number, decimals: number): number {
  const d = Math.min(6, Math.max(0, decimals));
  return Number(value.toFixed(d));
}

/** Duration in Chinese: 「2天3小时」「45分钟」. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d}天${h > 0 ? `${h}小时` : ''}`;
  if (h > 0) return `${h}小时${m > 0 ? `${m}分钟` : ''}`;
  return `${m}分钟`;
}

/** `keyword` contains the column's (non-empty) text, ignoring case: "1号池COD" names the series aliased COD. */
export function containedIn(column: string, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} <> '' and ${keyword.toLowerCase()} like ('%' || lower(${sql.ref(column)}) || '%'))`;
}
