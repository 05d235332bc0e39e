import type { StreamEvent } from '@iot/contracts/assistant';
import type { TestServer } from './server.js';

export interface Asked {
  status: number;
  json?: { code: number; message: string; data: unknown };
  events: StreamEvent[];
  contentType: string;
}

/**
 * PUTs a question as multipart to `…/chats/{id}/completions` (`path`) and reads the whole event
 * stream (or the JSON refusal), as the web does.
 */
export async function askChat(
  t: TestServer,
  path: string,
  token: string,
  fields: Record<string, string | string[]>,
  options: {
    files?: { name: string; data: Buffer | Uint8Array }[];
    /** Called per event; answering true hangs up. */
    onEvent?: (event: StreamEvent) => boolean | undefined;
  } = {},
): Promise<Asked> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  for (const file of options.files ?? []) form.append('files[]', new Blob([file.data]), file.name);
  const controller = new AbortController();
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream'))
    return {
      status: response.status,
      json: (await response.json()) as Asked['json'],
      events: [],
      contentType,
    };
  const events: StreamEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        const event = JSON.parse(data) as StreamEvent;
        events.push(event);
        if (options.onEvent?.(event)) {
          controller.abort();
          return { status: response.status, events, contentType };
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: response.status, events, contentType };
}
