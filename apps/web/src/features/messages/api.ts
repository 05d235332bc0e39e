import type { Page } from '@iot/contracts';
import type {
  Message,
  MessageProject,
  MessageType,
  ResourceWarning,
  UnreadCount,
} from '@iot/contracts/messages';
import type { MessageSetting } from '@iot/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import { useSession } from '../../platform/session';

const BASE = '/iot/messages';

/** Filters of a message list; page from 0 (the drawer: page 0, size 8, spec feature-areas §7). */
export interface MessageQuery {
  page: number;
  size: number;
  type?: MessageType | undefined;
  /** 1 read, 0 unread; absent: both. */
  isRead?: 0 | 1 | undefined;
  projectId?: number | undefined;
  /** Part of the title or the content. */
  keyword?: string | undefined;
  /** Sent within [startTime, endTime] (ms). */
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** One page of the user's messages (the center's list and its export). */
export const fetchMessages = (query: MessageQuery) => http.get<Page<Message>>(BASE, { params: { ...query } });

/** Every message query of the signed-in user starts with this key, so one invalidation refreshes them. */
export const messagesKey = (userId: number | undefined) => ['messages', userId] as const;

export function useMessages(query: MessageQuery) {
  const session = useSession();
  return useQuery({
    queryKey: [...messagesKey(session?.userId), 'list', query],
    queryFn: () => fetchMessages(query),
    enabled: session !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUnreadCount() {
  const session = useSession();
  return useQuery({
    queryKey: [...messagesKey(session?.userId), 'unreadCount'],
    queryFn: () => http.get<UnreadCount>(`${BASE}/unreadCount`, { quiet: true }),
    enabled: session !== null,
  });
}

export function useMessage(id: number | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...messagesKey(session?.userId), 'detail', id],
    queryFn: () => http.get<Message>(`${BASE}/${id}`),
    enabled: session !== null && id !== null,
  });
}

/** The projects the user has messages from, for the center's filter. */
export function useMessageProjects() {
  const session = useSession();
  return useQuery({
    queryKey: [...messagesKey(session?.userId), 'projects'],
    queryFn: () => http.get<MessageProject[]>(`${BASE}/projects`, { quiet: true }),
    enabled: session !== null,
  });
}

export const markRead = (id: number) => http.put<Message>(`${BASE}/${id}/read`);

/** Marks one message or all (of a type) read, then refreshes lists, counts and details. */
export function useMarkRead() {
  const session = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagesKey(session?.userId) });
  return {
    one: useMutation({ mutationFn: markRead, onSuccess: refresh }),
    all: useMutation({
      mutationFn: (type?: MessageType) =>
        http.put<{ updated: number }>(`${BASE}/readAll`, type ? { type } : {}),
      onSuccess: refresh,
    }),
  };
}

/** 删除已读: the user's read messages (of a type); then refreshes lists, counts and details. */
export function useDeleteRead() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type?: MessageType) =>
      http.delete<{ deleted: number }>(`${BASE}/read`, { params: type ? { type } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(session?.userId) }),
  });
}

export const fetchResourceWarnings = () =>
  http.get<ResourceWarning[]>(`${BASE}/resourceWarnings`, { quiet: true });

const SETTING = '/iot/users/current/messageSetting';

/** The stored settings, not the effective ones of loginInfo: voice switches survive hiding messages. */
export function useMessageSetting() {
  const session = useSession();
  return useQuery({
    queryKey: ['messageSetting', session?.userId],
    queryFn: () => http.get<MessageSetting>(SETTING),
    enabled: session !== null,
  });
}

export function useSaveMessageSetting() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageSetting) => http.put<MessageSetting>(SETTING, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['messageSetting', session?.userId], saved);
      // The live notices read the effective settings from the login info.
      void queryClient.invalidateQueries({ queryKey: ['loginInfo'] });
    },
  });
}
