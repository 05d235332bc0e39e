import { Permission } from '@iot/contracts';
import { MESSAGE_TYPES, type Message, type MessageType, MessageTypeNames } from '@iot/contracts/messages';
import { App, Badge, Button, Card, Popconfirm, Space, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { ExportButton, PagedTable, usePagedList } from '../../../components/PagedList';
import { usePermission } from '../../../platform/routes/currentRoute';
import { useSession } from '../../../platform/session';
import {
  fetchMessages,
  type MessageQuery,
  messagesKey,
  useDeleteRead,
  useMarkRead,
  useUnreadCount,
} from '../api';
import { MessageDetail } from '../components/MessageDetail';
import { MessageFilters } from '../components/MessageFilters';
import { MESSAGE_EXPORT, useMessageColumns } from '../components/messageColumns';

const DEFAULTS = {
  type: 'all',
  read: 'all',
  projectId: '',
  keyword: '',
  start: 0,
  stop: 0,
  page: 0,
  size: 10,
};
export type MessageConditions = typeof DEFAULTS;

const isType = (value: string): value is MessageType => (MESSAGE_TYPES as readonly string[]).includes(value);

/** The conditions as the server reads them. */
function toQuery(c: MessageConditions): Omit<MessageQuery, 'page' | 'size'> {
  return {
    type: isType(c.type) ? c.type : undefined,
    isRead: c.read === 'read' ? 1 : c.read === 'unread' ? 0 : undefined,
    projectId: Number(c.projectId) || undefined,
    keyword: c.keyword || undefined,
    startTime: c.start || undefined,
    endTime: c.stop || undefined,
  };
}

/**
 * 消息中心 (router-messageCenter): the user's messages by type, read state, project, time and
 * keyword, server-paged and remembered, with detail, read marks, deletion and export.
 */
export function MessageCenter() {
  const session = useSession();
  const canUpdate = usePermission(Permission.UPDATE);
  const canDelete = usePermission(Permission.DELETE);
  const list = usePagedList<Message, MessageConditions>({
    savedAs: 'messageCenter',
    defaults: DEFAULTS,
    queryKey: [...messagesKey(session?.userId), 'center'],
    fetchPage: (c, page, size) => fetchMessages({ ...toQuery(c), page, size }),
    enabled: session !== null,
  });
  const { query, setQuery } = list;
  const [params, setParams] = useSearchParams();
  const detailId = Number(params.get('id')) || null;
  const type = isType(query.type) ? query.type : undefined;
  const unread = useUnreadCount();
  const mark = useMarkRead();
  const removeRead = useDeleteRead();
  const { message } = App.useApp();
  const unreadOfTab = type ? (unread.data?.byType[type] ?? 0) : (unread.data?.total ?? 0);
  const typeName = type ? MessageTypeNames[type] : '全部';
  const openDetail = (id: number | null) =>
    setParams(id === null ? {} : { id: String(id) }, { replace: id === null });
  const columns = useMessageColumns({
    userId: session?.userId,
    openDetail,
    markRead: (id) => mark.one.mutate(id),
  });
  const filtered = Object.values(toQuery({ ...query, type: 'all' })).some((v) => v !== undefined);

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
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          {canUpdate && (
            <Popconfirm
              title={`将${typeName}的 ${unreadOfTab} 条未读消息标为已读？`}
              disabled={unreadOfTab === 0}
              onConfirm={() => mark.all.mutateAsync(type)}
            >
              <Button disabled={unreadOfTab === 0}>全部已读</Button>
            </Popconfirm>
          )}
          {canDelete && (
            <Popconfirm
              title={`删除${typeName}的已读消息？`}
              description="删除后不能恢复；未读消息保留。"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                removeRead
                  .mutateAsync(type)
                  .then(({ deleted }) => message.success(`已删除 ${deleted} 条已读消息`))
                  .catch(() => undefined)
              }
            >
              <Button danger>删除已读</Button>
            </Popconfirm>
          )}
          <ExportButton spec={MESSAGE_EXPORT} fetchPage={list.fetchPage} />
        </Space>
      }
    >
      <Tabs
        activeKey={type ?? 'all'}
        onChange={(key) => setQuery((q) => ({ ...q, type: key, page: 0 }))}
        items={[
          { key: 'all', label: tabLabel('全部', unread.data?.total ?? 0) },
          ...MESSAGE_TYPES.map((t) => ({
            key: t,
            label: tabLabel(MessageTypeNames[t], unread.data?.byType[t] ?? 0),
          })),
        ]}
      />
      <MessageFilters value={query} onChange={(next) => setQuery((q) => ({ ...q, ...next, page: 0 }))} />
      <PagedTable<Message, MessageConditions>
        paged={list}
        columns={columns}
        size="middle"
        what="消息列表"
        empty={filtered ? '没有符合条件的消息' : '暂无消息'}
        sizes={[10, 20, 50, 100]}
      />
      <MessageDetail id={detailId} onClose={() => openDetail(null)} canUpdate={canUpdate} />
    </Card>
  );
}
