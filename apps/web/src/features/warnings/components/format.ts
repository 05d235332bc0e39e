import type { Warning } from '@iot/contracts/warnings';
import dayjs from 'dayjs';

/**
 * A moment as operators read it. The browser's zone is China time for the product's users, as on
 * every screen; the server counts analysis days in China time too (docs/decisions/0018).
 */
export const formatTime = (ts: number | null) =>
  ts === null ? '—' : dayjs(ts).format('YYYY-MM-DD HH:mm:ss');

/** A span in words: seconds under a minute, then the two largest units (e.g. 2天3小时, 5分12秒). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes}分${seconds % 60}秒` : `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours}小时${minutes % 60}分` : `${hours}小时`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}天${hours % 24}小时` : `${days}天`;
}

/** How long it lasted: to its release, or (still active) to now. */
export const warningDuration = (w: Warning, now: number) => (w.releasedAt ?? now) - w.startedAt;

/** The indicator a warning is about, or 整台网关 for gateway-level (offline) warnings. */
export const indicatorText = (w: Warning) =>
  w.gatewayIndicatorId === null
    ? '整台网关'
    : `${w.indicatorName ?? w.metric ?? '—'}${w.metric ? `（${w.metric}）` : ''}`;

/** A value or threshold with the indicator's unit, where it has one: "70 mg/L", "> 50 mg/L". */
export const withUnit = (text: string, unit: string | null) => (unit && text ? `${text} ${unit}` : text);

/** The value that raised it against its limit, e.g. "70 mg/L（> 50 mg/L）". */
export const valueText = (w: Warning) =>
  w.threshold
    ? `${withUnit(w.value, w.unit)}（${withUnit(w.threshold, w.unit)}）`
    : withUnit(w.value, w.unit);
