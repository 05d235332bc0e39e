import type { Message } from '@iot/contracts/messages';
import { Badge, Button, Flex, Tag, Typography, theme } from 'antd';
import { TYPE_COLORS } from '../kinds';
import { MessageTime } from './MessageTime';

/** One message of the drawer: unread dot, type, title (opens it), content, time, 标为已读. */
export function MessageItem({
  message,
  onOpen,
  onRead,
  canUpdate,
}: {
  message: Message;
  onOpen: () => void;
  onRead: () => void;
  canUpdate: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid="message-item"
      data-read={message.isRead}
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex align="center" gap={8}>
        <Badge status={message.isRead ? 'default' : 'error'} title={message.isRead ? '已读' : '未读'} />
        <Tag color={TYPE_COLORS[message.type]} style={{ marginInlineEnd: 0 }}>
          {message.typeName}
        </Tag>
        <Typography.Link strong={!message.isRead} ellipsis onClick={onOpen} style={{ flex: 1 }}>
          {message.title}
        </Typography.Link>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0' }}>
        {message.content}
      </Typography.Paragraph>
      <Flex justify="space-between" align="center">
        <MessageTime at={message.createdAt} />
        {!message.isRead && canUpdate && (
          <Button type="link" size="small" onClick={onRead}>
            标为已读
          </Button>
        )}
      </Flex>
    </div>
  );
}
