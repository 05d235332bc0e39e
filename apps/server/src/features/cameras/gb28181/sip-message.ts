/**
 * A small SIP message model (RFC 3261 §7): start line, headers, body. Enough for GB/T 28181
 * signalling — REGISTER, MESSAGE, INVITE, ACK, BYE and their answers. Parsing is strict about the
 * framing (a bad start line or Content-Length throws SipParseError) and lenient about the rest
 * (unknown headers are kept as they came). Written here: the npm SIP stacks are unmaintained.
 */

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: Buffer;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: Buffer;
}

export type SipMessage = SipRequest | SipResponse;

export class SipParseError extends Error {}

/** RFC 3261 §7.3.3 compact header names. */
const COMPACT: Record<string, string> = {
  v: 'via',
  f: 'from',
  t: 'to',
  i: 'call-id',
  m: 'contact',
  l: 'content-length',
  c: 'content-type',
  k: 'supported',
  s: 'subject',
};

/** Headers by lower-case name, each with its values in order (Via may repeat). */
export class SipHeaders {
  private readonly values = new Map<string, string[]>();

  static canonical(name: string): string {
    const lower = name.trim().toLowerCase();
    return COMPACT[lower] ?? lower;
  }

  get(name: string): string | undefined {
    return this.values.get(SipHeaders.canonical(name))?.[0];
  }

  all(name: string): string[] {
    return this.values.get(SipHeaders.canonical(name)) ?? [];
  }

  set(name: string, value: string | number): this {
    this.values.set(SipHeaders.canonical(name), [String(value)]);
    return this;
  }

  add(name: string, value: string | number): this {
    const key = SipHeaders.canonical(name);
    this.values.set(key, [...(this.values.get(key) ?? []), String(value)]);
    return this;
  }

  delete(name: string): void {
    this.values.delete(SipHeaders.canonical(name));
  }

  entries(): [string, string[]][] {
    return [...this.values.entries()];
  }
}

const MAX_MESSAGE_BYTES = 64 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Where the first message in `data` ends (stream transports: TCP), or -1 while it is incomplete.
 * Throws SipParseError when what is there can never become a message.
 */
export function messageLength(data: Buffer): number {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) {
    if (data.length > MAX_MESSAGE_BYTES) throw new SipParseError('header too long');
    return -1;
  }
  const head = data.subarray(0, headerEnd).toString('latin1');
  const match = /^(?:content-length|l)[ \t]*:[ \t]*(\S*)/im.exec(head);
  // RFC 3261 §18.3: over a stream Content-Length is required.
  if (!match) throw new SipParseError('no Content-Length');
  const length = contentLength(match[1] ?? '');
  const total = headerEnd + 4 + length;
  if (total > MAX_MESSAGE_BYTES) throw new SipParseError('message too long');
  return data.length >= total ? total : -1;
}

function contentLength(raw: string): number {
  if (!/^\d{1,6}$/.test(raw)) throw new SipParseError('bad Content-Length');
  return Number(raw);
}

/** One whole message (a UDP datagram, or what messageLength cut from a stream). */
export function parseSipMessage(data: Buffer): SipMessage {
  if (data.length > MAX_MESSAGE_BYTES) throw new SipParseError('message too long');
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) throw new SipParseError('no end of headers');
  const lines = data.subarray(0, headerEnd).toString('utf8').split('\r\n');
  const start = lines.shift() ?? '';
  const headers = new SipHeaders();
  // Folded continuation lines (RFC 3261 §7.3.1) join the header above them.
  const unfolded: string[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (unfolded.length === 0) throw new SipParseError('continuation without a header');
      unfolded[unfolded.length - 1] += ` ${line.trim()}`;
    } else unfolded.push(line);
  }
  for (const line of unfolded) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError('bad header line');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    // Via and Contact may carry several values separated by commas.
    if (/^(via|v)$/i.test(name.trim())) for (const part of splitList(value)) headers.add(name, part);
    else headers.add(name, value);
  }
  let body = data.subarray(headerEnd + 4);
  const declared = headers.get('content-length');
  if (declared !== undefined) {
    const length = contentLength(declared);
    if (length > body.length) throw new SipParseError('body shorter than Content-Length');
    body = body.subarray(0, length);
  }
  const response = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(start);
  if (response) {
    const status = Number(response[1]);
    if (status < 100 || status > 699) throw new SipParseError('bad status');
    return { kind: 'response', status, reason: response[2] ?? '', headers, body: Buffer.from(body) };
  }
  const request = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(start);
  if (!request) throw new SipParseError('bad start line');
  for (const needed of ['via', 'from', 'to', 'call-id', 'cseq'])
    if (!headers.get(needed)) throw new SipParseError(`no ${needed}`);
  return {
    kind: 'request',
    method: request[1] ?? '',
    uri: request[2] ?? '',
    headers,
    body: Buffer.from(body),
  };
}

