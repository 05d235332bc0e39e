import dayjs, { type Dayjs } from 'dayjs';

/**
 * The camera platforms' times ('YYYY-MM-DD HH:mm:ss': the playback range asked, the records
 * answered) are China time (UTC+8), as the server reads them; this page shows times in the
 * browser's zone, like every other screen. The two agree in China; elsewhere these convert.
 */
export const SPEC_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const CHINA_OFFSET_MINUTES = 480;

/** A moment picked here → its China wall-clock text. */
export function toChinaTime(d: Dayjs): string {
  return d.add(CHINA_OFFSET_MINUTES - d.utcOffset(), 'minute').format(SPEC_TIME_FORMAT);
}

/** A China wall-clock text → the same moment in this browser's zone (the text itself if unreadable). */
export function fromChinaTime(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - CHINA_OFFSET_MINUTES * 60_000;
  return dayjs(ms).format(SPEC_TIME_FORMAT);
}
