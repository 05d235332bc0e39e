import { id, Messages, Permission, page, pageQuery, ResultCode } from '@iot/contracts';
import { ASSISTANT_MENU, chat, chatDetail, completionFields, createChatBody } from '@iot/contracts/assistant';
import { z } from 'zod';
import { ANY_MEMBER } from '../../platform/auth/access.service.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files.js';
import type { Router } from '../../platform/http/route.js';
import { CHAT_FILES_FOLDER, type ChatsService } from './chats.service.js';
import { COMPLETION_FORM_LIMITS, readCompletionForm } from './completions.form.js';
import type { CompletionsService } from './completions.service.js';
import { eventStream } from './event-stream.js';

const tags = ['AI助手'];
const base = '/iot/groups/:groupId/chats';
const groupParams = z.object({ groupId: id });
const params = groupParams.extend({ id });
const scopeId = ({ params }: { params: { groupId: number } }) => params.groupId;
const read = { menu: ASSISTANT_MENU, bit: Permission.READ, scope: 'project' as const, scopeId };

/** The assistant's chat calls (feature-areas §7, docs/decisions/0060-assistant-chat-protocol.md). */
export function registerChatRoutes(
  router: Router,
  chats: ChatsService,
  completions: CompletionsService,
  files: FileStore,
): void {
  router.route({
    method: 'POST',
    url: base,
    summary: '新建对话（本人在本项目的对话）；返回 data.id',
    tags,
    params: groupParams,
    body: createChatBody,
    access: read,
    response: z.object({ id: z.number().int() }),
    handler: ({ auth, scope, body }) => chats.create(auth, scope!.id, body.name),
  });
  router.route({
    method: 'GET',
    url: base,
    summary: '本人在本项目的对话（分页，最近的在前）',
    tags,
    params: groupParams,
    query: pageQuery,
    access: read,
    response: page(chat),
    handler: ({ auth, scope, query }) => chats.list(auth, scope!.id, query),
  });
  router.route({
    method: 'GET',
    url: `${base}/files/:name`,
    summary: '读取对话中上传的文件（仅本项目成员）',
    tags,
    params: groupParams.extend({ name: z.string().max(100) }),
    access: { menu: ANY_MEMBER, bit: Permission.READ, scope: 'project', scopeId },
    raw: true,
    handler: async ({ scope, params, reply }) => {
      const file = (await chats.fileOfProject(scope!.id, params.name))
        ? await files.read(CHAT_FILES_FOLDER, params.name)
        : undefined;
      if (!file) throw notFound('文件不存在');
      reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      if (!file.contentType.startsWith('image/')) reply.header('content-disposition', 'attachment');
      return reply.send(file.data);
    },
  });
  router.route({
    method: 'GET',
    url: `${base}/:id`,
    summary: '对话详情（含全部消息）',
    tags,
    params,
    access: read,
    response: chatDetail,
    handler: ({ auth, scope, params }) => chats.detail(auth, scope!.id, params.id),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除对话',
    tags,
    params,
    access: read,
    raw: true,
    handler: async ({ auth, scope, params }) => {
      await chats.delete(auth, scope!.id, params.id);
      return { code: ResultCode.SUCCESS, message: Messages.DELETE_SUCCESS, data: null };
    },
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id/completions`,
    summary: '停止正在生成的回答（已生成的部分保存）',
    tags,
    params,
    access: read,
    handler: ({ auth, scope, params }) => completions.stop(auth, scope!.id, params.id),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id/completions`,
    summary:
      '提问并以 text/event-stream 流式返回回答（multipart：thinking、systemContentTypes、files[]、messageIds[]、content、dataContent；id 为 0 时新建对话）；繁忙时返回 JSON code 50000',
    tags,
    params: groupParams.extend({ id: z.coerce.number().int().min(0) }),
    access: read,
    multipart: COMPLETION_FORM_LIMITS,
    // A question is not an operation of the operation log (and its answer is a stream).
    operation: false,
    handler: async ({ auth, scope, params, request, reply }) => {
      const form = await readCompletionForm(request);
      const parsed = completionFields.safeParse(form.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.join('.');
        throw badRequest(field === 'content' ? issue.message : `${field}: ${issue.message}`);
      }
      const run = await completions.prepare(auth, scope!.id, params.id, parsed.data, form.files);

      reply.hijack();
      const sink = eventStream(reply.raw, { 'x-request-id': request.id });
      await run.start(sink);
      sink.end();
      return reply;
    },
  });
}
