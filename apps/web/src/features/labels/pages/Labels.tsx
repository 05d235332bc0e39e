import { Permission } from '@iot/contracts';
import type { Label } from '@iot/contracts/labels';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { createdAtColumn } from '../../../components/PagedList';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute, usePermission } from '../../../platform/routes/currentRoute';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { labelKeys, labelsApi } from '../api';
import { LabelFormModal, type LabelFormState } from '../components/LabelFormModal';
import { LabelTargetsModal } from '../components/LabelTargetsModal';

/** 标签管理 (router-labels): labels on gateways and groups, which the gateway list and group tree filter by. */
export function Labels() {
  const projectId = useProjectId();
  const route = useCurrentRoute();
  const [form, setForm] = useState<LabelFormState>(null);
  const [linking, setLinking] = useState<Label | null>(null);
  const canUpdate = usePermission(Permission.UPDATE);
  const actions = useRowActions<Label>({
    width: 170,
    before: canUpdate
      ? (label) => (
          <Button type="link" size="small" onClick={() => setLinking(label)}>
            关联
          </Button>
        )
      : undefined,
    edit: (label) => setForm({ mode: 'edit', label }),
    remove: {
      confirm: (label) => `确定删除标签「${label.name}」吗？`,
      description: '仍关联网关或分组的标签不能删除。',
      request: (label) => labelsApi.remove(projectId, label.id),
      done: (label) => `标签「${label.name}」已删除`,
      invalidate: labelKeys.all(projectId),
    },
  });

  const columns: TableColumnsType<Label> = [
    {
      title: '标签',
      dataIndex: 'name',
      width: 150,
      render: (name: string, label) => <Tag color={label.color}>{name}</Tag>,
    },
    { title: '描述', dataIndex: 'description', width: 200, ellipsis: true, render: (t: string) => t || '—' },
    { title: '网关数', dataIndex: 'gatewayCount', width: 80 },
    { title: '分组数', dataIndex: 'groupCount', width: 80 },
    createdAtColumn(),
    ...actions,
  ];

  return (
    <PagedListCard<Label>
      title={route?.title ?? '标签管理'}
      what="标签列表"
      queryKey={labelKeys.list(projectId)}
      savedAs="labels"
      fetchPage={(params) => labelsApi.page(projectId, params)}
      columns={columns}
      searchPlaceholder="名称或描述"
      empty="还没有标签"
      counted="个标签"
      noun="标签"
      create={{ text: '新建标签', onClick: () => setForm({ mode: 'create' }) }}
    >
      <LabelFormModal projectId={projectId} state={form} onClose={() => setForm(null)} />
      <LabelTargetsModal projectId={projectId} label={linking} onClose={() => setLinking(null)} />
    </PagedListCard>
  );
}
