import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake vendor's handler sees of one request. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Form fields (urlencoded bodies), else empty. */
  form: Record<string, string>;
  /** Parsed JSON body, else undefined. */
  json: unknown;
}

export type FakeAnswer =
  | { json: unknown; status?: number }
  | { bytes: Buffer; contentType: string; status?: number }
  | { status: number }
  /** The handler answers by itself: a media stream (media-streams.ts). */
  | { stream: (request: IncomingMessage, response: ServerResponse) => void };

export interface FakeVendorServer {
  baseUrl: string;
  /** Every request received, in order. */
  calls: FakeCall[];
  /** Pauses the answers of paths starting with this prefix (timeouts). */
  delay(pathPrefix: string, ms: number): void;
  close(): Promise<void>;
}

/** A small JPEG-looking picture (SOI … EOI) the fakes hand out as snapshots. */
export function fakeJpeg(label: string): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(label),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

/**
 * A local HTTP server on an ephemeral port that hands each request to a vendor's handler: the
 * shared body of the camera vendor fakes (fake-cloud-a.ts, fake-cloud-b.ts, fake-link.ts,
 * fake-zlmediakit.ts).
 */
export async function startFakeVendorServer(
  handle: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeVendorServer> {
  const calls: FakeCall[] = [];
  const delays = new Map<string, number>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const type = req.headers['content-type'] ?? '';
    let json: unknown;
    let form: Record<string, string> = {};
    if (type.includes('application/x-www-form-urlencoded'))
      form = Object.fromEntries(new URLSearchParams(text));
    else if (type.includes('application/json') && text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        res.writeHead(400).end('bad json');
        return;
      }
    }
    const call: FakeCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      form,
      json,
    };
    calls.push(call);
    for (const [prefix, ms] of delays)
      if (call.path.startsWith(prefix)) await new Promise((resolve) => setTimeout(resolve, ms));
    if (res.destroyed) return;
    const answer = await handle(call);
    if (res.destroyed) return;
    if ('stream' in answer) answer.stream(req, res);
    else if ('json' in answer)
      res
        .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.json));
    else if ('bytes' in answer)
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType }).end(answer.bytes);
    else res.writeHead(answer.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    delay: (prefix, ms) => delays.set(prefix, ms),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
