import { type StreamEvent, streamEvent } from '@iot/contracts/assistant';

/**
 * A text/event-stream reader (feature-areas §7): events apart by a blank line, each event's
 * `data:` lines joined by newlines and read as JSON. Feed it decoded text in whatever pieces the
 * network delivers; it keeps an event cut between two pieces until its blank line arrives. CRLF
 * and lone CR line ends count as LF. Lines other than `data:` (comments, `event:`, `id:`) are skipped.
 */
export class EventStreamParser {
  private buffer = '';

  /** Takes a piece of text, answers the `data` payloads of the events it completed. */
  push(chunk: string): string[] {
    this.buffer += chunk;
    // A CR at the very end may be the first half of a CRLF: wait for the next piece.
    const keepCr = this.buffer.endsWith('\r');
    const text = (keepCr ? this.buffer.slice(0, -1) : this.buffer).replace(/\r\n?/g, '\n');
    const blocks = text.split('\n\n');
    this.buffer = (blocks.pop() ?? '') + (keepCr ? '\r' : '');
    return blocks.map(dataOf).filter((data): data is string => data !== null);
  }

  /** The stream ended: an event not followed by its blank line still counts. */
  end(): string[] {
    const rest = this.buffer.replace(/\r\n?/g, '\n');
    this.buffer = '';
    const data = dataOf(rest);
    return data === null ? [] : [data];
  }
}

function dataOf(block: string): string | null {
  const lines = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A `data:` payload as a stream event; null when it is not one (the caller counts that as a broken stream). */
export function parseStreamEvent(data: string): StreamEvent | null {
  try {
    const parsed = streamEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads a response body to its end, handing each event on as it completes. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  const emit = (payloads: string[]) => {
    for (const payload of payloads) {
      const event = parseStreamEvent(payload);
      if (!event) throw new BrokenStreamError('not a stream event');
      onEvent(event);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      emit(parser.push(decoder.decode(value, { stream: true })));
    }
    emit(parser.push(decoder.decode()));
    emit(parser.end());
  } finally {
    reader.releaseLock();
  }
}

/** The stream broke off or carried something that is not an event (shown as 对话出错). */
export class BrokenStreamError extends Error {}
