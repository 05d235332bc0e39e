import { describe, expect, it } from 'vitest';
import { createLogFormatter, terminalLogStream } from './log-format.js';

const at = new Date(2026, 10, 24, 9, 5, 7).getTime();
const line = (record: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...record });

describe('createLogFormatter', () => {
  it('prints a request as one line on its completion: method, address, status, time', () => {
    const format = createLogFormatter();
    expect(
      format(
        line({ reqId: 'a', req: { method: 'GET', url: '/iot/users/current' }, msg: 'incoming request' }),
      ),
    ).toBe('');
    expect(
      format(line({ reqId: 'a', res: { statusCode: 200 }, responseTime: 3.1234, msg: 'request completed' })),
    ).toBe('09:05:07 INFO  GET /iot/users/current → 200 3.1 ms\n');
  });

  it('keeps requests apart when they overlap', () => {
    const format = createLogFormatter();
    format(line({ reqId: 'a', req: { method: 'GET', url: '/a' }, msg: 'incoming request' }));
    format(line({ reqId: 'b', req: { method: 'POST', url: '/b' }, msg: 'incoming request' }));
    expect(format(line({ reqId: 'b', res: { statusCode: 404 }, msg: 'request completed' }))).toContain(
      'POST /b → 404',
    );
    expect(format(line({ reqId: 'a', res: { statusCode: 500 }, msg: 'request completed' }))).toContain(
      'GET /a → 500',
    );
  });

  it('prints other lines as level, message and their own fields, an error with its stack', () => {
    const format = createLogFormatter();
    expect(format(line({ level: 40, msg: 'demo devices not started', gateways: 3, name: 'a b' }))).toBe(
      '09:05:07 WARN  demo devices not started gateways=3 name="a b"\n',
    );
    const text = format(
      line({ level: 50, msg: 'boom', err: { type: 'Error', message: 'x', stack: 'Error: x\n    at f' } }),
    );
    expect(text).toBe('09:05:07 ERROR boom\n    Error: x\n        at f\n');
  });

  it('colours level and status only when asked (a terminal)', () => {
    const plain = createLogFormatter()(line({ msg: 'ok' }));
    const coloured = createLogFormatter({ colour: true })(line({ msg: 'ok' }));
    expect(plain).not.toContain('\u001b[');
    expect(coloured).toContain('\u001b[32mINFO ');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(createLogFormatter()('plain text')).toBe('plain text\n');
  });
});

describe('terminalLogStream', () => {
  const sink = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, out: { isTTY, write: (text: string) => written.push(text) } };
  };

  it('formats on a terminal, and leaves JSON to pino elsewhere', () => {
    const tty = sink(true);
    const stream = terminalLogStream(tty.out, undefined);
    stream?.write(`${line({ msg: 'server listening' })}\n`);
    expect(tty.written.join('')).toMatch(/INFO .*server listening/);
    expect(terminalLogStream(sink(false).out, undefined)).toBeUndefined();
  });

  it('follows LOG_FORMAT over the guess', () => {
    expect(terminalLogStream(sink(true).out, 'json')).toBeUndefined();
    const file = sink(false);
    terminalLogStream(file.out, 'pretty')?.write(line({ msg: 'x' }));
    expect(file.written.join('')).toBe('09:05:07 INFO  x\n');
  });
});
