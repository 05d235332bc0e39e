import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '@iot/contracts';
import { MESSAGE_TYPES, MessageTypeNames, type RecipientSetting } from '@iot/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { LoadError, tableEmpty } from '../../../../components/LoadState';
import { usePermission } from '../../../../platform/routes/currentRoute';
import {
  recipientsApi,
  settingsKeys,
  useProjectPeople,
  useProjectSummary,
  useRecipients,
} from '../../settings-api';
import { LevelsText } from './LevelsText';
import { bodyOfSetting, RecipientFormModal, type RecipientFormState } from './RecipientFormModal';

/** A remaining count of the project: -1 is unlimited (decision 0020). */
const quotaText = (n: number | undefined, unit: string) =>
  n === undefined ? '—' : n < 0 ? '不限' : `${n} ${unit}`;

const DEFAULT_RULE =
  '某类消息没有任何通知对象设置时，按默认发送：发给有权查看其列表的项目成员（预警看“预警列表”，设备故障看“设备故障记录”，保养看“工单管理”，其它发给全部成员），只发站内消息。' +
  '一旦某类消息有了设置，就只按启用且等级相符的设置发送（停用的设置会让该类消息不再发送）。';

/** 通知对象: who receives which messages of the project, by which channels; the default explained. */
export function RecipientsTab({ groupId }: { groupId: number }) {
  const [form, setForm] = useState<RecipientFormState>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canCreate = usePermission(Permission.CREATE);
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const settings = useRecipients(groupId);
  const quotas = useProjectSummary(groupId);
  const { roles, members } = useProjectPeople(groupId);
  const roleNames = new Map((roles.data ?? []).map((r) => [r.id, r.name]));
  const userNames = new Map((members.data ?? []).map((m) => [m.userId, m.realname || m.username]));
  const list = settings.data ?? [];
  const named = new Set(list.flatMap((s) => s.types));
  const byDefault = MESSAGE_TYPES.filter((t) => !named.has(t));

  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.recipients(groupId) });
  const toggle = useMutation({
    mutationFn: (s: RecipientSetting) =>
      recipientsApi.update(groupId, s.id, { ...bodyOfSetting(s), enabled: !s.enabled }, false),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (s: RecipientSetting) => recipientsApi.remove(groupId, s.id),
    onSuccess: () => {
      message.success('通知对象已删除');
      void refresh();
    },
  });

  const columns: TableColumnsType<RecipientSetting> = [
    { title: '名称', dataIndex: 'name', width: 120, ellipsis: true, render: (n: string) => n || '—' },
    {
      title: '消息类型',
      dataIndex: 'types',
      width: 250,
      render: (types: RecipientSetting['types']) => (
        <Space size={[0, 4]} wrap>
          {types.map((t) => (
            <Tag key={t}>{MessageTypeNames[t]}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '预警等级',
      dataIndex: 'levels',
      width: 120,
      render: (levels: number[]) => <LevelsText levels={levels} />,
    },
    {
      title: '接收角色',
      dataIndex: 'roleIds',
      width: 140,
      render: (ids: number[]) => ids.map((id) => roleNames.get(id) ?? `#${id}`).join('、') || '—',
    },
    {
      title: '接收人',
      dataIndex: 'userIds',
      width: 150,
      render: (ids: number[], s) =>
        [...ids.map((id) => userNames.get(id) ?? `#${id}`), ...(s.onDuty ? ['值班人员'] : [])].join('、') ||
        '—',
    },
    {
      title: '渠道',
      key: 'channels',
      width: 110,
      render: (_, s) => ['站内', s.sms && '短信', s.voice && '语音'].filter(Boolean).join(' + '),
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 60,
      render: (enabled: boolean, s) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canUpdate}
          loading={toggle.isPending && toggle.variables?.id === s.id}
          aria-label={`启用通知对象 ${s.id}`}
          onChange={() => toggle.mutate(s)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, s) => (
        <Space size={0}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', setting: s })}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title="确定删除这条通知对象设置吗？"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(s).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Alert
        type="info"
        showIcon
        message="默认规则"
        description={DEFAULT_RULE}
        style={{ marginBottom: 12 }}
      />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Descriptions
          size="small"
          column={3}
          items={[
            { key: 'sms', label: '短信剩余', children: quotaText(quotas.data?.sms, '条') },
            { key: 'voice', label: '语音剩余', children: quotaText(quotas.data?.voice, '次') },
            {
              key: 'default',
              label: '按默认发送的类型',
              children: byDefault.length ? (
                byDefault.map((t) => MessageTypeNames[t]).join('、')
              ) : (
                <Typography.Text type="secondary">无</Typography.Text>
              ),
            },
          ]}
        />
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create' })}>
            新建通知对象
          </Button>
        )}
      </Space>
      {settings.isError ? (
        <LoadError what="通知对象" error={settings.error} onRetry={settings.refetch} />
      ) : (
        <Table<RecipientSetting>
          rowKey="id"
          columns={columns}
          dataSource={list}
          loading={settings.isFetching}
          scroll={{ x: 1060 }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
          locale={{
            emptyText: tableEmpty(
              settings,
              '通知对象',
              <Empty description="还没有通知对象设置，各类消息按默认规则发送" />,
            ),
          }}
        />
      )}
      <RecipientFormModal groupId={groupId} state={form} onClose={() => setForm(null)} />
    </>
  );
}
