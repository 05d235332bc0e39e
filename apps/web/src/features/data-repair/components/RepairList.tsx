import { Permission } from '@iot/contracts';
import { AUDIT_STATUS_LABELS, AuditStatus } from '@iot/contracts/audits';
import type { DataRepair } from '@iot/contracts/data-repair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PagedTable, usePagedList } from '../../../components/PagedList';
import { usePermission } from '../../../platform/routes/currentRoute';
import { getSession } from '../../../platform/session';
import { fetchRepairs, withdrawRepair } from '../api';
import { describeProposal, RepairDetailDrawer } from './RepairDetailDrawer';
import { AuditStatusTag } from './StatusTag';

/** -1: every status. */
const DEFAULTS = { page: 0, auditStatus: -1 };
const fmt = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm');
/** A range, the date once when both ends fall on the same day. */
const rangeText = (start: number, stop: number) =>
  dayjs(start).isSame(stop, 'day')
    ? `${fmt(start)} – ${dayjs(stop).format('HH:mm')}`
    : `${fmt(start)} – ${fmt(stop)}`;

/** 修复记录: the project's repairs, server-paged, filtered by status; detail and withdraw. */
export function RepairList({ groupId }: { groupId: number }) {
  const repairs = usePagedList({
    savedAs: `dataRepair.list.${groupId}`,
    defaults: DEFAULTS,
    queryKey: ['dataRepair', 'list', groupId],
    fetchPage: (q, page, size) =>
      fetchRepairs(groupId, { page, size, auditStatus: q.auditStatus >= 0 ? q.auditStatus : undefined }),
    enabled: groupId > 0,
  });
  const { query, setQuery } = repairs;
  const [detail, setDetail] = useState<number | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canSubmit = usePermission(Permission.UPDATE);
  const userId = getSession()?.userId;

  const withdraw = useMutation({
    mutationFn: (repair: DataRepair) => withdrawRepair(groupId, repair.id),
    onSuccess: () => {
      message.success('已撤回');
      void queryClient.invalidateQueries({ queryKey: ['dataRepair', 'list'] });
    },
  });

  const columns: TableColumnsType<DataRepair> = [
    {
      title: '网关指标',
      key: 'indicator',
      width: 170,
      ellipsis: true,
      render: (_, r) => `${r.gatewayAlias} / ${r.indicatorAlias}`,
    },
    { title: '时间段', key: 'range', width: 210, render: (_, r) => rangeText(r.startTime, r.stopTime) },
    { title: '修正方式', key: 'mode', width: 130, render: (_, r) => describeProposal(r) },
    { title: '修复说明', dataIndex: 'description', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'auditStatus',
      width: 90,
      render: (s: number) => <AuditStatusTag status={s} />,
    },
    {
      title: '提交',
      key: 'submitted',
      width: 150,
      render: (_, r) => (
        <>
          <div>{r.submitterName || '—'}</div>
          <Typography.Text type="secondary">{fmt(r.submittedAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: '审批',
      key: 'audit',
      width: 180,
      ellipsis: true,
      render: (_, r) => (
        <>
          <div>{r.auditorName || '—'}</div>
          {r.auditStatus === AuditStatus.REJECTED && (
            <Typography.Text type="danger" title={r.reason}>
              {r.reason}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(r.id)}>
            详情
          </Button>
          {canSubmit && r.auditStatus === AuditStatus.PENDING && r.submittedBy === userId && (
            <Popconfirm
              title="确定撤回这条数据修复吗？"
              okText="撤回"
              onConfirm={() => withdraw.mutateAsync(r).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                撤回
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <span>审批状态</span>
        <Select
          aria-label="审批状态"
          style={{ width: 120 }}
          value={query.auditStatus}
          onChange={(auditStatus: number) => setQuery({ page: 0, auditStatus })}
          options={[
            { value: -1, label: '全部' },
            ...Object.entries(AUDIT_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label })),
          ]}
        />
      </Space>
      <PagedTable<DataRepair, typeof DEFAULTS>
        paged={repairs}
        columns={columns}
        what="数据修复记录"
        empty="还没有数据修复记录"
        scrollX={1150}
      />
      <RepairDetailDrawer groupId={groupId} id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
