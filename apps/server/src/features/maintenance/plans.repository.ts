import type { Page, PageQuery } from '@iot/contracts';
import type { PlanListQuery } from '@iot/contracts/maintenance';
import { type Insertable, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import { paginate } from '../../platform/db/paging.js';
import type { Database, MaintenancePlansTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

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
/** PostgreSQL: occurrences per statement (arrays, so the parameter count does not grow). */
const PG_BATCH = 2_000;
/** SQLite: occurrences per statement (one JSON parameter). */
const SQLITE_BATCH = 1_000;
const CREATED_NOTE = '由保养计划生成';
/** An order written for an occurrence row this transaction inserted. */
interface Written {
  orderId: number;
  runId: number;
  item: Occurrence;
}
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
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

  /**
   * SQLite: `n` work-order ids taken ahead, so each order is written once with its code (GD + day +
   * id) instead of inserted and then updated: after the AUTOINCREMENT high mark, safe because the
   * caller already holds the write lock. (PostgreSQL draws them from the sequence in its statement.)
   */
  private async orderIds(trx: Kysely<Database>, n: number): Promise<number[]> {
    const { rows } = await sql<{ seq: number | null }>`
      select max(coalesce((select seq from sqlite_sequence where name = 'work_orders'), 0),
                 coalesce((select max(id) from work_orders), 0)) as seq
    `.execute(trx);
    const high = Number(rows[0]?.seq ?? 0);
    return Array.from({ length: n }, (_, i) => high + i + 1);
  }

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
      const chunkSize = this.dialect === 'postgres' ? PG_BATCH : SQLITE_BATCH;
      for (let i = 0; i < items.length; i += chunkSize) {
        const chunk = items.slice(i, i + chunkSize);
        const orders =
          this.dialect === 'postgres'
            ? await this.writePostgres(trx, chunk, now)
            : await this.writeSqlite(trx, chunk, now);
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

  /**
   * PostgreSQL: a chunk in one statement and one round trip. Each column travels as one array
   * parameter (a dozen parameters for any chunk size, one plan) and data-modifying CTEs insert the
   * occurrence rows (ON CONFLICT DO NOTHING), then an order — its id drawn from the sequence, its
   * code made from it — plus its assignees and its creation event for each row actually inserted.
   * Text every order of a plan shares (checklist, dosing, description) is sent once per plan.
   */
  private async writePostgres(trx: Kysely<Database>, chunk: Occurrence[], now: number): Promise<Written[]> {
    const texts: string[] = [];
    const textIndex = new Map<string, number>();
    const text = (value: string) => {
      let k = textIndex.get(value);
      if (k === undefined) {
        k = texts.length + 1;
        texts.push(value);
        textIndex.set(value, k);
      }
      return k;
    };
    const col = <T>(pick: (o: Occurrence) => T) => chunk.map(pick);
    const assignees = chunk.flatMap((o, k) => o.assigneeIds.map((userId) => [k + 1, userId] as const));
    const { rows } = await sql<{ order_id: number | string; run_id: number; idx: number }>`
      with item as (
        select * from unnest(
          ${col((o) => o.planId)}::integer[], ${col((o) => o.occursAt)}::bigint[], ${col((o) => o.target)}::text[],
          ${col((o) => o.order.project_id)}::integer[], ${col((o) => o.order.title)}::text[],
          ${col((o) => o.order.type)}::integer[], ${col((o) => o.order.priority)}::integer[],
          ${col((o) => o.order.status)}::integer[], ${col((o) => o.order.group_id)}::integer[],
          ${col((o) => o.order.equipment_id)}::integer[], ${col((o) => text(o.order.description))}::integer[],
          ${col((o) => o.order.due_at)}::bigint[], ${col((o) => text(o.order.checklist))}::integer[],
          ${col((o) => text(o.order.planned_dosing))}::integer[], ${col((o) => o.order.created_by)}::integer[]
        ) with ordinality as t(plan_id, occurs_at, target, project_id, title, type, priority, status, group_id,
                                equipment_id, description, due_at, checklist, planned_dosing, created_by, idx)
      ), txt as (
        select * from unnest(${texts}::text[]) with ordinality as x(value, k)
      ), run as (
        insert into maintenance_plan_runs (plan_id, occurs_at, target, created_at)
        select plan_id, occurs_at, target, ${now}::bigint from item order by idx
        on conflict (plan_id, occurs_at, target) do nothing
        returning id, plan_id, occurs_at, target
      ), fresh as materialized (
        select nextval(pg_get_serial_sequence('work_orders', 'id')) as order_id, run.id as run_id, item.*
        from run join item on item.plan_id = run.plan_id and item.occurs_at = run.occurs_at
          and item.target = run.target
        order by item.idx
      ), orders as (
        insert into work_orders (id, code, project_id, title, type, priority, status, version, submitted_at,
          group_id, equipment_id, source, source_id, description, due_at, execution, checklist, planned_dosing,
          created_by, created_at, updated_at, overdue_at, closed_at)
        select f.order_id, ${`GD${chinaDay(now)}`} || lpad(f.order_id::text, greatest(5, length(f.order_id::text)), '0'),
          f.project_id, f.title, f.type, f.priority, f.status, 0, null, f.group_id, f.equipment_id, 'plan',
          f.run_id, d.value, f.due_at, null, c.value, p.value, f.created_by, ${now}::bigint, ${now}::bigint,
          null, null
        from fresh f
        join txt d on d.k = f.description join txt c on c.k = f.checklist join txt p on p.k = f.planned_dosing
        order by f.idx
      ), assignee as (
        insert into work_order_assignees (work_order_id, user_id)
        select f.order_id, a.user_id
        from fresh f join unnest(${assignees.map((a) => a[0])}::integer[], ${assignees.map((a) => a[1])}::integer[])
          as a(idx, user_id) on a.idx = f.idx
        order by f.order_id, a.user_id
      ), event as (
        insert into work_order_events (work_order_id, action, from_status, to_status, user_id, note, attachments, created_at)
        select order_id, 'create', null, status, null, ${CREATED_NOTE}, '[]', ${now}::bigint from fresh order by idx
      )
      select order_id, run_id, idx from fresh order by idx
    `.execute(trx);
    return rows.map((r) => ({
      orderId: Number(r.order_id),
      runId: r.run_id,
      item: chunk[Number(r.idx) - 1]!,
    }));
  }

  /**
   * SQLite: multi-row inserts (a few statements per chunk), the order ids taken after the
   * AUTOINCREMENT mark so each order is written once with its code.
   */
  private async writeSqlite(trx: Kysely<Database>, chunk: Occurrence[], now: number): Promise<Written[]> {
    const { rows: runs } = await sql<{ id: number; plan_id: number; occurs_at: number; target: string }>`
      insert into maintenance_plan_runs (plan_id, occurs_at, target, created_at)
      select value ->> 0, value ->> 1, value ->> 2, ${now}
      from json_each(${JSON.stringify(chunk.map((o) => [o.planId, o.occursAt, o.target]))}) where true
      on conflict (plan_id, occurs_at, target) do nothing
      returning id, plan_id, occurs_at, target`.execute(trx);
    if (runs.length === 0) return [];
    const byKey = new Map(chunk.map((o) => [`${o.planId}|${o.occursAt}|${o.target}`, o]));
    const orderIds = await this.orderIds(trx, runs.length);
    const written = runs.map((r, k) => ({
      orderId: orderIds[k]!,
      runId: r.id,
      item: byKey.get(`${r.plan_id}|${Number(r.occurs_at)}|${r.target}`)!,
    }));
    const day = `GD${chinaDay(now)}`;
    // One JSON parameter per table and a statement text that does not grow with the chunk.
    await sql`
      insert into work_orders (id, code, project_id, title, type, priority, status, version, group_id,
        equipment_id, source, source_id, description, due_at, checklist, planned_dosing, created_by,
        created_at, updated_at)
      select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, 0,
        value ->> 7, value ->> 8, 'plan', value ->> 9, value ->> 10, value ->> 11, value ->> 12, value ->> 13,
        value ->> 14, ${now}, ${now}
      from json_each(${JSON.stringify(
        written.map(({ orderId, runId, item: { order: o } }) => [
          orderId,
          `${day}${String(orderId).padStart(5, '0')}`,
          o.project_id,
          o.title,
          o.type,
          o.priority,
          o.status,
          o.group_id,
          o.equipment_id,
          runId,
          o.description,
          o.due_at,
          o.checklist,
          o.planned_dosing,
          o.created_by,
        ]),
      )}) where true`.execute(trx);
    const assignees = written.flatMap((w) => w.item.assigneeIds.map((userId) => [w.orderId, userId]));
    if (assignees.length > 0)
      await sql`
        insert into work_order_assignees (work_order_id, user_id)
        select value ->> 0, value ->> 1 from json_each(${JSON.stringify(assignees)}) where true`.execute(trx);
    await sql`
      insert into work_order_events (work_order_id, action, from_status, to_status, user_id, note, attachments, created_at)
      select value ->> 0, 'create', null, value ->> 1, null, ${CREATED_NOTE}, '[]', ${now}
      from json_each(${JSON.stringify(written.map((w) => [w.orderId, w.item.order.status]))}) where true`.execute(
      trx,
    );
    return written;
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
