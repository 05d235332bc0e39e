import { id, page } from '@iot/contracts';
import {
  deleteReadQuery,
  message,
  messageListQuery,
  messageProject,
  readAllBody,
  templateCatalogue,
  unreadCount,
} from '@iot/contracts/messages';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { MessagesService } from './messages.service.js';

const tags = ['消息'];
const params = z.object({ id });

/**
 * The message center (消息中心, sub-system 5, personal): no project permission on the routes —
 * every query is the caller's own messages.
 */
export function registerMessageRoutes(router: Router, messages: MessagesService): void {
  router.route({
    method: 'GET',
    url: '/iot/messages',
    summary:
      '我的消息：分页（page 从 0 起，size 默认 8），可按已读（isRead）、类型（type）、项目（projectId）、关键字（keyword：标题与内容）、时间（startTime、endTime，毫秒）筛选，新的在前',
    tags,
    access: 'authenticated',
    query: messageListQuery,
    response: page(message),
    handler: ({ auth, query }) => messages.list(auth, query),
  });
  router.route({
    method: 'GET',
    url: '/iot/messages/unreadCount',
    summary: '未读消息数：合计与按类型',
    tags,
    access: 'authenticated',
    response: unreadCount,
    handler: ({ auth }) => messages.unreadCount(auth),
  });
  router.route({
    method: 'GET',
    url: '/iot/messages/projects',
    summary: '我的消息来自哪些项目（消息中心的项目筛选）',
    tags,
    access: 'authenticated',
    response: z.array(messageProject),
    handler: ({ auth }) => messages.projects(auth),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/messages/read',
    summary: '删除已读消息（可只删某一类型）',
    tags,
    access: 'authenticated',
    query: deleteReadQuery,
    response: z.object({ deleted: z.number().int() }),
    handler: ({ auth, query }) => messages.deleteRead(auth, query.type),
  });
  router.route({
    method: 'GET',
    url: '/iot/messages/templates',
    summary: '消息类型及其默认模板、模板可用的占位符',
    tags,
    access: 'authenticated',
    response: templateCatalogue,
    handler: async () => messages.templateCatalogue(),
  });
  router.route({
    method: 'PUT',
    url: '/iot/messages/readAll',
    summary: '全部标为已读（可只标某一类型）',
    tags,
    access: 'authenticated',
    body: readAllBody,
    response: z.object({ updated: z.number().int() }),
    handler: ({ auth, body }) => messages.markAllRead(auth, body.type),
  });
  router.route({
    method: 'GET',
    url: '/iot/messages/:id',
    summary: '消息详情（本人的消息）',
    tags,
    access: 'authenticated',
    params,
    response: message,
    handler: ({ auth, params }) => messages.get(auth, params.id),
  });
  router.route({
    method: 'PUT',
    url: '/iot/messages/:id/read',
    summary: '标为已读',
    tags,
    access: 'authenticated',
    params,
    response: message,
    handler: ({ auth, params }) => messages.markRead(auth, params.id),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/messages/:id',
    summary: '删除消息（本人的消息）',
    tags,
    access: 'authenticated',
    params,
    handler: ({ auth, params }) => messages.delete(auth, params.id),
  });
}
