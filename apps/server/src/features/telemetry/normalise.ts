import { CLOCK_TOLERANCE_MS, type ClockStatus } from '@iot/contracts/gateways';
import type { IndicatorEnum, IndicatorType, PointValue } from '@iot/contracts/indicators';

/** One entry of a payload: values at a device time (or at arrival when the device sends none). */
export interface PayloadEntry {
  ts: number | undefined;
  values: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a telemetry payload in any of the accepted shapes: `{key: value}`, `{ts, values}`, or an
 * array of these. Answers null when the text is not one of them.
 */
export function parsePayload(text: string): PayloadEntry[] | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const items = Array.isArray(json) ? json : [json];
  const entries: PayloadEntry[] = [];
  for (const item of items) {
    if (!isObject(item)) return null;
    if ('ts' in item && 'values' in item) {
      if (!isObject(item.values)) return null;
      entries.push({ ts: typeof item.ts === 'number' ? item.ts : Number.NaN, values: item.values });
    } else {
      entries.push({ ts: undefined, values: item });
    }
  }
  return entries;
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
      return text.length > MAX_TEXT ? { ok: false, reason: '文本过长' } : { ok: true, value: text };
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