/** Splits a comma-separated header value, keeping quoted strings and <…> whole. */
function splitList(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '<') angle = true;
    else if (!quoted && char === '>') angle = false;
    if (char === ',' && !quoted && !angle) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Header names as they are usually written (the devices' parsers are not all case-blind). */
const PRETTY: Record<string, string> = {
  via: 'Via',
  from: 'From',
  to: 'To',
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  contact: 'Contact',
  'max-forwards': 'Max-Forwards',
  'content-type': 'Content-Type',
  'content-length': 'Content-Length',
  'www-authenticate': 'WWW-Authenticate',
  authorization: 'Authorization',
  'user-agent': 'User-Agent',
  expires: 'Expires',
  subject: 'Subject',
  date: 'Date',
};

function pretty(name: string): string {
  return (
    PRETTY[name] ?? name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())
  );
}

export function serializeSipMessage(message: SipMessage): Buffer {
  const start =
    message.kind === 'request'
      ? `${message.method} ${message.uri} SIP/2.0`
      : `SIP/2.0 ${message.status} ${message.reason}`;
  const lines = [start];
  for (const [name, values] of message.headers.entries()) {
    if (name === 'content-length') continue;
    for (const value of values) lines.push(`${pretty(name)}: ${value}`);
  }
  lines.push(`Content-Length: ${message.body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), message.body]);
}

/** A header parameter such as `tag` of From, `branch` of Via, `expires` of Contact. */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  // Parameters follow the address (after `>` when there is one).
  const afterAddress = value.includes('>') ? value.slice(value.lastIndexOf('>') + 1) : value;
  for (const part of afterAddress.split(';').slice(1)) {
    const [key, ...rest] = part.split('=');
    if (key?.trim().toLowerCase() === name) return rest.join('=').trim();
  }
  return undefined;
}

/** The user part of a SIP URI in a header or request line: `sip:34020000001320000001@…` → the id. */
export function uriUser(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /sips?:([^@;>\s]+)@/i.exec(value)?.[1];
}

/** `CSeq: 2 REGISTER` → {seq: 2, method: 'REGISTER'}. */
export function parseCSeq(value: string | undefined): { seq: number; method: string } | undefined {
  const match = /^(\d{1,10})\s+([A-Z]+)$/.exec(value?.trim() ?? '');
  return match ? { seq: Number(match[1]), method: match[2] ?? '' } : undefined;
}

/** A response to a request (RFC 3261 §8.2.6): Via, From, To, Call-ID and CSeq copied. */
export function responseTo(request: SipRequest, status: number, reason: string, toTag?: string): SipResponse {
  const headers = new SipHeaders();
  for (const via of request.headers.all('via')) headers.add('via', via);
  headers.set('from', request.headers.get('from') ?? '');
  let to = request.headers.get('to') ?? '';
  if (toTag && !headerParam(to, 'tag')) to = `${to};tag=${toTag}`;
  headers.set('to', to);
  headers.set('call-id', request.headers.get('call-id') ?? '');
  headers.set('cseq', request.headers.get('cseq') ?? '');
  return { kind: 'response', status, reason, headers, body: Buffer.alloc(0) };
}
