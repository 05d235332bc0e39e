import { Permission } from '@iot/contracts';
import type { User } from '@iot/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { type ListExport, PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { usePermission } from '../../../platform/routes/currentRoute';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFormModal, type UserFormState } from '../components/UserFormModal';

const FILTERS = { state: '' };
const STATES = [
  { value: '', label: '全部状态' },
  { value: 'enabled', label: '启用' },
  { value: 'disabled', label: '停用' },
  { value: 'locked', label: '已锁定' },
  { value: 'expired', label: '已到期' },
];
const day = (at: number | null) => (at === null ? '长期' : dayjs(at).format('YYYY-MM-DD'));
const EXPORT: ListExport<User> = {
  name: '用户列表',
  columns: [
    { header: '账号', key: 'username', width: 18 },
    { header: '姓名', key: 'realname', width: 14 },
    { header: '手机号', key: 'mobile', width: 14 },
    { header: '状态', key: 'status', width: 8 },
    { header: '锁定', key: 'locked', width: 8 },
    { header: '到期时间', key: 'expireAt', width: 12 },
    { header: '创建时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
  ],
  row: (u) => ({
    username: u.username,
    realname: u.realname,
    mobile: u.mobile ?? '',
    status: u.status === 'enabled' ? '启用' : '停用',
    locked: u.locked ? '已锁定' : '未锁定',
    expireAt: day(u.expireAt),
    createdAt: excelDate(u.createdAt),
  }),
};

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
          day(at)
        ) : (
          <span style={at < Date.now() ? { color: 'var(--ant-color-error, #ff4d4f)' } : undefined}>
            {day(at)}
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
    <PagedListCard<User, typeof FILTERS>
      title="用户管理"
      what="用户列表"
      queryKey="users"
      url="/iot/users"
      rowKey="userId"
      filters={{
        defaults: FILTERS,
        render: (values, set) => (
          <Select
            aria-label="账号状态"
            style={{ width: 120 }}
            value={values.state}
            options={STATES}
            onChange={(state: string) => set({ state })}
          />
        ),
      }}
      exporting={EXPORT}
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
