import { describe, expect, it } from 'vitest';
import { periodBounds } from './statistics.service.js';

const local = (iso: string) => Date.parse(`${iso}+08:00`);

describe('period bounds', () => {
  it('answers local midnights of months of different lengths, across a year end', () => {
    const bounds = periodBounds(local('2025-12-15T10:00:00'), local('2026-03-01T00:00:00'), 'month', 480);
    expect(bounds).toEqual([
      local('2025-12-01T00:00:00'),
      local('2026-01-01T00:00:00'),
      local('2026-02-01T00:00:00'),
      local('2026-03-01T00:00:00'),
    ]);
  });

  it('aligns days to local midnight even when UTC is still on the previous day', () => {
    // 2026-01-31T00:30+08:00 is 2026-01-30T16:30Z
    const bounds = periodBounds(local('2026-01-31T00:30:00'), local('2026-02-01T12:00:00'), 'day', 480);
    expect(bounds).toEqual([
      local('2026-01-31T00:00:00'),
      local('2026-02-01T00:00:00'),
      local('2026-02-02T00:00:00'),
    ]);
    expect(periodBounds(Date.UTC(2026, 0, 1, 5), Date.UTC(2026, 0, 2), 'day', 0)).toEqual([
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 2),
    ]);
  });

  it('handles offsets west of UTC', () => {
    const bounds = periodBounds(Date.UTC(2026, 1, 1, 2), Date.UTC(2026, 1, 1, 4), 'month', -300);
    // 02:00Z on 1 February is still 31 January at UTC-5
    expect(bounds).toEqual([Date.UTC(2026, 0, 1, 5), Date.UTC(2026, 1, 1, 5)]);
  });
});
