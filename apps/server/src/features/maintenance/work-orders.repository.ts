import type { Page } from '@iot/contracts';
import { OPEN_STATUSES, type WarningLink, type WorkOrderListQuery } from '@iot/contracts/maintenance';
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import type { Database, WorkOrdersTable } from '../../platform/db/schema.js';
import { containsPattern, containsText } from '../../platform/db/search.js';
import { equipmentOfProject } from '../equipment/index.js';

export type WorkOrderRow = Selectable<WorkOrdersTable> & {
  group_name: string | null;
  creator_name: string | null;
};
/** The plan-inherited columns (checklist, planned dosing) default to none. */
export type NewWorkOrder = Omit<WorkOrdersTable, 'id' | 'code' | 'version' | 'checklist' | 'planned_dosing'>;

export interface EventRow {
  id: number;
  action: string;
  from_status: number | null;
  to_status: number;
  user_id: number | null;
  realname: string | null;
  note: string;
  attachments: string;
  created_at: number;
}

/** A move: what it changes, and the timeline entry that records it. */
export interface Move {
  action: string;
  from: number;
  to: number;
  userId: number | null;
  note: string;
  attachments: string[];
  at: number;
  set?: Partial<Pick<WorkOrdersTable, 'submitted_at' | 'execution' | 'overdue_at' | 'closed_at'>>;
  /** Replaces the assignees. */
  assigneeIds?: number[];
}

/** Epoch ms as the China date, YYYYMMDD (work-order codes read like the day they were made). */
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Up to this many keyword matches, SQLite reads the page's rows by id and sorts them; beyond it,
 * it walks the project's orders newest first, where matches are dense enough to fill a page soon.
 */
const SORTED_BY_ID = 3000;
/** Characters no case mapping leads to or from: other letters (汉字, kana, hangul), digits, punctuation. */
const CASELESS = /^[\p{Lo}\p{Nd}\p{P}]+$/u;

