import { randomBytes } from 'node:crypto';
import {
  headerParam,
  parseCSeq,
  SipHeaders,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from './sip-message.js';
import { remoteKey, type SipRemote, SipTransport } from './sip-transport.js';

/** RFC 3261 §17 timer T1 (UDP retransmissions start here and double to T2). */
const T1_MS = 500;
const T2_MS = 4000;
/** How long an answered request's response is kept for its retransmissions (64·T1). */
const ANSWERED_KEEP_MS = 32_000;

export const newTag = () => randomBytes(6).toString('hex');
export const newBranch = () => `z9hG4bK${randomBytes(8).toString('hex')}`;
export const newCallId = () => randomBytes(12).toString('hex');

export class SipTimeoutError extends Error {
  override name = 'timeout';
  constructor() {
    super('no SIP answer');
  }
}

interface Pending {
  resolve(response: SipResponse): void;
  reject(error: Error): void;
  provisional: boolean;
}

export type RequestHandler = (request: SipRequest, remote: SipRemote) => Promise<SipResponse | null>;

/**
 * The transaction layer, simplified (RFC 3261 §17): our requests are retransmitted over UDP until a
 * response comes (INVITE only until a provisional one) and settle on the final response or a
 * deadline; requests we receive are answered once, and a retransmission of one we answered gets
 * the same response again instead of being handled twice.
 */
export class SipEndpoint {
  readonly transport: SipTransport;
  private readonly pending = new Map<string, Pending>();
  private readonly answered = new Map<string, { response: SipResponse | null; at: number }>();
  private sweeper: NodeJS.Timeout | null = null;
  /** A response no request waits for: a device repeating its 200 to an INVITE whose ACK it missed. */
  onStrayResponse: (response: SipResponse, remote: SipRemote) => void = () => undefined;

  constructor(
    private readonly handler: RequestHandler,
    onMalformed?: (remote: SipRemote, error: Error) => void,
    private readonly onHandlerError: (error: unknown) => void = () => undefined,
  ) {
    this.transport = new SipTransport((message, remote) => this.receive(message, remote), onMalformed);
  }

  async listen(host: string, port: number): Promise<number> {
    const bound = await this.transport.listen(host, port);
    this.sweeper = setInterval(() => {
      const old = Date.now() - ANSWERED_KEEP_MS;
      for (const [key, entry] of this.answered) if (entry.at < old) this.answered.delete(key);
    }, ANSWERED_KEEP_MS);
    this.sweeper.unref();
    return bound;
  }

  private receive(message: SipMessage, remote: SipRemote): void {
    if (message.kind === 'response') {
      const key = transactionKey(message.headers.get('via'), message.headers.get('cseq'));
      const pending = key ? this.pending.get(key) : undefined;
      if (!pending) {
        this.onStrayResponse(message, remote);
        return;
      }
      if (message.status < 200) {
        pending.provisional = true;
        return;
      }
      this.pending.delete(key!);
      pending.resolve(message);
      return;
    }
    // Branch and CSeq; devices that send no RFC 3261 branch are told apart by Call-ID too.
    const key = [
      remoteKey(remote),
      message.headers.get('call-id'),
      transactionKey(message.headers.get('via'), message.headers.get('cseq')) ?? message.headers.get('cseq'),
    ].join(' ');
    const earlier = this.answered.get(key);
    if (earlier) {
      if (earlier.response) void this.transport.send(remote, earlier.response).catch(() => undefined);
      return;
    }
    // ACKs are never answered; remember the rest before handling so a fast retransmission waits.
    if (message.method !== 'ACK') this.answered.set(key, { response: null, at: Date.now() });
    void this.handler(message, remote)
      .then(async (response) => {
        if (!response || message.method === 'ACK') return;
        this.answered.set(key, { response, at: Date.now() });
        await this.transport.send(remote, response);
      })
      .catch((error: unknown) => {
        // Unanswered: the device's retransmission may try again.
        this.answered.delete(key);
        this.onHandlerError(error);
      });
  }

  /** Sends a request and settles with its final response; rejects with SipTimeoutError after the deadline. */
  request(remote: SipRemote, request: SipRequest, timeoutMs: number): Promise<SipResponse> {
    const key = transactionKey(request.headers.get('via'), request.headers.get('cseq'));
    if (!key) return Promise.reject(new Error('request without Via branch or CSeq'));
    return new Promise<SipResponse>((resolve, reject) => {
      let retransmit: NodeJS.Timeout | null = null;
      const finish = () => {
        clearTimeout(deadline);
        if (retransmit) clearTimeout(retransmit);
        this.pending.delete(key);
      };
      const deadline = setTimeout(() => {
        finish();
        reject(new SipTimeoutError());
      }, timeoutMs);
      const entry: Pending = {
        provisional: false,
        resolve: (response) => {
          finish();
          resolve(response);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      this.pending.set(key, entry);
      const send = (interval: number) => {
        this.transport.send(remote, request).catch((error: Error) => entry.reject(error));
        if (remote.transport !== 'UDP') return;
        retransmit = setTimeout(() => {
          if (request.method === 'INVITE' && entry.provisional) return;
          send(Math.min(interval * 2, T2_MS));
        }, interval);
      };
      send(T1_MS);
    });
  }

  /** Sends without waiting for anything (ACK). */
  send(remote: SipRemote, message: SipMessage): Promise<void> {
    return this.transport.send(remote, message);
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const entry of this.pending.values()) entry.reject(new Error('SIP endpoint closed'));
    this.pending.clear();
    await this.transport.close();
  }
}

/** Responses are matched to requests by the top Via's branch and the CSeq method (RFC 3261 §17.1.3). */
function transactionKey(via: string | undefined, cseq: string | undefined): string | undefined {
  const branch = headerParam(via, 'branch');
  const parsed = parseCSeq(cseq);
  if (!branch || !parsed) return undefined;
  // An ACK for a non-2xx answer shares the INVITE's branch but is its own exchange.
  return `${branch} ${parsed.method === 'ACK' ? 'ACK' : parsed.method}`;
}

/** A request with the headers every one of ours carries. */
export function buildRequest(input: {
  method: string;
  uri: string;
  via: { transport: 'UDP' | 'TCP'; address: string; port: number };
  from: string;
  to: string;
  callId: string;
  cseq: number;
  contact?: string;
  extra?: [string, string][];
  contentType?: string;
  body?: Buffer;
  branch?: string;
}): SipRequest {
  const headers = new SipHeaders();
  headers.set(
    'via',
    `SIP/2.0/${input.via.transport} ${input.via.address}:${input.via.port};rport;branch=${input.branch ?? newBranch()}`,
  );
  headers.set('from', input.from);
  headers.set('to', input.to);
  headers.set('call-id', input.callId);
  headers.set('cseq', `${input.cseq} ${input.method}`);
  headers.set('max-forwards', 70);
  if (input.contact) headers.set('contact', input.contact);
  for (const [name, value] of input.extra ?? []) headers.set(name, value);
  if (input.contentType) headers.set('content-type', input.contentType);
  headers.set('user-agent', 'IoT-Platform GB28181');
  return {
    kind: 'request',
    method: input.method,
    uri: input.uri,
    headers,
    body: input.body ?? Buffer.alloc(0),
  };
}
