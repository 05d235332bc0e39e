import { CLOCK_TOLERANCE_MS, type ClockStatus } from '@iot/contracts/gateways';
import type { IndicatorEnum, IndicatorType, PointValue } from '@iot/contracts/indicators';

/** One entry of a payload: values at a device time (or at arrival when the device sends none). */
export interface PayloadEntry {
  ts: number | undefined;
  values: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Largest message taken, in UTF-8 bytes (about 5,000 points as `{ts, values}` entries). */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/**
 * Deepest nesting of arrays and objects taken. The accepted shapes need 3 (`[{values: {…}}]`);
 * anything far deeper is refused before JSON.parse, so no later recursive walk (JSON.stringify of a
 * value for a reason or a log line) can overflow the stack on it.
 */
export const MAX_PAYLOAD_DEPTH = 32;

export const PayloadProblems = {
  EMPTY: '无法解析的数据：内容为空',
  NOT_JSON: '无法解析的数据：不是合法的 JSON',
  TRUNCATED: '无法解析的数据：JSON 不完整（可能被截断）',
  BINARY: '无法解析的数据：不是 UTF-8 文本（二进制数据）',
  SHAPE: '无法解析的数据：须为 JSON 的 {键: 值}、{ts, values} 或其数组',
  tooLarge: (bytes: number) => `数据过大：${bytes} 字节，每条最多 ${MAX_PAYLOAD_BYTES} 字节`,
  TOO_DEEP: `数据嵌套过深：超过 ${MAX_PAYLOAD_DEPTH} 层`,
} as const;

export type ParsedPayload = { ok: true; entries: PayloadEntry[] } | { ok: false; reason: string };

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether arrays and objects nest deeper than `max` in JSON text: one pass, no recursion, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Text decoded from bytes that were not UTF-8 (replacement characters), or holding control bytes. */
function looksBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || c < 0x09 || (c > 0x0d && c < 0x20)) return true;
  }
  return false;
}

/** Whether JSON.parse failed at the end of the text: a message cut short rather than malformed. */
function endsEarly(error: unknown, text: string): boolean {
  if (!(error instanceof SyntaxError)) return false;
  if (/end of JSON input/i.test(error.message)) return true;
  const position = /at position (\d+)/.exec(error.message)?.[1];
  return position !== undefined && Number(position) >= text.trimEnd().length;
}

/**
 * Reads a telemetry payload in any of the accepted shapes: `{key: value}`, `{ts, values}`, or an
 * array of these. Size and nesting are bounded before anything parses it; the answer says why a
 * payload is refused.
 */
export function parsePayload(text: string): ParsedPayload {
  // Characters first: a UTF-8 byte count is at most 3 per UTF-16 unit, so this skips counting bytes
  // for every ordinary message.
  if (text.length * 3 > MAX_PAYLOAD_BYTES) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > MAX_PAYLOAD_BYTES) return { ok: false, reason: PayloadProblems.tooLarge(bytes) };
  }
  if (text.trim() === '') return { ok: false, reason: PayloadProblems.EMPTY };
  if (nestsDeeperThan(text, MAX_PAYLOAD_DEPTH)) return { ok: false, reason: PayloadProblems.TOO_DEEP };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (looksBinary(text)) return { ok: false, reason: PayloadProblems.BINARY };
    return {
      ok: false,
      reason: endsEarly(error, text) ? PayloadProblems.TRUNCATED : PayloadProblems.NOT_JSON,
    };
  }
  const items = Array.isArray(json) ? json : [json];
  const entries: PayloadEntry[] = [];
  for (const item of items) {
    if (!isObject(item)) return { ok: false, reason: PayloadProblems.SHAPE };
    if ('ts' in item && 'values' in item) {
      if (!isObject(item.values)) return { ok: false, reason: PayloadProblems.SHAPE };
      entries.push({ ts: typeof item.ts === 'number' ? item.ts : Number.NaN, values: item.values });
    } else {
      entries.push({ ts: undefined, values: item });
    }
  }
  return { ok: true, entries };
}

/** How a value is checked and stored, from its gateway indicator and indicator. */
export interface ValueRule {
  type: IndicatorType;
  decimalPlaces: number;
  enums: IndicatorEnum[];
}

export type Normalised = { ok: true; value: PointValue } | { ok: false; reason: string };

const BOOLEAN_WORDS: Record<string, number> = { true: 1, false: 0, on: 1, off: 0, '1': 1, '0': 0 };
const MAX_TEXT = 1024;

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const parsed = Number(raw);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** Checks a raw value against its indicator's type and normalises it (decimals, enums, booleans). */
export function normaliseValue(rule: ValueRule, raw: unknown): Normalised {
  switch (rule.type) {
    case 'float': {
      const number = toNumber(raw);
      if (number === undefined) return { ok: false, reason: '不是数值' };
      return { ok: true, value: Number(number.toFixed(rule.decimalPlaces)) };
    }
    case 'integer': {
      const number = toNumber(raw);
      if (number === undefined) return { ok: false, reason: '不是数值' };
      return { ok: true, value: Math.round(number) };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw ? 1 : 0 };
      const word =
        typeof raw === 'number' || typeof raw === 'string'
          ? BOOLEAN_WORDS[String(raw).trim().toLowerCase()]
          : undefined;
      return word === undefined ? { ok: false, reason: '不是布尔值' } : { ok: true, value: word };
    }
    case 'enum': {
      const number = toNumber(raw);
      const match = rule.enums.find((e) => e.value === number || e.label === raw);
      return match ? { ok: true, value: match.value } : { ok: false, reason: '不在枚举值中' };
    }
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        return { ok: false, reason: '不是文本' };
      }
      const text = String(raw);
      if (text.length > MAX_TEXT) return { ok: false, reason: '文本过长' };
      // PostgreSQL text cannot hold it: the whole batch would fail and the message come back forever.
      if (text.includes('\u0000')) return { ok: false, reason: '含有空字符（\\u0000）' };
      return { ok: true, value: text };
    }
  }
}

/** Earliest device time taken as real; anything before is a device without a set clock. */
const EARLIEST_VALID_TS = Date.UTC(2000, 0, 1);

/** Device time against server time, with the tolerances of spec core §9. */
export function clockStatusOf(deviceTs: number, now: number): ClockStatus | null {
  if (!Number.isFinite(deviceTs) || deviceTs < EARLIEST_VALID_TS) return 'errorTime';
  const lead = deviceTs - now;
  if (lead > CLOCK_TOLERANCE_MS.leadError) return 'errorLead';
  if (lead > CLOCK_TOLERANCE_MS.lagWarning) return 'warningLead';
  const lag = -lead;
  if (lag > CLOCK_TOLERANCE_MS.lagError) return 'errorLag';
  if (lag > CLOCK_TOLERANCE_MS.lagWarning) return 'warningLag';
  return null;
}

/** Points are stored at the device's time unless its clock is broken or far ahead: then at arrival. */
export function storageTime(deviceTs: number | undefined, status: ClockStatus | null, now: number): number {
  if (deviceTs === undefined || status === 'errorTime' || status === 'errorLead') return now;
  return Math.trunc(deviceTs);
}
