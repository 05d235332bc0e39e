import type { Page, PageQuery } from '@iot/contracts';
import type { PlanListQuery } from '@iot/contracts/maintenance';
import { type Insertable, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import { paginate } from '../../platform/db/paging.js';
import type { Database, MaintenancePlansTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import { chunkSizeOf, writeChunk } from './plan-orders.writer.js';

export type PlanRow = Selectable<MaintenancePlansTable> & { order_count?: number | string | null };
export type NewPlan = Omit<Insertable<MaintenancePlansTable>, 'id'>;
export interface Target {
  type: 'group' | 'equipment';
  id: number;
}

/** One work order to generate: the occurrence row's key and the order it becomes. */
export interface Occurrence {
  planId: number;
  occursAt: number;
  /**
   * 'g<id>', 'e<id>' or '' (the project); 'he<id>' for a run-hour plan's piece, whose `occursAt`
   * is then a run-hour mark (run time in ms), not a time.
   */
  target: string;
  order: {
    project_id: number;
    title: string;
    type: number;
    priority: number;
    status: number;
    group_id: number | null;
    equipment_id: number | null;
    description: string;
    due_at: number;
    checklist: string;
    planned_dosing: string;
    created_by: number | null;
  };
  assigneeIds: number[];
}

/** What the reminder and release messages say about an order a plan generated. */
export interface RunNotice {
  runId: number;
  projectId: number;
  orderId: number;
  code: string;
  title: string;
  occursAt: number;
  dueAt: number | null;
  closedAt: number | null;
  planName: string;
  groupName: string | null;
  equipmentId: number | null;
  /** When the occurrence row was written (a run-hour plan's occurrence has no clock time). */
  createdAt: number;
  /** Run-hour plans: the mark passed, in hours; otherwise null. */
  runHours: number | null;
}

/** A plan's latest occurrence for one target, with how its order stands. */
export interface LastRun {
  target: string;
  occursAt: number;
  status: number | null;
  closedAt: number | null;
  updatedAt: number | null;
}

const BATCH = 400;
/** A run-hour occurrence row's target ('h' + the piece's key): its `occurs_at` is a run-hour mark. */
export const RUN_HOURS_PREFIX = 'h';
const isRunHours = (target: string) => target.startsWith(RUN_HOURS_PREFIX);
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Plans, their targets and occurrences; the only Kysely user of plans. */
export class PlansRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async list(projectId: number, query: PlanListQuery): Promise<Page<PlanRow>> {
    let q = this.db
      .selectFrom('maintenance_plans as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('maintenance_plan_runs as r')
          .whereRef('r.plan_id', '=', 'p.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('order_count'),
      )
      .where('p.project_id', '=', projectId);
    if (query.keyword) {
      const keyword = query.keyword;
      q = q.where((eb) => eb.or([containsText('p.name', keyword), containsText('p.description', keyword)]));
    }
    if (query.type !== undefined) q = q.where(sql<SqlBool>`(${sql.ref('p.types')} & ${query.type}) != 0`);
    if (query.enabled !== undefined) q = q.where('p.enabled', '=', query.enabled === 'true' ? 1 : 0);
    return paginate(
      q,
      query,
      (o) => o.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc'),
      (r) => r,
    );
  }

  async get(projectId: number, id: number): Promise<PlanRow | undefined> {
    return this.db
      .selectFrom('maintenance_plans as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('maintenance_plan_runs as r')
          .whereRef('r.plan_id', '=', 'p.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('order_count'),
      )
      .where('p.project_id', '=', projectId)
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  async nameTaken(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('maintenance_plans')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name);
    if (excludeId !== undefined) q = q.where('id', '!=', excludeId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async targets(planIds: number[]): Promise<Map<number, Target[]>> {
    const map = new Map<number, Target[]>();
    if (planIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('maintenance_plan_targets')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('target_type')
      .orderBy('target_id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.plan_id) ?? [];
      list.push({ type: r.target_type as Target['type'], id: r.target_id });
      map.set(r.plan_id, list);
    }
    return map;
  }

  async create(row: NewPlan, targets: Target[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('maintenance_plans')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.setTargets(trx, id, targets);
      return id;
    });
  }

  async update(projectId: number, id: number, row: Partial<NewPlan>, targets: Target[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('maintenance_plans')
        .set(row)
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await this.setTargets(trx, id, targets);
      return true;
    });
  }

  private async setTargets(trx: Kysely<Database>, planId: number, targets: Target[]) {
    await trx.deleteFrom('maintenance_plan_targets').where('plan_id', '=', planId).execute();
    if (targets.length > 0)
      await trx
        .insertInto('maintenance_plan_targets')
        .values(targets.map((t) => ({ plan_id: planId, target_type: t.type, target_id: t.id })))
        .execute();
  }

  /** Enabling starts the series afresh from now: occurrences while it was off are not made up. */
  async setEnabled(projectId: number, id: number, enabled: boolean, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('maintenance_plans')
      .set(enabled ? { enabled: 1, generated_until: now, updated_at: now } : { enabled: 0, updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('enabled', '=', enabled ? 0 : 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('maintenance_plans')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Enabled plans whose cursor is within the longest lead time of `now` (one project or all). */
  async duePlans(now: number, maxLeadMs: number, only?: { projectId: number; planId: number }) {
    let q = this.db
      .selectFrom('maintenance_plans')
      .selectAll()
      .where('enabled', '=', 1)
      .where('generated_until', '<=', now + maxLeadMs);
    if (only) q = q.where('project_id', '=', only.projectId).where('id', '=', only.planId);
    return q.orderBy('id').execute();
  }

  /** The latest occurrence of each target of a plan and its order's state (completion-based plans). */
  async lastRuns(planId: number): Promise<LastRun[]> {
    const rows = await this.db
      .selectFrom('maintenance_plan_runs as r')
      .leftJoin('work_orders as o', (j) => j.on('o.source', '=', 'plan').onRef('o.source_id', '=', 'r.id'))
      .select(['r.target', 'r.occurs_at', 'o.status', 'o.closed_at', 'o.updated_at'])
      .where('r.plan_id', '=', planId)
      .where((eb) =>
        eb(
          'r.occurs_at',
          '=',
          eb
            .selectFrom('maintenance_plan_runs as r2')
            .select((e) => e.fn.max('r2.occurs_at').as('m'))
            .whereRef('r2.plan_id', '=', 'r.plan_id')
            .whereRef('r2.target', '=', 'r.target'),
        ),
      )
      .execute();
    return rows.map((r) => ({
      target: r.target,
      occursAt: Number(r.occurs_at),
      status: r.status,
      closedAt: num(r.closed_at),
      updatedAt: num(r.updated_at),
    }));
  }

  /**
   * Inserts the occurrences not there yet and, for each one inserted, its work order — in one
   * transaction, so an occurrence row never exists without its order — and moves the plans'
   * cursors. The unique key (plan, occurrence, target) and ON CONFLICT DO NOTHING decide which
   * node makes an order: the other waits on the key (PostgreSQL) or the database lock (SQLite) and
   * inserts nothing. Items come sorted by plan, occurrence and target, so two nodes take the keys
   * in the same order and never wait on each other in a circle.
   */
  async insertOccurrences(
    items: Occurrence[],
    cursors: { planId: number; cursor: number }[],
    now: number,
    /** Runs in the same transaction for each new order (the audit record of a 待审核 order). */
    also?: (trx: Kysely<Database>, orderId: number, item: Occurrence) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let created = 0;
      const plansWithOrders = new Set<number>();
      const chunkSize = chunkSizeOf(this.dialect);
      for (let i = 0; i < items.length; i += chunkSize) {
        const chunk = items.slice(i, i + chunkSize);
        const orders = await writeChunk(trx, this.dialect, chunk, now);
        for (const o of orders) {
          plansWithOrders.add(o.item.planId);
          if (also) await also(trx, o.orderId, o.item);
        }
        created += orders.length;
      }
      // One statement per cursor value (plans with the same lead time share it), never backwards.
      const byCursor = new Map<number, number[]>();
      for (const c of cursors) byCursor.set(c.cursor, [...(byCursor.get(c.cursor) ?? []), c.planId]);
      for (const [cursor, planIds] of [...byCursor].sort((a, b) => a[0] - b[0]))
        for (let j = 0; j < planIds.length; j += BATCH * 4)
          await trx
            .updateTable('maintenance_plans')
            .set({ generated_until: cursor })
            .where('id', 'in', planIds.slice(j, j + BATCH * 4))
            .where('generated_until', '<', cursor)
            .execute();
      const withOrders = [...plansWithOrders].sort((a, b) => a - b);
      for (let j = 0; j < withOrders.length; j += BATCH * 4)
        await trx
          .updateTable('maintenance_plans')
          .set({ last_generated_at: now })
          .where('id', 'in', withOrders.slice(j, j + BATCH * 4))
          .execute();
      return created;
    });
  }

  /** Occurrences whose reminder is not sent yet, claimed by this node (at most `limit`). */
  async claimReminders(now: number, limit: number): Promise<RunNotice[]> {
    const ids = await this.db
      .selectFrom('maintenance_plan_runs')
      .select('id')
      .where('reminded_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (ids.length === 0) return [];
    const claimed = await this.db
      .updateTable('maintenance_plan_runs')
      .set({ reminded_at: now })
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .where('reminded_at', 'is', null)
      .returning('id')
      .execute();
    return this.notices(claimed.map((r) => r.id));
  }

  /** Occurrences whose order is closed and whose release is not sent yet, claimed by this node. */
  async claimReleases(now: number, limit: number): Promise<RunNotice[]> {
    const ids = await this.db
      .selectFrom('maintenance_plan_runs as r')
      .innerJoin('work_orders as o', (j) => j.on('o.source', '=', 'plan').onRef('o.source_id', '=', 'r.id'))
      .select('r.id')
      .where('r.released_at', 'is', null)
      .where('r.reminded_at', 'is not', null)
      .where('o.status', '=', 11)
      .orderBy('r.id')
      .limit(limit)
      .execute();
    if (ids.length === 0) return [];
    const claimed = await this.db
      .updateTable('maintenance_plan_runs')
      .set({ released_at: now })
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .where('released_at', 'is', null)
      .returning('id')
      .execute();
    return this.notices(claimed.map((r) => r.id));
  }

  private async notices(runIds: number[]): Promise<RunNotice[]> {
    if (runIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('maintenance_plan_runs as r')
      .innerJoin('maintenance_plans as p', 'p.id', 'r.plan_id')
      .innerJoin('work_orders as o', (j) => j.on('o.source', '=', 'plan').onRef('o.source_id', '=', 'r.id'))
      .leftJoin('groups as g', 'g.id', 'o.group_id')
      .select([
        'r.id as run_id',
        'o.project_id',
        'o.id as order_id',
        'o.code',
        'o.title',
        'r.occurs_at',
        'o.due_at',
        'o.closed_at',
        'p.name as plan_name',
        'r.target',
        'r.created_at',
        'g.name as group_name',
        'o.equipment_id',
      ])
      .where('r.id', 'in', runIds)
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({
      runId: r.run_id,
      projectId: r.project_id,
      orderId: r.order_id,
      code: r.code,
      title: r.title,
      occursAt: Number(r.occurs_at),
      dueAt: num(r.due_at),
      closedAt: num(r.closed_at),
      planName: r.plan_name,
      groupName: r.group_name,
      equipmentId: r.equipment_id,
      createdAt: Number(r.created_at),
      runHours: isRunHours(r.target) ? Number(r.occurs_at) / 3_600_000 : null,
    }));
  }

  async orderAssignees(orderIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (orderIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('work_order_assignees')
      .select(['work_order_id', 'user_id'])
      .where('work_order_id', 'in', orderIds)
      .execute();
    for (const r of rows) map.set(r.work_order_id, [...(map.get(r.work_order_id) ?? []), r.user_id]);
    return map;
  }

  /** The orders a plan generated, newest occurrence first. */
  async planOrders(projectId: number, planId: number, query: PageQuery) {
    const q = this.db
      .selectFrom('maintenance_plan_runs as r')
      .innerJoin('maintenance_plans as p', 'p.id', 'r.plan_id')
      .innerJoin('work_orders as o', (j) => j.on('o.source', '=', 'plan').onRef('o.source_id', '=', 'r.id'))
      .leftJoin('groups as g', 'g.id', 'o.group_id')
      .select([
        'o.id',
        'o.code',
        'o.title',
        'o.status',
        'r.occurs_at',
        'r.target',
        'o.due_at',
        'g.name as group_name',
        'o.equipment_id',
        'o.created_at',
      ])
      .where('p.project_id', '=', projectId)
      .where('r.plan_id', '=', planId);
    return paginate(
      q,
      query,
      (o) => o.orderBy('r.occurs_at', 'desc').orderBy('r.id', 'desc'),
      (r) => r,
    );
  }

  async equipment(projectId: number) {
    return this.db
      .selectFrom('equipment')
      .select(['id', 'name', 'code'])
      .where('project_id', '=', projectId)
      .orderBy('code')
      .execute();
  }

  async groups(projectId: number) {
    return this.db
      .selectFrom('groups')
      .select(['id', 'name', 'group_type', 'parent_id'])
      .where('project_id', '=', projectId)
      .where('group_type', 'in', ['area', 'site'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async groupNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('groups').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async members(projectId: number) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.realname', 'u.username', 'm.role_id'])
      .where('m.scope_type', '=', 'project')
      .where('m.scope_id', '=', projectId)
      .orderBy('u.id')
      .execute();
  }

  async roles(projectId: number) {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', projectId)
      .orderBy('id')
      .execute();
  }
}
