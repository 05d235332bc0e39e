import { ruleBody, type WarningRule } from '@iot/contracts/warnings';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { NEW_RULE, ruleBodyOf, scheduleText, thresholdNumber, thresholdText, valuesOfRule } from './ruleForm';
import { fillTemplate, insertPlaceholder } from './templatePreview';

const rule: WarningRule = {
  id: 7,
  projectId: 1,
  gatewayId: 3,
  gatewayAlias: '1号出水口',
  gatewayIndicatorId: 11,
  metric: 'ph',
  indicatorName: 'pH',
  unit: '',
  name: 'pH 超限',
  kind: 'outside',
  level: 1,
  low: 6,
  high: 9,
  value: null,
  ratePerMinute: null,
  offlineMinutes: null,
  delaySeconds: 60,
  delayCount: 3,
  hysteresis: 0.2,
  schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
  modeIds: [2],
  equipmentFault: true,
  cameraIds: [],
  autoCapture: false,
  enabled: true,
  createdAt: 0,
};

describe('rule form', () => {
  it('turns a stored rule into form values and back into the same body', () => {
    const body = ruleBodyOf(valuesOfRule(rule));
    expect(ruleBody.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      gatewayIndicatorId: 11,
      gatewayId: null,
      kind: 'outside',
      low: 6,
      high: 9,
      schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
      modeIds: [2],
      equipmentFault: true,
    });
  });

  it('clears the fields the kind does not use, and the delays of an offline rule', () => {
    const body = ruleBodyOf({ ...valuesOfRule(rule), kind: 'offline', gatewayId: 3, offlineMinutes: 10 });
    expect(body).toMatchObject({ gatewayIndicatorId: null, gatewayId: 3, low: null, high: null });
    expect(body).toMatchObject({ offlineMinutes: 10, delaySeconds: 0, delayCount: 0, hysteresis: 0 });
    expect(body.equipmentFault).toBe(false);
  });

  it('sends a missing threshold as null so the server names it', () => {
    const result = ruleBody.safeParse(ruleBodyOf({ ...NEW_RULE, gatewayIndicatorId: 1 }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['high'], message: '请填写阈值' });
  });

  it('keeps a schedule picked in the form as HH:mm', () => {
    const body = ruleBodyOf({
      ...NEW_RULE,
      gatewayIndicatorId: 1,
      high: 50,
      scheduled: true,
      scheduleDays: [6, 7],
      scheduleTime: [dayjs('2026-01-01 08:00'), dayjs('2026-01-01 18:30')],
    });
    expect(body.schedule).toEqual({ days: [6, 7], from: '08:00', to: '18:30' });
  });

  it('reads thresholds and schedules as people write them', () => {
    expect(thresholdText(rule)).toBe('< 6 或 > 9');
    expect(thresholdText({ ...rule, kind: 'above', high: 50 })).toBe('> 50');
    expect(scheduleText(rule.schedule)).toBe('周一至周五 22:00–06:00（次日）');
    expect(scheduleText({ days: [6, 7], from: '08:00', to: '18:00' })).toBe('周六、周日 08:00–18:00');
    expect(scheduleText(null)).toBe('全天');
  });
});

describe('template preview', () => {
  it('fills known placeholders and leaves unknown ones as written', () => {
    expect(fillTemplate('{gatewayAlias} {value} {unknown}', { gatewayAlias: '1号', value: '62.5' })).toBe(
      '1号 62.5 {unknown}',
    );
  });

  it('inserts a placeholder over the selection and puts the caret after it', () => {
    expect(insertPlaceholder('当前值，阈值', 'value', 3, 3)).toEqual({
      text: '当前值{value}，阈值',
      caret: 10,
    });
  });
});

describe('thresholds typed as text', () => {
  it('reads numbers, blanks as null and anything else as NaN (the form says 请输入数字！)', () => {
    expect(thresholdNumber(' 12.5 ')).toBe(12.5);
    expect(thresholdNumber('-3')).toBe(-3);
    expect(thresholdNumber(7)).toBe(7);
    expect(thresholdNumber('  ')).toBeNull();
    expect(thresholdNumber(undefined)).toBeNull();
    expect(thresholdNumber('abc')).toBeNaN();
    expect(thresholdNumber('1,5')).toBeNaN();
  });
  it('sends what was typed as numbers', () => {
    const body = ruleBodyOf({ ...NEW_RULE, gatewayIndicatorId: 11, kind: 'outside', low: '6', high: '9.5' });
    expect(body).toMatchObject({ low: 6, high: 9.5 });
  });
});
