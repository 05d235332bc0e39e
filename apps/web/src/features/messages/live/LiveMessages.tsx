import type { MessagePush, ResourceWarning, UnreadCount } from '@iot/contracts/messages';
import type { OrderType } from '@iot/contracts/purchases';
import { DEFAULT_MESSAGE_SETTING, type MessageSetting } from '@iot/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, notification, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLoginInfo } from '../../../platform/queries';
import { clearSession, useSession } from '../../../platform/session';
import { openPurchase } from '../../purchases/index';
import { fetchResourceWarnings, messagesKey } from '../api';
import { MessageTime } from '../components/MessageTime';
import { MESSAGE_CENTER_PATH, useOpenMessage } from '../components/useOpenMessage';
import { isWarningMessage, messageNoticeDuration, noticeIcon, speaks, TYPE_COLORS } from '../kinds';
import { playChime, speak } from './alerts';
import { connectMessageSocket } from './messageSocket';
import { NoticeStack, noticeLimit, STACK_THRESHOLD } from './noticeStack';
import { useDialogOpen } from './useDialogOpen';

/** What a resource warning offers to buy. */
const PURCHASE_OF: Record<ResourceWarning['kind'], OrderType> = {
  setMeal: 'GATEWAY_INDICATOR_RENEW',
  indicatorQuota: 'GATEWAY_INDICATOR_UPGRADE_CONFIGURATION',
  smsQuota: 'MESSAGE',
  voiceQuota: 'VOICE',
};
/** Spec feature-areas §4/§9: resource warnings are fetched 5 s after start and shown for 20 s. */
const RESOURCE_WARNING_DELAY_MS = 5_000;
const RESOURCE_WARNING_SECONDS = 20;

/**
 * The signed-in shell's live messages: the STOMP socket, a notice bottom right per message (with
 * chime and read-out as the user's settings say), the unread count, the resource warnings after
 * start, and the deactivated / expired account notice that signs out. While a dialog is open the
 * notices step aside — those on screen are hidden, new ones held — so that none covers its buttons
 * (docs/decisions/0033); they come back when it closes.
 */
export function LiveMessages() {
  const session = useSession();
  const userId = session?.userId;
  const { data: info } = useLoginInfo();
  const setting = useRef<MessageSetting>(DEFAULT_MESSAGE_SETTING);
  setting.current = info?.messageSetting ?? DEFAULT_MESSAGE_SETTING;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openMessage = useOpenMessage();
  const { modal } = App.useApp();
  const container = useRef<HTMLDivElement>(null);
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    stack: { threshold: STACK_THRESHOLD },
    getContainer: () => container.current ?? document.body,
  });
  const dialogOpen = useDialogOpen();

  // One stack for the shell's life: it keeps which notices are open, hidden and held, so it must not
  // be made anew when the notification API or navigate change identity (a closing dialog, a route).
  const latest = useRef({ api, navigate });
  latest.current = { api, navigate };
  const [stack] = useState(() => {
    const created: NoticeStack = new NoticeStack(
      {
        open: (args) => latest.current.api.open(args),
        destroy: (key) => latest.current.api.destroy(key),
      },
      () => noticeLimit(window.innerHeight),
      () => (
        <Space>
          <Button size="small" onClick={() => created.clear()}>
            忽略全部
          </Button>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              created.clear();
              latest.current.navigate(MESSAGE_CENTER_PATH);
            }}
          >
            查看消息
          </Button>
        </Space>
      ),
    );
    return created;
  });

  // The socket lives as long as the user's session; the handlers read the latest render.
  const handlers = useRef({
    onMessage: (_: MessagePush) => {},
    onAccountClosed: (_: string) => {},
  });
  handlers.current = {
    onMessage(message) {
      queryClient.setQueryData<UnreadCount>([...messagesKey(userId), 'unreadCount'], (old) =>
        old
          ? {
              total: old.total + 1,
              byType: { ...old.byType, [message.type]: (old.byType[message.type] ?? 0) + 1 },
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: [...messagesKey(userId), 'list'] });
      const current = setting.current;
      // The server does not push then either; a frame already on its way stays quiet.
      if (!current.isShowMessage) return;
      const key = `message-${message.id}`;
      const shown = stack.show({
        key,
        type: noticeIcon(message.type),
        title: message.title,
        // Content, type, time and the way to the message on three short rows: notices stay about
        // 200 px tall, so that height / 220 of them fit (spec feature-areas §9).
        description: (
          <div data-testid="message-notice">
            <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 4 }}>
              {message.content}
            </Typography.Paragraph>
            <Flex justify="space-between" align="center">
              <Space size={8}>
                <Tag color={TYPE_COLORS[message.type]}>{message.typeName}</Tag>
                <MessageTime at={message.createdAt} short />
              </Space>
              <Button
                size="small"
                type="link"
                onClick={() => {
                  api.destroy(key);
                  void openMessage(message);
                }}
              >
                {isWarningMessage(message.type) ? '查看预警' : '查看消息'}
              </Button>
            </Flex>
          </div>
        ),
        duration: messageNoticeDuration(current, message.type),
      });
      // A flood must not turn into a minute of chimes and read-outs: what is only counted among the
      // hidden stays quiet, and messages arriving together chime once (alerts.ts).
      if (!shown) return;
      if (!current.isMuteMessageSound) playChime();
      if (speaks(current, message.type)) speak(message.title);
    },
    onAccountClosed(notice) {
      stack.clear();
      modal.warning({
        title: notice,
        okText: '确定',
        // As for an expired login (HttpFeedbackBridge): forget the session and start afresh at /login.
        onOk: () => {
          clearSession();
          queryClient.clear();
          window.location.assign('/login');
        },
      });
    },
  };

  useEffect(() => {
    if (userId === undefined) return;
    return connectMessageSocket(userId, {
      onMessage: (message) => handlers.current.onMessage(message),
      onAccountClosed: (notice) => handlers.current.onAccountClosed(notice),
    });
  }, [userId]);

  useEffect(() => {
    if (userId === undefined) return;
    const timer = setTimeout(async () => {
      const warnings = await fetchResourceWarnings().catch(() => []);
      if (!setting.current.isShowMessage) return;
      for (const warning of warnings) {
        const key = `resource-${warning.projectId}-${warning.kind}`;
        stack.show({
          key,
          type: 'warning',
          title: warning.title,
          // The notice leads to the purchase dialog of its project (decision 0068).
          description: (
            <div data-testid="resource-notice">
              <Typography.Paragraph style={{ marginBottom: 4 }}>{warning.content}</Typography.Paragraph>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  latest.current.api.destroy(key);
                  openPurchase({ groupId: warning.projectId, orderType: PURCHASE_OF[warning.kind] });
                }}
              >
                立即购买
              </Button>
            </div>
          ),
          duration: RESOURCE_WARNING_SECONDS,
        });
      }
    }, RESOURCE_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, stack]);

  useEffect(() => {
    if (dialogOpen) stack.hold();
    else stack.release();
  }, [dialogOpen, stack]);

  return (
    <div
      ref={container}
      data-testid="live-notices"
      data-held={dialogOpen ? 'true' : 'false'}
      style={dialogOpen ? { display: 'none' } : undefined}
    >
      {holder}
    </div>
  );
}
