import type { Page } from '@iot/contracts';
import type { MalfunctionListQuery } from '@iot/contracts/malfunctions';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import type { MalfunctionsTable } from '../../platform/db/schema-malfunctions.js';

export type NewMalfunction = Omit<MalfunctionsTable, 'id'>;

export type MalfunctionRow = Selectable<MalfunctionsTable> & {
  equipment_name: string;
  equipment_code: string;
  group_id: number | null;
  group_name: string | null;
  reporter_name: string | null;
  closer_name: string | null;
  order_id: number | null;
  order_code: string | null;
  order_status: number | null;
};

/** What one fault-signal point did: the malfunction it opened or closed, if any. */
export type SignalOutcome = { opened: number } | { closed: number } | null;

/** Malfunctions and the fault-signal state; the only Kysely user of the feature. */
export class MalfunctionsRepository {
  constructor(readonly db: Kysely<Database>) {}

  private rows() {
    return this.db
      .selectFrom('malfunctions as m')
      .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
      .leftJoin('groups as g', 'g.id', 'e.group_id')
      .leftJoin('users as r', 'r.id', 'm.reported_by')
      .leftJoin('users as c', 'c.id', 'm.closed_by')
      .leftJoin('work_orders as o', (j) =>
        j.onRef('o.source_id', '=', 'm.id').on('o.source', '=', 'malfunction'),
      )
      .selectAll('m')
      .select([
        'e.name as equipment_name',
        'e.code as equipment_code',
        'e.group_id as group_id',
        'g.name as group_name',
        'r.realname as reporter_name',
        'c.realname as closer_name',
        'o.id as order_id',
        'o.code as order_code',
        'o.status as order_status',
      ]);
  }

  get(projectId: number, id: number): Promise<MalfunctionRow | undefined> {
    return this.rows().where('m.project_id', '=', projectId).where('m.id', '=', id).executeTakeFirst();
  }

