import { describe, expect, it } from 'vitest';
import { formatValue, formatWithUnit, type IndicatorMeta, isStale, STALE_AFTER_MS } from './format';

const meta = (over: Partial<IndicatorMeta>): IndicatorMeta => ({
  id: 1,
  gatewayId: 1,
  gatewayAlias: 'g',
  metric: 'm',
  alias: 'a',
  type: 'float',
  unit: 'mg/L',
  decimalPlaces: 2,
  enums: [],
  ...over,
});

describe('formatValue', () => {
  it('applies the decimal places and the unit', () => {
    expect(formatValue(meta({}), 1.23456)).toBe('1.23');
    expect(formatWithUnit(meta({ decimalPlaces: 0 }), 7.6)).toBe('8 mg/L');
  });
  it('shows enum values by their labels, booleans as 是/否, without a unit', () => {
    const mode = meta({ type: 'enum', unit: 'x', enums: [{ value: 1, label: '自动' }] });
    expect(formatWithUnit(mode, 1)).toBe('自动');
    expect(formatValue(meta({ type: 'boolean' }), 1)).toBe('是');
    expect(formatValue(meta({ type: 'boolean' }), 0)).toBe('否');
  });
  it('shows a dash for no value and text as it is', () => {
    expect(formatWithUnit(meta({}), undefined)).toBe('—');
    expect(formatValue(meta({ type: 'text', decimalPlaces: null }), 'abc')).toBe('abc');
  });
});

describe('isStale', () => {
  it('marks values past the lag warning, or of an offline gateway', () => {
    expect(isStale(1000, 1000 + STALE_AFTER_MS - 1)).toBe(false);
    expect(isStale(1000, 1000 + STALE_AFTER_MS + 1)).toBe(true);
    expect(isStale(1000, 1000, false)).toBe(true);
  });
});
