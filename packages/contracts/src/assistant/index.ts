import { z } from 'zod';
import { zh } from '../common/spec-texts.js';

export * from './models.js';

/** The assistant's menu: the panel, the top-bar icon and every chat route need its bits. */
export const ASSISTANT_MENU = 'router-ai-assistant';
/** AI模型 (system management): which model answers, system-wide or per project. */
export const AI_MODELS_MENU = 'router-aiModels';

/** Body code of a busy assistant (feature-areas §9), answered as JSON instead of a stream. */
export const CHAT_BUSY_CODE = 50000;
/** Largest image a message carries (feature-areas §9): bmp, png, jpg, jpeg, gif. */
export const CHAT_IMAGE_MAX_BYTES = 20_971_520;
/** Largest other file a message carries (feature-areas §9). */
export const CHAT_FILE_MAX_BYTES = 157_286_400;
export const CHAT_IMAGE_EXTENSIONS = ['bmp', 'png', 'jpg', 'jpeg', 'gif'] as const;
/** Width of the assistant's drawer (feature-areas §9). */
export const CHAT_DRAWER_WIDTH = 560;

/**
 * Data categories a question may read (systemContentTypes). Each is offered, and served, only to a
 * user with the view bit on its route (feature-areas §2); the server checks it, not only the UI.
 */
export const DATA_CATEGORIES = [
  'gateway',
  'warning',
  'malfunction',
  'workOrder',
  'equipment',
  'group',
] as const;
export type DataCategory = (typeof DATA_CATEGORIES)[number];
export const dataCategory = z.enum(DATA_CATEGORIES);

export const CategoryMenus: Record<DataCategory, string> = {
  gateway: 'router-projectGateway',
  warning: 'router-warningList',
  malfunction: 'router-equipmentMalfunctionRecord',
  workOrder: 'router-maintenanceTaskList',
  equipment: 'router-equipmentMonitor',
  group: 'router-project-group',
};

/** The label of a category's tag; the group one reads the project's groupDisplayName (default 分组). */
export function categoryLabel(category: DataCategory, groupDisplayName?: string | null): string {
  if (category === 'group') return `${groupDisplayName?.trim() || zh('group')}信息`;
  return {
    gateway: '网关信息',
    warning: '预警信息',
    malfunction: '故障信息',
    workOrder: '工单信息',
    equipment: '工艺设备信息',
  }[category];
}

export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const chat = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Chat = z.infer<typeof chat>;

/** A file of a message; size in bytes (the web shows Bytes … YB). */
export const chatFile = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  type: z.string(),
});
export type ChatFile = z.infer<typeof chatFile>;

