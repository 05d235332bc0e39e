import { describe, expect, it } from 'vitest';
import { formatTooltipTime, timeTickLabel } from './chartTime';

describe('time axis labels', () => {
  it('labels days as dates and times of day as HH:mm, never a bare day number', () => {
    expect(timeTickLabel(new Date(2026, 10, 24).getTime())).toBe('11-24');
    expect(timeTickLabel(new Date(2026, 0, 1).getTime())).toBe('2026-01-01');
    expect(timeTickLabel(new Date(2026, 10, 24, 6, 0).getTime())).toBe('06:00');
    expect(timeTickLabel(new Date(2026, 10, 24, 6, 30, 15).getTime())).toBe('06:30:15');
  });

  it('dates tooltips as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTooltipTime(new Date(2026, 10, 24, 9, 5, 7).getTime())).toBe('2026-11-24 09:05:07');
  });
});
