import type { GatewayIndicator } from '@iot/contracts/indicators';
import { describe, expect, it } from 'vitest';
import { formatValue, trafficSlots } from './format';

const indicator = (over: Partial<GatewayIndicator['indicator']>, decimalPlaces: number | null = null) =>
  ({
    decimalPlaces,
    indicator: { id: 1, name: 'x', type: 'float', unit: '', decimalPlaces: 2, indicatorEnums: [], ...over },
  }) as GatewayIndicator;

describe('formatValue', () => {
  it('uses the gateway indicator decimals before the indicator ones, then the unit', () => {
    expect(formatValue(indicator({}), 7.256, 'mg/L')).toBe('7.26 mg/L');
    expect(formatValue(indicator({}, 0), 7.6, '')).toBe('8');
  });
  it('shows enum labels and boolean words, and a dash without a value', () => {
    const pump = indicator({ type: 'enum', indicatorEnums: [{ value: 1, label: '运行' }] });
    expect(formatValue(pump, 1, '')).toBe('运行');
    expect(formatValue(indicator({ type: 'boolean' }), 0, '')).toBe('否');
    expect(formatValue(indicator({}), undefined, 'm')).toBe('—');
    expect(formatValue(null, 'abc', '')).toBe('abc');
  });
});

describe('trafficSlots', () => {
  const series = (points: [number, number][]) => ({
    gateway: '1',
    metric: 'm',
    points: points.map(([ts, count]) => ({ ts, count })),
  });

  it('fills every minute bucket of the hour and sums the series', () => {
    const start = 1_000_000;
    const slots = trafficSlots({
      start,
      stop: start + 3600_000,
      width: 60_000,
      series: [series([[start + 120_000, 3]]), series([[start + 120_000, 2]])],
    });
    expect(slots).toHaveLength(60);
    expect(slots[2]).toEqual([start + 120_000, 5]);
    expect(slots.filter(([, n]) => n > 0)).toHaveLength(1);
  });
  it('aligns hour buckets to the hour, the first starting at the range start', () => {
    const start = 10 * 3600_000 + 1234;
    const slots = trafficSlots({
      start,
      stop: start + 24 * 3600_000,
      width: 3600_000,
      series: [
        series([
          [start, 1],
          [11 * 3600_000, 4],
        ]),
      ],
    });
    expect(slots[0]).toEqual([start, 1]);
    expect(slots[1]).toEqual([11 * 3600_000, 4]);
    expect(slots).toHaveLength(25);
  });
  it('gives nothing to draw without any point', () => {
    expect(trafficSlots({ start: 0, stop: 3600_000, width: 60_000, series: [series([])] })).toEqual([]);
  });
});
