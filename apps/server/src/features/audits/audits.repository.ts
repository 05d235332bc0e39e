import type { Page } from '@iot/contracts';
import type { AuditRecord, AuditTab } from '@iot/contracts/audits';
import { AuditStatus } from '@iot/contracts/audits';
import type { Kysely, Selectable } from 'kysely';
import type { AuditRecordsTable, Database } from '../../platform/db/schema.js';

export type AuditRow = Selectable<AuditRecordsTable>;
export type AuditRowWithNames = AuditRow & {
  project_name: string | null;
  submitter_name: string | null;
  auditor_name: string | null;
};

/** Whose records a caller sees: the projects they audit per type (all for a system administrator), and their own. */
export interface AuditVisibility {
  userId: number;
  /** null: every project (system administrator). */
  auditable: Map<number, number[]> | null;
}

export function presentAudit(row: AuditRowWithNames, canAudit: boolean): AuditRecord {
  return {
    id: row.id,
    auditType: row.audit_type,
    auditStatus: row.audit_status as AuditRecord['auditStatus'],
    relationId: row.relation_id,
    content: row.content,
    projectId: row.project_id,
    projectName: row.project_name ?? '',
    submittedBy: row.submitted_by,
    submitterName: row.submitter_name ?? '',
    submittedAt: Number(row.submitted_at),
    auditedBy: row.audited_by,
    auditorName: row.auditor_name ?? '',
    auditedAt: row.audited_at === null ? null : Number(row.audited_at),
    reason: row.reason,
    canAudit,
  };
}

/** Audit records; the only Kysely user of audit_records. Status changes are conditional on pending. */
export class AuditsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    db: Kysely<Database>,
    row: Omit<AuditRow, 'id' | 'audited_by' | 'audited_at' | 'reason' | 'audit_status'>,
  ): Promise<number> {
    const inserted = await db
      .insertInto('audit_records')
      .values({ ...row, audit_status: AuditStatus.PENDING, reason: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  private withNames() {
    return this.db
      .selectFrom('audit_records as a')
      .leftJoin('groups as g', 'g.id', 'a.project_id')
      .leftJoin('users as s', 's.id', 'a.submitted_by')
      .leftJoin('users as u', 'u.id', 'a.audited_by')
      .selectAll('a')
      .select(['g.name as project_name', 's.realname as submitter_name', 'u.realname as auditor_name']);
  }

  byId(id: number): Promise<AuditRowWithNames | undefined> {
    return this.withNames().where('a.id', '=', id).executeTakeFirst();
  }

  /** A page of the caller's list: pending or decided, in projects they audit or submitted by them. */
  async page(
    visibility: AuditVisibility,
    query: { page: number; size: number; tab: AuditTab; auditType?: number | undefined },
  ): Promise<Page<AuditRowWithNames>> {
    let base = this.withNames();
    const { auditable } = visibility;
    if (auditable !== null)
      base = base.where((eb) =>
        eb.or([
          eb('a.submitted_by', '=', visibility.userId),
          ...[...auditable].flatMap(([type, projects]) =>
            projects.length > 0
              ? [eb.and([eb('a.audit_type', '=', type), eb('a.project_id', 'in', projects)])]
              : [],
          ),
        ]),
      );
    base =
      query.tab === 'pending'
        ? base.where('a.audit_status', '=', AuditStatus.PENDING)
        : base.where('a.audit_status', '!=', AuditStatus.PENDING);
    if (query.auditType !== undefined) base = base.where('a.audit_type', '=', query.auditType);
    const ordered =
      query.tab === 'pending'
        ? base.orderBy('a.submitted_at', 'desc').orderBy('a.id', 'desc')
        : base.orderBy('a.audited_at', 'desc').orderBy('a.id', 'desc');
    const [list, count] = await Promise.all([
      ordered
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow() as Promise<{ total: number | string }>,
    ]);
    return { list, total: Number(count.total), page: query.page, size: query.size };
  }

  /** Decides a pending record; false when it was no longer pending (someone else decided first). */
  async decide(
    db: Kysely<Database>,
    id: number,
    change: { audit_status: number; audited_by: number | null; audited_at: number; reason: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable('audit_records')
      .set(change)
      .where('id', '=', id)
      .where('audit_status', '=', AuditStatus.PENDING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The pending record of a thing, closed by its submitter (withdrawn). */
  async withdraw(db: Kysely<Database>, type: number, relationId: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('audit_records')
      .set({ audit_status: AuditStatus.WITHDRAWN, audited_at: now })
      .where('audit_type', '=', type)
      .where('relation_id', '=', relationId)
      .where('audit_status', '=', AuditStatus.PENDING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The caller's project memberships with their role's bits on one menu entry. */
  projectBits(userId: number, menu: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .leftJoin('role_functions as f', (join) =>
        join.onRef('f.role_id', '=', 'm.role_id').on('f.menu_code', '=', menu),
      )
      .select(['m.scope_id', 'r.builtin', 'f.permission'])
      .where('m.user_id', '=', userId)
      .where('m.scope_type', '=', 'project')
      .execute();
  }

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
