import { RepairMessages } from '@iot/contracts/data-repair';
import { describe, expect, it } from 'vitest';
import { computeChanges } from './repair-rules.js';

const float = { type: 'float' as const, decimalPlaces: 1, enums: [] };
const text = { type: 'text' as const, decimalPlaces: 0, enums: [] };
const stored = {
  before: { ts: 0, value: 10 },
  points: [
    { ts: 10, value: 11 },
    { ts: 20, value: 999 },
    { ts: 30, value: 13 },
  ],
  after: { ts: 40, value: 14 },
};

describe('repair rules', () => {
  it('replaces, adds and deletes explicit points, normalised like telemetry', () => {
    const changes = computeChanges(
      {
        mode: 'points',
        points: [
          { ts: 20, value: '12.0' },
          { ts: 25, value: 12.5 },
          { ts: 30, value: null },
          { ts: 10, value: 11 },
        ],
      },
      float,
      stored,
    );
    expect(changes).toEqual([
      { ts: 20, before: 999, after: 12 },
      { ts: 25, before: null, after: 12.5 },
      { ts: 30, before: 13, after: null },
    ]);
  });

  it('interpolates between the points around the range', () => {
    const changes = computeChanges({ mode: 'rule', rule: { kind: 'interpolate' } }, float, stored);
    expect(changes).toEqual([{ ts: 20, before: 999, after: 12 }]);
    expect(() =>
      computeChanges({ mode: 'rule', rule: { kind: 'interpolate' } }, float, { ...stored, after: null }),
    ).toThrow(RepairMessages.NO_ANCHORS);
  });

  it('sets a constant, scales, offsets and deletes', () => {
    const rule = (kind: 'constant' | 'scale' | 'offset' | 'delete', value?: number) =>
      computeChanges({ mode: 'rule', rule: { kind, value } }, float, stored).map((c) => c.after);
    expect(rule('constant', 5)).toEqual([5, 5, 5]);
    expect(rule('scale', 0.5)).toEqual([5.5, 499.5, 6.5]);
    expect(rule('offset', -1)).toEqual([10, 998, 12]);
    expect(rule('delete')).toEqual([null, null, null]);
  });

  it('refuses bad values and numeric rules on text, in Chinese', () => {
    expect(() =>
      computeChanges({ mode: 'points', points: [{ ts: 5, value: 'abc' }] }, float, stored),
    ).toThrow('第1个修正点的值：请输入数字！');
    // A typed value meets the decimal rule with the indicator's decimals (spec core §5), never rounded.
    expect(() =>
      computeChanges({ mode: 'points', points: [{ ts: 5, value: '12.04' }] }, float, stored),
    ).toThrow('第1个修正点的值：1位以内小数');
    expect(() =>
      computeChanges({ mode: 'rule', rule: { kind: 'constant', value: '1234567890' } }, float, stored),
    ).toThrow('规则的数值：只能9位以内整数');
    expect(() =>
      computeChanges({ mode: 'rule', rule: { kind: 'offset', value: 'x' } }, float, stored),
    ).toThrow('规则的数值：请输入数字！');
    expect(() => computeChanges({ mode: 'rule', rule: { kind: 'scale', value: 2 } }, text, stored)).toThrow(
      RepairMessages.NUMERIC_RULE_ONLY,
    );
  });
});
