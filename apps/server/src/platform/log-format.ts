/**
 * Readable log lines for a terminal (`npm start` in a shell): pino's JSON lines turned into
 * `12:04:05 INFO  GET /iot/users/current → 200 3.1 ms`, one line per request. Output that is not a
 * terminal (a file, journald, a log collector) keeps the JSON (decision 0036).
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };

/** Fields pino and Fastify add to every line, not worth repeating after the message. */
const ROUTINE = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

/** Requests still open, kept to print method and address on their completion line. */
const MAX_OPEN_REQUESTS = 1000;

export interface LogFormatOptions {
  /** ANSI colours for the level and status (a terminal). */
  colour?: boolean;
}

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s="]/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

/**
 * A formatter of pino lines: `format(line)` answers the text to print (with its newline), or ''
 * for a line folded into a later one (a request's `incoming request`, printed on completion).
 */
export function createLogFormatter(options: LogFormatOptions = {}) {
  const open = new Map<string, { method: string; url: string }>();
  const paint = (code: string, text: string) => (options.colour ? `\u001b[${code}m${text}\u001b[0m` : text);

  return function format(line: string): string {
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      return line.endsWith('\n') ? line : `${line}\n`;
    }
    if (typeof record !== 'object' || record === null) return `${line.trimEnd()}\n`;
    const level = record.level ?? 30;
    const head = `${paint('90', clock(record.time))} ${paint(COLOURS[level] ?? '0', (LEVELS[level] ?? String(level)).padEnd(5))}`;

    if (record.msg === 'incoming request' && record.reqId && record.req) {
      if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value as string);
      open.set(record.reqId, { method: record.req.method ?? '?', url: record.req.url ?? '' });
      return '';
    }

    let text: string;
    if (record.msg === 'request completed' && record.res) {
      const request = (record.reqId && open.get(record.reqId)) || { method: '?', url: '' };
      if (record.reqId) open.delete(record.reqId);
      const status = record.res.statusCode ?? 0;
      const statusText = paint(status >= 500 ? '31' : status >= 400 ? '33' : '32', String(status));
      const took = typeof record.responseTime === 'number' ? ` ${record.responseTime.toFixed(1)} ms` : '';
      text = `${request.method} ${request.url} → ${statusText}${took}`;
    } else {
      text = record.msg ?? '';
      if (record.req?.url) text += ` ${record.req.method ?? ''} ${record.req.url}`;
    }

    const extras = Object.entries(record)
      .filter(([key]) => !ROUTINE.has(key))
      .map(([key, v]) => `${key}=${value(v)}`);
    let out = `${head} ${text}${extras.length ? ` ${paint('90', extras.join(' '))}` : ''}\n`;
    if (record.err) {
      const stack = record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`;
      out += `${stack
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n')}\n`;
    }
    return out;
  };
}

/**
 * The log destination of `npm start`: readable lines on a terminal, JSON otherwise. LOG_FORMAT
 * (`pretty` or `json`) overrides the guess.
 */
export function terminalLogStream(
  out: { write(text: string): unknown; isTTY?: boolean },
  format = process.env.LOG_FORMAT,
): { write(line: string): void } | undefined {
  const pretty = format === 'pretty' || (format !== 'json' && out.isTTY === true);
  if (!pretty) return undefined;
  const formatLine = createLogFormatter({ colour: out.isTTY === true });
  return {
    write(chunk: string) {
      // pino writes one line per call; split anyway, in case several arrive together.
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        const text = formatLine(line);
        if (text) out.write(text);
      }
    },
  };
}
