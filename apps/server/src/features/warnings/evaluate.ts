import type { RuleKind, RuleSchedule } from '@iot/contracts/warnings';

/** What evaluation needs of a rule. */
export interface RuleDefinition {
  kind: RuleKind;
  low: number | null;
  high: number | null;
  value: string | null;
  ratePerMinute: number | null;
  delaySeconds: number;
  delayCount: number;
  hysteresis: number;
  schedule: RuleSchedule;
  /**
   * False while the rule is limited to modes and its site is in another one (模式管理): like
   * outside the schedule, nothing is raised; an open warning is still released.
   */
  inMode?: boolean;
}

/** Where a rule stands; kept in the database so a restart continues where it was. */
export interface RuleState {
  phase: 'normal' | 'pending' | 'active';
  /** Time of the first value of the current excursion (pending or active). */
  sinceTs: number | null;
  /** Consecutive values meeting the condition in this excursion. */
  count: number;
  /** The last value evaluated and its time (rate of change; out-of-order values are skipped). */
  lastValue: number | null;
  lastTs: number | null;
}

export const NORMAL: RuleState = { phase: 'normal', sinceTs: null, count: 0, lastValue: null, lastTs: null };

export type Transition = { type: 'raise' | 'release'; ts: number; value: number | string } | null;

const CHINA_OFFSET = 8 * 3_600_000;
const DAY = 86_400_000;

/** Whether a time falls in the schedule (China time; `to` before `from` spans midnight). */
export function inSchedule(schedule: RuleSchedule, ts: number): boolean {
  if (!schedule) return true;
  const local = ts + CHINA_OFFSET;
  const day = Math.floor(local / DAY);
  // 1970-01-01 was a Thursday (ISO weekday 4).
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
  const minute = Math.floor((((local % DAY) + DAY) % DAY) / 60_000);
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const from = minutes(schedule.from);
  const to = minutes(schedule.to);
  if (from <= to) return schedule.days.includes(weekday) && minute >= from && minute <= to;
  // Overnight: the part after midnight belongs to the previous day's window.
  if (minute >= from) return schedule.days.includes(weekday);
  const previous = weekday === 1 ? 7 : weekday - 1;
  return minute <= to && schedule.days.includes(previous);
}

/**
 * Whether a value meets the rule's condition (`raise`) or is back inside it by the hysteresis
 * (`release`). A text value never meets a numeric condition.
 */
function check(
  rule: RuleDefinition,
  value: number | string,
  rate: number | null,
): { raise: boolean; release: boolean } {
  const h = rule.hysteresis;
  if (rule.kind === 'equals') {
    const equal = String(value) === rule.value;
    return { raise: equal, release: !equal };
  }
  if (typeof value !== 'number') return { raise: false, release: false };
  const low = rule.low ?? Number.NEGATIVE_INFINITY;
  const high = rule.high ?? Number.POSITIVE_INFINITY;
  switch (rule.kind) {
    case 'above':
      return { raise: value > high, release: value <= high - h };
    case 'below':
      return { raise: value < low, release: value >= low + h };
    case 'outside':
      return { raise: value < low || value > high, release: value >= low + h && value <= high - h };
    case 'inside':
      return { raise: value >= low && value <= high, release: value < low - h || value > high + h };
    case 'rate': {
      if (rate === null) return { raise: false, release: false };
      const limit = rule.ratePerMinute ?? Number.POSITIVE_INFINITY;
      return { raise: rate > limit, release: rate <= limit - h };
    }
    default:
      return { raise: false, release: false };
  }
}

/**
 * One value through a rule: the new state and the warning raised or released by it, if any. The
 * same values in the same order always give the same answers (times are the data's, not the
 * clock's); a value not newer than the last one evaluated changes nothing.
 */
export function step(
  rule: RuleDefinition,
  state: RuleState,
  point: { ts: number; value: number | string },
): { state: RuleState; transition: Transition } {
  if (state.lastTs !== null && point.ts <= state.lastTs) return { state, transition: null };
  const numeric = typeof point.value === 'number' ? point.value : null;
  const rate =
    numeric !== null && state.lastValue !== null && state.lastTs !== null
      ? Math.abs(numeric - state.lastValue) / ((point.ts - state.lastTs) / 60_000)
      : null;
  const { raise, release } = check(rule, point.value, rate);
  const moved = { ...state, lastTs: point.ts, lastValue: numeric ?? state.lastValue };

  if (state.phase === 'active') {
    if (!release) return { state: moved, transition: null };
    return {
      state: { ...moved, phase: 'normal', sinceTs: null, count: 0 },
      transition: { type: 'release', ts: point.ts, value: point.value },
    };
  }
  if (!raise || !inSchedule(rule.schedule, point.ts) || rule.inMode === false) {
    return { state: { ...moved, phase: 'normal', sinceTs: null, count: 0 }, transition: null };
  }
  const sinceTs = state.phase === 'pending' && state.sinceTs !== null ? state.sinceTs : point.ts;
  const count = state.phase === 'pending' ? state.count + 1 : 1;
  const due = point.ts - sinceTs >= rule.delaySeconds * 1000 && count >= Math.max(1, rule.delayCount);
  if (!due) return { state: { ...moved, phase: 'pending', sinceTs, count }, transition: null };
  return {
    state: { ...moved, phase: 'active', sinceTs, count },
    transition: { type: 'raise', ts: point.ts, value: point.value },
  };
}
