import type { MaintenanceRecord } from '@iot/contracts/maintenance';
import { Button, Card, DatePicker, Form, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { ExportButton, type ListExport, PagedTable, usePagedList } from '../../../components/PagedList';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { fetchRecords, type RecordFilter, useRecordOptions } from './api';
import { SiteSelect, TYPE_OPTIONS } from './filters';
import { equipmentText, formatSpan, typeNames } from './format';
import { RecordDrawer } from './RecordDrawer';

/** The conditions kept per user; 0 and '' mean "all", start/stop 0 "any time". */
interface Conditions {
  page: number;
  siteId: number;
  type: number;
  assigneeId: number;
  status: number;
  keyword: string;
  start: number;
  stop: number;
}
const DEFAULTS: Conditions = {
  page: 0,
  siteId: 0,
  type: 0,
  assigneeId: 0,
  status: 0,
  keyword: '',
  start: 0,
  stop: 0,
};

const at = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm');

function toFilter(c: Conditions, equipmentId: number | undefined): RecordFilter {
  return {
    ...(c.siteId ? { siteId: c.siteId } : {}),
    ...(c.type ? { type: c.type } : {}),
    ...(c.assigneeId ? { assigneeId: c.assigneeId } : {}),
    ...(c.status ? { status: c.status } : {}),
    ...(c.keyword.trim() ? { keyword: c.keyword.trim() } : {}),
    ...(c.start && c.stop > c.start ? { startTime: c.start, stopTime: c.stop } : {}),
    ...(equipmentId ? { equipmentId } : {}),
  };
}

const onTimeText = (r: MaintenanceRecord) => (r.onTime === null ? '无期限' : r.onTime ? '按时' : '超时');

const EXPORT: ListExport<MaintenanceRecord> = {
  name: '维保记录',
  columns: [
    { header: '工单编号', key: 'code', width: 20 },
    { header: '标题', key: 'title', width: 30 },
    { header: '类型', key: 'type', width: 14 },
    { header: '站点', key: 'site', width: 16 },
    { header: '设备', key: 'equipment', width: 10 },
    { header: '执行人', key: 'assignees', width: 18 },
    { header: '状态', key: 'status', width: 14 },
    { header: '创建时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
    { header: '截止时间', key: 'dueAt', width: 20, numFmt: EXCEL_DATE_TIME },
    { header: '完成时间', key: 'finishedAt', width: 20, numFmt: EXCEL_DATE_TIME },
    { header: '用时（小时）', key: 'hours', width: 12, numFmt: '0.0' },
    { header: '是否按时', key: 'onTime', width: 10 },
    { header: '处理结果', key: 'result', width: 40 },
  ],
  row: (r) => ({
    code: r.code,
    title: r.title,
    type: typeNames(r.type),
    site: r.groupName ?? '项目',
    equipment: equipmentText(r, ''),
    assignees: r.assignees.map((a) => a.realname).join('、'),
    status: r.statusName,
    createdAt: excelDate(r.createdAt),
    dueAt: r.dueAt === null ? null : excelDate(r.dueAt),
    finishedAt: excelDate(r.finishedAt),
    hours: Math.round(r.durationMs / 360_000) / 10,
    onTime: onTimeText(r),
    result: r.result,
  }),
};

/**
 * 维保记录 (router-maintenanceRecord): the finished work orders (已关闭, 已处理未解决) of the project,
 * by site, equipment, type, assignee and finish time, paged on the server; 详情 opens the execution
 * summary; 导出 writes every matching row. `?equipmentId=` narrows to one piece of equipment (the
 * equipment detail links here).
 */
export function MaintenanceRecords() {
  const groupId = useProjectId();
  const [params, setParams] = useSearchParams();
  const equipmentId = Number(params.get('equipmentId')) || undefined;
  const options = useRecordOptions(groupId);
  const records = usePagedList<MaintenanceRecord, Conditions>({
    savedAs: `maintenance.records.${groupId}`,
    defaults: DEFAULTS,
    queryKey: ['maintenanceRecords', 'list', groupId, equipmentId ?? 0],
    fetchPage: (q, page, size) => fetchRecords(groupId, toFilter(q, equipmentId), page, size),
    enabled: groupId > 0,
  });
  const { query, setQuery } = records;
  const [keyword, setKeyword] = useState(query.keyword);
  const [open, setOpen] = useState<number | null>(null);
  const set = (patch: Partial<Conditions>) => setQuery((q) => ({ ...q, ...patch, page: 0 }));

  const columns: TableColumnsType<MaintenanceRecord> = [
    {
      title: '工单',
      key: 'title',
      width: 220,
      ellipsis: true,
      render: (_, r) => (
        <>
          <Typography.Link onClick={() => setOpen(r.id)}>{r.title}</Typography.Link>
          <div>
            <Typography.Text type="secondary">{r.code}</Typography.Text>
          </div>
        </>
      ),
    },
    { title: '类型', key: 'type', width: 100, render: (_, r) => typeNames(r.type) },
    { title: '站点', key: 'site', width: 110, ellipsis: true, render: (_, r) => r.groupName ?? '项目' },
    {
      title: '设备',
      key: 'equipment',
      width: 110,
      ellipsis: true,
      render: (_, r) => equipmentText(r, '—'),
    },
    {
      title: '执行人',
      key: 'assignees',
      width: 120,
      ellipsis: true,
      render: (_, r) => r.assignees.map((a) => a.realname).join('、') || '—',
    },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => <Tag color={r.status === 11 ? 'success' : 'warning'}>{r.statusName}</Tag>,
    },
    { title: '完成时间', key: 'finishedAt', width: 140, render: (_, r) => at(r.finishedAt) },
    { title: '用时', key: 'duration', width: 100, render: (_, r) => formatSpan(r.durationMs) },
    {
      title: '按时',
      key: 'onTime',
      width: 80,
      render: (_, r) =>
        r.onTime === null ? (
          <Typography.Text type="secondary">无期限</Typography.Text>
        ) : (
          <Tag color={r.onTime ? 'green' : 'red'}>{r.onTime ? '按时' : '超时'}</Tag>
        ),
    },
    { title: '处理结果', dataIndex: 'result', ellipsis: true, width: 200 },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          详情
        </Button>
      ),
    },
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    query.start && query.stop > query.start ? [dayjs(query.start), dayjs(query.stop)] : null;

  return (
    <Card title="维保记录" variant="borderless">
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="站点">
          <SiteSelect
            sites={options.data?.sites ?? []}
            loading={options.isLoading}
            value={query.siteId || undefined}
            onChange={(siteId) => set({ siteId: siteId ?? 0 })}
          />
        </Form.Item>
        <Form.Item label="类型">
          <Select
            aria-label="类型"
            style={{ width: 120 }}
            value={query.type}
            onChange={(type: number) => set({ type })}
            options={TYPE_OPTIONS}
          />
        </Form.Item>
        <Form.Item label="执行人">
          <Select
            aria-label="执行人"
            style={{ width: 140 }}
            showSearch
            optionFilterProp="label"
            value={query.assigneeId}
            onChange={(assigneeId: number) => set({ assigneeId })}
            options={[
              { value: 0, label: '全部人员' },
              ...(options.data?.assignees ?? []).map((p) => ({ value: p.id, label: p.realname })),
            ]}
          />
        </Form.Item>
        <Form.Item label="状态">
          <Select
            aria-label="状态"
            style={{ width: 140 }}
            value={query.status}
            onChange={(status: number) => set({ status })}
            options={[
              { value: 0, label: '全部' },
              { value: 11, label: '已关闭' },
              { value: 12, label: '已处理未解决' },
            ]}
          />
        </Form.Item>
        <Form.Item label="完成时间">
          <DatePicker.RangePicker
            aria-label="完成时间"
            style={{ maxWidth: '100%' }}
            value={range}
            onChange={(r) =>
              set(
                r?.[0] && r[1]
                  ? { start: r[0].startOf('day').valueOf(), stop: r[1].endOf('day').valueOf() + 1 }
                  : { start: 0, stop: 0 },
              )
            }
          />
        </Form.Item>
        <Form.Item>
          <Input.Search
            aria-label="关键字"
            placeholder="标题或编号"
            allowClear
            style={{ width: 200 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => set({ keyword: value })}
          />
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              setKeyword('');
              setQuery(DEFAULTS);
            }}
          >
            重置
          </Button>
        </Form.Item>
        <Form.Item>
          <ExportButton spec={EXPORT} fetchPage={records.fetchPage} />
        </Form.Item>
      </Form>
      {equipmentId && (
        <Tag
          closable
          style={{ marginBottom: 12 }}
          onClose={() => {
            params.delete('equipmentId');
            setParams(params);
          }}
        >
          设备 #{equipmentId}
        </Tag>
      )}
      <PagedTable<MaintenanceRecord, Conditions>
        paged={records}
        columns={columns}
        what="维保记录"
        empty="没有符合条件的维保记录"
        counted="条记录"
      />
      <RecordDrawer groupId={groupId} id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
