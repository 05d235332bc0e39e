import { describe, expect, it } from 'vitest';
import type { IndicatorMeta } from '../monitoring/index';
import { rankingNumber, rankingText } from './rankingFormat';

const cod: IndicatorMeta = {
  id: 1,
  gatewayId: 7,
  gatewayAlias: '格栅间网关',
  metric: 'cod',
  alias: 'COD',
  type: 'float',
  unit: 'mg/L',
  decimalPlaces: 2,
  enums: [],
};

describe('rankingText', () => {
  it("shows a statistic with its indicator's decimals and unit", () => {
    expect(rankingText(cod, 46.02291666666667, 'avg')).toBe('46.02 mg/L');
    expect(rankingText({ ...cod, decimalPlaces: 0 }, 46.6, 'max')).toBe('47 mg/L');
  });

  it('shows a count as a plain number', () => {
    expect(rankingText(cod, 1440, 'count')).toBe('1440');
  });

  it('keeps up to 4 decimals when the indicator fixes none, and no data as null', () => {
    expect(rankingText({ ...cod, decimalPlaces: null, unit: '' }, 1 / 3, 'avg')).toBe('0.3333');
    expect(rankingText(cod, null, 'avg')).toBeNull();
  });
});

describe('rankingNumber', () => {
  it('rounds the exported number to the decimals shown', () => {
    expect(rankingNumber(cod, 46.02291666666667, 'avg')).toBe(46.02);
    expect(rankingNumber(cod, 1440, 'count')).toBe(1440);
  });
});
