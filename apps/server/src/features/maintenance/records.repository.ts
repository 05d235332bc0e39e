import type { Page } from '@iot/contracts';
import { FINISHED_STATUSES, type RecordListQuery } from '@iot/contracts/maintenance';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

export interface RecordRow {
  id: number;
  code: string;
  title: string;
  type: number;
  priority: number;
  status: number;
  group_id: number | null;
  group_name: string | null;
  equipment_id: number | null;
  equipment_name: string | null;
  description: string;
  execution: string | null;
  created_at: number | string;
  due_at: number | string | null;
  finished_at: number | string;
}

/**
 * When finished work finished: the closing for 已关闭 (11); for 已处理未解决 (12) its last move, the
 * submitted result (nothing moves a 12 but acceptFail and close, which take it out of the records).
 */
export const finishedAt = sql<number>`(case when ${sql.ref('o.status')} = 11 then ${sql.ref('o.closed_at')} else ${sql.ref('o.updated_at')} end)`;

/** 维保记录: finished work orders, read only (docs/decisions/0055). */
export class RecordsRepository {
  constructor(readonly db: Kysely<Database>) {}

  private records(projectId: number) {
    return this.db
      .selectFrom('work_orders as o')
      .leftJoin('groups as g', 'g.id', 'o.group_id')
      .leftJoin('equipment as e', 'e.id', 'o.equipment_id')
      .select([
        'o.id',
        'o.code',
        'o.title',
        'o.type',
        'o.priority',
        'o.status',
        'o.group_id',
        'g.name as group_name',
        'o.equipment_id',
        'e.name as equipment_name',
        'o.description',
        'o.execution',
        'o.created_at',
        'o.due_at',
      ])
      .select(finishedAt.as('finished_at'))
      .where('o.project_id', '=', projectId)
      .where('o.status', 'in', [...FINISHED_STATUSES]);
  }

  async list(projectId: number, query: RecordListQuery, siteIds: number[] | null): Promise<Page<RecordRow>> {
    let q = this.records(projectId);
    if (query.status !== undefined) q = q.where('o.status', '=', query.status);
    if (query.type !== undefined) q = q.where(sql<SqlBool>`(${sql.ref('o.type')} & ${query.type}) != 0`);
    if (query.equipmentId !== undefined) q = q.where('o.equipment_id', '=', query.equipmentId);
    if (siteIds) q = q.where('o.group_id', 'in', siteIds.length > 0 ? siteIds : [-1]);
    const assignee = query.assigneeId;
    if (assignee !== undefined)
      q = q.where('o.id', 'in', (eb) =>
        eb
          .selectFrom('work_order_assignees as a')
          .select('a.work_order_id')
          .where('a.user_id', '=', assignee),
      );
    const keyword = query.keyword;
    if (keyword)
      q = q.where((eb) => eb.or([containsText('o.title', keyword), containsText('o.code', keyword)]));
    if (query.startTime !== undefined) q = q.where(finishedAt, '>=', query.startTime);
    if (query.stopTime !== undefined) q = q.where(finishedAt, '<', query.stopTime);
    return paginate(
      q,
      query,
      (o) => o.orderBy(finishedAt, 'desc').orderBy('o.id', 'desc'),
      (r) => r as RecordRow,
    );
  }

  async get(projectId: number, id: number): Promise<RecordRow | undefined> {
    return (await this.records(projectId).where('o.id', '=', id).executeTakeFirst()) as RecordRow | undefined;
  }

  /** The project's areas and sites (not monitoring points), and the people ever assigned to its orders. */
  async options(projectId: number) {
    const [sites, assignees] = await Promise.all([
      this.db
        .selectFrom('groups')
        .select(['id', 'parent_id', 'name', 'group_type'])
        .where('project_id', '=', projectId)
        .where('id', '!=', projectId)
        .where('is_monitor', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('users as u')
        .select(['u.id', 'u.realname'])
        .where('u.id', 'in', (eb) =>
          eb
            .selectFrom('work_order_assignees as a')
            .innerJoin('work_orders as o', 'o.id', 'a.work_order_id')
            .select('a.user_id')
            .where('o.project_id', '=', projectId),
        )
        .execute(),
    ]);
    return {
      sites: sites.map((g) => ({
        id: g.id,
        parentId: g.parent_id === projectId ? null : g.parent_id,
        name: g.name,
        groupType: g.group_type,
      })),
      // By name as Chinese reads (pinyin), the same on both databases whatever their collation.
      assignees: assignees.sort((a, b) => a.realname.localeCompare(b.realname, 'zh-CN') || a.id - b.id),
    };
  }
}
