import { describe, expect, it } from 'vitest';
import { countRun } from './run-hours.js';

const MIN = 60_000;
/** 2026-03-01 00:00 China time. */
const MIDNIGHT = Date.UTC(2026, 1, 28, 16);

describe('countRun', () => {
  it('counts time from an on point to the next point, and each change to on as a start', () => {
    const points = [
      { ts: MIDNIGHT + 10 * MIN, on: true },
      { ts: MIDNIGHT + 20 * MIN, on: true },
      { ts: MIDNIGHT + 30 * MIN, on: false },
      { ts: MIDNIGHT + 40 * MIN, on: true },
      { ts: MIDNIGHT + 45 * MIN, on: false },
    ];
    const all = countRun({ watermark: -1, lastOn: null }, points);
    expect(all).toMatchObject({
      runMs: 25 * MIN,
      starts: 2,
      to: { watermark: MIDNIGHT + 45 * MIN, lastOn: false },
    });
    expect([...all.days]).toEqual([['2026-03-01', { runMs: 25 * MIN, starts: 2 }]]);
    // In two batches from the position between them: the same sums.
    const first = countRun({ watermark: -1, lastOn: null }, points.slice(0, 2));
    const second = countRun(first.to, points);
    expect(first.runMs + second.runMs).toBe(all.runMs);
    expect(first.starts + second.starts).toBe(all.starts);
  });

  it('splits running time at China-time midnight and ignores points at or before the watermark', () => {
    const result = countRun({ watermark: MIDNIGHT - 30 * MIN, lastOn: true }, [
      { ts: MIDNIGHT - 30 * MIN, on: false },
      { ts: MIDNIGHT + 15 * MIN, on: true },
    ]);
    expect(result.runMs).toBe(45 * MIN);
    expect(result.starts).toBe(0);
    expect(Object.fromEntries(result.days)).toEqual({
      '2026-02-28': { runMs: 30 * MIN, starts: 0 },
      '2026-03-01': { runMs: 15 * MIN, starts: 0 },
    });
  });

  it('adds nothing for no new points', () => {
    const from = { watermark: MIDNIGHT, lastOn: true };
    expect(countRun(from, [])).toMatchObject({ runMs: 0, starts: 0, to: from });
  });
});
