import { describe, expect, it } from 'vitest';
import { partsOf, valueAfterEdit } from './durationInput';

describe('DurationInput value', () => {
  it('shows milliseconds as parts, and seconds for unit s', () => {
    expect(partsOf(3_723_000, 'ms')).toEqual({ hours: 1, minutes: 2, seconds: 3 });
    expect(partsOf(90, 's')).toEqual({ hours: 0, minutes: 1, seconds: 30 });
    expect(partsOf(undefined, 'ms')).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('carries a typed part and answers the unit', () => {
    const zero = partsOf(0, 'ms');
    expect(valueAfterEdit(zero, 'seconds', 60, 'ms')).toBe(60_000);
    expect(partsOf(valueAfterEdit(zero, 'seconds', 60, 'ms'), 'ms')).toEqual({
      hours: 0,
      minutes: 1,
      seconds: 0,
    });
    expect(partsOf(valueAfterEdit({ hours: 0, minutes: 59, seconds: 0 }, 'minutes', 60, 's'), 's')).toEqual({
      hours: 1,
      minutes: 0,
      seconds: 0,
    });
    expect(valueAfterEdit({ hours: 1, minutes: 0, seconds: 5 }, 'seconds', null, 's')).toBe(3600);
    expect(valueAfterEdit(zero, 'hours', -2, 'ms')).toBe(0);
  });
});
