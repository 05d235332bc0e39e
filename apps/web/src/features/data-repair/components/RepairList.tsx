import { Permission } from '@iot/contracts';
import { AUDIT_STATUS_LABELS, AuditStatus } from '@iot/contracts/audits';
import type { DataRepair } from '@iot/contracts/data-repair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { usePermission } from '../../../app/routes/currentRoute';
import { getSession } from '../../../app/session';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useRepairs, withdrawRepair } from '../api';
import { describeProposal, RepairDetailDrawer } from './RepairDetailDrawer';
import { AuditStatusTag } from './StatusTag';

const PAGE_SIZE = 10;
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
  const [query, setQuery] = useSavedQuery(`dataRepair.list.${groupId}`, DEFAULTS);
  const [detail, setDetail] = useState<number | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canSubmit = usePermission(Permission.UPDATE);
  const userId = getSession()?.userId;
  const repairs = useRepairs(groupId, {
    page: query.page,
    size: PAGE_SIZE,
    auditStatus: query.auditStatus >= 0 ? query.auditStatus : undefined,
  });
  const total = repairs.data?.total ?? 0;
  useEffect(() => {
    if (repairs.data && repairs.data.list.length === 0 && query.page > 0)
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) }));
  }, [repairs.data, query.page, total, setQuery]);

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
      <Table<DataRepair>
        rowKey="id"
        columns={columns}
        dataSource={repairs.data?.list ?? []}
        loading={repairs.isFetching}
        scroll={{ x: 1150 }}
        pagination={{
          current: query.page + 1,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `共 ${count} 条`,
          onChange: (page) => setQuery((q) => ({ ...q, page: page - 1 })),
        }}
        locale={{
          emptyText: repairs.isLoading ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty description="还没有数据修复记录" />
          ),
        }}
      />
      <RepairDetailDrawer groupId={groupId} id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
