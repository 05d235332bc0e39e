import { describe, expect, it } from 'vitest';
import { durationFromMs, durationToMs, formatDuration, normalizeDuration } from './duration.js';

describe('duration (feature-areas §3, §5)', () => {
  it('stores hours, minutes and seconds as milliseconds', () => {
    expect(durationToMs({ hours: 1, minutes: 2, seconds: 3 })).toBe(3_723_000);
    expect(durationFromMs(3_723_000)).toEqual({ hours: 1, minutes: 2, seconds: 3 });
  });

  it('carries 60 s to a minute and 60 min to an hour', () => {
    expect(normalizeDuration({ hours: 0, minutes: 0, seconds: 60 })).toEqual({
      hours: 0,
      minutes: 1,
      seconds: 0,
    });
    expect(normalizeDuration({ hours: 0, minutes: 59, seconds: 90 })).toEqual({
      hours: 1,
      minutes: 0,
      seconds: 30,
    });
    expect(normalizeDuration({ hours: 2, minutes: 75, seconds: 0 })).toEqual({
      hours: 3,
      minutes: 15,
      seconds: 0,
    });
  });

  it('keeps parts whole and at least 0', () => {
    expect(durationToMs({ hours: -1, minutes: 1.7, seconds: null })).toBe(60_000);
    expect(durationToMs({})).toBe(0);
    expect(durationFromMs(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(durationFromMs(1999)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
  });

  it('reads as Chinese text', () => {
    expect(formatDuration(3_723_000)).toBe('1小时2分3秒');
    expect(formatDuration(120_000)).toBe('2分');
    expect(formatDuration(0)).toBe('0秒');
  });
});
