import { PlusOutlined } from '@ant-design/icons';
import { type Page, Permission } from '@iot/contracts';
import type { User } from '@iot/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { http } from '../../../api/http';
import { Permission as Can, usePermission } from '../../../app/routes/currentRoute';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFormModal, type UserFormState } from '../components/UserFormModal';

const PAGE_SIZE = 10;

/** 用户管理: every account of the platform, server-paged, for system administration. */
export function Users() {
  const [query, setQuery] = useSavedQuery('users');
  const [draft, setDraft] = useState(query.keyword);
  const [form, setForm] = useState<UserFormState>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const canUnlock = usePermission(Permission.LOCK);

  const users = useQuery({
    queryKey: ['users', query.keyword, query.page],
    queryFn: () =>
      http.get<Page<User>>('/iot/users', {
        params: { page: query.page, size: PAGE_SIZE, keyword: query.keyword },
      }),
    placeholderData: keepPreviousData,
  });

  // A remembered page past the end (accounts removed since): fall back to the last page.
  const total = users.data?.total ?? 0;
  useEffect(() => {
    if (users.data && users.data.list.length === 0 && query.page > 0) {
      setQuery((q) => ({ ...q, page: Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) }));
    }
  }, [users.data, query.page, total, setQuery]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const unlock = useMutation({
    mutationFn: (user: User) => http.put<null>(`/iot/users/${user.userId}/unlock`),
    onSuccess: (_, user) => {
      message.success(`「${user.username}」已解锁`);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (user: User) => http.delete<null>(`/iot/users/${user.userId}`),
    onSuccess: (_, user) => {
      message.success(`用户「${user.username}」已删除`);
      void refresh();
    },
  });

  const search = () => {
    const keyword = draft.trim();
    // Enter may arrive twice (this input and the shell's 查 询 shortcut): keep the same state then.
    setQuery((q) => (q.keyword === keyword && q.page === 0 ? q : { keyword, page: 0 }));
  };

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
  ];
  if (canUpdate || canDelete || canUnlock) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_, user) => (
        <Space size={0} wrap>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', user })}>
              编辑
            </Button>
          )}
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
          {canDelete && (
            <Popconfirm
              title={`确定删除用户「${user.username}」吗？`}
              description="删除后该账号将无法登录，并退出其所在的项目、公司和厂商。"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(user).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card
      title="用户管理"
      extra={
        <Space>
          <Space.Compact>
            <Input
              allowClear
              placeholder="账号、姓名或手机号"
              aria-label="账号、姓名或手机号"
              value={draft}
              maxLength={64}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={search}
              style={{ width: 240 }}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
          </Space.Compact>
          <Can bit={Permission.CREATE}>
            <Button icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
              新建
            </Button>
          </Can>
        </Space>
      }
    >
      <Table<User>
        rowKey="userId"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: 1100 }}
        pagination={{
          current: query.page + 1,
          pageSize: PAGE_SIZE,
          total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `共 ${count} 个用户`,
          onChange: (page) => setQuery((q) => ({ ...q, page: page - 1 })),
        }}
        locale={{
          emptyText: users.isLoading ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty description={query.keyword ? `没有匹配“${query.keyword}”的用户` : '还没有用户'} />
          ),
        }}
      />
      <UserFormModal state={form} onClose={() => setForm(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
