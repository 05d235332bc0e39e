import { STREAM_TICKET_TTL_MS } from '@iot/contracts/cameras';
import type { SecretBox } from '../../platform/secret-box.js';

/**
 * The ticket in an HTTP-FLV play URL: the camera id and an expiry, sealed with the data key, so the
 * relay can trust a URL the play-URL route (which checked the caller's permission) handed out — a
 * video element or mpegts.js cannot send our Authorization header. It names one camera only and
 * lives 15 minutes, longer than the 5-minute play-URL cache.
 */
export class StreamTickets {
  constructor(
    private readonly box: SecretBox,
    private readonly ttlMs = STREAM_TICKET_TTL_MS,
  ) {}

  issue(cameraId: number, now = Date.now()): string {
    return this.box.seal(`cam.${cameraId}.${now + this.ttlMs}`);
  }

  /** The camera id, or null when forged, altered or expired. */
  verify(ticket: string, now = Date.now()): number | null {
    try {
      const [kind, id, expires] = this.box.open(ticket).split('.');
      if (kind !== 'cam' || Number(expires) <= now) return null;
      const cameraId = Number(id);
      return Number.isInteger(cameraId) && cameraId > 0 ? cameraId : null;
    } catch {
      return null;
    }
  }
}
