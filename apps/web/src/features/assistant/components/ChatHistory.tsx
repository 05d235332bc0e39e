import { DeleteOutlined } from '@ant-design/icons';
import { Messages } from '@iot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, List, Popconfirm, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { LoadError } from '../../../components/LoadState';
import { chatKeys, chatsApi } from '../api';

/** 历史对话: the user's chats in this project, latest first; one is loaded or deleted (feature-areas §2). */
export function ChatHistory({
  projectId,
  open,
  narrow,
  currentId,
  onClose,
  onLoad,
  onDeleted,
}: {
  projectId: number;
  open: boolean;
  narrow: boolean;
  currentId: number;
  onClose(): void;
  onLoad(id: number): void;
  onDeleted(id: number): void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const chats = useQuery({
    queryKey: chatKeys.list(projectId),
    queryFn: () => chatsApi.list(projectId),
    enabled: open && projectId > 0,
  });
  const remove = useMutation({
    mutationFn: (id: number) => chatsApi.remove(projectId, id),
    onSuccess: (_, id) => {
      message.success(Messages.DELETE_SUCCESS);
      onDeleted(id);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(projectId) });
    },
  });

  return (
    <Drawer
      title="历史对话"
      open={open}
      onClose={onClose}
      size={narrow ? '100%' : 340}
      rootClassName="assistant-history"
      data-testid="assistant-history"
    >
      {chats.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {chats.isError && <LoadError compact what="历史对话" error={chats.error} onRetry={chats.refetch} />}
      {chats.data?.list.length === 0 && <Empty description="还没有对话" />}
      {chats.data && chats.data.list.length > 0 && (
        <List
          dataSource={chats.data.list}
          renderItem={(chat) => (
            <List.Item
              className={chat.id === currentId ? 'assistant-history-current' : undefined}
              data-testid="assistant-history-item"
              actions={[
                <Popconfirm
                  key="delete"
                  title="确定删除该对话吗？"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(chat.id).catch(() => undefined)}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除对话" />
                </Popconfirm>,
              ]}
            >
              <button
                type="button"
                className="assistant-history-load"
                onClick={() => {
                  onLoad(chat.id);
                  onClose();
                }}
              >
                <span className="assistant-history-name">{chat.name || '新对话'}</span>
                <span className="assistant-history-time">
                  {dayjs(chat.updatedAt).format('YYYY-MM-DD HH:mm')}
                </span>
              </button>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
