import type { WarningAnalysis } from '@iot/contracts/warnings';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fillDays, handledShare } from './analysisData';

const analysis = (fields: Partial<WarningAnalysis>): WarningAnalysis => ({
  total: 0,
  byLevel: [],
  byHandleStatus: [],
  byKind: [],
  meanHandleMs: null,
  byGateway: [],
  byIndicator: [],
  byDay: [],
  ...fields,
});

describe('analysis data', () => {
  it('fills the days without warnings with 0', () => {
    const start = dayjs('2026-11-20T00:00:00').valueOf();
    const stop = dayjs('2026-11-23T10:00:00').valueOf();
    expect(fillDays([{ day: '2026-11-21', count: 4 }], start, stop)).toEqual([
      { day: '2026-11-20', count: 0 },
      { day: '2026-11-21', count: 4 },
      { day: '2026-11-22', count: 0 },
      { day: '2026-11-23', count: 0 },
    ]);
  });

  it('keeps only the days with warnings over a very long range', () => {
    const byDay = [{ day: '2020-01-01', count: 1 }];
    expect(fillDays(byDay, dayjs('2020-01-01').valueOf(), dayjs('2026-01-01').valueOf())).toBe(byDay);
  });

  it('tells the share handled, or nothing without warnings', () => {
    expect(handledShare(analysis({}))).toBeNull();
    expect(
      handledShare(
        analysis({
          total: 4,
          byHandleStatus: [
            { handleStatus: 'handled', count: 1 },
            { handleStatus: 'unhandled', count: 3 },
          ],
        }),
      ),
    ).toBe(0.25);
  });
});
