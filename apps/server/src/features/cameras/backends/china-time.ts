/** The vendors' wall-clock times are China time (UTC+8, no daylight saving), 'YYYY-MM-DD HH:mm:ss'. */
const CHINA_OFFSET_MS = 8 * 3600_000;

export function formatChinaTime(date: Date | number): string {
  const d = new Date((typeof date === 'number' ? date : date.getTime()) + CHINA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** 'YYYY-MM-DD HH:mm:ss' read as China time; null when it is not one. */
export function parseChinaTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  return Number.isNaN(ms) ? null : ms - CHINA_OFFSET_MS;
}
