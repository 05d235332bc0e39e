import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '@iot/contracts/assistant';
import type { EventSink } from './completions.service.js';

/**
 * Fewest milliseconds between two `stream` events of an answer. Each carries the whole answer so
 * far, so one per model token would cost the square of the answer's length; the first goes at once.
 */
export const STREAM_EVENT_INTERVAL_MS = 80;

/**
 * Writes a completion's events as text/event-stream (`data: {json}` and a blank line). `stream`
 * events are thinned: at most one per interval, and only the newest waits while a slow client's
 * socket drains; `name`, `message` and `error` are written in order, a final `message` replacing
 * the partial still waiting. Once the client is gone nothing is written (the run goes on).
 */
export function eventStream(
  raw: ServerResponse,
  headers: Record<string, string>,
): EventSink & { end(): void } {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
  });
  let closed = false;
  let pending: StreamEvent | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastStream = 0;
  const write = (event: StreamEvent) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
  const flush = () => {
    if (!pending || closed) return;
    const event = pending;
    pending = undefined;
    lastStream = Date.now();
    write(event);
  };
  const later = () => {
    timer = undefined;
    if (!raw.writableNeedDrain) flush();
  };
  raw.on('close', () => {
    closed = true;
    clearTimeout(timer);
  });
  raw.on('drain', () => {
    if (!timer) flush();
  });
  return {
    send(event) {
      if (closed) return;
      if (event.type === 'stream') {
        pending = event;
        if (timer) return;
        const wait = lastStream + STREAM_EVENT_INTERVAL_MS - Date.now();
        if (wait <= 0 && !raw.writableNeedDrain) flush();
        else if (wait > 0) timer = setTimeout(later, wait);
        return;
      }
      if (event.type === 'message' && pending?.data.id === event.data.id) pending = undefined;
      else flush();
      clearTimeout(timer);
      timer = undefined;
      write(event);
    },
    end() {
      clearTimeout(timer);
      if (!closed) raw.end();
    },
  };
}
