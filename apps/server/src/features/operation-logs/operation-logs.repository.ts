import type { Page } from '@iot/contracts';
import type { OperationLog, OperationLogQuery } from '@iot/contracts/operation-logs';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import type { OperationRecord } from '../../platform/http/operation.js';

/** The operation_logs table; nothing else reads or writes it. */
export class OperationLogsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(records: OperationRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insertInto('operation_logs')
      .values(
        records.map((r) => ({
          at: r.at,
          kind: r.kind,
          user_id: r.userId,
          username: r.username,
          project_id: r.projectId,
          method: r.method,
          route: r.route,
          summary: r.summary,
          target: r.target,
          code: r.code,
          status: r.status,
          ip: r.ip,
          user_agent: r.userAgent,
        })),
      )
      .execute();
  }

  /** A page, newest first; `projectId` limits it to one project (the project log). */
  async page(query: OperationLogQuery): Promise<Page<OperationLog>> {
    let base = this.db
      .selectFrom('operation_logs as o')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .leftJoin('groups as g', 'g.id', 'o.project_id');
    if (query.projectId !== undefined) base = base.where('o.project_id', '=', query.projectId);
    if (query.userId !== undefined) base = base.where('o.user_id', '=', query.userId);
    if (query.user) {
      const user = query.user;
      base = base.where((eb) => eb.or([containsText('o.username', user), containsText('u.realname', user)]));
    }
    if (query.kind !== undefined) base = base.where('o.kind', '=', query.kind);
    if (query.result === 'success') base = base.where('o.code', '=', 20000);
    if (query.result === 'failure') base = base.where('o.code', '!=', 20000);
    if (query.startTime !== undefined) base = base.where('o.at', '>=', query.startTime);
    if (query.endTime !== undefined) base = base.where('o.at', '<=', query.endTime);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or(
          ['o.summary', 'o.route', 'o.target', 'o.username', 'u.realname'].map((column) =>
            containsText(column, keyword),
          ),
        ),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll('o')
        .select(['u.realname as realname', 'g.name as project_name'])
        .orderBy('o.at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow() as Promise<{
        total: number | string;
      }>,
    ]);
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        at: Number(row.at),
        kind: row.kind as OperationLog['kind'],
        userId: row.user_id,
        username: row.username,
        realname: row.realname ?? '',
        projectId: row.project_id,
        projectName: row.project_name ?? '',
        method: row.method,
        route: row.route,
        summary: row.summary,
        target: row.target,
        code: row.code,
        status: row.status,
        ip: row.ip,
        userAgent: row.user_agent,
      })),
      total: Number(count.total),
      page: query.page,
      size: query.size,
    };
  }

  /** Removes entries older than `before`; answers how many. */
  async deleteBefore(before: number): Promise<number> {
    const result = await this.db.deleteFrom('operation_logs').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
