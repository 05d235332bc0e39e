import type { FastifyBaseLogger } from 'fastify';
import { signedPost } from '../../platform/signed-post.js';
import type { DeliveryRow, WebhooksRepository } from './webhooks.repository.js';

/** An attempt that has not answered after this long is due again (covers a node dying mid-attempt). */
export const DELIVERY_LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/**
 * Webhook deliveries (docs/decisions/0020-messages.md): a signed JSON POST; a 2xx answer
 * delivers, anything else (or no answer within 10 s) is retried after each of the configured
 * delays, then given up as failed. Deliveries are rows, so retries survive restarts.
 */
export class WebhookDeliverer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly retryDelaysMs: number[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The project's webhooks, to pick those a notification goes to. */
  projectWebhooks(projectId: number) {
    return this.repository.webhooks(projectId);
  }

  /** Records a delivery and makes its first attempt now (without waiting for it). */
  async enqueue(webhookId: number, event: string, payload: object): Promise<DeliveryRow> {
    const row = await this.repository.insertDelivery(
      webhookId,
      event,
      JSON.stringify(payload),
      Date.now(),
      DELIVERY_LEASE_MS,
    );
    this.track(this.attempt(row));
    return row;
  }

  /** Attempts every due delivery (the retry job). */
  async retryDue(now = Date.now()): Promise<void> {
    const due = await this.repository.claimDue(now, DELIVERY_LEASE_MS, 50);
    await Promise.all(due.map((row) => this.attempt(row)));
  }

  /** Waits for the attempts under way. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    // A failure here (the database away while the attempt is recorded) is logged; the lease runs out
    // and the retry job attempts the delivery again.
    const settled = work.catch((error: unknown) => this.log.error({ err: error }, 'webhook attempt failed'));
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  private async attempt(row: DeliveryRow): Promise<void> {
    const webhook = await this.repository.webhookById(row.webhook_id);
    if (!webhook) return;
    const body = JSON.stringify({ id: row.id, ...(JSON.parse(row.payload) as object) });
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answer = await signedPost(webhook.url, body, {
        secret: webhook.secret,
        headers: { 'x-iot-event': row.event, 'x-iot-delivery': String(row.id) },
        timeoutMs: TIMEOUT_MS,
      });
      status = answer.status;
      if (status < 200 || status >= 300) error = answer.text.slice(0, 500) || `HTTP ${status}`;
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500);
    }
    const attempts = row.attempts + 1;
    const now = Date.now();
    if (error === null) {
      await this.repository.recordAttempt(row.id, {
        status: 'delivered',
        attempts,
        last_status: status,
        last_error: null,
        next_attempt_at: null,
        delivered_at: now,
      });
      return;
    }
    const delay = this.retryDelaysMs[attempts - 1];
    this.log.warn(
      { webhookId: webhook.id, delivery: row.id, attempts, status, error, retry: delay !== undefined },
      'webhook delivery failed',
    );
    await this.repository.recordAttempt(row.id, {
      status: delay === undefined ? 'failed' : 'pending',
      attempts,
      last_status: status,
      last_error: error,
      next_attempt_at: delay === undefined ? null : now + delay,
      delivered_at: null,
    });
  }
}
