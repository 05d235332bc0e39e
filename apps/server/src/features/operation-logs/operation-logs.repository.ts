import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Page } from '@iot/contracts';
import type { OperationLog, OperationLogQuery } from '@iot/contracts/operation-logs';
import type { Statement } from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { SqliteHandleLender } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import type { OperationRecord } from '../../platform/http/operation.js';

/** Rows one statement of the retention job removes. */
const DELETE_SLICE = 5000;

/** The columns an entry is written to, in the order both insert paths bind them. */
const COLUMNS = [
  'at',
  'kind',
  'user_id',
  'username',
  'project_id',
  'method',
  'route',
  'summary',
  'target',
  'code',
  'status',
  'ip',
  'user_agent',
] as const;
/** PostgreSQL array types of COLUMNS, for unnest. */
const PG_TYPES = [
  'bigint',
  'text',
  'integer',
  'text',
  'integer',
  'text',
  'text',
  'text',
  'text',
  'integer',
  'integer',
  'text',
  'text',
];
const valuesOf = (r: OperationRecord) => [
  r.at,
  r.kind,
  r.userId,
  r.username,
  r.projectId,
  r.method,
  r.route,
  r.summary,
  r.target,
  r.code,
  r.status,
  r.ip,
  r.userAgent,
];

/** The operation_logs table; nothing else reads or writes it. */
export class OperationLogsRepository {
  private sqliteInsert: Statement | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly withSqliteHandle?: SqliteHandleLender,
  ) {}

  /**
   * Stores a batch in one transaction — the writer's only statement, so its cost per row is what the
   * log costs a request (bench/run.mjs). SQLite: one statement prepared once, run per row in one
   * transaction on the raw handle: a third of the time a multi-row VALUES list takes to be built by
   * Kysely and prepared by SQLite. PostgreSQL: one INSERT … SELECT FROM unnest with a parameter per
   * column: one short statement for any batch, half the server's work of a VALUES list, committed
   * without waiting for its own WAL flush.
   */
  async insert(records: OperationRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (this.withSqliteHandle) {
      await this.withSqliteHandle((sqlite) => {
        this.sqliteInsert ??= sqlite.prepare(
          `insert into operation_logs (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
        );
        const statement = this.sqliteInsert;
        sqlite.transaction(() => {
          for (const record of records) statement.run(valuesOf(record));
        })();
      });
      return;
    }
    const rows = records.map(valuesOf);
    const columns = COLUMNS.map((_, i) => rows.map((row) => row[i]));
    // synchronous_commit off for this statement's own transaction: its commit does not wait for a
    // WAL flush of its own (an fsync, 4–15 ms on a busy disk, which the requests' commits queued
    // behind); the next request's commit flushes it, the WAL writer at the latest within 0.6 s.
    await sql`
      insert into operation_logs (${sql.raw(COLUMNS.join(', '))})
      select entry.* from (select set_config('synchronous_commit', 'off', true)) as no_flush_wait,
        unnest(${sql.join(columns.map((values, i) => sql`${values}::${sql.raw(PG_TYPES[i]!)}[]`))}) as entry`.execute(
      this.db,
    );
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

  /**
   * Removes entries older than `before`; answers how many. In slices of DELETE_SLICE, oldest first,
   * with the event loop free between them: after a long pause the job may find millions, and one
   * statement over them would hold SQLite's event loop (and every request) for seconds.
   */
  async deleteBefore(before: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await this.db
        .deleteFrom('operation_logs')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('operation_logs')
            .select('id')
            .where('at', '<', before)
            .orderBy('at')
            .limit(DELETE_SLICE),
        )
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      removed += count;
      if (count < DELETE_SLICE) return removed;
      await yieldToLoop();
    }
  }
}
