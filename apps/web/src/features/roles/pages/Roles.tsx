import type { Role } from '@iot/contracts/roles';
import { Button, Result, Select, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { createdAtColumn } from '../../../components/PagedList';
import { type ListExport, PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute } from '../../../platform/routes/currentRoute';
import { fetchRoles, rolesKey } from '../api';
import { grantedCount } from '../components/functionTree';
import { RoleDrawer, type RoleDrawerState } from '../components/RoleDrawer';
import { BUILTIN_ROLE_TIP, type ScopeApi, useScopeApi } from '../scopeApi';

/** 角色管理 of the system, a gateway firm, a corporation or a project: the scope comes from the address. */
export function Roles() {
  const api = useScopeApi();
  if (!api) return <Result status="warning" title="当前页面不属于任何可管理角色的范围" />;
  return <RoleList key={api.roles} api={api} />;
}

const FILTERS = { source: '' };
const SOURCES = [
  { value: '', label: '全部角色' },
  { value: 'builtin', label: '内置角色' },
  { value: 'custom', label: '自定义角色' },
];

function RoleList({ api }: { api: ScopeApi }) {
  const route = useCurrentRoute();
  const [drawer, setDrawer] = useState<RoleDrawerState>(null);
  const functions = (role: Role) => (role.builtin ? '全部' : grantedCount(api.type, role.functions));

  const actions = useRowActions<Role>({
    width: 200,
    before: (role) => (
      <Button type="link" size="small" onClick={() => setDrawer({ mode: 'view', role })}>
        查看
      </Button>
    ),
    edit: (role) => setDrawer({ mode: 'edit', role }),
    remove: {
      confirm: (role) => `确定删除角色「${role.name}」吗？`,
      description: '已分配给成员的角色不能删除。',
      request: (role) => http.delete<null>(`${api.roles}/${role.id}`),
      done: (role) => `角色「${role.name}」已删除`,
      invalidate: rolesKey(api),
    },
    locked: (role) => (role.builtin ? BUILTIN_ROLE_TIP : false),
  });

  const columns: TableColumnsType<Role> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 200,
      render: (name: string, role) => (
        <Space size={6}>
          {name}
          {role.builtin && (
            <Tooltip title={BUILTIN_ROLE_TIP}>
              <Tag color="gold">内置</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '描述',
      dataIndex: 'description',
      width: 220,
      ellipsis: true,
      render: (text: string) => text || '—',
    },
    { title: '功能数', key: 'functions', width: 90, render: (_, role) => functions(role) },
    { title: '成员数', dataIndex: 'memberCount', width: 90 },
    createdAtColumn(),
    ...actions,
  ];

  const exporting: ListExport<Role> = {
    name: `${api.label}角色列表`,
    columns: [
      { header: '名称', key: 'name', width: 20 },
      { header: '类型', key: 'kind', width: 10 },
      { header: '描述', key: 'description', width: 40 },
      { header: '功能数', key: 'functions', width: 10 },
      { header: '成员数', key: 'memberCount', width: 10 },
      { header: '创建时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
    ],
    row: (role) => ({
      name: role.name,
      kind: role.builtin ? '内置' : '自定义',
      description: role.description,
      functions: functions(role),
      memberCount: role.memberCount,
      createdAt: excelDate(role.createdAt),
    }),
  };

  return (
    <PagedListCard<Role, typeof FILTERS>
      title={route?.title ?? '角色管理'}
      what="角色列表"
      queryKey={rolesKey(api)}
      // One saved search per scope: a firm's conditions are not a project's.
      savedAs={`roles.${api.type}.${api.id}`}
      fetchPage={(params) => fetchRoles(api, params)}
      filters={{
        defaults: FILTERS,
        render: (values, set) => (
          <Select
            aria-label="角色类型"
            style={{ width: 120 }}
            value={values.source}
            options={SOURCES}
            onChange={(source: string) => set({ source })}
          />
        ),
      }}
      columns={columns}
      searchPlaceholder="名称或描述"
      empty={`还没有${api.label}角色`}
      counted="个角色"
      noun="角色"
      exporting={exporting}
      create={{ text: '新建角色', onClick: () => setDrawer({ mode: 'create' }) }}
    >
      <RoleDrawer api={api} state={drawer} onClose={() => setDrawer(null)} />
    </PagedListCard>
  );
}
