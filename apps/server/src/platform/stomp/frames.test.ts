import { describe, expect, it } from 'vitest';
import { FrameError, FrameReader, serialize } from './frames.js';

describe('STOMP frames', () => {
  it('reads frames split across chunks, with heart-beats between them', () => {
    const reader = new FrameReader();
    const wire = `\nCONNECT\naccept-version:1.2\nheart-beat:10000,10000\n\n\0\r\nSUBSCRIBE\nid:sub-0\ndestination:/user/7/topic/messageCenter\n\n\0`;
    const first = reader.push(wire.slice(0, 20));
    const rest = reader.push(wire.slice(20));
    const frames = [...first, ...rest].filter((f) => f !== null);
    expect(frames).toEqual([
      { command: 'CONNECT', headers: { 'accept-version': '1.2', 'heart-beat': '10000,10000' }, body: '' },
      {
        command: 'SUBSCRIBE',
        headers: { id: 'sub-0', destination: '/user/7/topic/messageCenter' },
        body: '',
      },
    ]);
    expect([...first, ...rest].filter((f) => f === null).length).toBeGreaterThanOrEqual(2);
  });

  it('honours content-length (a body may hold NUL) and CRLF line ends', () => {
    const reader = new FrameReader();
    const [frame] = reader.push('SEND\r\ndestination:/x\r\ncontent-length:3\r\n\r\na\0b\0');
    expect(frame).toEqual({
      command: 'SEND',
      headers: { destination: '/x', 'content-length': '3' },
      body: 'a\0b',
    });
  });

  it('escapes header values in both directions, but not in CONNECTED', () => {
    const text = serialize({ command: 'MESSAGE', headers: { message: 'a:b\nc\\d' }, body: '体' });
    expect(text).toBe('MESSAGE\nmessage:a\\cb\\nc\\\\d\ncontent-length:3\n\n体\0');
    expect(new FrameReader().push(text)[0]).toMatchObject({ headers: { message: 'a:b\nc\\d' }, body: '体' });
    expect(serialize({ command: 'CONNECTED', headers: { server: 'a:b' }, body: '' })).toBe(
      'CONNECTED\nserver:a:b\n\n\0',
    );
  });

  it('keeps the first of a repeated header', () => {
    const [frame] = new FrameReader().push('SEND\nfoo:1\nfoo:2\n\n\0');
    expect(frame?.headers.foo).toBe('1');
  });

  it('refuses a bad command line, a bad escape and an endless frame', () => {
    expect(() => new FrameReader().push('hello world\n\n\0')).toThrow(FrameError);
    expect(() => new FrameReader().push('SEND\na:\\t\n\n\0')).toThrow(FrameError);
    expect(() => new FrameReader().push(`SEND\n\n${'x'.repeat(70_000)}`)).toThrow('frame too large');
  });
});
