import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import type { Occurrence } from './plans.repository.js';

/**
 * The bulk writers of plan generation: a chunk of occurrences becomes occurrence rows and, for each
 * row actually inserted, its work order, assignees and creation event, in as few statements as each
 * database allows. The caller holds the transaction (PlansRepository.insertOccurrences).
 */

/** PostgreSQL: occurrences per statement (arrays, so the parameter count does not grow). */
const PG_BATCH = 2_000;
/** SQLite: occurrences per statement (one JSON parameter). */
const SQLITE_BATCH = 1_000;
const CREATED_NOTE = '由保养计划生成';
/** An order written for an occurrence row this transaction inserted. */
export interface Written {
  orderId: number;
  runId: number;
  item: Occurrence;
}
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** Occurrences per statement on this database. */
export const chunkSizeOf = (dialect: Dialect) => (dialect === 'postgres' ? PG_BATCH : SQLITE_BATCH);

/** Writes one chunk; answers the orders made (occurrences already there make none). */
export function writeChunk(
  trx: Kysely<Database>,
  dialect: Dialect,
  chunk: Occurrence[],
  now: number,
): Promise<Written[]> {
  return dialect === 'postgres' ? writePostgres(trx, chunk, now) : writeSqlite(trx, chunk, now);
}

/**
 * SQLite: `n` work-order ids taken ahead, so each order is written once with its code (GD + day +
 * id) instead of inserted and then updated: after the AUTOINCREMENT high mark, safe because the
 * caller already holds the write lock. (PostgreSQL draws them from the sequence in its statement.)
 */
async function orderIds(trx: Kysely<Database>, n: number): Promise<number[]> {
  const { rows } = await sql<{ seq: number | null }>`
    select max(coalesce((select seq from sqlite_sequence where name = 'work_orders'), 0),
               coalesce((select max(id) from work_orders), 0)) as seq
  `.execute(trx);
  const high = Number(rows[0]?.seq ?? 0);
  return Array.from({ length: n }, (_, i) => high + i + 1);
}

/**
 * PostgreSQL: a chunk in one statement and one round trip. Each column travels as one array
 * parameter (a dozen parameters for any chunk size, one plan) and data-modifying CTEs insert the
 * occurrence rows (ON CONFLICT DO NOTHING), then an order — its id drawn from the sequence, its
 * code made from it — plus its assignees and its creation event for each row actually inserted.
 * Text every order of a plan shares (checklist, dosing, description) is sent once per plan.
 */
async function writePostgres(trx: Kysely<Database>, chunk: Occurrence[], now: number): Promise<Written[]> {
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
async function writeSqlite(trx: Kysely<Database>, chunk: Occurrence[], now: number): Promise<Written[]> {
  const { rows: runs } = await sql<{ id: number; plan_id: number; occurs_at: number; target: string }>`
    insert into maintenance_plan_runs (plan_id, occurs_at, target, created_at)
    select value ->> 0, value ->> 1, value ->> 2, ${now}
    from json_each(${JSON.stringify(chunk.map((o) => [o.planId, o.occursAt, o.target]))}) where true
    on conflict (plan_id, occurs_at, target) do nothing
    returning id, plan_id, occurs_at, target`.execute(trx);
  if (runs.length === 0) return [];
  const byKey = new Map(chunk.map((o) => [`${o.planId}|${o.occursAt}|${o.target}`, o]));
  const ids = await orderIds(trx, runs.length);
  const written = runs.map((r, k) => ({
    orderId: ids[k]!,
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