  /**
   * Deletes a manual report that no work order was made from, in one statement (a 转工单 at the same
   * moment either comes first and keeps it, or finds it gone). Answers whether it did.
   */
  async deleteManual(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('malfunctions')
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .where('origin', '=', 'manual')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('work_orders as o')
              .select('o.id')
              .where('o.source', '=', 'malfunction')
              .whereRef('o.source_id', '=', 'malfunctions.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  byId(id: number): Promise<MalfunctionRow | undefined> {
    return this.rows().where('m.id', '=', id).executeTakeFirst();
  }

  async list(
    projectId: number,
    query: MalfunctionListQuery,
    groupIds?: number[],
  ): Promise<Page<MalfunctionRow>> {
    let q = this.rows().where('m.project_id', '=', projectId);
    if (query.equipmentId !== undefined) q = q.where('m.equipment_id', '=', query.equipmentId);
    if (groupIds) q = q.where('e.group_id', 'in', groupIds.length > 0 ? groupIds : [-1]);
    if (query.origin) q = q.where('m.origin', '=', query.origin);
    if (query.state === 'open') q = q.where('m.ended_at', 'is', null);
    if (query.state === 'closed') q = q.where('m.ended_at', 'is not', null);
    if (query.startTime !== undefined) q = q.where('m.started_at', '>=', query.startTime);
    if (query.stopTime !== undefined) q = q.where('m.started_at', '<', query.stopTime);
    return paginate(
      q,
      query,
      (o) => o.orderBy('m.started_at', 'desc').orderBy('m.id', 'desc'),
      (r) => r,
    );
  }

  /** The group and every group below it, within the project. */
  async subtree(projectId: number, groupId: number): Promise<number[]> {
    const groups = await this.db
      .selectFrom('groups')
      .select(['id', 'parent_id'])
      .where('project_id', '=', projectId)
      .execute();
    if (!groups.some((g) => g.id === groupId)) return [];
    const ids = [groupId];
    for (let i = 0; i < ids.length; i++) for (const g of groups) if (g.parent_id === ids[i]) ids.push(g.id);
    return ids;
  }

  equipment(projectId: number, filter: { equipmentId?: number; groupIds?: number[] } = {}) {
    let q = this.db
      .selectFrom('equipment as e')
      .leftJoin('groups as g', 'g.id', 'e.group_id')
      .select(['e.id', 'e.name', 'e.code', 'e.group_id', 'g.name as group_name'])
      .where('e.project_id', '=', projectId);
    if (filter.equipmentId !== undefined) q = q.where('e.id', '=', filter.equipmentId);
    if (filter.groupIds) q = q.where('e.group_id', 'in', filter.groupIds.length > 0 ? filter.groupIds : [-1]);
    return q.orderBy('e.code').orderBy('e.id').execute();
  }

  /** Malfunctions of these pieces overlapping [from, to). */
  async intervals(equipmentIds: number[], from: number, to: number) {
    if (equipmentIds.length === 0) return [];
    const rows: { equipment_id: number; started_at: number; ended_at: number | null }[] = [];
    // In slices: a project of 2,000 pieces stays within the databases' parameter limits.
    for (let i = 0; i < equipmentIds.length; i += 500) {
      rows.push(
        ...(await this.db
          .selectFrom('malfunctions')
          .select(['equipment_id', 'started_at', 'ended_at'])
          .where('equipment_id', 'in', equipmentIds.slice(i, i + 500))
          .where('started_at', '<', to)
          .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
          .execute()),
      );
    }
    return rows.map((r) => ({
      equipmentId: r.equipment_id,
      startedAt: Number(r.started_at),
      endedAt: r.ended_at === null ? null : Number(r.ended_at),
    }));
  }

  async insert(row: NewMalfunction): Promise<number> {
    const { id } = await this.db
      .insertInto('malfunctions')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Closes an open malfunction; answers whether this call did (a second click, or node, does not). */
  async close(
    projectId: number,
    id: number,
    at: number,
    userId: number | null,
    note: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('malfunctions')
      .set({ ended_at: at, closed_by: userId, close_note: note })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * One point of an equipment's fault signal, in one transaction: the state row (made at the first
   * point, started again when another signal is bound), then the conditional UPDATE of a
   * transition — only the caller whose update changed the row opens or closes the malfunction —
   * or else the one that moves the time on (fault-signal.ts says the same in code).
   */
  applySignal(
    point: { equipmentId: number; projectId: number; gatewayIndicatorId: number; ts: number; on: boolean },
    description: string,
    now: number,
  ): Promise<SignalOutcome> {
    const { equipmentId, gatewayIndicatorId, ts } = point;
    const on = point.on ? 1 : 0;
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('equipment_fault_state')
        .values({
          equipment_id: equipmentId,
          gateway_indicator_id: gatewayIndicatorId,
          last_ts: -1,
          fault_on: 0,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('equipment_id').doNothing())
        .execute();
      await trx
        .updateTable('equipment_fault_state')
        .set({ gateway_indicator_id: gatewayIndicatorId, last_ts: -1, updated_at: now })
        .where('equipment_id', '=', equipmentId)
        .where('gateway_indicator_id', '!=', gatewayIndicatorId)
        .execute();
      const transition = await trx
        .updateTable('equipment_fault_state')
        .set({ fault_on: on, last_ts: ts, updated_at: now })
        .where('equipment_id', '=', equipmentId)
        .where('last_ts', '<', ts)
        .where('fault_on', '!=', on)
        .executeTakeFirst();
      if (Number(transition.numUpdatedRows) !== 1) {
        await trx
          .updateTable('equipment_fault_state')
          .set({ last_ts: ts, updated_at: now })
          .where('equipment_id', '=', equipmentId)
          .where('last_ts', '<', ts)
          .where('fault_on', '=', on)
          .execute();
        return null;
      }
      if (on) {
        const { id } = await trx
          .insertInto('malfunctions')
          .values({
            project_id: point.projectId,
            equipment_id: equipmentId,
            origin: 'signal',
            gateway_indicator_id: gatewayIndicatorId,
            warning_id: null,
            description,
            photos: '[]',
            reported_by: null,
            started_at: ts,
            ended_at: null,
            closed_by: null,
            close_note: '',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { opened: id };
      }
      // The open one of the signal; none when it was closed by hand meanwhile.
      const open = await trx
        .selectFrom('malfunctions')
        .select(['id', 'started_at'])
        .where('equipment_id', '=', equipmentId)
        .where('origin', '=', 'signal')
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (!open) return null;
      await trx
        .updateTable('malfunctions')
        .set({ ended_at: Math.max(ts, Number(open.started_at)), close_note: '故障信号恢复' })
        .where('id', '=', open.id)
        .execute();
      return { closed: open.id };
    });
  }

  /** Whether the rule marks its warnings as equipment malfunctions. */
  async ruleIsFault(ruleId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('warning_rules')
      .select('equipment_fault')
      .where('id', '=', ruleId)
      .executeTakeFirst();
    return Boolean(row?.equipment_fault);
  }

  /** The equipment of the project the gateway indicator is bound to (the fault signal first). */
  async equipmentOfIndicator(projectId: number, gatewayIndicatorId: number) {
    const rows = await this.db
      .selectFrom('equipment_bindings as b')
      .innerJoin('equipment as e', 'e.id', 'b.equipment_id')
      .select(['e.id', 'e.name', 'b.role'])
      .where('e.project_id', '=', projectId)
      .where('b.gateway_indicator_id', '=', gatewayIndicatorId)
      .orderBy('e.id')
      .execute();
    return rows.find((r) => r.role === 'fault') ?? rows[0];
  }

  /** A warning's malfunction, made once: a second event (or node) for the same warning makes none. */
  async insertForWarning(row: NewMalfunction): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('malfunctions')
      .values(row)
      .onConflict((oc) => oc.column('warning_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async closeForWarning(warningId: number, at: number): Promise<number | undefined> {
    const open = await this.db
      .selectFrom('malfunctions')
      .select(['id', 'started_at'])
      .where('warning_id', '=', warningId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (!open) return undefined;
    const result = await this.db
      .updateTable('malfunctions')
      .set({ ended_at: Math.max(at, Number(open.started_at)), close_note: '预警解除' })
      .where('id', '=', open.id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? open.id : undefined;
  }
}
