import { REJECTION_LIMITS } from '@iot/contracts/gateways';
import type { FastifyBaseLogger } from 'fastify';
import type { NewRejection, RejectionsRepository } from './rejections.repository.js';

/** Sampling and retention of rejected payloads. */
export interface RejectionLimits {
  /** Rows kept per gateway; older ones are pruned after each write. */
  keptPerGateway: number;
  /** Rows recorded per gateway per window; the rest are only counted. */
  perWindow: number;
  windowMs: number;
  payloadBytes: number;
  /** Rows waiting for the next write, all gateways together (the database may be slow or down). */
  maxBuffered: number;
}

const DEFAULT_LIMITS: RejectionLimits = { ...REJECTION_LIMITS, maxBuffered: 10_000 };
/** Problems named in one reason; the rest are counted. */
const MAX_PROBLEMS = 10;
const MAX_REASON = 1000;
const MAX_TOPIC = 256;

interface Window {
  start: number;
  kept: number;
  dropped: number;
  lastDroppedAt: number;
  lastTopic: string;
}

/**
 * Keeps what the ingest pipeline rejected, off its hot path: `record` only appends to memory (it
 * never awaits and never throws); `flush` (a job every second, and on shutdown) writes the buffer
 * in one batch and prunes each touched gateway to its newest rows. A flood is sampled per gateway
 * and window; when the window closes a row says how many were not kept.
 */
export class RejectionRecorder {
  private buffer: NewRejection[] = [];
  private readonly windows = new Map<number, Window>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: RejectionsRepository,
    private readonly log: FastifyBaseLogger,
    private readonly limits: RejectionLimits = DEFAULT_LIMITS,
  ) {}

  /** Notes one rejected message and the problems found in it (each a Chinese sentence). */
  record(gatewayId: number, topic: string, problems: string[], payload: string, now: number): void {
    let window = this.windows.get(gatewayId);
    if (window && now - window.start >= this.limits.windowMs) {
      this.close(gatewayId, window);
      window = undefined;
    }
    if (!window) {
      window = { start: now, kept: 0, dropped: 0, lastDroppedAt: 0, lastTopic: '' };
      this.windows.set(gatewayId, window);
    }
    if (window.kept >= this.limits.perWindow || this.buffer.length >= this.limits.maxBuffered) {
      window.dropped += 1;
      window.lastDroppedAt = now;
      window.lastTopic = topic;
      return;
    }
    window.kept += 1;
    this.buffer.push({
      gatewayId,
      receivedAt: now,
      topic: storable(topic.slice(0, MAX_TOPIC)),
      reason: storable(describe(problems)),
      payload: storable(truncateBytes(payload, this.limits.payloadBytes)),
    });
  }

  /** Closes the windows that are over, then writes what is buffered; never rejects. */
  flush(now = Date.now()): Promise<void> {
    this.flushing = this.flushing.then(() => this.write(now));
    return this.flushing;
  }

  private async write(now: number): Promise<void> {
    for (const [gatewayId, window] of this.windows) {
      if (now - window.start >= this.limits.windowMs) {
        this.close(gatewayId, window);
        this.windows.delete(gatewayId);
      }
    }
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    try {
      await this.repository.insert(rows);
    } catch {
      // Most likely a gateway deleted meanwhile (foreign key): keep the other gateways' rows.
      const byGateway = new Map<number, NewRejection[]>();
      for (const row of rows) byGateway.set(row.gatewayId, [...(byGateway.get(row.gatewayId) ?? []), row]);
      for (const [gatewayId, ofGateway] of byGateway) {
        await this.repository.insert(ofGateway).catch((err: unknown) => {
          this.log.warn({ err, gatewayId, rows: ofGateway.length }, 'rejected payloads not recorded');
        });
      }
    }
    for (const gatewayId of new Set(rows.map((row) => row.gatewayId))) {
      await this.repository.prune(gatewayId, this.limits.keptPerGateway).catch((err: unknown) => {
        this.log.warn({ err, gatewayId }, 'rejected payloads not pruned');
      });
    }
  }

  /** A window is over: if some rejections were only counted, one row says how many. */
  private close(gatewayId: number, window: Window): void {
    if (window.dropped === 0) return;
    this.buffer.push({
      gatewayId,
      receivedAt: window.lastDroppedAt,
      topic: window.lastTopic.slice(0, MAX_TOPIC),
      reason: `另有 ${window.dropped} 条被拒数据未记录（每台网关每 ${this.limits.windowMs / 1000} 秒最多记录 ${this.limits.perWindow} 条）`,
      payload: '',
    });
  }
}

/**
 * PostgreSQL text cannot hold U+0000 (binary payloads, a key written "\u0000"): one such row would
 * fail the whole batch. It is shown as U+FFFD, like any other byte that is not text.
 */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}

function describe(all: string[]): string {
  const problems = [...new Set(all)];
  const named = problems.slice(0, MAX_PROBLEMS).join('；');
  const more = problems.length > MAX_PROBLEMS ? `；另有 ${problems.length - MAX_PROBLEMS} 项` : '';
  const reason = named + more;
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
}

/** The first `max` bytes of the UTF-8 text, never cutting a character in two. */
export function truncateBytes(text: string, max: number): string {
  // A character is at most 4 UTF-8 bytes (a surrogate pair is 2 UTF-16 units for 4 bytes).
  if (text.length * 3 <= max) return text;
  const bytes = Buffer.from(text.slice(0, max), 'utf8');
  if (bytes.length <= max) return text.slice(0, max);
  return bytes
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}
