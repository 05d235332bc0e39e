import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake model service. */
export interface FakeReply {
  /** An HTTP error instead of a stream. */
  status?: number;
  /** Chunks of `delta.reasoning_content` (deep thinking), sent first. */
  reasoning?: string[];
  /** Chunks of `delta.content`. */
  text?: string[];
  /** Tool calls, each streamed over several chunks (id and name first, then the arguments in pieces). */
  toolCalls?: { id: string; name: string; arguments: string }[];
  /** Pause before each chunk (ms). */
  delayMs?: number;
  /** After the scripted chunks, keeps sending `tick` text chunks every delayMs until the client leaves. */
  endless?: boolean;
}

export interface FakeRequest {
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
    tool_choice?: string;
    enable_thinking?: boolean;
  };
}

export interface FakeOpenAi {
  baseUrl: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Queues replies; once the queue is empty every request gets a short text answer. */
  script(...replies: FakeReply[]): void;
  /** Streams the client closed before the fake finished them. */
  readonly closedByClient: number;
  /** Resolves when the client has closed a stream before its end. */
  clientClosed(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pieces of a text: the tool-call arguments arrive split, as real services send them. */
function pieces(text: string, count = 3): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts.length > 0 ? parts : [''];
}

export interface FakeOpenAiOptions {
  /** The only key it accepts (`Authorization: Bearer <key>`); any other gets 401. Unset: any. */
  key?: string;
  /** The only model it knows; any other gets 404. Unset: any. */
  model?: string;
  /** The answer once the script is empty (default: the text 好的。). */
  reply?: FakeReply;
}

/**
 * A local OpenAI-compatible chat-completions service (POST /v1/chat/completions, stream: true) on an
 * ephemeral port: scripted replies of reasoning_content, content and tool calls split across
 * chunks, `data: [DONE]`; HTTP errors, a wrong key (401) and an unknown model (404) answered with
 * OpenAI's error body; records each request; notices a client that hangs up.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  let closedByClient = 0;
  let waiters: (() => void)[] = [];

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeRequest['body'];
    requests.push({ authorization: req.headers.authorization, body });
    const refuse = (status: number, message: string) =>
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
    if (options.key !== undefined && req.headers.authorization !== `Bearer ${options.key}`)
      return refuse(401, `Incorrect API key provided: ${req.headers.authorization ?? ''}`);
    if (options.model !== undefined && body.model !== options.model)
      return refuse(404, `The model \`${body.model}\` does not exist`);
    const reply = queue.shift() ?? options.reply ?? { text: ['好的。'] };
    if (reply.status) return refuse(reply.status, 'Incorrect API key provided: sk-***');
    let finished = false;
    res.on('close', () => {
      if (finished) return;
      closedByClient++;
      for (const resolve of waiters) resolve();
      waiters = [];
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = async (delta: Record<string, unknown>, finishReason: string | null = null) => {
      if (reply.delayMs) await sleep(reply.delayMs);
      if (res.destroyed) return false;
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
        })}\n\n`,
      );
      return true;
    };
    for (const text of reply.reasoning ?? []) if (!(await send({ reasoning_content: text }))) return;
    for (const text of reply.text ?? []) if (!(await send({ content: text }))) return;
    for (const [index, call] of (reply.toolCalls ?? []).entries()) {
      if (
        !(await send({
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }))
      )
        return;
      for (const part of pieces(call.arguments))
        if (!(await send({ tool_calls: [{ index, function: { arguments: part } }] }))) return;
    }
    while (reply.endless) if (!(await send({ content: '…' }))) return;
    if (!(await send({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'))) return;
    finished = true;
    res.end('data: [DONE]\n\n');
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    get closedByClient() {
      return closedByClient;
    },
    clientClosed: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
