import { describe, expect, it } from 'vitest';
import { formatRate, formatSpan, typeNames } from './format';

describe('maintenance record formats', () => {
  it('names a type mask', () => {
    expect(typeNames(5)).toBe('巡检、加药');
    expect(typeNames(8)).toBe('保养');
    expect(typeNames(0)).toBe('—');
  });
  it('writes a duration in days, hours and minutes', () => {
    expect(formatSpan(null)).toBe('—');
    expect(formatSpan(12 * 60_000)).toBe('12分');
    expect(formatSpan(125 * 60_000)).toBe('2小时5分');
    expect(formatSpan(27 * 3_600_000)).toBe('1天3小时');
    expect(formatSpan(48 * 3_600_000)).toBe('2天');
  });
  it('writes a rate as a percentage', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(4 / 7)).toBe('57.1%');
  });
});
