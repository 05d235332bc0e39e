import type { AuditRecord } from '@iot/contracts/audits';
import { Button, Popconfirm, Space } from 'antd';
import { useAuditActions } from '../api';

/** 通过 (after a confirmation: it overwrites history) and 驳回, for a record the caller may audit. */
export function AuditActions({
  record,
  onReject,
  size = 'small',
}: {
  record: AuditRecord;
  onReject: (record: AuditRecord) => void;
  size?: 'small' | 'middle';
}) {
  const { approve } = useAuditActions();
  if (!record.canAudit) return null;
  return (
    <Space size={size === 'small' ? 0 : 8}>
      <Popconfirm
        title="确定审批通过吗？"
        description="通过后修正值将写入历史数据，原始数据保留在修复记录中。"
        okText="通过"
        onConfirm={() => approve.mutateAsync(record).catch(() => undefined)}
      >
        <Button type={size === 'small' ? 'link' : 'primary'} size={size} loading={approve.isPending}>
          通过
        </Button>
      </Popconfirm>
      <Button
        type={size === 'small' ? 'link' : 'default'}
        size={size}
        danger
        onClick={() => onReject(record)}
      >
        驳回
      </Button>
    </Space>
  );
}
