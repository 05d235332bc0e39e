import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromChinaTime, SPEC_TIME_FORMAT, toChinaTime } from './china-time';

/** The playback range and records travel in China time whatever zone the browser (this test's TZ) is in. */
describe('China time of the playback range and records', () => {
  const moment = Date.UTC(2026, 10, 25, 4, 56, 47);

  it('sends a picked moment as its China wall-clock time', () => {
    expect(toChinaTime(dayjs(moment))).toBe('2026-11-25 12:56:47');
    expect(toChinaTime(dayjs(Date.UTC(2026, 10, 25, 20, 0, 0)))).toBe('2026-11-26 04:00:00');
  });

  it('shows a record time in the browser zone, and round-trips', () => {
    expect(fromChinaTime('2026-11-25 12:56:47')).toBe(dayjs(moment).format(SPEC_TIME_FORMAT));
    expect(toChinaTime(dayjs(fromChinaTime('2026-11-25 12:56:47')))).toBe('2026-11-25 12:56:47');
    expect(fromChinaTime('not a time')).toBe('not a time');
  });
});
