import { Permission } from '@iot/contracts';
import type { Role } from '@iot/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Popconfirm,
  Result,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { http } from '../../../api/http';
import { Permission as Can, useCurrentRoute, usePermission } from '../../../app/routes/currentRoute';
import { tableEmpty } from '../../../components/LoadState';
import { rolesKey, useScopeRoles } from '../api';
import { grantedCount } from '../components/functionTree';
import { RoleDrawer, type RoleDrawerState } from '../components/RoleDrawer';
import { BUILTIN_ROLE_TIP, type ScopeApi, useScopeApi } from '../scopeApi';

/** 角色管理 of the system, a gateway firm, a corporation or a project: the scope comes from the address. */
export function Roles() {
  const api = useScopeApi();
  if (!api) return <Result status="warning" title="当前页面不属于任何可管理角色的范围" />;
  return <RoleList key={api.roles} api={api} />;
}

function RoleList({ api }: { api: ScopeApi }) {
  const route = useCurrentRoute();
  const roles = useScopeRoles(api);
  const [drawer, setDrawer] = useState<RoleDrawerState>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);

  const remove = useMutation({
    mutationFn: (role: Role) => http.delete<null>(`${api.roles}/${role.id}`),
    onSuccess: (_, role) => {
      message.success(`角色「${role.name}」已删除`);
      void queryClient.invalidateQueries({ queryKey: rolesKey(api) });
    },
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
    { title: '描述', dataIndex: 'description', ellipsis: true, render: (text: string) => text || '—' },
    {
      title: '功能数',
      key: 'functions',
      width: 100,
      render: (_, role) => (role.builtin ? '全部' : grantedCount(api.type, role.functions)),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDrawer({ mode: 'view', role })}>
            查看
          </Button>
          {role.builtin
            ? (canUpdate || canDelete) && (
                <Tooltip title={BUILTIN_ROLE_TIP}>
                  <Button type="link" size="small" disabled>
                    不可修改
                  </Button>
                </Tooltip>
              )
            : [
                canUpdate && (
                  <Button
                    key="edit"
                    type="link"
                    size="small"
                    onClick={() => setDrawer({ mode: 'edit', role })}
                  >
                    编辑
                  </Button>
                ),
                canDelete && (
                  <Popconfirm
                    key="delete"
                    title={`确定删除角色「${role.name}」吗？`}
                    description="已分配给成员的角色不能删除。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(role).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ),
              ]}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={route?.title ?? '角色管理'}
      extra={
        <Can bit={Permission.CREATE}>
          <Button type="primary" onClick={() => setDrawer({ mode: 'create' })}>
            新建角色
          </Button>
        </Can>
      }
    >
      <Table<Role>
        rowKey="id"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 个角色` }}
        locale={{
          emptyText: tableEmpty(roles, '角色列表', <Empty description={`还没有${api.label}角色`} />),
        }}
      />
      <RoleDrawer api={api} state={drawer} onClose={() => setDrawer(null)} />
    </Card>
  );
}