/** Work orders, assignees and timeline; the only Kysely user of the feature. */
export class WorkOrdersRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private orders() {
    return this.db
      .selectFrom('work_orders as o')
      .leftJoin('groups as g', 'g.id', 'o.group_id')
      .leftJoin('users as u', 'u.id', 'o.created_by')
      .selectAll('o')
      .select(['g.name as group_name', 'u.realname as creator_name']);
  }

  async create(
    row: NewWorkOrder,
    assigneeIds: number[],
    move: Omit<Move, 'from'>,
    /** Runs in the same transaction once the id is known (the audit record of a 待审核 order). */
    also?: (trx: Kysely<Database>, id: number) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('work_orders')
        .values({ ...row, code: '', version: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('work_orders')
        .set({ code: `GD${chinaDay(row.created_at)}${String(id).padStart(5, '0')}` })
        .where('id', '=', id)
        .execute();
      await this.setAssignees(trx, id, assigneeIds);
      await this.record(trx, id, { ...move, from: null });
      await also?.(trx, id);
      return id;
    });
  }

  async get(projectId: number, id: number): Promise<WorkOrderRow | undefined> {
    return this.orders().where('o.project_id', '=', projectId).where('o.id', '=', id).executeTakeFirst();
  }

  /** The orders made from these warnings of the project. */
  async ofWarnings(projectId: number, warningIds: number[]) {
    if (warningIds.length === 0) return [];
    return this.db
      .selectFrom('work_orders')
      .select(['id', 'code', 'status', 'source_id'])
      .where('project_id', '=', projectId)
      .where('source', '=', 'warning')
      .where('source_id', 'in', warningIds)
      .execute();
  }

  async bySource(source: string, sourceId: number): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('work_orders')
      .select('id')
      .where('source', '=', source)
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
  }

  /**
   * Applies a move if the order is still at the version the caller read; answers whether it did.
   * The conditional UPDATE is what makes two clicks, or two nodes, move an order once.
   */
  async move(id: number, version: number, move: Move, within?: Kysely<Database>): Promise<boolean> {
    if (within) return this.moveIn(within, id, version, move);
    return this.db.transaction().execute((trx) => this.moveIn(trx, id, version, move));
  }

  private async moveIn(trx: Kysely<Database>, id: number, version: number, move: Move): Promise<boolean> {
    const result = await trx
      .updateTable('work_orders')
      .set({ ...move.set, status: move.to, version: version + 1, updated_at: move.at })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', '=', move.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (move.assigneeIds) await this.setAssignees(trx, id, move.assigneeIds);
    await this.record(trx, id, move);
    return true;
  }

  /** The pending audit record of an order, if it was created to be audited. */
  async pendingAudit(auditType: number, orderId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('audit_records')
      .select('id')
      .where('audit_type', '=', auditType)
      .where('relation_id', '=', orderId)
      .where('audit_status', '=', 0)
      .executeTakeFirst();
    return row?.id;
  }

  async getIn(db: Kysely<Database>, projectId: number, id: number) {
    return db
      .selectFrom('work_orders')
      .select(['id', 'status', 'version', 'submitted_at'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Orders of the overdue rows' statuses, due before `now`, never marked overdue. */
  async overdueCandidates(now: number, from: number[], limit: number) {
    return (
      this.db
        .selectFrom('work_orders')
        .select(['id', 'project_id', 'status', 'version', 'title', 'code', 'due_at', 'created_by'])
        .where('status', 'in', from)
        .where('due_at', '<', now)
        .where('overdue_at', 'is', null)
        // Resolved work waiting for acceptance is done, not late.
        .where((eb) => eb.or([eb('status', '!=', 10), eb('submitted_at', 'is', null)]))
        .orderBy('due_at')
        .limit(limit)
        .execute()
    );
  }

  private async setAssignees(trx: Kysely<Database>, id: number, userIds: number[]) {
    await trx.deleteFrom('work_order_assignees').where('work_order_id', '=', id).execute();
    if (userIds.length > 0)
      await trx
        .insertInto('work_order_assignees')
        .values(userIds.map((user_id) => ({ work_order_id: id, user_id })))
        .execute();
  }

  private async record(
    trx: Kysely<Database>,
    id: number,
    move: Omit<Move, 'from'> & { from: number | null },
  ) {
    await trx
      .insertInto('work_order_events')
      .values({
        work_order_id: id,
        action: move.action,
        from_status: move.from,
        to_status: move.to,
        user_id: move.userId,
        note: move.note,
        attachments: JSON.stringify(move.attachments),
        created_at: move.at,
      })
      .execute();
  }

  async assignees(ids: number[]): Promise<Map<number, { id: number; realname: string }[]>> {
    const map = new Map<number, { id: number; realname: string }[]>();
    if (ids.length === 0) return map;
    const rows = await this.db
      .selectFrom('work_order_assignees as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.work_order_id', 'u.id', 'u.realname'])
      .where('a.work_order_id', 'in', ids)
      .orderBy('u.id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.work_order_id) ?? [];
      list.push({ id: r.id, realname: r.realname });
      map.set(r.work_order_id, list);
    }
    return map;
  }

  async events(id: number): Promise<EventRow[]> {
    const rows = await this.db
      .selectFrom('work_order_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.id',
        'e.action',
        'e.from_status',
        'e.to_status',
        'e.user_id',
        'u.realname',
        'e.note',
        'e.attachments',
        'e.created_at',
      ])
      .where('e.work_order_id', '=', id)
      .orderBy('e.id')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async list(projectId: number, query: WorkOrderListQuery, callerId: number): Promise<Page<WorkOrderRow>> {
    const keyword = query.keyword;
    const sites =
      query.siteId !== undefined && query.siteId !== projectId
        ? await this.subtree(projectId, query.siteId)
        : undefined;
    // SQLite: the trigram index (migration 0043) names the candidates of a keyword of 3 characters or
    // more; the LIKE below still decides, as it does alone for shorter keywords. PostgreSQL's planner
    // uses its trigram index for the LIKE itself (decision 0059).
    const searched = keyword !== undefined && this.dialect === 'sqlite' && [...keyword].length >= 3;
    /**
     * Filters on the orders alone: the total is counted without the joins the rows need (0055).
     * `byId`: the orders are read by the ids the trigram index names; `+column` keeps SQLite, which
     * has no statistics, from reading all of a project's or a status's orders through their indexes
     * instead. Without it, the LIKE alone.
     */
    const filtered = (byId: boolean) => {
      const col = (column: 'o.project_id' | 'o.status' | 'o.source') =>
        byId ? sql<never>`+${sql.ref(column)}` : sql.ref(column);
      let q = this.db.selectFrom('work_orders as o').where(col('o.project_id'), '=', projectId);
      if (byId && keyword)
        q = q.where(
          sql<SqlBool>`${sql.ref('o.id')} in (select rowid from work_orders_search where work_orders_search match ${`"${keyword.replace(/"/g, '""')}"`})`,
        );
      if (query.status !== undefined) q = q.where(col('o.status'), '=', query.status);
      if (query.open) q = q.where(col('o.status'), 'in', [...OPEN_STATUSES]);
      if (query.type !== undefined) q = q.where(sql<SqlBool>`(${sql.ref('o.type')} & ${query.type}) != 0`);
      if (query.source) q = q.where(col('o.source'), '=', query.source);
      if (query.equipmentId !== undefined) q = q.where('o.equipment_id', '=', query.equipmentId);
      const assignee = query.mine ? callerId : query.assigneeId;
      if (assignee !== undefined)
        q = q.where('o.id', 'in', (eb) =>
          eb
            .selectFrom('work_order_assignees as a')
            .select('a.work_order_id')
            .where('a.user_id', '=', assignee),
        );
      if (sites) q = q.where('o.group_id', 'in', sites.length > 0 ? sites : [-1]);
      if (keyword) q = q.where(this.keywordMatch(keyword));
      if (query.startTime !== undefined) q = q.where('o.created_at', '>=', query.startTime);
      if (query.stopTime !== undefined) q = q.where('o.created_at', '<', query.stopTime);
      return q;
    };
    const { page, size } = query;
    // PostgreSQL, a keyword of 3+ characters: sorted by `created_at + 0`, the same order, so that the
    // planner takes the trigram index's matches and sorts them, instead of walking every order newest
    // first hoping the few matches come soon (1,000 matches from the middle of a year: 58,000 rows).
    const trigramSort = this.dialect === 'postgres' && keyword !== undefined && [...keyword].length >= 3;
    const rows = (q: ReturnType<typeof filtered>) =>
      q
        .leftJoin('groups as g', 'g.id', 'o.group_id')
        .leftJoin('users as u', 'u.id', 'o.created_by')
        .selectAll('o')
        .select(['g.name as group_name', 'u.realname as creator_name'])
        .orderBy(trigramSort ? sql`${sql.ref('o.created_at')} + 0` : sql.ref('o.created_at'), 'desc')
        .orderBy('o.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute();
    const counted = (q: ReturnType<typeof filtered>) =>
      q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    if (searched) {
      // Counted by id first; few matches are then read by id and sorted, many by walking the
      // project's orders newest first with the LIKE until the page is full (SQLite answers one query
      // at a time, so nothing is lost by asking in turn).
      const total = Number((await counted(filtered(true))).total);
      const list = await rows(filtered(total <= SORTED_BY_ID));
      return { list, total, page, size };
    }
    const [list, count] = await Promise.all([rows(filtered(false)), counted(filtered(false))]);
    return { list, total: Number(count.total), page, size };
  }

  /**
   * The keyword in the title, code or description: `containsText` on each. A short keyword (1–2
   * characters), which no trigram index serves, reads every order of the project; it is asked more
   * cheaply, with the same answers (migration 0044, decision 0059):
   * - SQLite: the three columns joined by U+0001 and lowered, read from the index
   *   `work_orders_short_keyword` instead of the rows (the text below is the index's, which SQLite
   *   needs verbatim). A keyword without U+0001 is in the joined text exactly when it is in a column.
   * - PostgreSQL: without lower(), most of the scan's time, when the keyword has no character with
   *   case (Chinese, digits, punctuation): lowering a column then cannot make or break a match.
   */
  private keywordMatch(keyword: string): Expression<SqlBool> {
    const columns = ['o.title', 'o.code', 'o.description'] as const;
    const short = [...keyword].length < 3;
    if (short && this.dialect === 'sqlite' && !keyword.includes('\u0001'))
      return sql<SqlBool>`lower(${sql.ref('o.title')} || char(1) || ${sql.ref('o.code')} || char(1) || ${sql.ref('o.description')}) like ${containsPattern(keyword)} escape '\\'`;
    if (short && this.dialect === 'postgres' && CASELESS.test(keyword))
      return sql<SqlBool>`(${sql.join(
        columns.map((c) => sql`strpos(${sql.ref(c)}, ${keyword}) > 0`),
        sql` or `,
      )})`;
    return sql<SqlBool>`(${sql.join(
      columns.map((c) => containsText(c, keyword)),
      sql` or `,
    )})`;
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

  async groupInProject(projectId: number, groupId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('groups')
      .select('id')
      .where('id', '=', groupId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the equipment is in the project's ledger (decision 0051). */
  async equipmentInProject(projectId: number, equipmentId: number): Promise<boolean> {
    return (await equipmentOfProject(this.db, projectId, [equipmentId])).length === 1;
  }

  /** The project's equipment, by code (the list's 设备 filter). */
  async equipment(projectId: number) {
    return this.db
      .selectFrom('equipment as e')
      .leftJoin('groups as g', 'g.id', 'e.group_id')
      .select(['e.id', 'e.name', 'e.code', 'g.name as groupName'])
      .where('e.project_id', '=', projectId)
      .orderBy('e.code')
      .orderBy('e.id')
      .execute();
  }

  /** The project's areas and sites (not monitoring points), in their order. */
  async sites(projectId: number) {
    const rows = await this.db
      .selectFrom('groups')
      .select(['id', 'parent_id', 'name', 'group_type'])
      .where('project_id', '=', projectId)
      .where('is_monitor', '=', 0)
      .where('id', '!=', projectId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id === projectId ? null : r.parent_id,
      name: r.name,
      groupType: r.group_type,
    }));
  }

  /** Every member of the project, for the assignee picker. */
  async members(projectId: number) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.username', 'u.realname'])
      .where('m.scope_type', '=', 'project')
      .where('m.scope_id', '=', projectId)
      .orderBy('u.id')
      .execute();
  }

  async projectMemberIds(projectId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', projectId)
      .where('user_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** A warning of the project with what a work order carries of it. */
  async warning(
    projectId: number,
    warningId: number,
  ): Promise<(WarningLink & { groupId: number | null }) | undefined> {
    const row = await this.db
      .selectFrom('warnings as w')
      .innerJoin('gateways as g', 'g.id', 'w.gateway_id')
      .leftJoin('gateway_indicators as gi', 'gi.id', 'w.gateway_indicator_id')
      .leftJoin('indicators as i', 'i.id', 'gi.indicator_id')
      .select([
        'w.id',
        'w.gateway_id',
        'g.alias as gateway_alias',
        'g.group_id',
        'w.gateway_indicator_id',
        'gi.alias as indicator_alias',
        'i.name as indicator_name',
        'w.value',
        'w.threshold',
        'w.level',
        'w.started_at',
        'w.released_at',
      ])
      .where('w.project_id', '=', projectId)
      .where('w.id', '=', warningId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      warningId: row.id,
      gatewayId: row.gateway_id,
      gatewayAlias: row.gateway_alias,
      groupId: row.group_id,
      gatewayIndicatorId: row.gateway_indicator_id,
      indicatorName: row.indicator_alias || row.indicator_name || null,
      value: row.value,
      threshold: row.threshold,
      level: row.level,
      startedAt: Number(row.started_at),
      releasedAt: row.released_at === null ? null : Number(row.released_at),
    };
  }
}
