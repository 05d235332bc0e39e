import { Permission } from '@iot/contracts';
import type { Message } from '@iot/contracts/messages';
import { Badge, Button, type TableColumnsType, Tag, Typography } from 'antd';
import { http } from '../../../api/http';
import { EXCEL_DATE_TIME, excelDate } from '../../../components/exportXlsx';
import { type ListExport, useRowActions } from '../../../components/PagedList';
import { usePermission } from '../../../platform/routes/currentRoute';
import { messagesKey } from '../api';
import { TYPE_COLORS } from '../kinds';
import { formatTime } from './MessageTime';

/** 导出 of the center: every message matching the conditions. */
export const MESSAGE_EXPORT: ListExport<Message> = {
  name: '我的消息',
  columns: [
    { header: '时间', key: 'createdAt', width: 20, numFmt: EXCEL_DATE_TIME },
    { header: '类型', key: 'typeName', width: 16 },
    { header: '项目', key: 'projectName', width: 18 },
    { header: '标题', key: 'title', width: 30 },
    { header: '内容', key: 'content', width: 60 },
    { header: '状态', key: 'read', width: 8 },
  ],
  row: (m) => ({
    createdAt: excelDate(m.createdAt),
    typeName: m.typeName,
    projectName: m.projectName ?? '',
    title: m.title,
    content: m.content,
    read: m.isRead ? '已读' : '未读',
  }),
};

/** The center's columns: state, type, title (opens the detail), content, project, time, actions. */
export function useMessageColumns({
  userId,
  openDetail,
  markRead,
}: {
  userId: number | undefined;
  openDetail(id: number): void;
  markRead(id: number): void;
}): TableColumnsType<Message> {
  const canUpdate = usePermission(Permission.UPDATE);
  const actions = useRowActions<Message>({
    width: 190,
    before: (m) => (
      <>
        <Button type="link" size="small" onClick={() => openDetail(m.id)}>
          查看
        </Button>
        {canUpdate && !m.isRead && (
          <Button type="link" size="small" onClick={() => markRead(m.id)}>
            标为已读
          </Button>
        )}
      </>
    ),
    remove: {
      confirm: (m) => `确定删除消息「${m.title}」吗？`,
      description: '删除后不能恢复。',
      request: (m) => http.delete<null>(`/iot/messages/${m.id}`),
      done: () => '消息已删除',
      // The list, the unread counts and the bell's drawer together.
      invalidate: messagesKey(userId),
    },
  });
  return [
    {
      title: '状态',
      key: 'read',
      width: 80,
      render: (_, m) => (
        <Badge status={m.isRead ? 'default' : 'processing'} text={m.isRead ? '已读' : '未读'} />
      ),
    },
    {
      title: '类型',
      key: 'type',
      width: 150,
      render: (_, m) => <Tag color={TYPE_COLORS[m.type]}>{m.typeName}</Tag>,
    },
    {
      title: '标题',
      key: 'title',
      width: 240,
      render: (_, m) => (
        <Typography.Link strong={!m.isRead} onClick={() => openDetail(m.id)}>
          {m.title}
        </Typography.Link>
      ),
    },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '项目',
      dataIndex: 'projectName',
      width: 140,
      ellipsis: true,
      render: (name: string | null) => name ?? '—',
    },
    { title: '时间', key: 'createdAt', width: 170, render: (_, m) => formatTime(m.createdAt) },
    ...actions,
  ];
}