/** A message; system messages are stored but never shown. `reasoning`: the deep-thinking text, shown folded. */
export const chatMessage = z.object({
  id: z.number().int(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  files: z.array(chatFile),
  reasoning: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatDetail = chat.extend({ messages: z.array(chatMessage) });
export type ChatDetail = z.infer<typeof chatDetail>;

/**
 * One event of the completion stream (`data:` line, events apart by a blank line):
 * - name: the new chat's id and name (data.id = chat id, data.content = name), once, on a chat's first submit;
 * - message: a stored message, whole (the user's message as saved, then the finished answer);
 * - stream: the answer so far; a later event with the same id replaces it;
 * - error: data.content says what went wrong.
 */
export const STREAM_EVENT_TYPES = ['error', 'name', 'stream', 'message'] as const;
export const streamEvent = z.object({
  type: z.enum(STREAM_EVENT_TYPES),
  data: chatMessage.partial({ files: true }).extend({ files: z.array(chatFile).default([]) }),
});
export type StreamEvent = z.infer<typeof streamEvent>;

/** The page the user is on, sent when the current-page toggle is on. */
export const dataContent = z.object({ pageName: z.string().max(100), content: z.string().max(200_000) });
export type DataContent = z.infer<typeof dataContent>;

/** Most files one question carries; most previous messages sent back to the model as context. */
export const CHAT_MAX_FILES = 5;
export const CHAT_MAX_CONTEXT_MESSAGES = 50;
/** Previous messages sent as context when the request names none (messageIds[] absent). */
export const CHAT_DEFAULT_CONTEXT_MESSAGES = 20;
/** Longest question, in characters. */
export const CHAT_MAX_CONTENT = 10_000;
/** A new chat's name: the first question, trimmed, at most this many characters. */
export const CHAT_NAME_LENGTH = 20;

/** Messages of the assistant's calls (feature-areas §8: the web shows the server's message). */
export const ChatMessages = {
  BUSY: zh('The system is busy, please try again later!'),
  DELETED: '删除成功',
  NOT_FOUND: '对话不存在',
  CONTENT_REQUIRED: '请输入问题',
  CONTENT_TOO_LONG: `问题不能超过${CHAT_MAX_CONTENT}个字`,
  IMAGE_SIZE: zh('Image size cannot exceed 20M'),
  FILE_SIZE: zh('File size cannot exceed 150M'),
  FILE_FORMAT:
    '文件格式不正确，可上传图片（bmp、png、jpg、jpeg、gif）或文档（txt、pdf、doc、docx、xls、xlsx、ppt、pptx、zip、rar）',
  FILE_EMPTY: '上传的文件是空的',
  TOO_MANY_FILES: `每次最多上传${CHAT_MAX_FILES}个文件`,
  NEW_CHAT: '新对话',
  QUOTA_REACHED: (limit: number) => `本项目的 AI 助手问答次数已用完（共 ${limit} 次），请联系管理员增加额度`,
  CATEGORY_FORBIDDEN: (label: string) => `没有「${label}」的查看权限`,
  ANSWER_FAILED: 'AI 助手回答失败，请稍后再试',
} as const;

/** The body of POST /iot/groups/{groupId}/chats: optional, the spec's payload is the group id itself. */
export const createChatBody = z
  .object({ groupId: z.coerce.number().int().optional(), name: z.string().trim().max(100).optional() })
  .default({});
export type CreateChatBody = z.infer<typeof createChatBody>;

/** A new chat's name from its first question: whitespace collapsed, at most CHAT_NAME_LENGTH characters. */
export function chatNameOf(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length === 0) return ChatMessages.NEW_CHAT;
  return chars.length > CHAT_NAME_LENGTH ? `${chars.slice(0, CHAT_NAME_LENGTH).join('')}…` : text;
}

/** A flag field of the multipart form: true, 1, on. */
const formFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** A list field of the multipart form: repeated, or one value separated by commas. */
function formList<T extends z.ZodType>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform(
      (value) =>
        (value === undefined ? [] : Array.isArray(value) ? value : [value])
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter((v) => v !== '') as unknown[],
    )
    .pipe(z.array(item));
}

/**
 * The text fields of PUT …/chats/{id}/completions (multipart; files[] are the file parts).
 * messageIds[]: the earlier messages of this chat the model sees as context, in their order; absent:
 * the chat's last CHAT_DEFAULT_CONTEXT_MESSAGES messages (docs/decisions/0060).
 */
export const completionFields = z.object({
  thinking: formFlag,
  systemContentTypes: formList(dataCategory).pipe(z.array(dataCategory).transform((v) => [...new Set(v)])),
  messageIds: formList(z.coerce.number().int().positive()).pipe(
    z.array(z.number()).max(CHAT_MAX_CONTEXT_MESSAGES),
  ),
  content: z
    .string({ error: ChatMessages.CONTENT_REQUIRED })
    .trim()
    .min(1, ChatMessages.CONTENT_REQUIRED)
    .max(CHAT_MAX_CONTENT, ChatMessages.CONTENT_TOO_LONG),
  /** JSON text of dataContent. */
  dataContent: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'dataContent 不是合法的 JSON' });
        return z.NEVER;
      }
    })
    .pipe(dataContent.optional()),
});
export type CompletionFields = z.infer<typeof completionFields>;
