import type { ProjectSummary } from '@iot/contracts/projects';
import { Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { PROJECTS_KEY, ProjectFormModal } from '../components/ProjectFormModal';
import { ProjectTermsDrawer } from '../components/ProjectTermsDrawer';
import { PAY_STATUS_LABELS, quotaText } from '../components/payStatus';

const day = (at: number | null) => (at === null ? '不限' : dayjs(at).format('YYYY-MM-DD'));

/** 项目管理 (router-system-projects): every project, its commercial terms and flags. */
export function Projects() {
  const [creating, setCreating] = useState(false);
  const [terms, setTerms] = useState<ProjectSummary | null>(null);
  const actions = useRowActions<ProjectSummary>({
    width: 130,
    edit: setTerms,
    editText: '条款',
    remove: {
      confirm: (p) => `确定删除项目「${p.name}」吗？`,
      description: '项目的区域、站点、角色和成员一并删除，它创建的网关也一并删除。',
      request: (p) => http.delete<null>(`/iot/projects/${p.id}`),
      done: (p) => `项目「${p.name}」已删除`,
      invalidate: [PROJECTS_KEY],
    },
  });

  const columns: TableColumnsType<ProjectSummary> = [
    {
      title: '项目名称',
      dataIndex: 'name',
      width: 220,
      ellipsis: true,
      render: (name: string, p) => (
        <Space size={4} wrap>
          {name}
          {p.isTemplate && <Tag color="purple">模板</Tag>}
          {p.isDemo && <Tag color="cyan">演示</Tag>}
        </Space>
      ),
    },
    {
      title: '所属公司',
      dataIndex: 'corporationName',
      width: 160,
      ellipsis: true,
      render: (n: string | null) => n ?? '—',
    },
    {
      title: '付费状态',
      dataIndex: 'payStatus',
      width: 110,
      render: (s: ProjectSummary['payStatus']) => (
        <Tag color={PAY_STATUS_LABELS[s].color}>{PAY_STATUS_LABELS[s].label}</Tag>
      ),
    },
    {
      title: '套餐到期',
      dataIndex: 'setMealEndAt',
      width: 110,
      render: (at: number | null) => (
        <span
          style={at !== null && at < Date.now() ? { color: 'var(--ant-color-error, #ff4d4f)' } : undefined}
        >
          {day(at)}
        </span>
      ),
    },
    { title: '指标上限', dataIndex: 'accessGatewayIndicatorMaxNum', width: 90, render: quotaText },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <>
      <PagedListCard<ProjectSummary>
        title="项目管理"
        what="项目列表"
        queryKey={PROJECTS_KEY}
        url="/iot/projects"
        columns={columns}
        searchPlaceholder="项目名称"
        empty="还没有项目"
        counted="个项目"
        scrollX={1000}
        exporting={{
          name: '项目列表',
          columns: [
            { header: '项目名称', key: 'name', width: 30 },
            { header: '所属公司', key: 'corporationName', width: 24 },
            { header: '付费状态', key: 'payStatus', width: 12 },
            { header: '套餐到期', key: 'setMealEndAt', width: 14 },
            { header: '指标上限', key: 'quota', width: 10 },
            { header: '模板', key: 'isTemplate', width: 8 },
            { header: '演示', key: 'isDemo', width: 8 },
            { header: '创建时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
          ],
          row: (p) => ({
            name: p.name,
            corporationName: p.corporationName ?? '',
            payStatus: PAY_STATUS_LABELS[p.payStatus].label,
            setMealEndAt: day(p.setMealEndAt),
            quota: quotaText(p.accessGatewayIndicatorMaxNum),
            isTemplate: p.isTemplate ? '是' : '否',
            isDemo: p.isDemo ? '是' : '否',
            createdAt: excelDate(p.createdAt),
          }),
        }}
        create={{ onClick: () => setCreating(true) }}
      />
      <ProjectFormModal open={creating} onClose={() => setCreating(false)} />
      <ProjectTermsDrawer project={terms} onClose={() => setTerms(null)} />
    </>
  );
}
