import {
  AUDIT_TABS,
  AUDIT_TYPE_LABELS,
  type AuditRecord,
  type AuditTab,
  type AuditType,
} from '@iot/contracts/audits';
import { Button, Card, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedTable, usePagedList } from '../../../components/PagedList';
import { AuditStatusTag } from '../../data-repair/index';
import { AUDIT_PAGE_SIZE, fetchAudits } from '../api';
import { AuditActions } from '../components/AuditActions';
import { RejectModal } from '../components/RejectModal';

const DEFAULTS = { tab: 'pending' as string, page: 0 };
const fmt = (ts: number | null) => (ts === null ? '—' : dayjs(ts).format('YYYY-MM-DD HH:mm'));
/** Who and when, on two lines. */
function Who({ name, at }: { name: string; at: number | null }) {
  return (
    <>
      <div>{name || '—'}</div>
      <Typography.Text type="secondary">{fmt(at)}</Typography.Text>
    </>
  );
}

const TAB_LABELS: Record<AuditTab, string> = { pending: '待审批', done: '已处理' };

/** 我的审批 (router-auditList): what waits for the caller's decision, and what was decided; server-paged. */
export function AuditList() {
  const list = usePagedList({
    savedAs: 'auditList',
    defaults: DEFAULTS,
    queryKey: ['audits', 'list'],
    fetchPage: (q, page, size) => fetchAudits(q.tab === 'done' ? 'done' : 'pending', page, size),
    pageSize: AUDIT_PAGE_SIZE,
  });
  const { query, setQuery } = list;
  const tab: AuditTab = query.tab === 'done' ? 'done' : 'pending';
  const [rejecting, setRejecting] = useState<AuditRecord | null>(null);
  const navigate = useNavigate();

  const columns: TableColumnsType<AuditRecord> = [
    {
      title: '类型',
      dataIndex: 'auditType',
      width: 90,
      render: (type: number) => AUDIT_TYPE_LABELS[type as AuditType] ?? `类型${type}`,
    },
    {
      title: '内容',
      dataIndex: 'content',
      render: (content: string, record) => (
        <>
          <div>{content}</div>
          <Typography.Text type="secondary">{record.projectName}</Typography.Text>
        </>
      ),
    },
    {
      title: '提交',
      key: 'submitted',
      width: 170,
      render: (_, record) => <Who name={record.submitterName} at={record.submittedAt} />,
    },
    {
      title: '状态',
      dataIndex: 'auditStatus',
      width: 90,
      render: (s: number) => <AuditStatusTag status={s} />,
    },
  ];
  if (tab === 'done')
    columns.push(
      {
        title: '处理',
        key: 'audited',
        width: 170,
        render: (_, record) => (
          // A withdrawn record was closed by its submitter.
          <Who name={record.auditorName || record.submitterName} at={record.auditedAt} />
        ),
      },
      {
        title: '驳回原因',
        dataIndex: 'reason',
        width: 200,
        render: (reason: string) =>
          reason ? <Typography.Text type="danger">{reason}</Typography.Text> : '—',
      },
    );
  columns.push({
    title: '操作',
    key: 'actions',
    width: 150,
    render: (_, record) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          onClick={() =>
            navigate(`/${record.auditStatus === 2 ? 'rejectDetail' : 'auditDetail'}?id=${record.id}`)
          }
        >
          详情
        </Button>
        <AuditActions record={record} onReject={setRejecting} />
      </Space>
    ),
  });

  return (
    <Card title="我的审批">
      <Tabs
        activeKey={tab}
        onChange={(next) => setQuery({ tab: next, page: 0 })}
        items={AUDIT_TABS.map((key) => ({ key, label: TAB_LABELS[key] }))}
      />
      <PagedTable<AuditRecord, typeof DEFAULTS>
        paged={list}
        columns={columns}
        what="审批记录"
        empty={tab === 'pending' ? '没有待审批的申请' : '还没有已处理的审批'}
        scrollX={1000}
      />
      <RejectModal record={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
