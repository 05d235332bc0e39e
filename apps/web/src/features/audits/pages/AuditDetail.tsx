import { AUDIT_TYPE_LABELS, type AuditRecord, AuditType } from '@iot/contracts/audits';
import { Button, Card, Descriptions, Empty, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isForbidden, isNotFound, LoadError } from '../../../components/LoadState';
import { AuditStatusTag, RepairDetail } from '../../data-repair/index';
import { useAuditRecord } from '../api';
import { AuditActions } from '../components/AuditActions';
import { RejectModal } from '../components/RejectModal';

const fmt = (ts: number | null) => (ts === null ? '—' : dayjs(ts).format('YYYY-MM-DD HH:mm:ss'));

/**
 * 审批详情 / 驳回详情 (router-auditDetail, router-rejectDetail; ?id= the audit record): the record,
 * the before/after of what it approves, and the decision buttons while it waits for the caller.
 */
export function AuditDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const record = useAuditRecord(id);
  const [rejecting, setRejecting] = useState<AuditRecord | null>(null);
  const navigate = useNavigate();
  const data = record.data;

  if (id && record.isError && !isNotFound(record.error) && !isForbidden(record.error))
    return (
      <Card>
        <LoadError what="审批记录" error={record.error} onRetry={record.refetch} />
      </Card>
    );
  if (!id || record.isError)
    return (
      <Card>
        <Empty description="审批记录不存在或无权查看" />
      </Card>
    );
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <Card
      title={data.auditStatus === 2 ? '驳回详情' : '审批详情'}
      extra={
        <Space>
          <AuditActions record={data} onReject={setRejecting} size="middle" />
          <Button onClick={() => navigate('/auditList')}>返回列表</Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={2}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'type',
            label: '类型',
            children: AUDIT_TYPE_LABELS[data.auditType as AuditType] ?? data.auditType,
          },
          { key: 'status', label: '状态', children: <AuditStatusTag status={data.auditStatus} /> },
          { key: 'project', label: '项目', children: data.projectName },
          {
            key: 'submitter',
            label: '提交人',
            children: `${data.submitterName}（${fmt(data.submittedAt)}）`,
          },
          { key: 'content', label: '内容', span: 2, children: data.content },
          ...(data.auditedAt !== null
            ? [
                {
                  key: 'audited',
                  label: '处理',
                  span: 2,
                  children: `${data.auditorName || data.submitterName}（${fmt(data.auditedAt)}）`,
                },
              ]
            : []),
          ...(data.reason
            ? [
                {
                  key: 'reason',
                  label: '驳回原因',
                  span: 2,
                  children: <Typography.Text type="danger">{data.reason}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      {data.auditType === AuditType.DATA_REPAIR && (
        <RepairDetail groupId={data.projectId} id={data.relationId} />
      )}
      <RejectModal record={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
