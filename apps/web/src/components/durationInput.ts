import { type DurationParts, durationFromMs, durationToMs } from '@iot/contracts';

/** The unit the field's value is kept in: the spec's milliseconds, or seconds for older fields. */
export type DurationUnit = 'ms' | 's';

const FACTOR: Record<DurationUnit, number> = { ms: 1, s: 1000 };

/** The parts shown for a field value in `unit`. */
export function partsOf(value: number | null | undefined, unit: DurationUnit): DurationParts {
  return durationFromMs(value === null || value === undefined ? 0 : value * FACTOR[unit]);
}

/**
 * The field value after one part was typed: the other parts as they were, the new one made a
 * whole number ≥ 0, the total carried (60 s → 1 min, 60 min → 1 h) and given back in `unit`.
 */
export function valueAfterEdit(
  current: DurationParts,
  part: keyof DurationParts,
  typed: number | null,
  unit: DurationUnit,
): number {
  return Math.round(durationToMs({ ...current, [part]: typed }) / FACTOR[unit]);
}
