/**
 * The duration input (feature-areas §3, §5): hours, minutes and seconds, integers at least 0,
 * stored as milliseconds. 60 seconds or more carry to minutes, 60 minutes or more carry to hours.
 */
export interface DurationParts {
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A part as typed: whole, not negative (blank, negative or not a number counts as 0). */
function whole(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return 0;
  return Math.floor(value);
}

/** Milliseconds of the parts, each part made a whole number ≥ 0 first. */
export function durationToMs(parts: Partial<Record<keyof DurationParts, number | null>>): number {
  return whole(parts.hours) * HOUR + whole(parts.minutes) * MINUTE + whole(parts.seconds) * SECOND;
}

/** The parts of a millisecond value (sub-second rest dropped; negative or missing is 0). */
export function durationFromMs(ms: number | null | undefined): DurationParts {
  const total = Math.floor(whole(ms) / SECOND);
  return {
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The parts with 60 s carried to a minute and 60 min carried to an hour (90 s → 1 min 30 s). */
export function normalizeDuration(parts: Partial<Record<keyof DurationParts, number | null>>): DurationParts {
  return durationFromMs(durationToMs(parts));
}

/** '1小时2分3秒', leaving out zero parts ('0秒' for nothing). */
export function formatDuration(ms: number | null | undefined): string {
  const { hours, minutes, seconds } = durationFromMs(ms);
  const text = `${hours ? `${hours}小时` : ''}${minutes ? `${minutes}分` : ''}${seconds ? `${seconds}秒` : ''}`;
  return text || '0秒';
}
