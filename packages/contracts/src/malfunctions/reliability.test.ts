import { describe, expect, it } from 'vitest';
import { combineReliability, durationText, reliability } from './reliability.js';

const H = 3_600_000;

describe('MTBF and MTTR over a range', () => {
  const range = { from: 0, to: 100 * H };

  it('computes the figures of a known set', () => {
    // Three failures in the range: 2 h, 4 h and one still open since 90 h; now is 100 h.
    const r = reliability(
      range,
      [
        { startedAt: 10 * H, endedAt: 12 * H },
        { startedAt: 50 * H, endedAt: 54 * H },
        { startedAt: 90 * H, endedAt: null },
      ],
      100 * H,
    );
    expect(r.failures).toBe(3);
    expect(r.repaired).toBe(2);
    expect(r.mttrMs).toBe(3 * H);
    expect(r.downtimeMs).toBe(16 * H);
    expect(r.observedMs).toBe(100 * H);
    expect(r.mtbfMs).toBe(28 * H);
    expect(r.availability).toBeCloseTo(0.84);
  });

  it('clips intervals to the range, counts overlapping records once, and ends at now', () => {
    const r = reliability(
      range,
      [
        // Started before the range: downtime from its start only, not a failure of the range, but repaired in it.
        { startedAt: -5 * H, endedAt: 5 * H },
        // A signal and a warning on the same fault: 20–30 and 25–35 → 15 h down.
        { startedAt: 20 * H, endedAt: 30 * H },
        { startedAt: 25 * H, endedAt: 35 * H },
      ],
      60 * H,
    );
    expect(r.observedMs).toBe(60 * H);
    expect(r.downtimeMs).toBe(20 * H);
    expect(r.failures).toBe(2);
    expect(r.repaired).toBe(3);
    expect(r.mttrMs).toBe(10 * H);
    expect(r.mtbfMs).toBe(20 * H);
  });

  it('has no MTBF without failures and no MTTR without repairs', () => {
    const r = reliability(range, [], 200 * H);
    expect(r).toMatchObject({ failures: 0, mtbfMs: null, mttrMs: null, downtimeMs: 0, availability: 1 });
    expect(reliability({ from: 10, to: 20 }, [], 5).availability).toBeNull();
  });

  it('adds pieces up for a site', () => {
    const a = reliability(range, [{ startedAt: 10 * H, endedAt: 12 * H }], 100 * H);
    const b = reliability(
      range,
      [
        { startedAt: 20 * H, endedAt: 26 * H },
        { startedAt: 40 * H, endedAt: 42 * H },
      ],
      100 * H,
    );
    const total = combineReliability([a, b]);
    expect(total).toMatchObject({ failures: 3, repaired: 3, downtimeMs: 10 * H, observedMs: 200 * H });
    expect(total.mttrMs).toBeCloseTo((10 * H) / 3);
    expect(total.mtbfMs).toBeCloseTo((190 * H) / 3);
    expect(combineReliability([]).mtbfMs).toBeNull();
  });

  it('writes durations in Chinese', () => {
    expect(durationText(12_000)).toBe('12秒');
    expect(durationText(5 * 60_000 + 12_000)).toBe('5分12秒');
    expect(durationText(3 * H + 5 * 60_000)).toBe('3小时5分');
    expect(durationText(51 * H)).toBe('2天3小时');
  });
});
