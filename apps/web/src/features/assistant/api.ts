import { type Page, ResultCode, zh } from '@iot/contracts';
import {
  CHAT_BUSY_CODE,
  type Chat,
  type ChatDetail,
  type DataCategory,
  type DataContent,
  type StreamEvent,
} from '@iot/contracts/assistant';
import { ApiError, bearer, http, reportFailure } from '../../api/http';
import { BrokenStreamError, readEventStream } from './sse';

const base = (projectId: number) => `/iot/groups/${projectId}/chats`;

export const chatKeys = {
  list: (projectId: number) => ['chats', projectId] as const,
};

/** History list size: the drawer shows the latest chats, most recent first. */
export const HISTORY_PAGE_SIZE = 50;

export const chatsApi = {
  /** Unused by the panel, which asks with id 0 so the server creates and names the chat (decision 0063). */
  create: (projectId: number) =>
    http.post<{ id: number }>(base(projectId), { groupId: projectId }, { quiet: true }),
  list: (projectId: number) =>
    http.get<Page<Chat>>(base(projectId), { params: { page: 0, size: HISTORY_PAGE_SIZE }, quiet: true }),
  get: (projectId: number, id: number) => http.get<ChatDetail>(`${base(projectId)}/${id}`, { quiet: true }),
  remove: (projectId: number, id: number) => http.delete<null>(`${base(projectId)}/${id}`),
  /** Stops the answer being written (the server saves the part written; decision 0060). */
  stop: (projectId: number, id: number) =>
    http.delete<null>(`${base(projectId)}/${id}/completions`, { quiet: true }),
};

/**
 * A file of a message, fetched with the session token (files are served to the project's members
 * only) and handed to the browser to open or save under its name.
 */
/** A stored chat file's bytes (served to the project's members only, so fetched with the token). */
export async function fetchChatFile(url: string): Promise<Blob> {
  const authorization = await bearer();
  const response = await fetch(url, { headers: authorization ? { authorization } : {} });
  if (!response.ok) throw new ApiError(0, '文件下载失败', null, response.status);
  return response.blob();
}

export async function downloadChatFile(url: string, name: string): Promise<void> {
  const href = URL.createObjectURL(await fetchChatFile(url));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export interface CompletionInput {
  content: string;
  thinking: boolean;
  categories: DataCategory[];
  files: File[];
  /** The conversation so far (ids of stored messages) the answer follows on from. */
  messageIds: number[];
  dataContent?: DataContent;
}

/**
 * The text feature-areas §8 has the chat show for a failed call: the server's message on a
 * non-success code, 系统繁忙，请稍后再试！ on 50000 or when the request itself failed (no answer, or
 * one that is not ours: a proxy's page, a 5xx without a body we know).
 */
export function chatFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === CHAT_BUSY_CODE || error.code === 0 || !error.message.trim())
      return zh('The system is busy, please try again later!');
    return error.message;
  }
  if (error instanceof BrokenStreamError) return zh('Chat error');
  return zh('The system is busy, please try again later!');
}

/**
 * `PUT …/chats/{id}/completions` as multipart (feature-areas §7). Answers once the stream ended;
 * events go to `onEvent` as they arrive. Throws ApiError for a JSON answer (busy 50000, or any other
 * refusal, with the server's message) or a failed request, BrokenStreamError when the stream broke
 * off, and the AbortError of `signal` when aborted (the caller ignores that one).
 */
export async function streamCompletion(
  projectId: number,
  chatId: number,
  input: CompletionInput,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const form = new FormData();
  form.append('thinking', String(input.thinking));
  form.append('systemContentTypes', input.categories.join(','));
  for (const file of input.files) form.append('files[]', file, file.name);
  for (const id of input.messageIds) form.append('messageIds[]', String(id));
  form.append('content', input.content);
  if (input.dataContent) form.append('dataContent', JSON.stringify(input.dataContent));

  const headers: Record<string, string> = { accept: 'text/event-stream' };
  let authorization: string | null;
  try {
    authorization = await bearer();
  } catch (error) {
    if (error instanceof ApiError) reportFailure(error);
    throw error;
  }
  if (authorization) headers.authorization = authorization;

  let response: Response;
  try {
    response = await fetch(`${base(projectId)}/${chatId}/completions`, {
      method: 'PUT',
      headers,
      body: form,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, zh('The system is busy, please try again later!'));
  }

  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    const text = await response.text().catch(() => '');
    let answer: { code?: unknown; message?: unknown } | null = null;
    try {
      answer = JSON.parse(text) as { code?: unknown; message?: unknown };
    } catch {
      answer = null;
    }
    const code = typeof answer?.code === 'number' ? answer.code : 0;
    const message = typeof answer?.message === 'string' ? answer.message : '';
    if (code === ResultCode.TOKEN_EXPIRED || code === ResultCode.TOKEN_ERROR) {
      const error = new ApiError(code, message, null, response.status);
      reportFailure(error);
      throw error;
    }
    // A JSON success without a stream is not an answer either.
    throw new ApiError(code === ResultCode.SUCCESS ? 0 : code, message, null, response.status);
  }

  try {
    await readEventStream(response.body, onEvent);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof BrokenStreamError) throw error;
    throw new BrokenStreamError(error instanceof Error ? error.message : 'stream failed');
  }
}
