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
