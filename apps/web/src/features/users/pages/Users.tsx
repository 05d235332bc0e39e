import { Permission } from '@iot/contracts';
import type { User } from '@iot/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { http } from '../../../api/http';
import { usePermission } from '../../../app/routes/currentRoute';
import { PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFormModal, type UserFormState } from '../components/UserFormModal';

/** 用户管理: every account of the platform, server-paged, for system administration. */
export function Users() {
  const [form, setForm] = useState<UserFormState>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const canUnlock = usePermission(Permission.LOCK);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const unlock = useMutation({
    mutationFn: (user: User) => http.put<null>(`/iot/users/${user.userId}/unlock`),
    onSuccess: (_, user) => {
      message.success(`「${user.username}」已解锁`);
      void refresh();
    },
  });
  const actions = useRowActions<User>({
    width: 240,
    edit: (user) => setForm({ mode: 'edit', user }),
    remove: {
      confirm: (user) => `确定删除用户「${user.username}」吗？`,
      description: '删除后该账号将无法登录，并退出其所在的项目、公司和厂商。',
      request: (user) => http.delete<null>(`/iot/users/${user.userId}`),
      done: (user) => `用户「${user.username}」已删除`,
      invalidate: ['users'],
    },
    show: canUnlock,
    between: (user) => (
      <>
        {canUpdate && (
          <Button type="link" size="small" onClick={() => setResetting(user)}>
            重置密码
          </Button>
        )}
        {canUnlock && user.locked && (
          <Button
            type="link"
            size="small"
            loading={unlock.isPending && unlock.variables?.userId === user.userId}
            onClick={() => unlock.mutate(user)}
          >
            解锁
          </Button>
        )}
      </>
    ),
  });

  const columns: TableColumnsType<User> = [
    { title: '账号', dataIndex: 'username', width: 160, ellipsis: true },
    { title: '姓名', dataIndex: 'realname', width: 140, ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (mobile: string | null) => mobile || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: User['status']) =>
        status === 'enabled' ? <Tag color="success">启用</Tag> : <Tag color="default">停用</Tag>,
    },
    {
      title: '锁定',
      dataIndex: 'locked',
      width: 90,
      render: (locked: boolean) => (locked ? <Tag color="error">已锁定</Tag> : <Tag>未锁定</Tag>),
    },
    {
      title: '到期时间',
      dataIndex: 'expireAt',
      width: 120,
      render: (at: number | null) =>
        at === null ? (
          '长期'
        ) : (
          <span style={at < Date.now() ? { color: 'var(--ant-color-error, #ff4d4f)' } : undefined}>
            {dayjs(at).format('YYYY-MM-DD')}
          </span>
        ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
    ...actions,
  ];
  return (
    <PagedListCard<User>
      title="用户管理"
      what="用户列表"
      queryKey="users"
      url="/iot/users"
      rowKey="userId"
      columns={columns}
      searchPlaceholder="账号、姓名或手机号"
      searchWidth={240}
      empty="还没有用户"
      counted="个用户"
      noun="用户"
      scrollX={1100}
      create={{ onClick: () => setForm({ mode: 'create' }) }}
    >
      <UserFormModal state={form} onClose={() => setForm(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </PagedListCard>
  );
}
