import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The orders a statistics answer counts: a project's, created in [start, stop), optionally in some groups. */
export interface StatisticsScope {
  projectId: number;
  startTime: number;
  stopTime: number;
  /** The site and the groups below it; null: the whole project. */
  groupIds: number[] | null;
}

/** Sums of one month (or of anything grouped the same way), as numbers. */
export interface MonthSums {
  bucket: number;
  created: number;
  void: number;
  closed: number;
  unresolved: number;
  closedWithDue: number;
  onTime: number;
  completeCount: number;
  completeSum: number;
  responded: number;
  respondSum: number;
  types: [number, number, number, number];
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** 1 where the condition holds, else 0 (a count by sum, the same on both databases). */
const when = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * 维保统计 in SQL (docs/decisions/0055): every figure is a sum or a count over the scope, grouped
 * by month (a CASE over the months' bounds, so both databases agree on China-time months), status,
 * site or assignee; the service turns sums into rates and means.
 */
export class StatisticsRepository {
  constructor(readonly db: Kysely<Database>) {}

  private scoped(scope: StatisticsScope) {
    let q = this.db
      .selectFrom('work_orders as o')
      .where('o.project_id', '=', scope.projectId)
      .where('o.created_at', '>=', scope.startTime)
      .where('o.created_at', '<', scope.stopTime);
    if (scope.groupIds) q = q.where('o.group_id', 'in', scope.groupIds.length > 0 ? scope.groupIds : [-1]);
    return q;
  }

  /** Per month of creation (bounds: the start of every month after the first). */
  async byMonth(scope: StatisticsScope, bounds: number[]): Promise<MonthSums[]> {
    const bucket: RawBuilder<number> =
      bounds.length === 0
        ? sql<number>`0`
        : sql<number>`(case ${sql.join(
            bounds.map((b, i) => sql`when x.created_at < ${sql.lit(b)} then ${sql.lit(i)}`),
            sql` `,
          )} else ${sql.lit(bounds.length)} end)`;
    // The first 开始执行 of each order (null: never started), read through the events' order index.
    const inner = this.scoped(scope).select([
      'o.status',
      'o.type',
      'o.created_at',
      'o.due_at',
      'o.closed_at',
      sql<
        number | null
      >`(select min(e.created_at) from work_order_events e where e.work_order_id = o.id and e.action = 'start')`.as(
        'first_start',
      ),
    ]);
    const rows = await this.db
      .selectFrom(inner.as('x'))
      .select([
        bucket.as('bucket'),
        sql<number>`count(*)`.as('created'),
        when(sql`x.status in (5, 7, 8)`).as('void'),
        when(sql`x.status = 11`).as('closed'),
        when(sql`x.status = 12`).as('unresolved'),
        when(sql`x.status = 11 and x.due_at is not null and x.closed_at is not null`).as('closed_with_due'),
        when(sql`x.status = 11 and x.due_at is not null and x.closed_at <= x.due_at`).as('on_time'),
        when(sql`x.status = 11 and x.closed_at is not null`).as('complete_count'),
        sql<number>`sum(case when x.status = 11 then x.closed_at - x.created_at else 0 end)`.as(
          'complete_sum',
        ),
        sql<number>`count(x.first_start)`.as('responded'),
        sql<number>`sum(x.first_start - x.created_at)`.as('respond_sum'),
        when(sql`(x.type & 1) != 0`).as('t1'),
        when(sql`(x.type & 2) != 0`).as('t2'),
        when(sql`(x.type & 4) != 0`).as('t4'),
        when(sql`(x.type & 8) != 0`).as('t8'),
      ])
      .groupBy(sql`1`)
      .execute();
    return rows.map((r) => ({
      bucket: n(r.bucket),
      created: n(r.created),
      void: n(r.void),
      closed: n(r.closed),
      unresolved: n(r.unresolved),
      closedWithDue: n(r.closed_with_due),
      onTime: n(r.on_time),
      completeCount: n(r.complete_count),
      completeSum: n(r.complete_sum),
      responded: n(r.responded),
      respondSum: n(r.respond_sum),
      types: [n(r.t1), n(r.t2), n(r.t4), n(r.t8)],
    }));
  }

  async byStatus(scope: StatisticsScope): Promise<Map<number, number>> {
    const rows = await this.scoped(scope)
      .select(['o.status', sql<number>`count(*)`.as('count')])
      .groupBy('o.status')
      .execute();
    return new Map(rows.map((r) => [r.status, n(r.count)]));
  }

  async bySite(scope: StatisticsScope) {
    const rows = await this.scoped(scope)
      .leftJoin('groups as g', 'g.id', 'o.group_id')
      .select([
        'o.group_id',
        'g.name',
        sql<number>`count(*)`.as('count'),
        when(sql`o.status = 11`).as('closed'),
      ])
      .groupBy(['o.group_id', 'g.name'])
      .execute();
    return rows
      .map((r) => ({ groupId: r.group_id, groupName: r.name, count: n(r.count), closed: n(r.closed) }))
      .sort((a, b) => b.count - a.count || (a.groupId ?? 0) - (b.groupId ?? 0));
  }

  async byPerson(scope: StatisticsScope) {
    const rows = await this.scoped(scope)
      .innerJoin('work_order_assignees as a', 'a.work_order_id', 'o.id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.user_id',
        'u.realname',
        sql<number>`count(*)`.as('count'),
        when(sql`o.status = 11`).as('closed'),
        when(sql`o.status = 11 and o.due_at is not null and o.closed_at is not null`).as('closed_with_due'),
        when(sql`o.status = 11 and o.due_at is not null and o.closed_at <= o.due_at`).as('on_time'),
      ])
      .groupBy(['a.user_id', 'u.realname'])
      .execute();
    return rows
      .map((r) => ({
        userId: r.user_id,
        realname: r.realname,
        count: n(r.count),
        closed: n(r.closed),
        closedWithDue: n(r.closed_with_due),
        onTime: n(r.on_time),
      }))
      .sort((a, b) => b.count - a.count || a.userId - b.userId);
  }
}
