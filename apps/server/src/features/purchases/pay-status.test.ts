import { describe, expect, it } from 'vitest';
import { DAY_MS, payStatusFor } from './pay-status.js';

const days = { payStatusWarnDays: 30, payStatusGraceDays: 15 };
const end = Date.UTC(2026, 11, 31);
const at = (offsetDays: number) => end + offsetDays * DAY_MS;

describe('payStatusFor', () => {
  it('walks A → B → C → D across the warn days, the end and the grace days', () => {
    expect(payStatusFor('A', end, at(-31), days)).toBe('A');
    expect(payStatusFor('A', end, at(-30), days)).toBe('B');
    expect(payStatusFor('B', end, at(-0.001), days)).toBe('B');
    expect(payStatusFor('B', end, at(0), days)).toBe('C');
    expect(payStatusFor('C', end, at(14.9), days)).toBe('C');
    expect(payStatusFor('C', end, at(15), days)).toBe('D');
    expect(payStatusFor('D', end, at(-100), days)).toBe('A');
  });

  it('leaves E, F and a project without an end as they are', () => {
    expect(payStatusFor('E', end, at(-100), days)).toBe('E');
    expect(payStatusFor('F', end, at(100), days)).toBe('F');
    expect(payStatusFor('C', null, at(0), days)).toBe('C');
  });
});
