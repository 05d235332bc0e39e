import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/LoadState';
import { useSession } from '../../../platform/session';
import { messagesKey, useMarkRead, useMessages, useUnreadCount } from '../api';
import { MessageItem } from './MessageItem';
import { MESSAGE_CENTER_PATH, useOpenMessage } from './useOpenMessage';

/** Spec feature-areas §2/§7: the drawer (width 420) lists the latest messages, page 0, size 8. */
const LATEST = { page: 0, size: 8 };

export function MessageDrawer({
  open,
  onClose,
  canUpdate,
}: {
  open: boolean;
  onClose: () => void;
  canUpdate: boolean;
}) {
  const navigate = useNavigate();
  const messages = useMessages(LATEST);
  const unread = useUnreadCount();
  const read = useMarkRead();
  const openMessage = useOpenMessage();
  const unreadTotal = unread.data?.total ?? 0;
  const queryClient = useQueryClient();
  const userId = useSession()?.userId;
  // Fresh on every opening: with notices off nothing is pushed that would have refreshed it.
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: messagesKey(userId) });
  }, [open, queryClient, userId]);

  return (
    <Drawer
      title={unreadTotal > 0 ? `我的消息（${unreadTotal} 条未读）` : '我的消息'}
      size={420}
      open={open}
      onClose={onClose}
      rootClassName="message-drawer"
      extra={
        canUpdate && (
          <Button
            size="small"
            disabled={unreadTotal === 0}
            loading={read.all.isPending}
            onClick={() => read.all.mutate(undefined)}
          >
            全部已读
          </Button>
        )
      }
      footer={
        <Button
          type="link"
          block
          onClick={() => {
            onClose();
            navigate(MESSAGE_CENTER_PATH);
          }}
        >
          查看全部消息
        </Button>
      }
    >
      {messages.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {messages.isError && <LoadError what="消息列表" error={messages.error} onRetry={messages.refetch} />}
      {messages.data?.list.length === 0 && <Empty description="暂无消息" />}
      {messages.data?.list.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          canUpdate={canUpdate}
          onRead={() => read.one.mutate(message.id)}
          onOpen={() => {
            onClose();
            void openMessage(message);
          }}
        />
      ))}
    </Drawer>
  );
}
