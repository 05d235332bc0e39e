import type { DataRepair } from '@iot/contracts/data-repair';
import { REPAIR_MODES, REPAIR_RULES } from '@iot/contracts/data-repair';
import { Descriptions, Drawer, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { LoadError } from '../../../components/LoadState';
import { useRepairDetail } from '../api';
import { RepairChanges } from './RepairChanges';
import { AuditStatusTag } from './StatusTag';

const at = (ts: number | null) => (ts === null ? '—' : dayjs(ts).format('YYYY-MM-DD HH:mm:ss'));

/** What a repair proposes, in words. */
export function describeProposal(repair: DataRepair): string {
  if (repair.mode === 'points') return `${REPAIR_MODES.points}（${repair.points.length} 个点）`;
  const rule = repair.rule;
  if (!rule) return REPAIR_MODES.rule;
  const value =
    rule.value === undefined || rule.kind === 'delete' || rule.kind === 'interpolate'
      ? ''
      : ` ${String(rule.value)}`;
  return `${REPAIR_RULES[rule.kind]}${value}`;
}

/** The facts of a repair and its before/after (originals kept when approved). */
export function RepairDetail({ groupId, id }: { groupId: number; id: number }) {
  const detail = useRepairDetail(groupId, id);
  const repair = detail.data;
  if (!repair && detail.isError)
    return <LoadError compact what="修复详情" error={detail.error} onRetry={detail.refetch} />;
  if (!repair) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <Descriptions
        size="small"
        column={2}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'indicator',
            label: '网关指标',
            span: 2,
            children: `${repair.gatewayAlias} / ${repair.indicatorAlias}（${repair.dataIdentification}）`,
          },
          {
            key: 'range',
            label: '时间段',
            span: 2,
            children: `${at(repair.startTime)} 至 ${at(repair.stopTime)}`,
          },
          { key: 'mode', label: '修正方式', children: describeProposal(repair) },
          { key: 'status', label: '状态', children: <AuditStatusTag status={repair.auditStatus} /> },
          { key: 'submitter', label: '提交人', children: repair.submitterName || '—' },
          { key: 'submittedAt', label: '提交时间', children: at(repair.submittedAt) },
          { key: 'auditor', label: '审批人', children: repair.auditorName || '—' },
          { key: 'auditedAt', label: '审批时间', children: at(repair.auditedAt) },
          { key: 'description', label: '修复说明', span: 2, children: repair.description },
          ...(repair.reason
            ? [
                {
                  key: 'reason',
                  label: '驳回原因',
                  span: 2,
                  children: <Typography.Text type="danger">{repair.reason}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary">
        {repair.applied
          ? `已写入 ${repair.appliedCount ?? 0} 处修改；“原始值”为审批通过时保留的原数据。`
          : '按当前存储的数据预览：审批通过时将按此写入。'}
      </Typography.Paragraph>
      <RepairChanges
        groupId={groupId}
        gatewayIndicatorId={repair.gatewayIndicatorId}
        range={[repair.startTime, repair.stopTime]}
        unit={repair.unit}
        changes={repair.changes}
        applied={repair.applied}
        loading={detail.isFetching}
      />
    </>
  );
}

export function RepairDetailDrawer({
  groupId,
  id,
  onClose,
}: {
  groupId: number;
  id: number | null;
  onClose: () => void;
}) {
  return (
    <Drawer title="数据修复详情" width={760} open={id !== null} onClose={onClose} destroyOnHidden>
      {id !== null && <RepairDetail groupId={groupId} id={id} />}
    </Drawer>
  );
}
