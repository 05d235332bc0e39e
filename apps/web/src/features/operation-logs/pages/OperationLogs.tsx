import {
  OPERATION_KIND_LABELS,
  OPERATION_KINDS,
  type OperationKind,
  type OperationLog,
} from '@iot/contracts/operation-logs';
import { Button, Card, Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { ExportButton, type ListExport, PagedTable, usePagedQuery } from '../../../components/PagedList';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { resolveRange, TimeRangeField, type TimeRangeValue } from '../../monitoring/index';
import { fetchOperationLogs, type OperationLogFilter } from '../api';

interface Conditions extends TimeRangeValue {
  user: string;
  kind: string;
  result: string;
  keyword: string;
}

const NO_CONDITIONS: Conditions = {
  preset: 'last7d',
  start: 0,
  stop: 0,
  user: '',
  kind: '',
  result: '',
  keyword: '',
};
const DEFAULTS = { ...NO_CONDITIONS, page: 0, size: 20 };
const all = { value: '', label: '全部' };
const KIND_COLORS: Record<OperationKind, string> = { write: 'blue', signIn: 'green', signOut: 'default' };

/** The conditions as the server reads them, a preset's range taken at the moment of asking. */
function toFilter(c: Conditions): OperationLogFilter {
  const range = resolveRange(c);
  return {
    ...(range ? { startTime: range[0].valueOf(), endTime: range[1].valueOf() } : {}),
    ...(c.user.trim() ? { user: c.user.trim() } : {}),
    ...((OPERATION_KINDS as readonly string[]).includes(c.kind) ? { kind: c.kind as OperationKind } : {}),
    ...(c.result === 'success' || c.result === 'failure' ? { result: c.result } : {}),
    ...(c.keyword.trim() ? { keyword: c.keyword.trim() } : {}),
  };
}

const when = (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');
const succeeded = (entry: OperationLog) => entry.code === 20000;

/**
 * 操作日志 of a project (router-operationLog: its writes) or of the system
 * (router-system-operationLogs: every write, sign-in and sign-out) — docs/decisions/0038.
 */
export function OperationLogs() {
  const projectId = useProjectId();
  const system = projectId === 0;
  const [saved, setSaved] = useSavedQuery(system ? 'operationLogs.system' : 'operationLogs', DEFAULTS);
  const [draft, setDraft] = useState<Conditions>(saved);
  // The preset range is taken when the conditions are applied, so paging keeps the same window.
  const [filter, setFilter] = useState(() => toFilter(saved));
  const list = usePagedQuery(saved, setSaved, {
    queryKey: ['operationLogs', projectId, filter],
    fetchPage: (_, page, size) => fetchOperationLogs(projectId, filter, page, size),
  });

  const apply = (next: Conditions) => {
    setSaved({ ...next, page: 0, size: saved.size });
    setFilter(toFilter(next));
  };
  const exporting: ListExport<OperationLog> = {
    name: '操作日志',
    columns: [
      { header: '时间', key: 'at', width: 20, numFmt: EXCEL_DATE_TIME },
      { header: '类型', key: 'kind', width: 8 },
      { header: '账号', key: 'username', width: 16 },
      { header: '姓名', key: 'realname', width: 14 },
      ...(system ? [{ header: '项目', key: 'projectName', width: 18 }] : []),
      { header: '操作', key: 'summary', width: 40 },
      { header: '接口', key: 'route', width: 40 },
      { header: '对象', key: 'target', width: 20 },
      { header: '结果', key: 'result', width: 8 },
      { header: '返回码', key: 'code', width: 10 },
      { header: '地址', key: 'ip', width: 16 },
      { header: '客户端', key: 'userAgent', width: 40 },
    ],
    row: (r) => ({
      ...r,
      at: excelDate(r.at),
      kind: OPERATION_KIND_LABELS[r.kind],
      route: `${r.method} ${r.route}`,
      result: succeeded(r) ? '成功' : '失败',
    }),
  };

  const columns: TableColumnsType<OperationLog> = [
    { title: '时间', dataIndex: 'at', width: 170, render: when },
    {
      title: '用户',
      key: 'user',
      width: 150,
      render: (_, e) => (
        <>
          <div>{e.realname || e.username || '—'}</div>
          {e.realname && <Typography.Text type="secondary">{e.username}</Typography.Text>}
        </>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 80,
      render: (kind: OperationKind) => <Tag color={KIND_COLORS[kind]}>{OPERATION_KIND_LABELS[kind]}</Tag>,
    },
    {
      title: '操作',
      key: 'summary',
      render: (_, e) => (
        <>
          <div>{e.summary}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.method} {e.route}
            {e.target ? ` · ${e.target}` : ''}
          </Typography.Text>
        </>
      ),
    },
    ...(system
      ? [{ title: '项目', dataIndex: 'projectName', width: 140, render: (name: string) => name || '—' }]
      : []),
    {
      title: '结果',
      key: 'result',
      width: 90,
      render: (_, e) =>
        succeeded(e) ? (
          <Tag color="success">成功</Tag>
        ) : (
          <Tag color="error" title={`返回码 ${e.code}，HTTP ${e.status}`}>
            失败 {e.code}
          </Tag>
        ),
    },
    {
      title: '地址 / 客户端',
      key: 'client',
      width: 200,
      render: (_, e) => (
        <>
          <div>{e.ip || '—'}</div>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: e.userAgent }}
            style={{ maxWidth: 180, fontSize: 12 }}
          >
            {e.userAgent || '—'}
          </Typography.Text>
        </>
      ),
    },
  ];

  return (
    <Card title="操作日志">
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="时间">
          <TimeRangeField value={draft} onChange={(range) => setDraft({ ...draft, ...range })} />
        </Form.Item>
        <Form.Item label="用户">
          <Input
            allowClear
            aria-label="用户"
            placeholder="账号或姓名"
            style={{ width: 140 }}
            value={draft.user}
            onChange={(e) => setDraft({ ...draft, user: e.target.value })}
            onPressEnter={() => apply(draft)}
          />
        </Form.Item>
        {system && (
          <Form.Item label="类型">
            <Select
              aria-label="类型"
              style={{ width: 100 }}
              value={draft.kind}
              onChange={(kind: string) => setDraft({ ...draft, kind })}
              options={[all, ...OPERATION_KINDS.map((k) => ({ value: k, label: OPERATION_KIND_LABELS[k] }))]}
            />
          </Form.Item>
        )}
        <Form.Item label="结果">
          <Select
            aria-label="结果"
            style={{ width: 100 }}
            value={draft.result}
            onChange={(result: string) => setDraft({ ...draft, result })}
            options={[all, { value: 'success', label: '成功' }, { value: 'failure', label: '失败' }]}
          />
        </Form.Item>
        <Form.Item label="关键字">
          <Input
            allowClear
            aria-label="关键字"
            placeholder="操作、接口或对象"
            style={{ width: 180 }}
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onPressEnter={() => apply(draft)}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" onClick={() => apply(draft)}>
              查 询
            </Button>
            <Button
              onClick={() => {
                setDraft(NO_CONDITIONS);
                apply(NO_CONDITIONS);
              }}
            >
              重 置
            </Button>
            <ExportButton spec={exporting} fetchPage={list.fetchPage} />
          </Space>
        </Form.Item>
      </Form>
      <PagedTable<OperationLog, typeof DEFAULTS>
        paged={list}
        columns={columns}
        what="操作日志"
        empty="这段时间没有符合条件的操作"
        scrollX={system ? 1100 : 960}
        sizes={[10, 20, 50, 100]}
      />
    </Card>
  );
}
