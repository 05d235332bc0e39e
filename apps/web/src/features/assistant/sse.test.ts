import { describe, expect, it } from 'vitest';
import { BrokenStreamError, EventStreamParser, parseStreamEvent, readEventStream } from './sse';

const event = (type: string, id: number, content: string) =>
  `data: ${JSON.stringify({ type, data: { id, role: 'assistant', content, files: [] } })}\n\n`;

function streamOf(pieces: (string | Uint8Array)[], failAtEnd = false): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const queue = [...pieces];
  return new ReadableStream({
    pull(controller) {
      const piece = queue.shift();
      if (piece !== undefined) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      else if (failAtEnd) controller.error(new Error('connection reset'));
      else controller.close();
    },
  });
}

describe('EventStreamParser', () => {
  it('keeps an event split across pieces until its blank line arrives', () => {
    const parser = new EventStreamParser();
    const whole = event('stream', 5, '有 3 台网关离线');
    expect(parser.push(whole.slice(0, 10))).toEqual([]);
    expect(parser.push(whole.slice(10, whole.length - 1))).toEqual([]);
    const [data] = parser.push(whole.slice(whole.length - 1));
    expect(JSON.parse(data!).data.content).toBe('有 3 台网关离线');
  });

  it('answers every event of a piece that holds several', () => {
    const parser = new EventStreamParser();
    const out = parser.push(
      event('name', 9, '网关离线') + event('stream', 10, '有') + event('stream', 10, '有 3'),
    );
    expect(out.map((d) => JSON.parse(d).type)).toEqual(['name', 'stream', 'stream']);
  });

  it('reads CRLF line ends, even with the CR and LF in different pieces', () => {
    const parser = new EventStreamParser();
    const crlf = event('message', 11, 'a').replace(/\n/g, '\r\n');
    const cut = crlf.indexOf('\r\n\r\n') + 1;
    expect(parser.push(crlf.slice(0, cut))).toEqual([]);
    const out = parser.push(crlf.slice(cut));
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!).data.id).toBe(11);
  });

  it('joins multi-line data and skips comments and other fields', () => {
    const parser = new EventStreamParser();
    const out = parser.push(': keep-alive\n\nevent: x\nid: 1\ndata: {"a":\ndata: 1}\n\n');
    expect(out).toEqual(['{"a":\n1}']);
  });

  it('counts an event without its final blank line when the stream ends', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: {"x":1}')).toEqual([]);
    expect(parser.end()).toEqual(['{"x":1}']);
  });
});

describe('parseStreamEvent', () => {
  it('reads an event, files defaulting to none', () => {
    const parsed = parseStreamEvent(
      '{"type":"error","data":{"id":0,"role":"assistant","content":"额度已用完"}}',
    );
    expect(parsed).toEqual({
      type: 'error',
      data: { id: 0, role: 'assistant', content: '额度已用完', files: [] },
    });
  });
  it('answers null for what is not an event', () => {
    expect(parseStreamEvent('not json')).toBeNull();
    expect(parseStreamEvent('{"type":"other","data":{}}')).toBeNull();
  });
});

describe('readEventStream', () => {
  it('decodes a character cut between two byte pieces', async () => {
    const bytes = new TextEncoder().encode(event('stream', 3, '离线'));
    const cut = bytes.indexOf(0xe7) + 1; // inside 离
    const seen: string[] = [];
    await readEventStream(streamOf([bytes.slice(0, cut), bytes.slice(cut)]), (e) =>
      seen.push(e.data.content!),
    );
    expect(seen).toEqual(['离线']);
  });

  it('says the stream broke when the connection fails or carries junk', async () => {
    const seen: number[] = [];
    await expect(
      readEventStream(streamOf([event('stream', 1, 'a')], true), (e) => seen.push(e.data.id!)),
    ).rejects.toThrow('connection reset');
    expect(seen).toEqual([1]);
    await expect(readEventStream(streamOf(['data: {oops}\n\n']), () => undefined)).rejects.toBeInstanceOf(
      BrokenStreamError,
    );
  });
});
