/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a command line, header
 * lines, a blank line, the body and a NUL. Between frames a peer may send end-of-lines as
 * heart-beats. Header values are escaped (\\, \n, \r, \c) except in CONNECT and CONNECTED frames.
 */
export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export class FrameError extends Error {}

const NO_ESCAPING = new Set(['CONNECT', 'CONNECTED']);
/** Limits that keep one client from holding much memory. */
export const MAX_FRAME_BYTES = 64 * 1024;
const MAX_HEADERS = 64;

function escapeHeader(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

function unescapeHeader(value: string): string {
  return value.replace(/\\(.)?/g, (match, c: string | undefined) => {
    if (c === '\\') return '\\';
    if (c === 'n') return '\n';
    if (c === 'r') return '\r';
    if (c === 'c') return ':';
    throw new FrameError(`undefined escape sequence ${match}`);
  });
}

export function serialize(frame: Frame): string {
  const escaping = !NO_ESCAPING.has(frame.command);
  const lines = [frame.command];
  for (const [name, value] of Object.entries(frame.headers)) {
    lines.push(escaping ? `${escapeHeader(name)}:${escapeHeader(value)}` : `${name}:${value}`);
  }
  if (frame.body && frame.headers['content-length'] === undefined) {
    lines.push(`content-length:${Buffer.byteLength(frame.body)}`);
  }
  return `${lines.join('\n')}\n\n${frame.body}\0`;
}

/**
 * Splits a stream of data into frames; keeps an incomplete frame for the next chunk. Heart-beats
 * (bare EOLs between frames) are reported as `null` entries, so the caller can note the traffic.
 */
export class FrameReader {
  private buffer = Buffer.alloc(0);

  push(chunk: Buffer | string): (Frame | null)[] {
    this.buffer = Buffer.concat([this.buffer, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    const frames: (Frame | null)[] = [];
    for (;;) {
      let start = 0;
      while (start < this.buffer.length && (this.buffer[start] === 0x0a || this.buffer[start] === 0x0d))
        start++;
      if (start > 0) {
        frames.push(null);
        this.buffer = this.buffer.subarray(start);
      }
      if (this.buffer.length === 0) return frames;
      const frame = this.next();
      if (!frame) {
        if (this.buffer.length > MAX_FRAME_BYTES) throw new FrameError('frame too large');
        return frames;
      }
      frames.push(frame);
    }
  }

  /** One whole frame from the start of the buffer, or undefined when more data is needed. */
  private next(): Frame | undefined {
    const headerEnd = findHeaderEnd(this.buffer);
    if (headerEnd === undefined) return undefined;
    const head = this.buffer.subarray(0, headerEnd.at).toString('utf8');
    const lines = head.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const command = lines.shift() ?? '';
    if (!/^[A-Z]+$/.test(command)) throw new FrameError(`bad command line "${command.slice(0, 32)}"`);
    if (lines.length > MAX_HEADERS) throw new FrameError('too many headers');
    const escaping = !NO_ESCAPING.has(command);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon < 1) throw new FrameError(`bad header line "${line.slice(0, 32)}"`);
      const name = escaping ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      // The first occurrence of a repeated header wins (STOMP 1.2).
      if (headers[name] === undefined) {
        headers[name] = escaping ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      }
    }
    const bodyStart = headerEnd.at + headerEnd.length;
    let bodyEnd: number;
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (!Number.isInteger(length) || length < 0) throw new FrameError('bad content-length');
      if (length > MAX_FRAME_BYTES) throw new FrameError('frame too large');
      if (this.buffer.length < bodyStart + length + 1) return undefined;
      if (this.buffer[bodyStart + length] !== 0) throw new FrameError('frame not terminated by NUL');
      bodyEnd = bodyStart + length;
    } else {
      const nul = this.buffer.indexOf(0, bodyStart);
      if (nul < 0) return undefined;
      bodyEnd = nul;
    }
    const body = this.buffer.subarray(bodyStart, bodyEnd).toString('utf8');
    this.buffer = this.buffer.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** Where the header block ends: the first blank line (LF LF or CRLF CRLF, mixed allowed). */
function findHeaderEnd(buffer: Buffer): { at: number; length: number } | undefined {
  for (let i = 0; i < buffer.length - 1; i++) {
    if (buffer[i] !== 0x0a) continue;
    if (buffer[i + 1] === 0x0a) return { at: i, length: 2 };
    if (buffer[i + 1] === 0x0d && buffer[i + 2] === 0x0a) return { at: i, length: 3 };
  }
  return undefined;
}
