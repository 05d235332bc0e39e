import { describe, expect, it } from 'vitest';
import { clockStatusOf, normaliseValue, parsePayload, storageTime } from './normalise.js';

describe('parsePayload', () => {
  it('reads the three accepted shapes', () => {
    expect(parsePayload('{"cod": 12.5, "ph": 7}')).toEqual([{ ts: undefined, values: { cod: 12.5, ph: 7 } }]);
    expect(parsePayload('{"ts": 1700000000000, "values": {"cod": 1}}')).toEqual([
      { ts: 1700000000000, values: { cod: 1 } },
    ]);
    expect(parsePayload('[{"ts": 1, "values": {"a": 1}}, {"b": 2}]')).toEqual([
      { ts: 1, values: { a: 1 } },
      { ts: undefined, values: { b: 2 } },
    ]);
  });

  it('refuses what is not one of them', () => {
    for (const text of ['not json', '42', '"text"', 'null', '[1, 2]', '{"ts": 1, "values": 3}']) {
      expect(parsePayload(text), text).toBeNull();
    }
  });
});

describe('normaliseValue', () => {
  const rule = (type: 'float' | 'integer' | 'boolean' | 'text' | 'enum', decimalPlaces = 2) => ({
    type,
    decimalPlaces,
    enums: [
      { value: 0, label: '停止' },
      { value: 1, label: '运行' },
    ],
  });

  it('rounds floats to the indicator’s decimal places and accepts numeric text', () => {
    expect(normaliseValue(rule('float', 2), 12.3456)).toEqual({ ok: true, value: 12.35 });
    expect(normaliseValue(rule('float', 0), '7.6')).toEqual({ ok: true, value: 8 });
    expect(normaliseValue(rule('float'), 'abc').ok).toBe(false);
    expect(normaliseValue(rule('float'), null).ok).toBe(false);
    expect(normaliseValue(rule('float'), Number.POSITIVE_INFINITY).ok).toBe(false);
  });

  it('maps booleans, enums and text', () => {
    expect(normaliseValue(rule('boolean'), true)).toEqual({ ok: true, value: 1 });
    expect(normaliseValue(rule('boolean'), 'OFF')).toEqual({ ok: true, value: 0 });
    expect(normaliseValue(rule('boolean'), 'maybe').ok).toBe(false);
    expect(normaliseValue(rule('enum'), 1)).toEqual({ ok: true, value: 1 });
    expect(normaliseValue(rule('enum'), '停止')).toEqual({ ok: true, value: 0 });
    expect(normaliseValue(rule('enum'), 5).ok).toBe(false);
    expect(normaliseValue(rule('integer'), 3.6)).toEqual({ ok: true, value: 4 });
    expect(normaliseValue(rule('text'), 42)).toEqual({ ok: true, value: '42' });
    expect(normaliseValue(rule('text'), { a: 1 }).ok).toBe(false);
  });
});

describe('clock', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const minutes = (n: number) => n * 60_000;

  it('applies the tolerances of spec core §9', () => {
    expect(clockStatusOf(now - minutes(5), now)).toBeNull();
    expect(clockStatusOf(now - minutes(11), now)).toBe('warningLag');
    expect(clockStatusOf(now - minutes(49 * 60), now)).toBe('errorLag');
    expect(clockStatusOf(now + minutes(11), now)).toBe('warningLead');
    expect(clockStatusOf(now + minutes(61), now)).toBe('errorLead');
    expect(clockStatusOf(0, now)).toBe('errorTime');
    expect(clockStatusOf(Number.NaN, now)).toBe('errorTime');
  });

  it('stores points at arrival when the device clock cannot be trusted', () => {
    expect(storageTime(now - 1000, null, now)).toBe(now - 1000);
    expect(storageTime(undefined, null, now)).toBe(now);
    expect(storageTime(now + minutes(120), 'errorLead', now)).toBe(now);
    expect(storageTime(5, 'errorTime', now)).toBe(now);
  });
});
