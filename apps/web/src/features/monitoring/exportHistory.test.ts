import { describe, expect, it } from 'vitest';
import { EXCEL_DATE_TIME } from '../../components/exportXlsx';
import { longSheet, wideSheet } from './exportHistory';
import type { IndicatorMeta } from './format';

const meta = (over: Partial<IndicatorMeta>): IndicatorMeta => ({
  id: 1,
  gatewayId: 7,
  gatewayAlias: '格栅间网关',
  metric: 'cod',
  alias: 'COD',
  type: 'float',
  unit: 'mg/L',
  decimalPlaces: 2,
  enums: [],
  ...over,
});

const metas = new Map<string, IndicatorMeta>([
  ['7:cod', meta({})],
  [
    '7:pump',
    meta({
      metric: 'pump',
      alias: '提升泵',
      type: 'enum',
      unit: '',
      decimalPlaces: null,
      enums: [
        { value: 0, label: '停止' },
        { value: 1, label: '运行' },
      ],
    }),
  ],
  ['8:cod', meta({ gatewayId: 8, gatewayAlias: '出水网关', decimalPlaces: 1 })],
]);
const gateways = new Map([
  [7, '格栅间网关'],
  [8, '出水网关'],
]);
const t0 = new Date(2026, 10, 24, 8, 0, 0).getTime();
const points = [
  { gateway: '7', metric: 'cod', ts: t0, value: 46.02291666666667 },
  { gateway: '7', metric: 'pump', ts: t0, value: 1 },
  { gateway: '8', metric: 'cod', ts: t0 + 60_000, value: 12.34 },
  { gateway: '7', metric: 'cod', ts: t0 + 60_000, value: 47 },
];

describe('wideSheet', () => {
  it('writes one row per time and one column per indicator, headed with gateway, name and unit', () => {
    const sheet = wideSheet(points, metas, gateways);
    expect(sheet.columns.map((c) => c.header)).toEqual([
      '时间',
      '格栅间网关 · COD（mg/L）',
      '格栅间网关 · 提升泵',
      '出水网关 · COD（mg/L）',
    ]);
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows[0]).toMatchObject({ '7:cod': 46.02, '7:pump': '运行' });
    expect(sheet.rows[0]).not.toHaveProperty('8:cod');
    expect(sheet.rows[1]).toMatchObject({ '7:cod': 47, '8:cod': 12.3 });
  });

  it('makes times Excel date cells and numbers carry their decimals as a number format', () => {
    const sheet = wideSheet(points, metas, gateways);
    expect(sheet.rows[0]!.time).toBeInstanceOf(Date);
    expect(sheet.columns[0]!.numFmt).toBe(EXCEL_DATE_TIME);
    expect(sheet.columns[1]!.numFmt).toBe('0.00');
    expect(sheet.columns[3]!.numFmt).toBe('0.0');
    expect(sheet.columns[2]!.numFmt).toBeUndefined();
  });

  it('orders rows by time', () => {
    const sheet = wideSheet([...points].reverse(), metas, gateways);
    expect((sheet.rows[0]!.time as Date).getTime()).toBeLessThan((sheet.rows[1]!.time as Date).getTime());
  });
});

describe('longSheet', () => {
  it('keeps one row per point, with a date cell, the value as its indicator reads and the unit', () => {
    const sheet = longSheet(points, metas, gateways);
    expect(sheet.columns.map((c) => c.header)).toEqual(['时间', '网关', '指标', '数据标识', '数值', '单位']);
    expect(sheet.rows).toHaveLength(4);
    expect(sheet.rows[0]).toMatchObject({
      gateway: '格栅间网关',
      indicator: 'COD',
      value: 46.02,
      unit: 'mg/L',
    });
    expect(sheet.rows[1]).toMatchObject({ value: '运行', unit: '' });
    expect(sheet.rows[0]!.time).toBeInstanceOf(Date);
  });
});
