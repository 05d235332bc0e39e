import { Permission } from '@iot/contracts';
import { MESSAGE_TYPES, type Message, type MessageType, MessageTypeNames } from '@iot/contracts/messages';
import { Badge, Button, Card, Empty, Popconfirm, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../../app/routes/currentRoute';
import { LoadError, tableEmpty } from '../../../components/LoadState';
import { useSavedQuery } from '../../../components/useSavedQuery';
import { useMarkRead, useMessages, useUnreadCount } from '../api';
import { MessageDetail } from '../components/MessageDetail';
import { formatTime } from '../components/MessageTime';
import { TYPE_COLORS } from '../kinds';

type ReadFilter = 'all' | 'unread' | 'read';
const DEFAULTS = { type: 'all', read: 'all' as ReadFilter, page: 0, size: 10 };
const READ_FILTERS = [
  { label: '全部', value: 'all' },
  { label: '未读', value: 'unread' },
  { label: '已读', value: 'read' },
];
const isType = (value: string): value is MessageType => (MESSAGE_TYPES as readonly string[]).includes(value);

/** 消息中心 (router-messageCenter): the user's messages by type and read state, paged, with detail. */
export function MessageCenter() {
  const canUpdate = usePermission(Permission.UPDATE);
  const [query, setQuery] = useSavedQuery('messageCenter', DEFAULTS);
  const [params, setParams] = useSearchParams();
  const detailId = Number(params.get('id')) || null;
  const type = isType(query.type) ? query.type : undefined;
  const read = query.read === 'all' ? undefined : query.read === 'read' ? 1 : 0;
  const messages = useMessages({ page: query.page, size: query.size, type, isRead: read });
  const unread = useUnreadCount();
  const mark = useMarkRead();
  const unreadOfTab = type ? (unread.data?.byType[type] ?? 0) : (unread.data?.total ?? 0);
  const openDetail = (id: number | null) =>
    setParams(id === null ? {} : { id: String(id) }, { replace: id === null });

  const tabLabel = (label: string, count: number) => (
    <Space size={4}>
      {label}
      {count > 0 && <Badge count={count} size="small" overflowCount={99} />}
    </Space>
  );

  return (
    <Card
      title="消息中心"
      extra={
        canUpdate && (
          <Popconfirm
            title={`将${type ? MessageTypeNames[type] : '全部'}的 ${unreadOfTab} 条未读消息标为已读？`}
            disabled={unreadOfTab === 0}
            onConfirm={() => mark.all.mutateAsync(type)}
          >
            <Button disabled={unreadOfTab === 0}>全部已读</Button>
          </Popconfirm>
        )
      }
    >
      <Tabs
        activeKey={type ?? 'all'}
        onChange={(key) => setQuery({ ...query, type: key, page: 0 })}
        items={[
          { key: 'all', label: tabLabel('全部', unread.data?.total ?? 0) },
          ...MESSAGE_TYPES.map((t) => ({
            key: t,
            label: tabLabel(MessageTypeNames[t], unread.data?.byType[t] ?? 0),
          })),
        ]}
      />
      <Segmented
        value={query.read}
        options={READ_FILTERS}
        onChange={(value) => setQuery({ ...query, read: value as ReadFilter, page: 0 })}
        style={{ marginBottom: 16 }}
      />
      {messages.isError ? (
        <LoadError what="消息列表" error={messages.error} onRetry={messages.refetch} />
      ) : (
        <Table<Message>
          rowKey="id"
          size="middle"
          loading={messages.isFetching}
          dataSource={messages.data?.list ?? []}
          locale={{ emptyText: tableEmpty(messages, '消息列表', <Empty description="暂无消息" />) }}
          pagination={{
            current: query.page + 1,
            pageSize: query.size,
            total: messages.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (page, size) => setQuery({ ...query, page: size === query.size ? page - 1 : 0, size }),
          }}
          columns={[
            {
              title: '状态',
              width: 80,
              render: (_, m) => (
                <Badge status={m.isRead ? 'default' : 'processing'} text={m.isRead ? '已读' : '未读'} />
              ),
            },
            {
              title: '类型',
              width: 150,
              render: (_, m) => <Tag color={TYPE_COLORS[m.type]}>{m.typeName}</Tag>,
            },
            {
              title: '标题',
              render: (_, m) => (
                <Typography.Link strong={!m.isRead} onClick={() => openDetail(m.id)}>
                  {m.title}
                </Typography.Link>
              ),
            },
            {
              title: '内容',
              dataIndex: 'content',
              ellipsis: true,
            },
            { title: '时间', width: 180, render: (_, m) => formatTime(m.createdAt) },
            {
              title: '操作',
              width: 150,
              render: (_, m) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => openDetail(m.id)}>
                    查看
                  </Button>
                  {canUpdate && !m.isRead && (
                    <Button type="link" size="small" onClick={() => mark.one.mutate(m.id)}>
                      标为已读
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <MessageDetail id={detailId} onClose={() => openDetail(null)} canUpdate={canUpdate} />
    </Card>
  );
}
