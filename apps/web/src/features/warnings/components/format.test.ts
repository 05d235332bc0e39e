import type { Warning } from '@iot/contracts/warnings';
import { describe, expect, it } from 'vitest';
import { formatDuration, indicatorText, valueText, warningDuration } from './format';

const warning = (fields: Partial<Warning>): Warning => ({
  id: 1,
  projectId: 1,
  gatewayId: 1,
  gatewayAlias: '1号泵站',
  gatewayIndicatorId: 5,
  metric: 'cod',
  indicatorName: '化学需氧量',
  unit: 'mg/L',
  ruleId: 1,
  kind: 'above',
  level: 1,
  value: '70',
  threshold: '> 50',
  startedAt: 1_000_000,
  releasedAt: null,
  releaseValue: null,
  handleStatus: 'unhandled',
  handledBy: null,
  handledAt: null,
  cameraIds: [],
  autoCapture: false,
  ...fields,
});

describe('warning texts', () => {
  it('says a duration in its two largest units', () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(59_999)).toBe('59秒');
    expect(formatDuration(5 * 60_000 + 12_000)).toBe('5分12秒');
    expect(formatDuration(60 * 60_000)).toBe('1小时');
    expect(formatDuration(3 * 3_600_000 + 20 * 60_000)).toBe('3小时20分');
    expect(formatDuration(2 * 86_400_000 + 3 * 3_600_000)).toBe('2天3小时');
  });

  it('counts an active warning to now and a released one to its release', () => {
    expect(warningDuration(warning({}), 1_060_000)).toBe(60_000);
    expect(warningDuration(warning({ releasedAt: 1_030_000 }), 9_999_999)).toBe(30_000);
  });

  it('names the indicator, or the whole gateway for offline warnings', () => {
    expect(indicatorText(warning({}))).toBe('化学需氧量（cod）');
    expect(indicatorText(warning({ gatewayIndicatorId: null, metric: null, indicatorName: null }))).toBe(
      '整台网关',
    );
    expect(valueText(warning({}))).toBe('70 mg/L（> 50 mg/L）');
    expect(valueText(warning({ unit: '' }))).toBe('70（> 50）');
    expect(valueText(warning({ kind: 'offline', threshold: '离线 ≥ 10 分钟', unit: null }))).toBe(
      '70（离线 ≥ 10 分钟）',
    );
  });
});
