import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { type Member, MemberMessages } from '@iot/contracts/memberships';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Input,
  Popconfirm,
  Result,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { http } from '../../../api/http';
import { Permission as Can, useCurrentRoute, usePermission } from '../../../app/routes/currentRoute';
import { useSession } from '../../../app/session';
import { tableEmpty } from '../../../components/LoadState';
import { type ScopeApi, useScopeApi, useScopeRoles } from '../../roles/index';
import { AddMemberModal } from '../components/AddMemberModal';
import { ChangeRoleModal } from '../components/ChangeRoleModal';
import { roleOptionsOf } from '../components/roleOptions';

/** 成员管理 of the system, a gateway firm, a corporation or a project: the scope comes from the address. */
export function Members() {
  const api = useScopeApi();
  if (!api) return <Result status="warning" title="当前页面不属于任何可管理成员的范围" />;
  return <MemberList key={api.members} api={api} />;
}

const matches = (member: Member, keyword: string) =>
  [member.username, member.realname, member.mobile ?? ''].some((text) =>
    text.toLowerCase().includes(keyword),
  );

function MemberList({ api }: { api: ScopeApi }) {
  const route = useCurrentRoute();
  const session = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<Member | null>(null);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const canCreate = usePermission(Permission.CREATE);

  const queryKey = ['members', api.members];
  const members = useQuery({ queryKey, queryFn: () => http.get<Member[]>(api.members) });
  // Only needed to give roles; quiet, since the roles screen's 查看 may be missing.
  const roles = useScopeRoles(api, { quiet: true, enabled: canCreate || canUpdate });
  const list = members.data ?? [];
  const roleOptions = useMemo(
    () => roleOptionsOf(roles.data, members.data ?? []),
    [roles.data, members.data],
  );
  const adminRoles = new Set(roleOptions.filter((option) => option.admin).map((option) => option.value));
  // The only administrator cannot be removed (the server refuses too): say why before the click.
  const onlyAdmin = (member: Member) =>
    adminRoles.has(member.roleId) && list.filter((m) => adminRoles.has(m.roleId)).length <= 1;

  const remove = useMutation({
    mutationFn: (member: Member) => http.delete<null>(`${api.members}/${member.userId}`),
    onSuccess: (_, member) => {
      message.success(`已移除成员「${member.realname || member.username}」`);
      void queryClient.invalidateQueries({ queryKey });
    },
  });

  const filter = keyword.trim().toLowerCase();
  const shown = filter ? list.filter((member) => matches(member, filter)) : list;

  const columns: TableColumnsType<Member> = [
    {
      title: '账号',
      dataIndex: 'username',
      width: 180,
      render: (username: string, member) => (
        <Space size={6}>
          {username}
          {member.userId === session?.userId && <Tag color="processing">我</Tag>}
        </Space>
      ),
    },
    { title: '姓名', dataIndex: 'realname', width: 160, ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 140, render: (mobile: string | null) => mobile || '—' },
    {
      title: '角色',
      dataIndex: 'roleName',
      render: (name: string, member) => (
        <Tag color={adminRoles.has(member.roleId) ? 'gold' : 'blue'}>{name}</Tag>
      ),
    },
    {
      title: '加入时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (canUpdate || canDelete) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, member) => (
        <Space size={0}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setChanging(member)}>
              修改角色
            </Button>
          )}
          {canDelete && onlyAdmin(member) && (
            <Tooltip
              title={
                member.userId === session?.userId ? MemberMessages.LAST_ADMIN_SELF : MemberMessages.LAST_ADMIN
              }
            >
              <Button type="link" size="small" danger disabled data-testid="remove-only-admin">
                移除
              </Button>
            </Tooltip>
          )}
          {canDelete && !onlyAdmin(member) && (
            <Popconfirm
              title={`确定移除成员「${member.realname || member.username}」吗？`}
              description={`移除后该用户不能再访问此${api.label}，账号本身保留。`}
              okText="移除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(member).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                移除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card
      title={route?.title ?? '成员管理'}
      extra={
        <Space>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="筛选账号、姓名或手机号"
            aria-label="筛选成员"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            style={{ width: 240 }}
          />
          <Can bit={Permission.CREATE}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              添加成员
            </Button>
          </Can>
        </Space>
      }
    >
      <Table<Member>
        rowKey="userId"
        columns={columns}
        dataSource={shown}
        loading={members.isFetching}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 名成员` }}
        locale={{
          emptyText: tableEmpty(
            members,
            '成员列表',
            <Empty description={filter ? `没有匹配“${keyword.trim()}”的成员` : '还没有成员'} />,
          ),
        }}
      />
      <AddMemberModal
        api={api}
        open={adding}
        roleOptions={roleOptions}
        rolesLimited={roles.isError}
        onClose={() => setAdding(false)}
      />
      <ChangeRoleModal
        api={api}
        member={changing}
        roleOptions={roleOptions}
        onClose={() => setChanging(null)}
      />
    </Card>
  );
}
