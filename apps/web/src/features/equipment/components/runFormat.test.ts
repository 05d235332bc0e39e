import { describe, expect, it } from 'vitest';
import { today } from './runFormat';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 1, 4); // 12:00 China time
const run = {
  totalMs: 0,
  starts: 2,
  todayMs: 30 * MIN,
  todayStarts: 2,
  accountedTo: NOW - 5 * MIN,
  lastOn: true,
};

describe('today', () => {
  it('adds the time since the last counted point while the signal stays on', () => {
    expect(today(run, { value: 1, ts: NOW - MIN }, NOW)).toMatchObject({
      ms: 35 * MIN,
      starts: 2,
      totalMs: 5 * MIN,
    });
  });
  it('stops at the point that switched it off', () => {
    expect(today(run, { value: 0, ts: NOW - 2 * MIN }, NOW)).toMatchObject({ ms: 33 * MIN, starts: 2 });
  });
  it('counts a start the server has not counted yet', () => {
    const stopped = { ...run, lastOn: false };
    expect(today(stopped, { value: 1, ts: NOW - MIN }, NOW)).toMatchObject({
      ms: 31 * MIN,
      starts: 3,
      totalStarts: 3,
    });
    expect(today(stopped, undefined, NOW)).toMatchObject({ ms: 30 * MIN, starts: 2, totalStarts: 2 });
  });
});
