import { CameraTexts } from '@iot/contracts/cameras';
import { badRequest } from '../../platform/errors.js';

/**
 * 'YYYY-MM-DD HH:mm:ss' → epoch ms. The spec's times carry no zone: they are China time (UTC+8),
 * the product's only zone, whatever the server's TZ.
 */
export function parseSpecTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw badRequest(CameraTexts.TIME_FORMAT);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s!);
  if (Number.isNaN(ms)) throw badRequest(CameraTexts.TIME_FORMAT);
  return ms;
}

/** epoch ms → 'YYYY-MM-DD HH:mm:ss' China time. */
export function formatSpecTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
