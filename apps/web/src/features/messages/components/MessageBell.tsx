import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useUnreadCount } from '../api';
import { MessageDrawer } from './MessageDrawer';

/** The top bar's messages icon (router-messageCenter): a dot while anything is unread; opens the drawer. */
export function MessageBell({ canUpdate }: { canUpdate: boolean }) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const hasUnread = (unread.data?.total ?? 0) > 0;
  return (
    <>
      <Tooltip title="我的消息">
        <span data-testid="message-bell" data-unread={hasUnread}>
          <Badge dot={hasUnread} offset={[-6, 6]}>
            <Button type="text" icon={<BellOutlined />} aria-label="我的消息" onClick={() => setOpen(true)} />
          </Badge>
        </span>
      </Tooltip>
      <MessageDrawer open={open} onClose={() => setOpen(false)} canUpdate={canUpdate} />
    </>
  );
}
