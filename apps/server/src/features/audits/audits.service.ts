import { hasPermission, type Page } from '@iot/contracts';
import { type AuditListQuery, AuditMessages, type AuditRecord, AuditStatus } from '@iot/contracts/audits';
import { builtinAdminBits } from '@iot/contracts/menus';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import {
  type AuditRow,
  type AuditRowWithNames,
  type AuditsRepository,
  type AuditVisibility,
  presentAudit,
} from './audits.repository.js';

/**
 * What a kind of audited thing (a data repair; later work orders) plugs in: who may audit it, and
 * what approving and rejecting do to it — inside the transaction that decides the audit record.
 */
export interface AuditHandler {
  /** Auditors hold this bit on this menu entry in the record's project. */
  menu: string;
  bit: number;
  approve(trx: Kysely<Database>, record: AuditRow, auditorId: number, now: number): Promise<void>;
  reject(
    trx: Kysely<Database>,
    record: AuditRow,
    auditorId: number,
    reason: string,
    now: number,
  ): Promise<void>;
}

/** Submitted with the thing it audits, in the caller's transaction. */
export interface AuditSubmission {
  auditType: number;
  relationId: number;
  projectId: number;
  content: string;
  submittedBy: number;
  submittedAt: number;
}

/**
 * Audit records (docs/decisions/0019-data-repair-and-audits.md): the audit list is personal
 * (sub-system 6): a caller sees the records of the projects where they may audit that type, and
 * the ones they submitted. Nobody audits their own submission.
 */
export class AuditsService {
  private readonly handlers = new Map<number, AuditHandler>();

  constructor(private readonly repository: AuditsRepository) {}

  register(auditType: number, handler: AuditHandler): void {
    this.handlers.set(auditType, handler);
  }

  submit(trx: Kysely<Database>, submission: AuditSubmission): Promise<number> {
    return this.repository.insert(trx, {
      audit_type: submission.auditType,
      relation_id: submission.relationId,
      project_id: submission.projectId,
      content: submission.content,
      submitted_by: submission.submittedBy,
      submitted_at: submission.submittedAt,
    });
  }

  withdraw(trx: Kysely<Database>, auditType: number, relationId: number, now: number): Promise<boolean> {
    return this.repository.withdraw(trx, auditType, relationId, now);
  }

  /** Per audit type, the projects where the caller holds the auditor's bit; null = all (system administrator). */
  private async visibility(auth: AuthContext): Promise<AuditVisibility> {
    if (auth.isSystemAdmin) return { userId: auth.userId, auditable: null };
    const auditable = new Map<number, number[]>();
    for (const [type, handler] of this.handlers) {
      const rows = await this.repository.projectBits(auth.userId, handler.menu);
      auditable.set(
        type,
        rows
          .filter((row) =>
            hasPermission(
              row.builtin === 'admin' ? builtinAdminBits('project', handler.menu) : (row.permission ?? 0),
              handler.bit,
            ),
          )
          .map((row) => row.scope_id),
      );
    }
    return { userId: auth.userId, auditable };
  }

  private isAuditor(visibility: AuditVisibility, row: AuditRow): boolean {
    if (visibility.auditable === null) return this.handlers.has(row.audit_type);
    return visibility.auditable.get(row.audit_type)?.includes(row.project_id) ?? false;
  }

  private canAudit(visibility: AuditVisibility, row: AuditRow): boolean {
    return (
      row.audit_status === AuditStatus.PENDING &&
      row.submitted_by !== visibility.userId &&
      this.isAuditor(visibility, row)
    );
  }

  async list(auth: AuthContext, query: AuditListQuery): Promise<Page<AuditRecord>> {
    const visibility = await this.visibility(auth);
    const page = await this.repository.page(visibility, query);
    return { ...page, list: page.list.map((row) => presentAudit(row, this.canAudit(visibility, row))) };
  }

  /** One record the caller may see (as its auditor or its submitter). */
  private async visible(auth: AuthContext, id: number) {
    const row = await this.repository.byId(id);
    const visibility = await this.visibility(auth);
    if (!row || (row.submitted_by !== auth.userId && !this.isAuditor(visibility, row)))
      throw auth.isSystemAdmin ? notFound(AuditMessages.NOT_FOUND) : forbidden();
    return { row, visibility };
  }

  async get(auth: AuthContext, id: number): Promise<AuditRecord> {
    const { row, visibility } = await this.visible(auth, id);
    return presentAudit(row, this.canAudit(visibility, row));
  }

  private async decide(
    auth: AuthContext,
    id: number,
    status: number,
    reason: string,
    apply: (
      handler: AuditHandler,
      trx: Kysely<Database>,
      row: AuditRowWithNames,
      now: number,
    ) => Promise<void>,
  ): Promise<AuditRecord> {
    const { row, visibility } = await this.visible(auth, id);
    if (!this.isAuditor(visibility, row)) throw forbidden();
    if (row.audit_status !== AuditStatus.PENDING) throw conflict(AuditMessages.NOT_PENDING);
    if (row.submitted_by === auth.userId) throw badRequest(AuditMessages.OWN_SUBMISSION);
    const handler = this.handlers.get(row.audit_type);
    if (!handler) throw badRequest(AuditMessages.NOT_FOUND);
    const now = Date.now();
    await this.repository.transaction(async (trx) => {
      const decided = await this.repository.decide(trx, id, {
        audit_status: status,
        audited_by: auth.userId,
        audited_at: now,
        reason,
      });
      if (!decided) throw conflict(AuditMessages.NOT_PENDING);
      await apply(handler, trx, row, now);
    });
    return this.get(auth, id);
  }

  approve(auth: AuthContext, id: number): Promise<AuditRecord> {
    return this.decide(auth, id, AuditStatus.APPROVED, '', (handler, trx, row, now) =>
      handler.approve(trx, row, auth.userId, now),
    );
  }

  reject(auth: AuthContext, id: number, reason: string): Promise<AuditRecord> {
    return this.decide(auth, id, AuditStatus.REJECTED, reason, (handler, trx, row, now) =>
      handler.reject(trx, row, auth.userId, reason, now),
    );
  }
}
