import type { PageQuery } from '@iot/contracts';
import type { InstructionRecord } from '@iot/contracts/remote-control';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, InstructionRecordsTable } from '../../platform/db/schema.js';

export type InstructionRow = Selectable<InstructionRecordsTable>;

/** A gateway indicator with what its values are checked against. */
export interface ControlTarget {
  gatewayIndicatorId: number;
  ioType: string;
  type: string;
  decimalPlaces: number;
  enums: string;
  /** Auto-reposition: return to the previous value this many seconds after a successful command. */
  reposition: { delaySeconds: number } | null;
}

export function presentRecord(row: InstructionRow): InstructionRecord {
  return {
    id: row.id,
    gatewayId: row.gateway_id,
    gatewayIndicatorId: row.gateway_indicator_id,
    projectId: row.project_id,
    userId: row.user_id,
    metric: row.metric,
    value: row.value,
    status: row.status,
    message: row.message,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
    repositionOf: row.reposition_of,
  };
}

/** Instruction records: every status change is a conditional update, so an ack and a timeout cannot both win. */
export class RemoteControlRepository {
  constructor(private readonly db: Kysely<Database>) {}

  gateway(id: number) {
    return this.db
      .selectFrom('gateways')
      .select(['id', 'serial_number', 'project_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async target(gatewayId: number, metric: string): Promise<ControlTarget | undefined> {
    const row = await this.db
      .selectFrom('gateway_indicators as gi')
      .innerJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .select([
        'gi.id',
        'gi.io_type',
        'gi.decimal_places as own_decimals',
        'gi.is_auto_reposition',
        'gi.reposition_delay',
        'i.type',
        'i.decimal_places',
        'i.enums',
      ])
      .where('gi.gateway_id', '=', gatewayId)
      .where('gi.data_identification', '=', metric)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      gatewayIndicatorId: row.id,
      ioType: row.io_type,
      type: row.type,
      decimalPlaces: row.own_decimals ?? row.decimal_places,
      enums: row.enums,
      reposition: row.is_auto_reposition ? { delaySeconds: row.reposition_delay } : null,
    };
  }

  /** The indicator's current value as text (what an auto-reposition returns to), if it has one. */
  async currentValue(gatewayIndicatorId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('last_values')
      .select(['num_value', 'text_value'])
      .where('gateway_indicator_id', '=', gatewayIndicatorId)
      .executeTakeFirst();
    if (!row) return null;
    return row.num_value !== null ? String(row.num_value) : row.text_value;
  }

  /** Commands whose return is due, with the delay their indicator has now. */
  repositionsDue(now: number) {
    return this.db
      .selectFrom('instruction_records')
      .selectAll()
      .where('reposition_at', '<=', now)
      .orderBy('reposition_at')
      .limit(100)
      .execute();
  }

  /** Takes a due return (only one caller wins when several look at once). */
  async claimReposition(id: number, dueAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('instruction_records')
      .set({ reposition_at: null })
      .where('id', '=', id)
      .where('reposition_at', '=', dueAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  insert(record: Omit<InstructionRow, 'id'>): Promise<InstructionRow> {
    return this.db.insertInto('instruction_records').values(record).returningAll().executeTakeFirstOrThrow();
  }

  byId(id: number) {
    return this.db.selectFrom('instruction_records').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves a record from `from` to a new status; answers false when it had already moved on. */
  async transition(
    id: number,
    from: number[],
    changes: {
      status: number;
      message?: string;
      sent_at?: number;
      acknowledged_at?: number;
      reposition_at?: number;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('instruction_records')
      .set(changes)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Queued commands of a gateway, oldest first, with their indicator's type (null if it is gone). */
  queued(gatewayId: number, status: number) {
    return this.db
      .selectFrom('instruction_records as r')
      .leftJoin('gateway_indicators as gi', 'gi.id', 'r.gateway_indicator_id')
      .leftJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .selectAll('r')
      .select('i.type as indicator_type')
      .where('r.gateway_id', '=', gatewayId)
      .where('r.status', '=', status)
      .orderBy('r.id')
      .execute();
  }

  /** Closes older queued commands on the same indicator (the newest value wins). */
  supersede(gatewayIndicatorId: number, beforeId: number, from: number, to: number, message: string) {
    return this.db
      .updateTable('instruction_records')
      .set({ status: to, message })
      .where('gateway_indicator_id', '=', gatewayIndicatorId)
      .where('status', '=', from)
      .where('id', '<', beforeId)
      .execute();
  }

  /** Closes every delivered command not acknowledged since `sentBefore`. */
  async expire(from: number[], sentBefore: number, to: number, message: string): Promise<number> {
    const result = await this.db
      .updateTable('instruction_records')
      .set({ status: to, message })
      .where('status', 'in', from)
      .where('sent_at', '<', sentBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  page(gatewayId: number, query: PageQuery) {
    return paginate(
      this.db.selectFrom('instruction_records').selectAll().where('gateway_id', '=', gatewayId),
      query,
      (q) => q.orderBy('created_at', 'desc').orderBy('id', 'desc'),
      presentRecord,
    );
  }
}
