import type { Page, PageQuery } from '@iot/contracts';
import type { MessageType, Webhook, WebhookDelivery } from '@iot/contracts/messages';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../platform/db/schema.js';
import { json } from './messages.repository.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    url: row.url,
    secret: row.secret,
    types: json<MessageType[]>(row.types, []),
    levels: json<number[]>(row.levels, []),
    enabled: Boolean(row.enabled),
    createdAt: Number(row.created_at),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  };
}

/** Webhooks and their deliveries: the only Kysely user of their tables. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async webhooks(projectId: number): Promise<Webhook[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    return rows.map(presentWebhook);
  }

  async webhook(projectId: number, id: number): Promise<Webhook | undefined> {
    const row = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && presentWebhook(row);
  }

  async createWebhook(projectId: number, columns: Omit<WebhookRow, 'id' | 'project_id'>): Promise<number> {
    const row = await this.db
      .insertInto('webhooks')
      .values({ project_id: projectId, ...columns })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateWebhook(
    projectId: number,
    id: number,
    columns: Partial<Omit<WebhookRow, 'id' | 'project_id' | 'created_at'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set(columns)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteWebhook(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhooks')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** A delivery claimed for its first attempt: due again after `lease` if this node dies meanwhile. */
  async insertDelivery(webhookId: number, event: string, payload: string, now: number, lease: number) {
    return this.db
      .insertInto('webhook_deliveries')
      .values({
        webhook_id: webhookId,
        event,
        payload,
        status: 'pending',
        attempts: 0,
        last_status: null,
        last_error: null,
        next_attempt_at: now + lease,
        created_at: now,
        delivered_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  deliveries(projectId: number, webhookId: number, query: PageQuery): Promise<Page<WebhookDelivery>> {
    const q = this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .selectAll('d')
      .where('w.project_id', '=', projectId)
      .where('d.webhook_id', '=', webhookId);
    return paginate(q, query, (o) => o.orderBy('d.id', 'desc'), presentDelivery);
  }

  async delivery(id: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async webhookById(id: number): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Pending deliveries whose attempt is due, each claimed by pushing its due time `lease` ahead
   * (a compare-and-set, so two nodes never attempt the same one at once).
   */
  async claimDue(now: number, lease: number, limit: number): Promise<DeliveryRow[]> {
    const due = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    const claimed: DeliveryRow[] = [];
    for (const row of due) {
      const result = await this.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: now + lease })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) claimed.push(row);
    }
    return claimed;
  }

  async recordAttempt(
    id: number,
    outcome: Pick<
      DeliveryRow,
      'status' | 'attempts' | 'last_status' | 'last_error' | 'next_attempt_at' | 'delivered_at'
    >,
  ): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(outcome).where('id', '=', id).execute();
  }
}
