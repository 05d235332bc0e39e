import {
  type ChatProvider,
  type CompletionRequest,
  ProviderError,
  type ProviderEvent,
  type ProviderMessage,
  type ToolCall,
} from '../provider.js';

/** An OpenAI-compatible chat-completions service: where, with which key, which model. */
export interface OpenAiSettings {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * The model can think before answering (AI模型's 支持深度思考): each request then says whether to,
   * as `enable_thinking` (Qwen/DashScope, SiliconFlow, vLLM-style services). Without it the field is
   * not sent — strict services refuse unknown fields.
   */
  supportsThinking?: boolean;
  /** Longest wait for the answer to start, or between two of its chunks (ms). */
  idleTimeoutMs?: number;
}

const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

interface Chunk {
  choices?: {
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: {
        index?: number;
        id?: string;
        function?: { name?: string; arguments?: string };
      }[];
    };
  }[];
  error?: { message?: string };
}

function wire(message: ProviderMessage): WireMessage {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant')
    return {
      role: 'assistant',
      content: message.content === '' && message.toolCalls?.length ? null : message.content,
      ...(message.toolCalls?.length
        ? {
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : {}),
    };
  return { role: message.role, content: message.content };
}

/** What the user reads for an HTTP error of the model service (its body is not repeated: it may echo the key). */
function httpError(status: number): ProviderError {
  const error = (message: string) => new ProviderError(message, 'http', status);
  if (status === 401 || status === 403)
    return error(`模型服务拒绝了访问（HTTP ${status}），请检查 AI模型 中的密钥`);
  if (status === 404)
    return error('模型服务找不到该地址或模型（HTTP 404），请检查 AI模型 中的地址和模型名称');
  if (status === 429) return error('模型服务繁忙或额度不足（HTTP 429），请稍后再试');
  if (status >= 500) return error(`模型服务出错（HTTP ${status}），请稍后再试`);
  return error(`模型服务拒绝了请求（HTTP ${status}）`);
}

/**
 * The OpenAI-compatible client: POST {baseUrl}/chat/completions with stream: true and the tools;
 * text, reasoning_content (deep thinking) and tool calls (accumulated by index across chunks) come
 * back as ProviderEvents. The request's signal stops the call (the connection is closed); a service
 * silent for idleTimeoutMs is a timeout. The key goes only into the Authorization header. A model
 * that supportsThinking is told per request whether to think (`enable_thinking`).
 */
export function createOpenAiProvider(settings: OpenAiSettings): ChatProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const idleTimeoutMs = settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  return {
    name: 'openai',
    async *complete(request: CompletionRequest): AsyncGenerator<ProviderEvent> {
      const idle = new AbortController();
      let timer = setTimeout(() => idle.abort(), idleTimeoutMs);
      const touch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), idleTimeoutMs);
      };
      const signal = AbortSignal.any([request.signal, idle.signal]);
      const failed = (error: unknown): unknown => {
        if (request.signal.aborted) return request.signal.reason;
        if (idle.signal.aborted) return new ProviderError('模型服务响应超时，请稍后再试', 'timeout');
        if (error instanceof ProviderError) return error;
        return new ProviderError(`无法连接模型服务（${new URL(url).host}）`, 'unreachable');
      };
      try {
        let response: Response;
        try {
          response = await fetch(url, {
            method: 'POST',
            headers: {
              // A local service may need no key: no empty bearer then.
              ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
              'content-type': 'application/json',
              accept: 'text/event-stream',
            },
            body: JSON.stringify({
              model: settings.model,
              stream: true,
              ...(settings.supportsThinking ? { enable_thinking: request.thinking } : {}),
              messages: request.messages.map(wire),
              ...(request.tools.length > 0
                ? {
                    tools: request.tools.map((tool) => ({
                      type: 'function',
                      function: {
                        name: tool.name,
                        description: tool.description,
                        parameters: tool.parameters,
                      },
                    })),
                    tool_choice: 'auto',
                  }
                : {}),
            }),
            signal,
          });
        } catch (error) {
          throw failed(error);
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel().catch(() => undefined);
          throw httpError(response.status);
        }
        touch();

        const calls = new Map<number, ToolCall>();
        const decoder = new TextDecoder();
        const reader = response.body.getReader();
        let buffer = '';
        let data: string[] = [];
        let done = false;
        try {
          while (!done) {
            let read: Awaited<ReturnType<typeof reader.read>>;
            try {
              read = await reader.read();
            } catch (error) {
              throw failed(error);
            }
            if (read.done) break;
            touch();
            buffer += decoder.decode(read.value, { stream: true });
            let newline = buffer.indexOf('\n');
            while (newline !== -1) {
              const line = buffer.slice(0, newline).replace(/\r$/, '');
              buffer = buffer.slice(newline + 1);
              newline = buffer.indexOf('\n');
              if (line.startsWith('data:')) {
                data.push(line.slice(5).trimStart());
                continue;
              }
              if (line !== '' || data.length === 0) continue;
              const payload = data.join('\n');
              data = [];
              if (payload === '[DONE]') {
                done = true;
                break;
              }
              let chunk: Chunk;
              try {
                chunk = JSON.parse(payload) as Chunk;
              } catch {
                throw new ProviderError('模型服务的回答无法解析', 'unreadable');
              }
              if (chunk.error) throw new ProviderError('模型服务在回答中途出错，请稍后再试', 'midstream');
              const delta = chunk.choices?.[0]?.delta;
              if (!delta) continue;
              const reasoning = delta.reasoning_content ?? delta.reasoning;
              if (reasoning) yield { type: 'reasoning', text: reasoning };
              if (delta.content) yield { type: 'text', text: delta.content };
              for (const part of delta.tool_calls ?? []) {
                const index = part.index ?? 0;
                const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
                if (part.id) call.id = part.id;
                if (part.function?.name) call.name += part.function.name;
                if (part.function?.arguments) call.arguments += part.function.arguments;
                calls.set(index, call);
              }
            }
          }
        } finally {
          // Stopped, failed or finished: the connection is closed, not left to drain.
          await reader.cancel().catch(() => undefined);
        }
        if (request.signal.aborted) throw request.signal.reason;
        if (calls.size > 0)
          yield {
            type: 'toolCalls',
            calls: [...calls.entries()]
              .sort(([a], [b]) => a - b)
              .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` })),
          };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
