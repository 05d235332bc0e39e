import type { ChatProvider, CompletionRequest, ProviderEvent, ProviderMessage } from '../provider.js';

/** What a ProviderFactory needs of a stored model: the key already opened. */
export interface ModelConnection {
  baseUrl: string;
  /** '' when the service needs none. */
  apiKey: string;
  model: string;
  thinking: boolean;
}

/** Builds the provider that talks to one configured model (the app passes the OpenAI client's). */
export type ProviderFactory = (model: ModelConnection) => ChatProvider;

/**
 * A failed call to a model service: `status` is the HTTP status when the service answered one. The
 * message is for logs and never carries the key.
 */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

/**
 * INTERIM — to be replaced by the assistant's streaming OpenAI client (providers/openai.ts) in app
 * wiring. A minimal OpenAI-compatible provider: one non-streaming POST {baseUrl}/chat/completions
 * with the bearer key, yielding the answer's reasoning and text at once. Enough for the AI模型
 * screen's 测试 button; it sends no tools.
 */
export const interimOpenAiProviderFactory: ProviderFactory = (connection) => ({
  name: `openai:${connection.model}`,
  complete: (request) => completeOnce(connection, request),
});

async function* completeOnce(
  connection: ModelConnection,
  request: CompletionRequest,
): AsyncIterable<ProviderEvent> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: connection.model,
        messages: request.messages.map(toWire),
        stream: false,
      }),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason ?? error;
    throw new ModelCallError(`connection failed: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) throw new ModelCallError(`HTTP ${response.status}: ${errorText(text)}`, response.status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelCallError('answer is not JSON', response.status);
  }
  const message = (body as { choices?: { message?: { content?: unknown; reasoning_content?: unknown } }[] })
    .choices?.[0]?.message;
  if (!message) throw new ModelCallError('answer has no choices[0].message', response.status);
  if (typeof message.reasoning_content === 'string' && message.reasoning_content)
    yield { type: 'reasoning', text: message.reasoning_content };
  if (typeof message.content === 'string') yield { type: 'text', text: message.content };
}

function toWire(message: ProviderMessage): Record<string, unknown> {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && message.toolCalls?.length)
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: message.toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      })),
    };
  return { role: message.role, content: message.content };
}

/** The service's own error message (OpenAI's `error.message`), shortened. */
function errorText(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : typeof parsed.error?.message === 'string'
          ? parsed.error.message
          : typeof parsed.message === 'string'
            ? parsed.message
            : text;
    return message.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}
