import { AUDIT_STATUS_LABELS, type AuditStatus } from '@iot/contracts/audits';
import { Tag } from 'antd';

const COLORS: Record<AuditStatus, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

/** An audit status (待审批, 已通过, 已驳回, 已撤回) as a coloured tag. */
export function AuditStatusTag({ status }: { status: number }) {
  const known = status in AUDIT_STATUS_LABELS ? (status as AuditStatus) : 0;
  return <Tag color={COLORS[known]}>{AUDIT_STATUS_LABELS[known]}</Tag>;
}
