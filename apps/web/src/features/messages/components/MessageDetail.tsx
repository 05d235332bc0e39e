import { Button, Descriptions, Modal, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useMarkRead, useMessage } from '../api';
import { isWarningMessage, TYPE_COLORS } from '../kinds';
import { formatTime } from './MessageTime';
import { useOpenMessage } from './useOpenMessage';

/** A message in full; opening an unread one marks it read (when the user may). */
export function MessageDetail({
  id,
  onClose,
  canUpdate,
}: {
  id: number | null;
  onClose: () => void;
  canUpdate: boolean;
}) {
  const detail = useMessage(id);
  const read = useMarkRead();
  const openMessage = useOpenMessage();
  const message = detail.data;
  const markOne = read.one.mutate;
  const unreadId = message && !message.isRead && canUpdate ? message.id : null;
  useEffect(() => {
    if (unreadId !== null) markOne(unreadId);
  }, [unreadId, markOne]);

  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      title="消息详情"
      width={640}
      footer={[
        message && isWarningMessage(message.type) && message.relationId !== null && (
          <Button key="warning" onClick={() => void openMessage({ ...message, isRead: true })}>
            查看预警
          </Button>
        ),
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {detail.isError && <LoadError compact what="消息详情" error={detail.error} onRetry={detail.refetch} />}
      {message && (
        <>
          <Typography.Title level={5}>{message.title}</Typography.Title>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="类型">
              <Tag color={TYPE_COLORS[message.type]}>{message.typeName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="时间">{formatTime(message.createdAt)}</Descriptions.Item>
            {message.headers?.warningAt !== undefined && (
              <Descriptions.Item label="预警时间">{formatTime(message.headers.warningAt)}</Descriptions.Item>
            )}
            <Descriptions.Item label="内容">
              <span style={{ whiteSpace: 'pre-wrap' }}>{message.content}</span>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              {message.isRead || unreadId !== null
                ? `已读${message.readAt ? `（${formatTime(message.readAt)}）` : ''}`
                : '未读'}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
