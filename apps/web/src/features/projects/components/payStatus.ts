import type { PayStatus } from '@iot/contracts/projects';

/** Spec core §4's pay states as the system administrator picks them. */
export const PAY_STATUS_LABELS: Record<PayStatus, { label: string; color: string }> = {
  A: { label: 'A 正常', color: 'success' },
  B: { label: 'B 即将逾期', color: 'gold' },
  C: { label: 'C 已逾期', color: 'orange' },
  D: { label: 'D 欠费停用', color: 'error' },
  E: { label: 'E 断卡停用', color: 'error' },
  F: { label: 'F 合同终止', color: 'default' },
};

/** A quota as read: -1 is 不限. */
export const quotaText = (n: number) => (n === -1 ? '不限' : String(n));
