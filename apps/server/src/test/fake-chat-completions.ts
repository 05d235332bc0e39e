import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatCompletions {
  /** The base URL to configure (…/v1). */
  baseUrl: string;
  /** Every request body received, parsed. */
  requests: { authorization: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * A real HTTP server speaking the non-streaming OpenAI chat-completions protocol for tests:
 * POST {baseUrl}/chat/completions with `Authorization: Bearer <key>`; a wrong key gets 401 with
 * OpenAI's error body, an unknown model 404; otherwise the answer is `reply` (after `delayMs`).
 */
export async function startFakeChatCompletions(options: {
  key: string;
  model?: string;
  reply?: string;
  reasoning?: string;
  delayMs?: number;
}): Promise<FakeChatCompletions> {
  const requests: FakeChatCompletions['requests'] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
        return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      const body = JSON.parse(text) as Record<string, unknown>;
      requests.push({ authorization: request.headers.authorization, body });
      if (request.headers.authorization !== `Bearer ${options.key}`)
        return send(401, {
          error: {
            message: 'Incorrect API key provided.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      if (options.model && body.model !== options.model)
        return send(404, {
          error: {
            message: `The model \`${String(body.model)}\` does not exist`,
            type: 'invalid_request_error',
          },
        });
      const answer = () =>
        send(200, {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: options.reply ?? '连接成功。',
                ...(options.reasoning ? { reasoning_content: options.reasoning } : {}),
              },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
        });
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
