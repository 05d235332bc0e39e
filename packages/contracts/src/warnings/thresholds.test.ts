import { describe, expect, it } from 'vitest';
import { RULE_KINDS, type RuleKind, thresholdLimits, thresholdText } from './index.js';

const rule = (kind: RuleKind, low: number | null, high: number | null) => ({
  kind,
  low,
  high,
  value: '1',
  ratePerMinute: 2.5,
  offlineMinutes: 10,
});

describe('threshold limits read back from the text', () => {
  it('give what the text was written from, for every kind with value limits', () => {
    const cases: [RuleKind, number | null, number | null][] = [
      ['above', null, 50],
      ['below', 0.35, null],
      ['outside', 6, 9],
      ['inside', -12.5, 1e-7],
    ];
    for (const [kind, low, high] of cases)
      expect(thresholdLimits(kind, thresholdText(rule(kind, low, high)))).toEqual({ low, high });
  });

  it('give none for kinds without value limits and texts they did not write', () => {
    for (const kind of RULE_KINDS.filter((k) => ['equals', 'rate', 'offline'].includes(k)))
      expect(thresholdLimits(kind, thresholdText(rule(kind, 1, 2)))).toEqual({ low: null, high: null });
    expect(thresholdLimits('above', '很高')).toEqual({ low: null, high: null });
  });
});
