import { type Member, MemberMessages } from '@iot/contracts/memberships';
import { Result, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { type ListExport, PagedListCard, useRowActions } from '../../../components/PagedListCard';
import { useCurrentRoute } from '../../../platform/routes/currentRoute';
import { useSession } from '../../../platform/session';
import { type ScopeApi, useScopeApi, useScopeRoles } from '../../roles/index';
import { fetchMembers, membersKey } from '../api';
import { AddMemberModal } from '../components/AddMemberModal';
import { ChangeRoleModal } from '../components/ChangeRoleModal';
import { roleOptionsOf } from '../components/roleOptions';

/** 成员管理 of the system, a gateway firm, a corporation or a project: the scope comes from the address. */
export function Members() {
  const api = useScopeApi();
  if (!api) return <Result status="warning" title="当前页面不属于任何可管理成员的范围" />;
  return <MemberList key={api.members} api={api} />;
}

const FILTERS = { roleId: '' };
const EXPORT: Omit<ListExport<Member>, 'name'> = {
  columns: [
    { header: '账号', key: 'username', width: 18 },
    { header: '姓名', key: 'realname', width: 14 },
    { header: '手机号', key: 'mobile', width: 14 },
    { header: '角色', key: 'roleName', width: 16 },
    { header: '加入时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
  ],
  row: (m) => ({
    username: m.username,
    realname: m.realname,
    mobile: m.mobile ?? '',
    roleName: m.roleName,
    createdAt: excelDate(m.createdAt),
  }),
};

function MemberList({ api }: { api: ScopeApi }) {
  const route = useCurrentRoute();
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<Member | null>(null);
  // The scope's roles: to give (添加成员, 修改角色) and to filter by; the members screen may read them.
  const roles = useScopeRoles(api, { quiet: true });
  const roleOptions = useMemo(() => roleOptionsOf(roles.data), [roles.data]);

  const name = (member: Member) => member.realname || member.username;
  const actions = useRowActions<Member>({
    width: 170,
    edit: (member) => setChanging(member),
    editText: '修改角色',
    remove: {
      confirm: (member) => `确定移除成员「${name(member)}」吗？`,
      description: `移除后该用户不能再访问此${api.label}，账号本身保留。`,
      okText: '移除',
      request: (member) => http.delete<null>(`${api.members}/${member.userId}`),
      done: (member) => `已移除成员「${name(member)}」`,
      invalidate: membersKey(api),
      // The server refuses too; say why before the click.
      refused: (member) =>
        member.lastAdmin &&
        (member.userId === session?.userId ? MemberMessages.LAST_ADMIN_SELF : MemberMessages.LAST_ADMIN),
    },
  });

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
      width: 160,
      render: (roleName: string, member) => <Tag color={member.admin ? 'gold' : 'blue'}>{roleName}</Tag>,
    },
    {
      title: '加入时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
    ...actions,
  ];

  return (
    <PagedListCard<Member, typeof FILTERS>
      title={route?.title ?? '成员管理'}
      what="成员列表"
      queryKey={membersKey(api)}
      savedAs={`members.${api.type}.${api.id}`}
      fetchPage={(params) => fetchMembers(api, params)}
      rowKey="userId"
      filters={{
        defaults: FILTERS,
        render: (values, set) => (
          <Select
            aria-label="按角色筛选"
            style={{ width: 150 }}
            value={values.roleId}
            loading={roles.isLoading}
            options={[
              { value: '', label: '全部角色' },
              ...roleOptions.map((o) => ({ value: String(o.value), label: o.label })),
            ]}
            onChange={(roleId: string) => set({ roleId })}
          />
        ),
      }}
      columns={columns}
      searchPlaceholder="账号、姓名或手机号"
      searchWidth={200}
      empty="还没有成员"
      counted="名成员"
      noun="成员"
      exporting={{ ...EXPORT, name: `${api.label}成员列表` }}
      create={{ text: '添加成员', onClick: () => setAdding(true) }}
    >
      <AddMemberModal api={api} open={adding} roleOptions={roleOptions} onClose={() => setAdding(false)} />
      <ChangeRoleModal
        api={api}
        member={changing}
        roleOptions={roleOptions}
        onClose={() => setChanging(null)}
      />
    </PagedListCard>
  );
}
