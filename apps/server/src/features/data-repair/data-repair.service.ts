import type { Page } from '@iot/contracts';
import { AuditMessages, AuditStatus, AuditType } from '@iot/contracts/audits';
import {
  type DataRepair,
  type DataRepairDetail,
  MAX_REPAIR_POINTS,
  type RangePoints,
  REPAIR_RULES,
  type RepairChange,
  type RepairListQuery,
  RepairMessages,
  type RepairPoint,
  type RepairProposal,
  type RepairRule,
  type RepairSubmission,
} from '@iot/contracts/data-repair';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/access.service.js';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { AuditHandler, AuditRow, AuditsService } from '../audits/index.js';
import type { DataRepairRepository, RepairRowWithNames, RepairTarget } from './data-repair.repository.js';
import { computeChanges, type Proposal } from './repair-rules.js';

export const DATA_REPAIR_MENU = 'router-dataRepair';

/** China time for the one-line summary of an audit record. */
const CHINA_OFFSET = 8 * 3_600_000;
const formatTime = (ms: number) => new Date(ms + CHINA_OFFSET).toISOString().slice(0, 16).replace('T', ' ');

interface StoredProposal {
  points?: RepairPoint[];
  rule?: RepairRule;
}

function present(row: RepairRowWithNames): DataRepair {
  const proposal = JSON.parse(row.proposal) as StoredProposal;
  return {
    id: row.id,
    projectId: row.project_id,
    gatewayId: row.gateway_id,
    gatewayAlias: row.gateway_alias ?? '',
    gatewayIndicatorId: row.gateway_indicator_id,
    indicatorAlias: row.indicator_alias ?? '',
    dataIdentification: row.data_identification ?? '',
    indicatorType: row.indicator_type ?? '',
    unit: row.unit ?? '',
    startTime: Number(row.start_time),
    stopTime: Number(row.stop_time),
    mode: row.mode as DataRepair['mode'],
    rule: proposal.rule ?? null,
    points: proposal.points ?? [],
    description: row.description,
    auditStatus: row.audit_status as DataRepair['auditStatus'],
    auditRecordId: row.audit_record_id,
    submittedBy: row.submitted_by,
    submitterName: row.submitter_name ?? '',
    submittedAt: Number(row.submitted_at),
    auditedBy: row.audited_by,
    auditorName: row.auditor_name ?? '',
    auditedAt: row.audited_at === null ? null : Number(row.audited_at),
    reason: row.reason,
    appliedCount: row.applied_count,
  };
}

/**
 * Data repair (docs/decisions/0019-data-repair-and-audits.md): a proposal over one gateway
 * indicator and a time range, submitted for audit; approval writes it in one transaction and
 * keeps the originals. Project id first in every call: routes pass the resolved scope.
 */
export class DataRepairService implements AuditHandler {
  readonly menu = DATA_REPAIR_MENU;
  /** Auditors hold DELETE on router-dataRepair: approving overwrites stored history. */
  readonly bit = 4;

  constructor(
    private readonly repository: DataRepairRepository,
    private readonly audits: AuditsService,
  ) {}

  indicators(projectId: number) {
    return this.repository.indicators(projectId);
  }

  private async target(
    projectId: number,
    gatewayIndicatorId: number,
    db: Kysely<Database> = this.repository.db,
  ): Promise<RepairTarget> {
    const target = await this.repository.target(projectId, gatewayIndicatorId, db);
    if (!target) throw badRequest(RepairMessages.INDICATOR_NOT_FOUND);
    return target;
  }

  async points(
    projectId: number,
    query: { gatewayIndicatorId: number; startTime: number; stopTime: number },
  ): Promise<RangePoints> {
    await this.target(projectId, query.gatewayIndicatorId);
    const range = await this.repository.range(
      this.repository.db,
      query.gatewayIndicatorId,
      query.startTime,
      query.stopTime,
      MAX_REPAIR_POINTS + 1,
    );
    const truncated = range.points.length > MAX_REPAIR_POINTS;
    return { ...range, points: range.points.slice(0, MAX_REPAIR_POINTS), truncated };
  }

  /** The changes a proposal makes to the data as stored now (read through `db`, a transaction when applying). */
  private async changes(
    db: Kysely<Database>,
    target: RepairTarget,
    range: { startTime: number; stopTime: number },
    proposal: Proposal,
  ): Promise<RepairChange[]> {
    const id = target.gatewayIndicatorId;
    if (proposal.mode === 'points') {
      const times = (proposal.points ?? []).map((p) => p.ts);
      const stored = await this.repository.pointsAt(db, id, times);
      return computeChanges(proposal, target, { points: stored, before: null, after: null });
    }
    const stored = await this.repository.range(
      db,
      id,
      range.startTime,
      range.stopTime,
      MAX_REPAIR_POINTS + 1,
    );
    if (stored.points.length > MAX_REPAIR_POINTS) throw badRequest(RepairMessages.RANGE_TOO_MANY_POINTS);
    return computeChanges(proposal, target, stored);
  }

  async preview(projectId: number, proposal: RepairProposal): Promise<{ changes: RepairChange[] }> {
    const target = await this.target(projectId, proposal.gatewayIndicatorId);
    return { changes: await this.changes(this.repository.db, target, proposal, proposal) };
  }

