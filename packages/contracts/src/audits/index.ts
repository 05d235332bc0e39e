import { z } from 'zod';
import { pageSizeOf } from '../common/envelope.js';

/**
 * Audit status of an audit record and of the thing it audits (a data repair's auditStatus).
 * The spec leaves the values open; docs/decisions/0019-data-repair-and-audits.md fixes them.
 */
export const AuditStatus = {
  PENDING: 0,
  APPROVED: 1,
  REJECTED: 2,
  WITHDRAWN: 3,
} as const;
export type AuditStatus = (typeof AuditStatus)[keyof typeof AuditStatus];
export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  0: '待审批',
  1: '已通过',
  2: '已驳回',
  3: '已撤回',
};
export const auditStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** What an audit record is about; relationId is that thing's id. Work orders may follow. */
export const AuditType = {
  DATA_REPAIR: 1,
  /** A work order created as 待审核 (docs/decisions/0050-work-order-transitions.md). */
  WORK_ORDER: 2,
} as const;
export type AuditType = (typeof AuditType)[keyof typeof AuditType];
export const AUDIT_TYPE_LABELS: Record<AuditType, string> = { 1: '数据修复', 2: '工单' };

/** Spec platform-core §3: id, auditType, auditStatus, relationId, content — plus who and when. */
export const auditRecord = z.object({
  id: z.number().int(),
  auditType: z.number().int(),
  auditStatus,
  relationId: z.number().int(),
  /** A one-line Chinese summary of what is asked, written when it is submitted. */
  content: z.string(),
  /** The project the audited thing belongs to (its root group id) and its name. */
  projectId: z.number().int(),
  projectName: z.string(),
  submittedBy: z.number().int().nullable(),
  submitterName: z.string(),
  submittedAt: z.number(),
  auditedBy: z.number().int().nullable(),
  auditorName: z.string(),
  auditedAt: z.number().nullable(),
  /** The reason given with a rejection; empty otherwise. */
  reason: z.string(),
  /** Whether the caller may approve or reject it now (pending, an auditor, not the submitter). */
  canAudit: z.boolean(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** Tabs of the audit list: waiting for the caller, or already decided. */
export const AUDIT_TABS = ['pending', 'done'] as const;
export type AuditTab = (typeof AUDIT_TABS)[number];

/** GET /iot/projects/auditRecordNoAuth — the caller's audit list (spec: page 0, size 10). */
export const auditListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSizeOf(10, 100),
  tab: z.enum(AUDIT_TABS).default('pending'),
  auditType: z.coerce.number().int().positive().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const MAX_REJECT_REASON = 200;
export const AuditMessages = {
  REASON_REQUIRED: '请填写驳回原因',
  REASON_TOO_LONG: `驳回原因不能超过${MAX_REJECT_REASON}个字符`,
  NOT_PENDING: '该审批已处理，不能再次审批',
  OWN_SUBMISSION: '不能审批自己提交的申请',
  NOT_FOUND: '审批记录不存在',
  APPROVED: '审批通过',
  REJECTED: '已驳回',
} as const;

/** PUT /iot/projects/auditRecordNoAuth/{id}/reject */
export const rejectBody = z.object({
  reason: z
    .string({ error: AuditMessages.REASON_REQUIRED })
    .trim()
    .min(1, AuditMessages.REASON_REQUIRED)
    .max(MAX_REJECT_REASON, AuditMessages.REASON_TOO_LONG),
});
export type RejectBody = z.infer<typeof rejectBody>;
