import type { WarningAnalysis } from '@iot/contracts/warnings';
import dayjs from 'dayjs';

/** Most days drawn one bar each; a longer range shows only the days that had warnings. */
const MAX_FILLED_DAYS = 400;

/**
 * Every day of [start, stop) with its count, days without warnings as 0, so the bars keep the
 * calendar's rhythm. Days are the browser's local days, China time for operators, as the server's.
 */
export function fillDays(byDay: WarningAnalysis['byDay'], start: number, stop: number) {
  const counts = new Map(byDay.map((d) => [d.day, d.count]));
  const first = dayjs(start).startOf('day');
  if (stop <= start || dayjs(stop).diff(first, 'day') > MAX_FILLED_DAYS) return byDay;
  const days: WarningAnalysis['byDay'] = [];
  for (let d = first; d.valueOf() < stop; d = d.add(1, 'day')) {
    const day = d.format('YYYY-MM-DD');
    days.push({ day, count: counts.get(day) ?? 0 });
  }
  return days;
}

/** Share of the range's warnings marked 已处理, 0–1; null when there were none. */
export function handledShare(analysis: WarningAnalysis): number | null {
  if (analysis.total === 0) return null;
  const handled = analysis.byHandleStatus.find((s) => s.handleStatus === 'handled')?.count ?? 0;
  return handled / analysis.total;
}