  /** Creates the repair (pending) and its audit record in one transaction. */
  async submit(auth: AuthContext, projectId: number, submission: RepairSubmission): Promise<DataRepair> {
    const target = await this.target(projectId, submission.gatewayIndicatorId);
    const changes = await this.changes(this.repository.db, target, submission, submission);
    if (changes.length === 0) throw badRequest(RepairMessages.NOTHING_TO_CHANGE);
    const now = Date.now();
    const proposal: StoredProposal =
      submission.mode === 'points' ? { points: submission.points ?? [] } : { rule: submission.rule! };
    const what =
      submission.mode === 'points'
        ? `逐点修正${submission.points?.length ?? 0}个点`
        : `${REPAIR_RULES[submission.rule!.kind]}${submission.rule!.value !== undefined && submission.rule!.kind !== 'delete' && submission.rule!.kind !== 'interpolate' ? ` ${submission.rule!.value}` : ''}`;
    const content = `数据修复：${target.gatewayAlias} / ${target.alias}，${formatTime(submission.startTime)} 至 ${formatTime(submission.stopTime)}，${what}（影响${changes.length}个点）`;
    const id = await this.repository.db.transaction().execute(async (trx) => {
      await this.repository.lockIndicator(trx, target.gatewayIndicatorId);
      if (
        await this.repository.pendingOverlap(
          trx,
          target.gatewayIndicatorId,
          submission.startTime,
          submission.stopTime,
        )
      )
        throw conflict(RepairMessages.OVERLAP);
      const repairId = await this.repository.insert(trx, {
        project_id: projectId,
        gateway_id: target.gatewayId,
        gateway_indicator_id: target.gatewayIndicatorId,
        start_time: submission.startTime,
        stop_time: submission.stopTime,
        mode: submission.mode,
        proposal: JSON.stringify(proposal),
        description: submission.description,
        audit_status: AuditStatus.PENDING,
        submitted_by: auth.userId,
        submitted_at: now,
        audited_by: null,
        audited_at: null,
        reason: '',
        applied_count: null,
      });
      await this.audits.submit(trx, {
        auditType: AuditType.DATA_REPAIR,
        relationId: repairId,
        projectId,
        content,
        submittedBy: auth.userId,
        submittedAt: now,
      });
      return repairId;
    });
    return this.get(projectId, id);
  }

  private async row(projectId: number, id: number): Promise<RepairRowWithNames> {
    const row = await this.repository.byId(id);
    if (!row || row.project_id !== projectId) throw notFound(RepairMessages.NOT_FOUND);
    return row;
  }

  async get(projectId: number, id: number): Promise<DataRepair> {
    return present(await this.row(projectId, id));
  }

  async list(projectId: number, query: RepairListQuery): Promise<Page<DataRepair>> {
    const page = await this.repository.page(projectId, query);
    return { ...page, list: page.list.map(present) };
  }

  /** The repair and its changes: kept originals once approved, otherwise a preview on today's data. */
  async detail(projectId: number, id: number): Promise<DataRepairDetail> {
    const repair = present(await this.row(projectId, id));
    if (repair.auditStatus === AuditStatus.APPROVED)
      return { ...repair, changes: await this.repository.originals(id), applied: true };
    let changes: RepairChange[] = [];
    const target = await this.repository.target(projectId, repair.gatewayIndicatorId);
    if (target) {
      // A proposal that no longer fits the data (an anchor deleted since) previews as nothing.
      changes = await this.changes(this.repository.db, target, repair, {
        mode: repair.mode,
        points: repair.points,
        rule: repair.rule ?? undefined,
      }).catch(() => []);
    }
    return { ...repair, changes, applied: false };
  }

  /** The submitter takes back a pending repair. */
  async withdraw(auth: AuthContext, projectId: number, id: number): Promise<DataRepair> {
    const row = await this.row(projectId, id);
    if (row.submitted_by !== auth.userId) throw forbidden(RepairMessages.WITHDRAW_NOT_OWN);
    if (row.audit_status !== AuditStatus.PENDING) throw conflict(RepairMessages.WITHDRAW_NOT_PENDING);
    const now = Date.now();
    await this.repository.db.transaction().execute(async (trx) => {
      if (!(await this.repository.decide(trx, id, { audit_status: AuditStatus.WITHDRAWN, audited_at: now })))
        throw conflict(RepairMessages.WITHDRAW_NOT_PENDING);
      await this.audits.withdraw(trx, AuditType.DATA_REPAIR, id, now);
    });
    return this.get(projectId, id);
  }

  /** Approval (inside the audit's transaction): recompute on the data as it is now, keep originals, write. */
  async approve(trx: Kysely<Database>, record: AuditRow, auditorId: number, now: number): Promise<void> {
    // Every read through the transaction: SQLite has one connection, and it is the transaction's.
    const row = await this.repository.byId(record.relation_id, trx);
    if (!row) throw notFound(RepairMessages.NOT_FOUND);
    const target = await this.target(row.project_id, row.gateway_indicator_id, trx);
    const repair = present(row);
    const changes = await this.changes(trx, target, repair, {
      mode: repair.mode,
      points: repair.points,
      rule: repair.rule ?? undefined,
    });
    await this.repository.apply(trx, row.id, row.gateway_indicator_id, changes);
    const decided = await this.repository.decide(trx, row.id, {
      audit_status: AuditStatus.APPROVED,
      audited_by: auditorId,
      audited_at: now,
      applied_count: changes.length,
    });
    if (!decided) throw conflict(AuditMessages.NOT_PENDING);
  }

  async reject(trx: Kysely<Database>, record: AuditRow, auditorId: number, reason: string, now: number) {
    await this.repository.decide(trx, record.relation_id, {
      audit_status: AuditStatus.REJECTED,
      audited_by: auditorId,
      audited_at: now,
      reason,
    });
  }
}
