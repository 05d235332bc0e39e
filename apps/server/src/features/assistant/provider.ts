import type { DataCategory } from '@iot/contracts/assistant';

/**
 * The seam between the chat and whatever model answers it: the built-in offline analyst, or an
 * OpenAI-compatible chat-completions service. The chat service runs the tool loop: it sends the
 * conversation and the allowed tools, runs the tool calls the provider asks for, and sends again,
 * until the provider answers with text only.
 */
export interface ChatProvider {
  readonly name: string;
  complete(request: CompletionRequest): AsyncIterable<ProviderEvent>;
}

export interface CompletionRequest {
  messages: ProviderMessage[];
  /** Only the tools of the categories the user chose and may read. */
  tools: ToolSpec[];
  /** Deep thinking: the provider may stream reasoning before the answer. */
  thinking: boolean;
  /** Aborted when the client goes away or resets: stop the provider call. */
  signal: AbortSignal;
}

export type ProviderMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text of the arguments, as models send them. */
  arguments: string;
}

export type ProviderEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'text'; text: string }
  | { type: 'toolCalls'; calls: ToolCall[] };

/** A function the model may call: JSON Schema parameters, as OpenAI's `tools[].function`. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Where a tool runs: the caller's project only, and only categories the caller chose and may read. */
export interface ToolContext {
  projectId: number;
  userId: number;
  /** Milliseconds since the epoch; "today", "this week" are judged from it in Asia/Shanghai. */
  now: number;
}

export interface ToolResult {
  data: unknown;
  /** Where the figures came from, said in the answer (e.g. 「预警列表，2026-11-17 至 2026-11-24」). */
  source: string;
}

export interface AssistantTool extends ToolSpec {
  category: DataCategory;
  run(args: unknown, context: ToolContext): Promise<ToolResult>;
}

/** Which provider answers a project's chats (the AI模型 screen; the built-in analyst when none). */
export type ProviderResolver = (projectId: number) => Promise<ChatProvider>;

/** What went wrong with a model service, for screens that word it their own way (AI模型's 测试). */
export type ProviderFailure = 'http' | 'timeout' | 'unreachable' | 'unreadable' | 'midstream';

/**
 * A provider's failure the user may read (Chinese); anything else is told as a generic failure.
 * `failure` says what kind it was, `status` the HTTP status when the service answered one.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    message: string,
    readonly failure?: ProviderFailure,
    readonly status?: number,
  ) {
    super(message);
  }
}
