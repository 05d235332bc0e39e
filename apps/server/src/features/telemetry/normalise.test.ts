import { describe, expect, it } from 'vitest';
import {
  clockStatusOf,
  MAX_PAYLOAD_BYTES,
  MAX_PAYLOAD_DEPTH,
  nestsDeeperThan,
  normaliseValue,
  PayloadProblems,
  parsePayload,
  storageTime,
} from './normalise.js';

describe('parsePayload', () => {
  const entries = (text: string) => {
    const parsed = parsePayload(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.entries;
  };
  const reason = (text: string) => {
    const parsed = parsePayload(text);
    return parsed.ok ? undefined : parsed.reason;
  };

  it('reads the three accepted shapes', () => {
    expect(entries('{"cod": 12.5, "ph": 7}')).toEqual([{ ts: undefined, values: { cod: 12.5, ph: 7 } }]);
    expect(entries('{"ts": 1700000000000, "values": {"cod": 1}}')).toEqual([
      { ts: 1700000000000, values: { cod: 1 } },
    ]);
    expect(entries('[{"ts": 1, "values": {"a": 1}}, {"b": 2}]')).toEqual([
      { ts: 1, values: { a: 1 } },
      { ts: undefined, values: { b: 2 } },
    ]);
  });

  it('refuses what is not one of them, saying why', () => {
    for (const text of ['42', '"text"', 'null', '[1, 2]', '{"ts": 1, "values": 3}'])
      expect(reason(text), text).toBe(PayloadProblems.SHAPE);
    expect(reason('not json')).toBe(PayloadProblems.NOT_JSON);
    expect(reason('')).toBe(PayloadProblems.EMPTY);
    expect(reason('{"cod": 1')).toBe(PayloadProblems.TRUNCATED);
    expect(reason('[{"cod": 1}, {"cod":')).toBe(PayloadProblems.TRUNCATED);
    expect(reason(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]).toString('utf8'))).toBe(
      PayloadProblems.BINARY,
    );
  });

  it('refuses deep nesting before parsing, without recursion', () => {
    const nested = (levels: number) => `{"temp":${'{"a":'.repeat(levels)}1${'}'.repeat(levels + 1)}`;
    expect(reason(nested(MAX_PAYLOAD_DEPTH - 1))).toBeUndefined();
    expect(reason(nested(MAX_PAYLOAD_DEPTH))).toBe(PayloadProblems.TOO_DEEP);
    expect(reason(nested(20_000))).toBe(PayloadProblems.TOO_DEEP);
    expect(reason(`${'['.repeat(50_000)}${']'.repeat(50_000)}`)).toBe(PayloadProblems.TOO_DEEP);
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    expect(entries(`{"note": "${'[{'.repeat(100)}\\"${'['.repeat(100)}"}`)[0]?.values.note).toMatch(/^\[\{/);
  });

  it('refuses a payload over the size limit', () => {
    const big = JSON.stringify({ text: 'x'.repeat(MAX_PAYLOAD_BYTES) });
    expect(reason(big)).toBe(PayloadProblems.tooLarge(Buffer.byteLength(big)));
    // Counted in UTF-8 bytes: 100,000 Chinese characters are 300,000 bytes.
    expect(reason(JSON.stringify({ text: '水'.repeat(100_000) }))).toMatch(/^数据过大/);
    expect(reason(JSON.stringify({ text: '水'.repeat(80_000) }))).toBeUndefined();
  });
});

describe('nestsDeeperThan', () => {
  it('counts only brackets outside strings', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[["[[[["]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[], [], []]', 2)).toBe(false);
  });
});

describe('normaliseValue of text', () => {
  it('refuses a NUL character (PostgreSQL text cannot hold it)', () => {
    const text = { type: 'text' as const, decimalPlaces: 0, enums: [] };
    expect(normaliseValue(text, 'a\u0000b')).toEqual({ ok: false, reason: '含有空字符（\\u0000）' });
    expect(normaliseValue(text, 'a\u0001b')).toEqual({ ok: true, value: 'a\u0001b' });
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
