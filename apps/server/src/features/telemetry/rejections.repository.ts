import type { Page, PageQuery } from '@iot/contracts';
import type { GatewayRejection } from '@iot/contracts/gateways';
import type { Kysely } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';

/** A rejection ready to store. */
export interface NewRejection {
  gatewayId: number;
  receivedAt: number;
  topic: string;
  reason: string;
  payload: string;
}

/** Who is asking: a project sees the gateways bound to it, a firm the gateways it made. */
export type RejectionOwner = { projectId: number } | { firmId: number };

/** Rejected payloads per gateway; the only Kysely user of gateway_rejections. */
export class RejectionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a batch in one statement per 500 rows. */
  async insert(rows: NewRejection[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insertInto('gateway_rejections')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            gateway_id: r.gatewayId,
            received_at: r.receivedAt,
            topic: r.topic,
            reason: r.reason,
            payload: r.payload,
          })),
        )
        .execute();
    }
  }

  /** Deletes all but the newest `keep` rows of a gateway: two index range reads, no count. */
  async prune(gatewayId: number, keep: number): Promise<void> {
    const oldestKept = await this.db
      .selectFrom('gateway_rejections')
      .select('id')
      .where('gateway_id', '=', gatewayId)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep - 1)
      .executeTakeFirst();
    if (!oldestKept) return;
    await this.db
      .deleteFrom('gateway_rejections')
      .where('gateway_id', '=', gatewayId)
      .where('id', '<', oldestKept.id)
      .execute();
  }

  /** Whether the gateway belongs to the owner (bound to the project, or made by the firm). */
  async owns(owner: RejectionOwner, gatewayId: number): Promise<boolean> {
    let query = this.db.selectFrom('gateways').select('id').where('id', '=', gatewayId);
    query =
      'projectId' in owner
        ? query.where('project_id', '=', owner.projectId)
        : query.where('firm_id', '=', owner.firmId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** One page of a gateway's rejections, newest first. */
  list(gatewayId: number, pageQuery: PageQuery): Promise<Page<GatewayRejection>> {
    return paginate(
      this.db
        .selectFrom('gateway_rejections')
        .select(['id', 'received_at', 'topic', 'reason', 'payload'])
        .where('gateway_id', '=', gatewayId),
      pageQuery,
      (q) => q.orderBy('id', 'desc'),
      (row) => ({
        id: row.id,
        receivedAt: row.received_at,
        topic: row.topic,
        reason: row.reason,
        payload: row.payload,
      }),
    );
  }
}
