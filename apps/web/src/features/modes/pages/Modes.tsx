import type { Mode } from '@iot/contracts/modes';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { modeKeys, modesApi } from '../api';
import { ModeFormModal, type ModeFormState } from '../components/ModeFormModal';
import { SiteModes } from '../components/SiteModes';

/** 模式管理 (router-modes): the sites' operating modes, the mode each site is in, rules limited to modes. */
export function Modes() {
  const projectId = useProjectId();
  const route = useCurrentRoute();
  const [form, setForm] = useState<ModeFormState>(null);
  const actions = useRowActions<Mode>({
    width: 120,
    edit: (mode) => setForm({ mode: 'edit', value: mode }),
    remove: {
      confirm: (mode) => `确定删除模式「${mode.name}」吗？`,
      description: '有站点处于该模式或有预警规则限定于该模式时不能删除。',
      request: (mode) => modesApi.remove(projectId, mode.id),
      done: (mode) => `模式「${mode.name}」已删除`,
      invalidate: modeKeys.all(projectId),
    },
  });

  const columns: TableColumnsType<Mode> = [
    {
      title: '模式',
      dataIndex: 'name',
      width: 120,
      render: (name: string, mode) => <Tag color={mode.color}>{name}</Tag>,
    },
    { title: '描述', dataIndex: 'description', width: 220, ellipsis: true, render: (t: string) => t || '—' },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '站点数', dataIndex: 'siteCount', width: 80 },
    { title: '预警规则数', dataIndex: 'ruleCount', width: 100 },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <>
      <PagedListCard<Mode>
        title={route?.title ?? '模式管理'}
        what="模式列表"
        queryKey={modeKeys.list(projectId)}
        savedAs="modes"
        fetchPage={(params) => modesApi.page(projectId, params)}
        columns={columns}
        searchPlaceholder="名称或描述"
        empty="还没有模式"
        counted="个模式"
        noun="模式"
        create={{ text: '新建模式', onClick: () => setForm({ mode: 'create' }) }}
      >
        <ModeFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
      </PagedListCard>
      <SiteModes projectId={projectId} />
    </>
  );
}
